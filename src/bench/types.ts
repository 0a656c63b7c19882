/**
 * The shapes of a bench run: what one timed call in the page returns, the heap reading, and the result
 * the harness (run-bench.ts) writes, which `bench --json` prints as is and the renderers read.
 */

import type { Article } from '../core/index.ts';
import type { SyntheticVariant } from './synthetic-pair.ts';

type HeapSource = 'cdp' | 'performance.memory';

export interface PageBench {
  readonly set: string;
  readonly id: string;
  /** Elements in the loaded page (`getElementsByTagName('*')`), null when the page did not load. */
  readonly elements: number | null;
  /** Median of the timed runs of our `extract()`, in ms; null when none completed. */
  readonly oursMs: number | null;
  readonly oursRunsMs: readonly number[];
  /** Median over the runs of each stage's time (`Article.timings`), plus `rest` = total − stages. */
  readonly stagesMs: Readonly<Record<string, number>>;
  /**
   * The first extraction of ours in the freshly loaded page (the warm-up run), in ms: what a reader waits
   * for on opening the popup, with none of the code optimised yet; null when it did not complete.
   */
  readonly oursFirstMs: number | null;
  /** Median of the timed runs of `new Readability(document.cloneNode(true)).parse()`, in ms. */
  readonly readabilityMs: number | null;
  readonly readabilityRunsMs: readonly number[];
  /** Readability's first parse in the freshly loaded page, in ms (its warm-up run). */
  readonly readabilityFirstMs: number | null;
  /** False when Readability returned null (no article); null when it did not run. */
  readonly readabilityFound: boolean | null;
  /** JS heap used right after one extraction of ours (which followed a forced GC), in bytes. */
  readonly heapUsedBytes: number | null;
  /** Heap growth over that extraction (what it allocated and had not yet freed), in bytes. */
  readonly heapGrowthBytes: number | null;
  readonly heapSource: HeapSource | null;
  readonly error: string | null;
  /** Method 4 on the page (`bench --similar auto` only; absent otherwise). */
  readonly lcs?: PageLcsBench;
}

/** `SimilarPageReport.status`: used, not-requested, unavailable, skipped. */
export type LcsStatus = Article['similarPage']['status'];

/** The diff's numbers from the trace's '4.5-lcs' decision; null when it did not get that far. */
export interface LcsTraceNumbers {
  readonly cells: number;
  readonly peakTableBytes: number;
  readonly trimmed: number;
  readonly splits: number;
}

/** One page of `bench --similar auto`: its partner, and the 'lcs-diff' stage against the partner's tree. */
export interface PageLcsBench {
  /** The partner's id (similar-partners.ts), null when the page has none in its set. */
  readonly partner: string | null;
  readonly why: string | null;
  /** Loading the partner in the tab and building its feature tree there, in ms (`SimilarPage.fetchMs`). */
  readonly treeMs: number | null;
  /** Median over the timed runs of `Article.timings['lcs-diff']`. */
  readonly lcsMs: number | null;
  /** From the trace-enabled extraction after the timed runs: `Article.similarPage`'s status and message. */
  readonly status: LcsStatus | null;
  readonly message: string | null;
  readonly nodes: { readonly page: number; readonly similar: number } | null;
  readonly diff: LcsTraceNumbers | null;
}

/** `bench --similar auto`, per set: the pages given a similar page and the stage over them. */
export interface LcsSetSummary {
  /** Pages with a partner in the set. */
  readonly withPartner: number;
  /** Of those, by `Article.similarPage.status`. */
  readonly used: number;
  readonly skipped: number;
  readonly unavailable: number;
  /** The 'lcs-diff' stage per page over the pages whose diff ran (used or skipped). */
  readonly lcsMs: { readonly median: number; readonly max: number } | null;
  readonly maxPeakTableBytes: number | null;
}

export interface Spread {
  readonly median: number;
  readonly p95: number;
}

interface SlowPage {
  readonly id: string;
  readonly elements: number | null;
  readonly oursMs: number;
  readonly readabilityMs: number | null;
}

export interface SetBenchSummary {
  /** Pages benchmarked (after --limit). */
  readonly pages: number;
  /** Pages where both extractors completed: the figures below are over these. */
  readonly timed: number;
  readonly errors: number;
  readonly ours: Spread | null;
  readonly readability: Spread | null;
  /** Our median over Readability's median. */
  readonly ratio: number | null;
  /** The first runs in a fresh page (over the timed pages where both completed), and their ratio. */
  readonly oursFirst: Spread | null;
  readonly readabilityFirst: Spread | null;
  readonly firstRatio: number | null;
  /** Median over pages of each stage's per-page median, in ms, in pipeline order. */
  readonly stagesMs: Readonly<Record<string, number>>;
  readonly heapUsedBytes: number | null;
  readonly heapGrowthBytes: number | null;
  /** Timed pages where Readability found no article. */
  readonly readabilityNoArticle: number;
  readonly slowest: readonly SlowPage[];
  /** Method 5 per page: serialise + scan (statistics.ts `LINK_BLOCK_STAGES`), and the rest of ours beside it. */
  readonly linkBlocks: Spread | null;
  readonly withoutLinkBlocks: Spread | null;
  /** Method 3 per page: statistics.ts `DATE_SVM_STAGE` (candidates, samples, scores); null when no page ran it. */
  readonly dateSvm: Spread | null;
  /** Method 4 against each page's partner (`bench --similar auto` only; absent otherwise). */
  readonly lcs?: LcsSetSummary;
}

/**
 * The date model the core ships, as measured: the packed JSON (src/core/pack/) that the extension and the
 * CLI bundles import (and inline) at build time, so its size on disk is what the model adds to them.
 */
export interface ModelSize {
  /** Path from the repository root. */
  readonly file: string;
  readonly bytes: number;
}

export interface SetBench {
  readonly name: string;
  readonly dir: string;
  readonly summary: SetBenchSummary;
  readonly pages: readonly PageBench[];
}

export interface BenchResult {
  readonly engine: 'chromium';
  /** ISO 8601 time the run started. */
  readonly date: string;
  readonly node: string;
  /** `chromium --version`. */
  readonly chromium: string;
  readonly readabilityVersion: string;
  readonly machine: string;
  readonly runs: number;
  readonly warmupRuns: number;
  readonly heapSources: readonly HeapSource[];
  /** The shipped date model's size; null when its source file is not beside this build. */
  readonly dateModel: ModelSize | null;
  /** `--similar auto`: each page with a partner of its site in the set was extracted against the partner's tree. */
  readonly similar?: 'auto';
  readonly sets: readonly SetBench[];
}

/** One timed extraction of ours in the page: its time, and the `Article.timings` of its stages. */
export interface OursRun {
  readonly ms: number;
  readonly timings: Readonly<Record<string, number>>;
}

/** One timed extraction against a similar page (`bench --lcs-sizes`): its time, the stage's, and the report. */
export interface LcsRun {
  readonly ms: number;
  /** `Article.timings['lcs-diff']`; null when the stage did not run. */
  readonly lcsMs: number | null;
  readonly status: LcsStatus;
  readonly message: string;
  readonly nodes: { readonly page: number; readonly similar: number } | null;
}

/** The trace-enabled extraction's view of method 4: the report and the '4.5-lcs' numbers. */
export interface LcsTraceReading {
  readonly status: LcsStatus;
  readonly message: string;
  readonly nodes: { readonly page: number; readonly similar: number } | null;
  readonly diff: LcsTraceNumbers | null;
}

/** One timed Readability parse in the page; `found` is false when it returned null (no article). */
export interface ReadabilityRun {
  readonly ms: number;
  readonly found: boolean;
}

/** The heap right after one extraction of ours, its growth over that extraction, and where it was read. */
export interface HeapReading {
  readonly used: number;
  readonly growth: number;
  readonly source: HeapSource;
}

/** One synthetic pair of `bench --lcs-sizes`: the page extracted against its similar page's tree. */
export interface LcsSizeBench {
  /** The size asked for (elements per page). */
  readonly size: number;
  readonly variant: SyntheticVariant;
  /** Elements the generator wrote in each page (`getElementsByTagName('*')`). */
  readonly elements: { readonly page: number; readonly similar: number };
  /** Feature-tree nodes of each (`Article.similarPage.nodes`); null when the stage did not get that far. */
  readonly nodes: { readonly page: number; readonly similar: number } | null;
  /** `featureTree()` on the similar page, in the page, in ms (its first call there). */
  readonly treeMs: number | null;
  /**
   * Median of R `featureTree()` calls on the page itself after the timed runs, in ms: the walk of its own page
   * that the 'lcs-diff' stage makes before its diff (the stage's time includes it).
   */
  readonly pageTreeMs: number | null;
  /** Median over the timed runs of `Article.timings['lcs-diff']`, and each run's. */
  readonly lcsMs: number | null;
  readonly lcsRunsMs: readonly number[];
  /** Median of the whole extraction, in ms. */
  readonly extractMs: number | null;
  /** The timed runs' `Article.similarPage.status`, and how many runs had each. */
  readonly status: LcsStatus | null;
  readonly statuses: Readonly<Partial<Record<LcsStatus, number>>>;
  /** The trace-enabled run's `Article.similarPage.message`. */
  readonly message: string | null;
  readonly diff: LcsTraceNumbers | null;
  /** Growth of the JS heap (JSHeapUsedSize) over one extraction that follows a forced GC, in bytes. */
  readonly heapGrowthBytes: number | null;
  readonly heapSource: HeapSource | null;
  /**
   * Growth of the array buffers' backing stores (CDP `Runtime.getHeapUsage` backingStorageSize, outside the
   * JS heap: where the LCS tables live) over that extraction, in bytes; null when CDP does not report it.
   */
  readonly arrayBufferGrowthBytes: number | null;
  readonly error: string | null;
}

export interface LcsSizesResult {
  readonly engine: 'chromium';
  readonly date: string;
  readonly node: string;
  readonly chromium: string;
  readonly machine: string;
  readonly runs: number;
  readonly warmupRuns: number;
  readonly viewport: { readonly width: number; readonly height: number };
  /** The options the diff ran with (defaults): its time budget and its largest table. */
  readonly budgetMs: number;
  readonly maxCells: number;
  readonly rows: readonly LcsSizeBench[];
}
