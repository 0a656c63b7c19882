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
 */
import { existsSync, readFileSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Article, ExtractInput } from '../core/index.ts';
import { pageFile } from '../eval/dataset.ts';
import type { Dataset, DatasetPage } from '../eval/dataset.ts';
import type { ReadabilitySummary } from '../platform/readability-page-entry.ts';
import { readPageHtml } from '../node/read-page.ts';
import {
  CHROMIUM_ARGS,
  DEFAULT_CHROMIUM_OPTIONS,
  corePagePath,
  loadPage,
  firstNavigationOnly,
  routeLocalOnly,
  withTimeout,
} from '../node/engines/chromium-engine.ts';
import { readabilityPagePath } from '../node/engines/readability-in-page.ts';
import { chromiumPath } from '../node/engines/engine.ts';
import { chromiumVersion } from '../node/engines/chromium-version.ts';
import type { PageServer } from '../node/engines/page-server.ts';
import { startPageServer } from '../node/engines/page-server.ts';
import { dateModelSize, machine, readabilityVersion } from './environment.ts';
import { measureHeap } from './measure-heap.ts';
import { pageRow, summarise } from './statistics.ts';
import type { BenchResult, HeapReading, OursRun, PageBench, ReadabilityRun, SetBench } from './types.ts';

export const DEFAULT_BENCH_RUNS = 5;
export const WARMUP_RUNS = 1;
/** The time beyond which closing a tab is given up (a renderer stuck in a loop). */
const CLOSE_TIMEOUT_MS = 5_000;

interface BenchOptions {
  readonly limit: number | null;
  readonly runs: number;
  readonly onProgress?: (done: number, total: number, page: PageBench) => void;
}

export async function runBench(sets: readonly Dataset[], opts: BenchOptions): Promise<BenchResult> {
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new RangeError(`runs must be a positive whole number, got ${opts.runs}`);
  const executablePath = chromiumPath();
  if (!existsSync(executablePath))
    throw new Error(
      `Chromium not found at ${executablePath} (bench runs in Chromium only: install Debian's chromium or set CHROMIUM_PATH)`,
    );
  const sources: Sources = { core: readFileSync(corePagePath(), 'utf8'), readability: readFileSync(readabilityPagePath(), 'utf8') };
  const date = new Date().toISOString();
  const { chromium } = await import('playwright-core'); // loaded when wanted (chromium-engine.ts says why)
  const server = await startPageServer();
  try {
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({
        viewport: DEFAULT_CHROMIUM_OPTIONS.viewport,
        javaScriptEnabled: true,
        serviceWorkers: 'block',
      });
      const navigations = firstNavigationOnly();
      await context.route('**/*', (route) => routeLocalOnly(route, server, navigations));
      const chosen = sets.map((set) => ({ set, pages: opts.limit === null ? set.pages : set.pages.slice(0, opts.limit) }));
      const total = chosen.reduce((n, c) => n + c.pages.length, 0);
      let done = 0;
      const results: SetBench[] = [];
      for (const { set, pages } of chosen) {
        const rows: PageBench[] = [];
        for (const page of pages) {
          const row = await benchPage({ context, server, sources, runs: opts.runs }, set.name, page, done % 2 === 0);
          rows.push(row);
          opts.onProgress?.(++done, total, row);
        }
        results.push({ name: set.name, dir: set.dir, summary: summarise(rows), pages: rows });
      }
      const heapSources = [...new Set(results.flatMap((s) => s.pages.map((p) => p.heapSource)).filter((s) => s !== null))];
      return {
        engine: 'chromium',
        date,
        node: process.version,
        chromium: chromiumVersion(executablePath) ?? `Chromium ${browser.version()}`,
        readabilityVersion: readabilityVersion(),
        machine: machine(),
        runs: opts.runs,
        warmupRuns: WARMUP_RUNS,
        heapSources,
        dateModel: dateModelSize(),
        sets: results,
      };
    } finally {
      await browser.close().catch(() => undefined);
    }
  } finally {
    await server.close();
  }
}

interface Sources {
  readonly core: string;
  readonly readability: string;
}

interface BenchContext {
  readonly context: BrowserContext;
  readonly server: PageServer;
  readonly sources: Sources;
  readonly runs: number;
}

type PageGlobals = typeof globalThis & {
  __articleLens?: { extract(input: ExtractInput, options: Record<string, never>): Article };
  __readability?: { parse(): ReadabilitySummary };
};

async function benchPage(bench: BenchContext, set: string, page: DatasetPage, oursFirst: boolean): Promise<PageBench> {
  const ours: OursRun[] = [];
  let first: { ours: number; theirs: number } | undefined;
  const theirs: ReadabilityRun[] = [];
  let elements: number | null = null;
  let heap: HeapReading | null = null;
  let error: string | null = null;
  let html: string;
  try {
    html = readPageHtml(pageFile(page));
  } catch (err) {
    return pageRow(set, page.id, { ours, theirs, elements, heap, error: messageOf(err) });
  }
  const served = bench.server.add(html);
  const { loadTimeoutMs, timeLimitMs } = DEFAULT_CHROMIUM_OPTIONS;
  let tab: Page | null = null;
  let cdp: CDPSession | null = null;
  try {
    tab = await bench.context.newPage();
    tab.setDefaultTimeout(loadTimeoutMs);
    await loadPage(tab, served.url, loadTimeoutMs);
    const t = tab;
    const bounded = <T>(what: string, run: () => Promise<T>): Promise<T> =>
      withTimeout(run(), timeLimitMs, what).catch((err: unknown) => {
        throw new Error(`${what}: ${messageOf(err)}`);
      });
    await bounded('injection', async () => {
      await t.evaluate(bench.sources.core);
      await t.evaluate(bench.sources.readability);
    });
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
    cdp = await bench.context.newCDPSession(t).catch(() => null);
    heap = await bounded('heap', () => measureHeap(t, cdp, runOurs));
  } catch (err) {
    error = messageOf(err);
  } finally {
    served.remove();
    await cdp?.detach().catch(() => undefined);
    if (tab) await withTimeout(tab.close(), CLOSE_TIMEOUT_MS, 'closing the tab').catch(() => undefined);
  }
  return pageRow(set, page.id, { ours, theirs, elements, heap, error, ...(first ? { first } : {}) });
}

/** In the page: one extraction of ours, timed around the call alone. */
function oursInPage(input: ExtractInput): OursRun {
  const api = (globalThis as PageGlobals).__articleLens;
  if (!api) throw new Error('the core did not load in the page');
  const start = performance.now();
  const article = api.extract(input, {});
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

function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? text).replace(/^page\.evaluate: (?:Error: )?/, '');
}
