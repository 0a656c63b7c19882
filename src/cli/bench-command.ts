/**
 * `article-lens bench <set-dir>... [--limit N] [--runs R] [--out FILE] [--json] [--engine chromium]`:
 * in-page speed of our extraction, side by side with @mozilla/readability in the same browser and the same
 * run (DESIGN.md "Performance expectations").
 *
 * Method. One Chromium serves the whole run, with the chromium engine's launch arguments, local page
 * server and request blocking. Each page is decoded by its declared charset, served, loaded, and both
 * bundles (build/core-page.js, build/readability-page.js) are injected once. Each extractor then runs
 * once to warm up and R times more, alternating in A-B, B-A order so that machine noise hits both
 * equally; every call is timed inside the page with `performance.now()` around the call alone, so
 * navigation, injection and the transfer of results to Node are not counted. Readability's time includes
 * the `document.cloneNode(true)` it needs (it rewrites the document it is given). The heap is Chromium's
 * `JSHeapUsedSize` (CDP `Performance.getMetrics`) read right after one more extraction of ours that
 * follows a forced garbage collection (CDP `HeapProfiler.collectGarbage`); `performance.memory` stands in
 * when CDP is unavailable. A page where either extractor throws or times out is recorded with its error
 * and left out of the figures; the other pages go on.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BrowserContext, CDPSession, Frame, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { Article, ExtractInput } from '../core/index.ts';
import type { Dataset, DatasetPage } from '../eval/dataset.ts';
import { loadDataset } from '../eval/dataset.ts';
import { markdownTable } from '../eval/markdown-table.ts';
import { median, percentile } from '../eval/order-stats.ts';
import type { ReadabilitySummary } from '../platform/readability-page-entry.ts';
import { readPageHtml } from '../node/read-page.ts';
import {
  CHROMIUM_ARGS,
  DEFAULT_CHROMIUM_OPTIONS,
  corePagePath,
  loadPage,
  pageBundlePath,
  routeLocalOnly,
  withTimeout,
} from '../node/engines/chromium-engine.ts';
import { chromiumPath } from '../node/engines/engine.ts';
import { chromiumVersion } from '../node/engines/chromium-version.ts';
import type { PageServer } from '../node/engines/page-server.ts';
import { startPageServer } from '../node/engines/page-server.ts';
import { UsageError } from './options-flags.ts';

export const DEFAULT_BENCH_RUNS = 5;
const WARMUP_RUNS = 1;
const SLOWEST_SHOWN = 3;
/** The time beyond which closing a tab is given up (a renderer stuck in a loop). */
const CLOSE_TIMEOUT_MS = 5_000;

export type HeapSource = 'cdp' | 'performance.memory';

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
  /** Median of the timed runs of `new Readability(document.cloneNode(true)).parse()`, in ms. */
  readonly readabilityMs: number | null;
  readonly readabilityRunsMs: readonly number[];
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

export interface SlowPage {
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
  /** Median over pages of each stage's per-page median, in ms, in pipeline order. */
  readonly stagesMs: Readonly<Record<string, number>>;
  readonly heapUsedBytes: number | null;
  readonly heapGrowthBytes: number | null;
  /** Timed pages where Readability found no article. */
  readonly readabilityNoArticle: number;
  readonly slowest: readonly SlowPage[];
  /** Method 5 per page: serialise + scan (the `LINK_BLOCK_STAGES`), and the rest of ours beside it. */
  readonly linkBlocks: Spread | null;
  readonly withoutLinkBlocks: Spread | null;
  /** Method 3 per page: the `DATE_SVM_STAGE` (candidates, samples, scores); null when no page ran it. */
  readonly dateSvm: Spread | null;
}

/** The stages of the link-block method (pipeline.ts), measured together against the 10 ms. */
export const LINK_BLOCK_STAGES: readonly string[] = ['serialize', 'link-blocks'];

/** The stage of the date SVM (pipeline.ts), measured against the median < 5 ms. */
export const DATE_SVM_STAGE = 'date-svm';
/** The targets for method 3: the stage's median per page, and the size of the shipped model. */
export const DATE_SVM_TARGET_MS = 5;
export const DATE_MODEL_TARGET_BYTES = 1024 * 1024;

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

export const DATE_MODEL_FILE = 'src/core/date-svm/default-model.json';

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

export interface BenchOptions {
  readonly limit: number | null;
  readonly runs: number;
  readonly onProgress?: (done: number, total: number, page: PageBench) => void;
}

/** @mozilla/readability as one injectable page script. */
export const readabilityPagePath = (): string => pageBundlePath('readability-page.js');

/**
 * The size of `DATE_MODEL_FILE`, found like `pageBundlePath` finds the bundles: from src/cli/ (tests, tsx)
 * or from build/ (the built CLI).
 */
export function dateModelSize(): ModelSize | null {
  const candidates = [new URL('../core/date-svm/default-model.json', import.meta.url), new URL(`../${DATE_MODEL_FILE}`, import.meta.url)];
  for (const c of candidates) {
    const path = fileURLToPath(c);
    if (existsSync(path)) return { file: DATE_MODEL_FILE, bytes: statSync(path).size };
  }
  return null;
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
  const server = await startPageServer();
  try {
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({
        viewport: DEFAULT_CHROMIUM_OPTIONS.viewport,
        javaScriptEnabled: true,
        serviceWorkers: 'block',
      });
      const navigated = new WeakSet<Frame>();
      await context.route('**/*', (route) => routeLocalOnly(route, server, navigated));
      const chosen = sets.map((set) => ({ set, pages: opts.limit === null ? set.pages : set.pages.slice(0, opts.limit) }));
      const total = chosen.reduce((n, c) => n + c.pages.length, 0);
      let done = 0;
      const results: SetBench[] = [];
      for (const { set, pages } of chosen) {
        const rows: PageBench[] = [];
        for (const page of pages) {
          const row = await benchPage({ context, server, sources, runs: opts.runs }, set.name, page);
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

interface OursRun {
  readonly ms: number;
  readonly timings: Readonly<Record<string, number>>;
}

interface ReadabilityRun {
  readonly ms: number;
  readonly found: boolean;
}

interface HeapReading {
  readonly used: number;
  readonly growth: number;
  readonly source: HeapSource;
}

type PageGlobals = typeof globalThis & {
  __articleLens?: { extract(input: ExtractInput, options: Record<string, never>): Article };
  __readability?: { parse(): ReadabilitySummary };
};

async function benchPage(bench: BenchContext, set: string, page: DatasetPage): Promise<PageBench> {
  const ours: OursRun[] = [];
  const theirs: ReadabilityRun[] = [];
  let elements: number | null = null;
  let heap: HeapReading | null = null;
  let error: string | null = null;
  let html: string;
  try {
    html = readPageHtml(page.path);
  } catch (err) {
    return pageRow(set, page.id, { ours, theirs, elements, heap, error: messageOf(err) });
  }
  const served = bench.server.add(html);
  const { loadTimeoutMs, extractTimeoutMs } = DEFAULT_CHROMIUM_OPTIONS;
  let tab: Page | null = null;
  let cdp: CDPSession | null = null;
  try {
    tab = await bench.context.newPage();
    tab.setDefaultTimeout(loadTimeoutMs);
    await loadPage(tab, served.url, loadTimeoutMs);
    const t = tab;
    const bounded = <T>(what: string, run: () => Promise<T>): Promise<T> =>
      withTimeout(run(), extractTimeoutMs, what).catch((err: unknown) => {
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
    for (let i = 0; i < WARMUP_RUNS; i++) {
      await runOurs();
      await runTheirs();
    }
    for (let i = 0; i < bench.runs; i++) {
      if (i % 2 === 0) {
        ours.push(await runOurs());
        theirs.push(await runTheirs());
      } else {
        theirs.push(await runTheirs());
        ours.push(await runOurs());
      }
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
  return pageRow(set, page.id, { ours, theirs, elements, heap, error });
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

/**
 * The JS heap used right after one extraction of ours, and its growth over that extraction, with a
 * garbage collection just before so that the earlier runs' garbage is not counted.
 */
async function measureHeap(tab: Page, cdp: CDPSession | null, extractOnce: () => Promise<unknown>): Promise<HeapReading | null> {
  if (cdp) {
    try {
      await cdp.send('Performance.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      const before = await cdpHeapUsed(cdp);
      await extractOnce();
      const after = await cdpHeapUsed(cdp);
      if (before !== null && after !== null) return { used: after, growth: after - before, source: 'cdp' };
    } catch {
      // fall through to performance.memory
    }
  }
  const readMemory = (): Promise<number | null> =>
    tab.evaluate(() => (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null);
  const before = await readMemory();
  await extractOnce();
  const after = await readMemory();
  return before !== null && after !== null ? { used: after, growth: after - before, source: 'performance.memory' } : null;
}

async function cdpHeapUsed(cdp: CDPSession): Promise<number | null> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? null;
}

function pageRow(
  set: string,
  id: string,
  r: {
    ours: readonly OursRun[];
    theirs: readonly ReadabilityRun[];
    elements: number | null;
    heap: HeapReading | null;
    error: string | null;
  },
): PageBench {
  const oursRunsMs = r.ours.map((o) => round(o.ms));
  const readabilityRunsMs = r.theirs.map((t) => round(t.ms));
  return {
    set,
    id,
    elements: r.elements,
    oursMs: oursRunsMs.length ? round(median(r.ours.map((o) => o.ms))) : null,
    oursRunsMs,
    stagesMs: stageMedians(r.ours),
    readabilityMs: readabilityRunsMs.length ? round(median(r.theirs.map((t) => t.ms))) : null,
    readabilityRunsMs,
    readabilityFound: r.theirs.length ? r.theirs.every((t) => t.found) : null,
    heapUsedBytes: r.heap?.used ?? null,
    heapGrowthBytes: r.heap?.growth ?? null,
    heapSource: r.heap?.source ?? null,
    error: r.error,
  };
}

/** Each stage's median over runs (a stage that did not run counts 0), then `rest` = total − stages. */
function stageMedians(runs: readonly OursRun[]): Record<string, number> {
  if (!runs.length) return {};
  const names = stageNames(runs.map((r) => r.timings));
  const out: Record<string, number> = {};
  for (const name of names) out[name] = round(median(runs.map((r) => r.timings[name] ?? 0)));
  out['rest'] = round(median(runs.map((r) => Math.max(0, r.ms - Object.values(r.timings).reduce((a, b) => a + b, 0)))));
  return out;
}

/** Stage names in the order they first appear (the pipeline's order). */
function stageNames(timings: readonly Readonly<Record<string, number>>[]): string[] {
  const names = new Set<string>();
  for (const t of timings) for (const name of Object.keys(t)) names.add(name);
  return [...names];
}

export function summarise(rows: readonly PageBench[]): SetBenchSummary {
  const timed = rows.filter(
    (r): r is PageBench & { oursMs: number; readabilityMs: number } => r.error === null && r.oursMs !== null && r.readabilityMs !== null,
  );
  const oursMs = timed.map((r) => r.oursMs);
  const theirsMs = timed.map((r) => r.readabilityMs);
  const ours = spread(oursMs);
  const readability = spread(theirsMs);
  const stagesMs: Record<string, number> = {};
  for (const name of stageNames(timed.map((r) => r.stagesMs))) stagesMs[name] = round(median(timed.map((r) => r.stagesMs[name] ?? 0)));
  const linkMs = timed.map((r) => LINK_BLOCK_STAGES.reduce((sum, name) => sum + (r.stagesMs[name] ?? 0), 0));
  const hasLinkStages = timed.some((r) => LINK_BLOCK_STAGES.some((name) => name in r.stagesMs));
  const hasDateStage = timed.some((r) => DATE_SVM_STAGE in r.stagesMs);
  const heaps = timed.map((r) => r.heapUsedBytes).filter((h) => h !== null);
  const growths = timed.map((r) => r.heapGrowthBytes).filter((h) => h !== null);
  return {
    pages: rows.length,
    timed: timed.length,
    errors: rows.filter((r) => r.error !== null).length,
    ours,
    readability,
    ratio: ours && readability && readability.median > 0 ? Math.round((ours.median / readability.median) * 100) / 100 : null,
    stagesMs,
    heapUsedBytes: heaps.length ? Math.round(median(heaps)) : null,
    heapGrowthBytes: growths.length ? Math.round(median(growths)) : null,
    readabilityNoArticle: timed.filter((r) => r.readabilityFound === false).length,
    slowest: [...timed]
      .sort((a, b) => b.oursMs - a.oursMs)
      .slice(0, SLOWEST_SHOWN)
      .map((r) => ({ id: r.id, elements: r.elements, oursMs: r.oursMs, readabilityMs: r.readabilityMs })),
    linkBlocks: hasLinkStages ? spread(linkMs) : null,
    withoutLinkBlocks: hasLinkStages ? spread(timed.map((r, i) => Math.max(0, r.oursMs - (linkMs[i] ?? 0)))) : null,
    dateSvm: hasDateStage ? spread(timed.map((r) => r.stagesMs[DATE_SVM_STAGE] ?? 0)) : null,
  };
}

function spread(values: readonly number[]): Spread | null {
  return values.length ? { median: round(median(values)), p95: round(percentile(values, 0.95)) } : null;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? text).replace(/^page\.evaluate: (?:Error: )?/, '');
}

function readabilityVersion(): string {
  try {
    const pkg = createRequire(import.meta.url)('@mozilla/readability/package.json') as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

function machine(): string {
  const list = cpus();
  const model = list[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return `${list.length} × ${model}, ${process.platform}/${process.arch}`;
}

// ---------------------------------------------------------------------------------------------------
// Rendering

const ms = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : v.toFixed(1));
const mb = (v: number | null): string => (v === null ? '–' : (v / 1024 / 1024).toFixed(1));
const ratio = (v: number | null): string => (v === null ? '–' : `${v.toFixed(2)}×`);

const MAIN_HEADER = [
  'set',
  'pages',
  'errors',
  'ours median ms',
  'ours p95 ms',
  'Readability median ms',
  'Readability p95 ms',
  'ours / Readability',
  'heap MB',
  'heap growth MB',
  'Readability: no article',
];

function mainRow(s: SetBench): string[] {
  const m = s.summary;
  return [
    s.name,
    String(m.pages),
    String(m.errors),
    ms(m.ours?.median),
    ms(m.ours?.p95),
    ms(m.readability?.median),
    ms(m.readability?.p95),
    ratio(m.ratio),
    mb(m.heapUsedBytes),
    mb(m.heapGrowthBytes),
    String(m.readabilityNoArticle),
  ];
}

function allStages(result: BenchResult): string[] {
  return stageNames(result.sets.map((s) => s.summary.stagesMs)).sort((a, b) => (a === 'rest' ? 1 : b === 'rest' ? -1 : 0));
}

function stageRows(result: BenchResult): { header: string[]; rows: string[][] } {
  const names = allStages(result);
  return {
    header: ['set', ...names.map((n) => `${n} ms`)],
    rows: result.sets.map((s) => [s.name, ...names.map((n) => ms(s.summary.stagesMs[n] ?? null))]),
  };
}

function slowRows(result: BenchResult): string[][] {
  return result.sets.flatMap((s) =>
    s.summary.slowest.map((p) => [
      s.name,
      shortId(p.id),
      p.elements === null ? '–' : String(p.elements),
      ms(p.oursMs),
      ms(p.readabilityMs),
    ]),
  );
}

/** Long ids (content hashes) cut to a prefix that still finds the page; the JSON keeps them whole. */
function shortId(id: string): string {
  return id.length > 24 ? `${id.slice(0, 16)}…` : id;
}

const SLOW_HEADER = ['set', 'slowest pages', 'elements', 'ours ms', 'Readability ms'];
const LINK_HEADER = ['set', 'serialise + scan median', 'serialise + scan p95', 'rest of ours median', 'rest of ours p95'];

function linkRow(s: SetBench): string[] {
  const m = s.summary;
  return [
    s.name,
    ms(m.linkBlocks?.median ?? null),
    ms(m.linkBlocks?.p95 ?? null),
    ms(m.withoutLinkBlocks?.median ?? null),
    ms(m.withoutLinkBlocks?.p95 ?? null),
  ];
}

const codeSpan = (s: string): string => `\`${s}\``;
const DATE_HEADER = ['set', 'date-svm median ms', 'date-svm p95 ms', `median < ${DATE_SVM_TARGET_MS} ms`];
const ms2 = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : v.toFixed(2));
const verdict = (met: boolean | null): string => (met === null ? 'not run' : met ? 'met' : 'missed');

function dateRow(s: SetBench): string[] {
  const d = s.summary.dateSvm;
  return [s.name, ms2(d?.median), ms2(d?.p95), verdict(d ? d.median < DATE_SVM_TARGET_MS : null)];
}

/** The model's size against the target: "Shipped date model <file> (…): 41.3 KiB (target ≤ 1 MB: met)." */
function modelLine(model: ModelSize | null, code: (s: string) => string): string {
  if (!model) return `Shipped date model ${code(DATE_MODEL_FILE)}: not found beside this build, size not measured.`;
  const kib = (model.bytes / 1024).toFixed(1);
  return (
    `Shipped date model ${code(model.file)} (the source JSON, which the bundles inline at build time): ${kib} KiB ` +
    `(target ≤ 1 MB: ${verdict(model.bytes <= DATE_MODEL_TARGET_BYTES)}).`
  );
}

const dateIntro = (code: (s: string) => string): string =>
  `Publication time by SVM (method 3): the ${code(DATE_SVM_STAGE)} stage per page (candidates, samples, scores; ` +
  `target: median < ${DATE_SVM_TARGET_MS} ms):`;

function methodLine(result: BenchResult): string {
  const heap = result.heapSources.length
    ? result.heapSources.map((s) => (s === 'cdp' ? 'CDP Performance.getMetrics' : 'performance.memory')).join(' or ')
    : 'not available';
  return (
    `In-page time of one extraction (\`performance.now()\` around the call inside the page; navigation, injection and ` +
    `transfer to Node not counted), median of ${result.runs} run${result.runs === 1 ? '' : 's'} per page after ` +
    `${result.warmupRuns} warm-up, ours (\`extract()\`, default options) and @mozilla/readability ${result.readabilityVersion} ` +
    `(\`new Readability(document.cloneNode(true)).parse()\`, clone included) alternating in one headless ${result.chromium}; ` +
    `p95 over pages (nearest rank); heap = JSHeapUsedSize (${heap}) right after one extraction of ours that follows a forced GC; ` +
    `Node ${result.node}, ${result.machine}; ${result.date.slice(0, 16).replace('T', ' ')} UTC.`
  );
}

export function renderBenchMarkdown(result: BenchResult): string {
  const stages = stageRows(result);
  const errors = result.sets.flatMap((s) => s.pages.filter((p) => p.error !== null).map((p) => `${s.name}/${p.id}: ${p.error}`));
  const parts = [
    '## Speed (chromium, side by side with @mozilla/readability)',
    '',
    methodLine(result),
    '',
    markdownTable(MAIN_HEADER, result.sets.map(mainRow), { textColumns: 1 }),
    '',
    'Median time of each stage of ours (`Article.timings`; `rest` = total − stages):',
    '',
    markdownTable(stages.header, stages.rows, { textColumns: 1 }),
    '',
    'Logical link blocks (method 5): serialise + scan per page, beside the rest of ours (target: median < 10 ms):',
    '',
    markdownTable(LINK_HEADER, result.sets.map(linkRow), { textColumns: 1 }),
    '',
    dateIntro(codeSpan),
    '',
    markdownTable(DATE_HEADER, result.sets.map(dateRow), { textColumns: 1 }),
    '',
    modelLine(result.dateModel, codeSpan),
    '',
    'Slowest pages (ours):',
    '',
    markdownTable(SLOW_HEADER, slowRows(result), { textColumns: 2 }),
  ];
  if (errors.length) parts.push('', 'Errors:', '', ...errors.map((e) => `- ${e.replace(/\|/g, '\\|')}`));
  return `${parts.join('\n')}\n`;
}

/** The readable table printed to stdout. */
export function renderBenchText(result: BenchResult): string {
  const stages = stageRows(result);
  return [
    `Speed: ours vs @mozilla/readability ${result.readabilityVersion}, in-page ms, median of ${result.runs} run(s) per page after ` +
      `${result.warmupRuns} warm-up, ${result.chromium}, Node ${result.node}, ${result.machine}`,
    '',
    textTable(MAIN_HEADER, result.sets.map(mainRow)),
    '',
    textTable(stages.header, stages.rows),
    '',
    textTable(LINK_HEADER, result.sets.map(linkRow)),
    '',
    dateIntro((s) => s),
    textTable(DATE_HEADER, result.sets.map(dateRow)),
    modelLine(result.dateModel, (s) => s),
    '',
    textTable(SLOW_HEADER, slowRows(result), 2),
    '',
  ].join('\n');
}

function textTable(header: readonly string[], rows: readonly (readonly string[])[], textColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i < textColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------------
// The command

export async function benchCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      limit: { type: 'string' },
      runs: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean', default: false },
      engine: { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new UsageError('bench takes one or more set directories');
  if (values.engine !== undefined && values.engine !== 'chromium')
    throw new UsageError(`bench runs in Chromium only (--engine chromium), got "${values.engine}"`);
  const limit = values.limit === undefined ? null : positiveInt(values.limit, '--limit');
  const runs = values.runs === undefined ? DEFAULT_BENCH_RUNS : positiveInt(values.runs, '--runs');
  const sets = positionals.map((dir) => loadDataset(dir));
  const total = sets.reduce((n, s) => n + (limit === null ? s.pages.length : Math.min(limit, s.pages.length)), 0);
  process.stderr.write(
    `article-lens: bench: ${sets.map((s) => s.name).join(', ')}: ${total} pages, ${runs} run(s) each after ${WARMUP_RUNS} warm-up, in Chromium\n`,
  );
  const tty = process.stderr.isTTY;
  let errors = 0;
  const result = await runBench(sets, {
    limit,
    runs,
    onProgress: (done, all, page) => {
      if (page.error !== null) {
        errors++;
        process.stderr.write(`${tty ? '\r\x1b[K' : ''}article-lens: ${page.set}/${page.id}: ${page.error}\n`);
      }
      if (tty) process.stderr.write(`\r\x1b[K[${done}/${all}] ${errors} errors  ${page.set}/${page.id.slice(0, 40)}`);
    },
  });
  if (tty) process.stderr.write('\r\x1b[K');
  if (values.out !== undefined) writeFileSync(values.out, renderBenchMarkdown(result));
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : renderBenchText(result));
  return 0;
}

function positiveInt(raw: string, flag: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} takes a positive whole number, got "${raw}"`);
  return n;
}
