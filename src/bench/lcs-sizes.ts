/**
 * `article-lens bench --lcs-sizes 1000,10000,50000`: method 4's 'lcs-diff' stage against page size, on the
 * synthetic pairs of synthetic-pair.ts (the typical pair and the all-text worst case, per size).
 *
 * Method. One Chromium, as `bench <sets>` (bench-browser.ts: the chromium engine's arguments, viewport, local
 * page server, request blocking). Per pair, in one fresh tab: the similar page is served and loaded, the core
 * injected and its feature tree built in the page (similar-in-page.ts, with the chromium engine's own
 * `similarTreeInTab`); then the page is loaded, the core injected, and the tree left in the page. One
 * warm-up extraction with `extras.similarPage`, then R timed ones (default options, trace off), each read
 * for `Article.timings['lcs-diff']` and `Article.similarPage` (status, message); R calls of `featureTree` on
 * the page itself (the walk the stage makes of its own page, timed apart); then one extraction after a
 * forced GC for the heap (JSHeapUsedSize growth, and the array buffers' growth beside it: the LCS tables are
 * typed arrays, outside the JS heap); then one with the trace on for the '4.5-lcs' decision's cells,
 * peakTableBytes, trimmed and splits. A pair that fails is recorded with its error; the others go on.
 */
import { DEFAULT_OPTIONS } from '../core/index.ts';
import type { ExtractInput } from '../core/index.ts';
import { DEFAULT_CHROMIUM_OPTIONS } from '../node/engines/chromium-engine.ts';
import type { BenchBrowser } from './bench-browser.ts';
import { inBenchTab, messageOf, withBenchBrowser } from './bench-browser.ts';
import { machine } from './environment.ts';
import { lcsSizeRow } from './lcs-statistics.ts';
import { measureHeapWithBuffers } from './measure-heap.ts';
import { WARMUP_RUNS } from './run-bench.ts';
import { benchSimilarTree, featureTreeMsInPage, lcsRunInPage, lcsTraceInPage, setSimilarInPage } from './similar-in-page.ts';
import type { SyntheticVariant } from './synthetic-pair.ts';
import { SYNTHETIC_VARIANTS, syntheticPair } from './synthetic-pair.ts';
import type { LcsRun, LcsSizeBench, LcsSizesResult, LcsTraceReading } from './types.ts';

/** The pages' URL (what `ExtractInput.url` says): one site, two stories. */
const PAGE_URL = 'https://news.example.com/2024/03/story-4711.html';
const SIMILAR_URL = 'https://news.example.com/2024/03/story-4712.html';

interface LcsSizesOptions {
  readonly sizes: readonly number[];
  readonly runs: number;
  readonly variants?: readonly SyntheticVariant[];
  readonly onProgress?: (done: number, total: number, row: LcsSizeBench) => void;
}

export async function runLcsSizes(opts: LcsSizesOptions): Promise<LcsSizesResult> {
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new RangeError(`runs must be a positive whole number, got ${opts.runs}`);
  const date = new Date().toISOString();
  const variants = opts.variants ?? SYNTHETIC_VARIANTS;
  const cases = opts.sizes.flatMap((size) => variants.map((variant) => ({ size, variant })));
  return withBenchBrowser(async (browser) => {
    const rows: LcsSizeBench[] = [];
    for (const c of cases) {
      const row = await benchPair(browser, c.size, c.variant, opts.runs);
      rows.push(row);
      opts.onProgress?.(rows.length, cases.length, row);
    }
    return {
      engine: 'chromium',
      date,
      node: process.version,
      chromium: browser.chromium,
      machine: machine(),
      runs: opts.runs,
      warmupRuns: WARMUP_RUNS,
      viewport: DEFAULT_CHROMIUM_OPTIONS.viewport,
      budgetMs: DEFAULT_OPTIONS.lcsDiff.budgetMs,
      maxCells: DEFAULT_OPTIONS.lcsDiff.maxCells,
      rows,
    };
  });
}

async function benchPair(browser: BenchBrowser, size: number, variant: SyntheticVariant, runs: number): Promise<LcsSizeBench> {
  const pair = syntheticPair(size, { variant, seed: size });
  const timed: LcsRun[] = [];
  const pageTreeRunsMs: number[] = [];
  let treeMs: number | null = null;
  let heap: Parameters<typeof lcsSizeRow>[0]['heap'] = null;
  let trace: LcsTraceReading | null = null;
  let error: string | null = null;
  try {
    await inBenchTab(browser, async ({ tab: t, loadTimeoutMs, bounded, load, cdp }) => {
      const similar = await benchSimilarTree(
        browser,
        t,
        { html: pair.similar, url: SIMILAR_URL, why: `synthetic ${variant} pair` },
        bounded,
        loadTimeoutMs,
      );
      if (!similar.similarPage.tree) throw new Error(similar.similarPage.failure ?? 'no feature tree for the similar page');
      treeMs = similar.treeMs;
      await load(pair.page);
      await bounded('injection', () => t.evaluate(browser.coreSource));
      await bounded('similar page', () => setSimilarInPage(t, similar.similarPage));
      const input: ExtractInput = { url: PAGE_URL, linkTitle: null };
      const runOnce = (): Promise<LcsRun> => bounded('article-lens', () => t.evaluate(lcsRunInPage, input));
      for (let i = 0; i < WARMUP_RUNS; i++) await runOnce();
      for (let i = 0; i < runs; i++) timed.push(await runOnce());
      for (let i = 0; i < runs; i++) pageTreeRunsMs.push(await bounded('feature tree', () => t.evaluate(featureTreeMsInPage)));
      const session = await cdp();
      heap = await bounded('heap', () => measureHeapWithBuffers(t, session, runOnce));
      trace = await bounded('article-lens (trace)', () => t.evaluate(lcsTraceInPage, input));
    });
  } catch (err) {
    error = messageOf(err);
  }
  return lcsSizeRow({ size, variant, elements: pair.elements, treeMs, pageTreeRunsMs, runs: timed, heap, trace, error });
}
