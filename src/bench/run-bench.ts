/**
 * The bench harness (`article-lens bench`, and the speed section of `article-lens report`): in-page speed
 * of our extraction, side by side with @mozilla/readability in the same browser and the same run
 * (DESIGN.md "Performance expectations").
 *
 * Method. One Chromium serves the whole run, with the chromium engine's launch arguments, local page
 * server and request blocking. Each page is decoded by its declared charset, served, loaded, and both
 * bundles (build/core-page.js, build/readability-page.js) are injected once. Each extractor then runs
 * once to warm up (in turns: ours first on every other page) and R times more, alternating in A-B, B-A
 * order so that machine noise hits both equally; the warm-up runs are kept too, as each extractor's first
 * run in a fresh page (what a reader waits for: the bundle injected anew, none of its code optimised);
 * every call is timed inside the page with `performance.now()` around the call alone, so navigation,
 * injection and the transfer of results to Node are not counted. Readability's time includes the
 * `document.cloneNode(true)` it needs (it rewrites the document it is given). The heap is Chromium's
 * `JSHeapUsedSize` (CDP `Performance.getMetrics`) read right after one more extraction of ours that
 * follows a forced garbage collection (CDP `HeapProfiler.collectGarbage`); `performance.memory` stands in
 * when CDP is unavailable. A page where either extractor throws or times out is recorded with its error
 * and left out of the figures; the other pages go on.
 *
 * With `--similar auto` (method 4), a page with a partner of its site in its set (similar-partners.ts) is
 * preceded in its tab by the partner: loaded, the core injected, its feature tree built in the page
 * (similar-in-page.ts, with the chromium engine's own `similarTreeInTab`); every extraction of ours then passes
 * that tree as `extras.similarPage`, so the timed runs include the 'lcs-diff' stage (its time is read from
 * `Article.timings`, like every stage's). The timed runs stay trace-free: one more extraction with the trace
 * on, after the heap reading, gives the diff's status, cells, peak table bytes, trimmed nodes and splits.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { ExtractInput } from '../core/index.ts';
import { closeDataset, pageFile } from '../eval/dataset.ts';
import type { Dataset, DatasetPage } from '../eval/dataset.ts';
import { median } from '../eval/order-stats.ts';
import type { SimilarPartner } from '../eval/similar-partners.ts';
import { similarPartners } from '../eval/similar-partners.ts';
import type { ReadabilitySummary } from '../platform/readability-page-entry.ts';
import { readPageHtml } from '../node/read-page.ts';
import { readabilityPagePath } from '../node/engines/readability-in-page.ts';
import type { BenchBrowser } from './bench-browser.ts';
import { inBenchTab, messageOf, withBenchBrowser } from './bench-browser.ts';
import { dateModelSize, machine, readabilityVersion } from './environment.ts';
import { lcsSetSummary } from './lcs-statistics.ts';
import { measureHeap } from './measure-heap.ts';
import type { BenchPageGlobals } from './similar-in-page.ts';
import { benchSimilarTree, lcsTraceInPage, setSimilarInPage } from './similar-in-page.ts';
import { pageRow, round, summarise } from './statistics.ts';
import type { BenchResult, HeapReading, OursRun, PageBench, PageLcsBench, ReadabilityRun, SetBench } from './types.ts';

export const DEFAULT_BENCH_RUNS = 5;
export const WARMUP_RUNS = 1;

interface BenchOptions {
  readonly limit: number | null;
  readonly runs: number;
  /**
   * `'auto'`: each page with a partner of its site in its set (similar-partners.ts) is extracted against the
   * partner's feature tree, built in the same tab first; the 'lcs-diff' stage is reported per page and set.
   */
  readonly similar?: 'auto' | null;
  readonly onProgress?: (done: number, total: number, page: PageBench) => void;
  /** Called as each set's turn comes, with the number of its pages to time. */
  readonly onSet?: (set: Dataset, pages: number) => void;
}

/**
 * A set to time: a loaded set, or a function that loads it when its turn comes (a zip: unpacked then, and
 * its temporary folder removed as soon as its pages are timed, so that a run never holds every set unpacked).
 */
export type BenchSet = Dataset | (() => Dataset);

export async function runBench(sets: readonly BenchSet[], opts: BenchOptions): Promise<BenchResult> {
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new RangeError(`runs must be a positive whole number, got ${opts.runs}`);
  const date = new Date().toISOString();
  return withBenchBrowser(async (browser) => {
    const bench: BenchContext = { browser, readability: readFileSync(readabilityPagePath(), 'utf8'), runs: opts.runs };
    const chosenPages = (set: Dataset): readonly DatasetPage[] => (opts.limit === null ? set.pages : set.pages.slice(0, opts.limit));
    // The pages of the sets loaded so far: a set loaded on its turn adds its own then.
    let total = sets.reduce((n, s) => n + (typeof s === 'function' ? 0 : chosenPages(s).length), 0);
    let done = 0;
    const results: SetBench[] = [];
    for (const source of sets) {
      const set = typeof source === 'function' ? source() : source;
      try {
        const pages = chosenPages(set);
        if (typeof source === 'function') total += pages.length;
        opts.onSet?.(set, pages.length);
        const partners = opts.similar === 'auto' ? similarPartners(set) : null;
        const rows: PageBench[] = [];
        for (const page of pages) {
          const partner = partners ? (partners.get(page.id) ?? null) : undefined;
          const row = await benchPage(bench, set.name, page, done % 2 === 0, partner);
          rows.push(row);
          opts.onProgress?.(++done, total, row);
        }
        const summary = summarise(rows);
        results.push({ name: set.name, dir: set.dir, summary: partners ? { ...summary, lcs: lcsSetSummary(rows) } : summary, pages: rows });
      } finally {
        if (typeof source === 'function') closeDataset(set);
      }
    }
    const heapSources = [...new Set(results.flatMap((s) => s.pages.map((p) => p.heapSource)).filter((s) => s !== null))];
    return {
      engine: 'chromium',
      date,
      node: process.version,
      chromium: browser.chromium,
      readabilityVersion: readabilityVersion(),
      machine: machine(),
      runs: opts.runs,
      warmupRuns: WARMUP_RUNS,
      heapSources,
      dateModel: dateModelSize(),
      ...(opts.similar === 'auto' ? { similar: 'auto' as const } : {}),
      sets: results,
    };
  });
}

interface BenchContext {
  readonly browser: BenchBrowser;
  /** build/readability-page.js. */
  readonly readability: string;
  readonly runs: number;
}

type PageGlobals = BenchPageGlobals & { __readability?: { parse(): ReadabilitySummary } };

/**
 * One page: loaded in a fresh tab, both bundles injected, warm-up and timed runs, the heap. With `partner`
 * (not undefined: `--similar auto`), the partner's tree is built in the tab first and every extraction of
 * ours passes it; one more extraction with the trace on reads the diff's numbers. A page with no partner
 * (null) is benchmarked as without `--similar`.
 */
async function benchPage(
  bench: BenchContext,
  set: string,
  page: DatasetPage,
  oursFirst: boolean,
  partner?: SimilarPartner | null,
): Promise<PageBench> {
  const ours: OursRun[] = [];
  let first: { ours: number; theirs: number } | undefined;
  const theirs: ReadabilityRun[] = [];
  let elements: number | null = null;
  let heap: HeapReading | null = null;
  let error: string | null = null;
  let lcs: PageLcsBench | undefined =
    partner === undefined ? undefined : { ...NO_LCS, partner: partner?.page.id ?? null, why: partner?.why ?? null };
  const row = (): PageBench => {
    const r = pageRow(set, page.id, { ours, theirs, elements, heap, error, ...(first ? { first } : {}) });
    return lcs ? { ...r, lcs: { ...lcs, lcsMs: lcsMedian(ours, lcs) } } : r;
  };
  let html: string;
  try {
    html = readPageHtml(pageFile(page));
  } catch (err) {
    error = messageOf(err);
    return row();
  }
  const { browser } = bench;
  try {
    await inBenchTab(browser, async ({ tab: t, loadTimeoutMs, bounded, load, cdp }) => {
      const similar = partner ? await partnerTree(browser, t, partner, bounded, loadTimeoutMs) : null;
      if (lcs && similar) lcs = { ...lcs, treeMs: similar.treeMs };
      await load(html);
      await bounded('injection', async () => {
        await t.evaluate(browser.coreSource);
        await t.evaluate(bench.readability);
      });
      if (similar) await bounded('similar page', () => setSimilarInPage(t, similar.similarPage));
      elements = await bounded('element count', () => t.evaluate(() => document.getElementsByTagName('*').length));
      const input: ExtractInput = { url: page.url, linkTitle: null };
      const runOurs = (): Promise<OursRun> => bounded('article-lens', () => t.evaluate(oursInPage, input));
      const runTheirs = (): Promise<ReadabilityRun> => bounded('readability', () => t.evaluate(readabilityInPage));
      /** One run of each, ours first or theirs first. */
      const runPair = async (oursBefore: boolean): Promise<[OursRun, ReadabilityRun]> => {
        if (oursBefore) {
          const o = await runOurs();
          return [o, await runTheirs()];
        }
        const r = await runTheirs();
        return [await runOurs(), r];
      };
      // The warm-up pair, in turns (ours first on every other page): the first call of each is its first run in
      // the fresh page, kept as the figure a reader waits for.
      for (let i = 0; i < WARMUP_RUNS; i++) {
        const [o, r] = await runPair(oursFirst);
        if (i === 0) first = { ours: o.ms, theirs: r.ms };
      }
      for (let i = 0; i < bench.runs; i++) {
        const [o, r] = await runPair(i % 2 === 0);
        ours.push(o);
        theirs.push(r);
      }
      const session = await cdp();
      heap = await bounded('heap', () => measureHeap(t, session, runOurs));
      if (lcs && similar) {
        const reading = await bounded('article-lens (trace)', () => t.evaluate(lcsTraceInPage, input));
        lcs = { ...lcs, status: reading.status, message: reading.message, nodes: reading.nodes, diff: reading.diff };
      }
    });
  } catch (err) {
    error = messageOf(err);
  }
  return row();
}

const NO_LCS: PageLcsBench = { partner: null, why: null, treeMs: null, lcsMs: null, status: null, message: null, nodes: null, diff: null };

/** The partner's tree, built in `tab` from its decoded HTML (a partner that cannot be read gives none, with why). */
async function partnerTree(
  browser: BenchBrowser,
  tab: Page,
  partner: SimilarPartner,
  bounded: <T>(what: string, run: () => Promise<T>) => Promise<T>,
  loadTimeoutMs: number,
): ReturnType<typeof benchSimilarTree> {
  const url = partner.page.url ?? partner.page.id;
  let html: string;
  try {
    html = readPageHtml(pageFile(partner.page));
  } catch (err) {
    const failure = `the similar page could not be read: ${messageOf(err)}`;
    return { similarPage: { url, why: partner.why, tree: null, failure, fetchMs: 0 }, treeMs: null };
  }
  return benchSimilarTree(browser, tab, { html, url, why: partner.why }, bounded, loadTimeoutMs);
}

/** The stage's median over the timed runs, for a page that was given a similar page. */
function lcsMedian(runs: readonly OursRun[], lcs: PageLcsBench): number | null {
  if (lcs.partner === null || !runs.length) return null;
  const times = runs.map((r) => r.timings['lcs-diff']).filter((ms) => ms !== undefined);
  return times.length ? round(median(times)) : null;
}

/**
 * In the page: one extraction of ours, timed around the call alone; against the similar page left in the page
 * when there is one (`--similar auto`).
 */
function oursInPage(input: ExtractInput): OursRun {
  const g = globalThis as PageGlobals;
  const api = g.__articleLens;
  if (!api) throw new Error('the core did not load in the page');
  const extras = g.__articleLensBenchSimilar ? { similarPage: g.__articleLensBenchSimilar } : {};
  const start = performance.now();
  const article = api.extract(input, {}, extras);
  const ms = performance.now() - start;
  return { ms, timings: article.timings };
}

/** In the page: one Readability parse (clone included), timed around the call alone. */
function readabilityInPage(): ReadabilityRun {
  const api = (globalThis as PageGlobals).__readability;
  if (!api) throw new Error('Readability did not load in the page');
  const start = performance.now();
  const summary = api.parse();
  const ms = performance.now() - start;
  return { ms, found: summary.found };
}
