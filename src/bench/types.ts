/**
 * The shapes of a bench run: what one timed call in the page returns, the heap reading, and the result
 * the harness (run-bench.ts) writes, which `bench --json` prints as is and the renderers read.
 */

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
}

/**
 * The date model the core ships, as measured: the source JSON that the extension and the CLI bundles
 * import (and inline) at build time, so its size on disk is what the model adds to them, give or take
 * whitespace.
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
  readonly sets: readonly SetBench[];
}

/** One timed extraction of ours in the page: its time, and the `Article.timings` of its stages. */
export interface OursRun {
  readonly ms: number;
  readonly timings: Readonly<Record<string, number>>;
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
