/**
 * The `chromium` engine: the built core (`build/core-page.js`, the same code as the content script)
 * injected into Debian's Chromium through playwright-core, so extraction sees real layout. One browser
 * serves a whole batch, and its tabs are reused from page to page (a new tab and a fresh renderer cost
 * about half a second a page; the core, loaded from the page server, comes from the renderer's code
 * cache). Pages come from a local server; every other request is aborted, the page's own scripts are kept
 * from running (CSP), and navigations away from the page (meta refresh) are refused.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Frame, Page, Route } from 'playwright-core';
import type { Article, ExtractInput, PageBodySamples, PageDateSamples, PageFieldSamples, PartialOptions } from '../../core/index.ts';
import type { PageApi, PageExtras } from '../../platform/page-entry.ts';
import { pageBundlePath } from './bundle-path.ts';
import type { Engine, EngineResult, PageInput, ReadabilityOutcome, TrainingRequest } from './engine.ts';
import { DEFAULT_PAGE_TIME_LIMIT_MS, chromiumPath, firstLine, timeLimitMessage } from './engine.ts';
import type { PageServer } from './page-server.ts';
import { startPageServer } from './page-server.ts';
import type { PageScript } from './page-script.ts';
import { runPageScript } from './page-script.ts';
import { readabilityInTab, readabilitySourceLoader } from './readability-in-page.ts';
import { loadPage, unhideScriptlessPage } from './served-page.ts';
import type { SimilarTabHost } from './similar-tab.ts';
import { similarTreeInTab } from './similar-tab.ts';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface ChromiumEngineOptions {
  /**
   * Time a page may take to load, in ms (`--time-limit` sets it with `timeLimitMs`); a page that outlives
   * it says "skipped: time limit reached … during loading the page".
   */
  readonly loadTimeoutMs: number;
  /**
   * Time one extraction may take once the page is loaded, in ms (`--time-limit`); a page that outlives it is
   * closed, and its result says "skipped: time limit reached".
   */
  readonly timeLimitMs: number;
  readonly viewport: { readonly width: number; readonly height: number };
}

export const DEFAULT_CHROMIUM_OPTIONS: ChromiumEngineOptions = {
  loadTimeoutMs: DEFAULT_PAGE_TIME_LIMIT_MS,
  timeLimitMs: DEFAULT_PAGE_TIME_LIMIT_MS,
  viewport: { width: 1280, height: 900 },
};

/** The core as one injectable page script. */
export const corePagePath = (): string => pageBundlePath('core-page.js');

export async function createChromiumEngine(opts: ChromiumEngineOptions = DEFAULT_CHROMIUM_OPTIONS): Promise<Engine> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath))
    throw new Error(`Chromium not found at ${executablePath} (install Debian's chromium or set CHROMIUM_PATH)`);
  const coreSource = readFileSync(corePagePath(), 'utf8');
  // Loaded when a browser is wanted: playwright-core takes about a second to load, which every other
  // command (and the dom engine) would pay at start-up.
  const { chromium, errors } = await import('playwright-core');
  const isLoadTimeout = (err: unknown): boolean => err instanceof errors.TimeoutError;
  const server = await startPageServer();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: opts.viewport, javaScriptEnabled: true, serviceWorkers: 'block' });
  const navigations = expectedNavigations();
  await context.route('**/*', (route) => routeLocalOnly(route, server, navigations));
  const core: PageScript = { url: server.script('core-page.js', () => coreSource), source: () => coreSource };
  const readabilitySource = readabilitySourceLoader();
  const readability: PageScript = { url: server.script('readability-page.js', readabilitySource), source: readabilitySource };
  const tabs = tabPool(context);
  return {
    name: 'chromium',
    async extract(page: PageInput, options: PartialOptions, training?: TrainingRequest): Promise<EngineResult> {
      const start = performance.now();
      const served = server.add(page.html);
      let tab: Page | null = null;
      let reusable = false;
      try {
        tab = await tabs.take();
        const run: TabRun = { core, options, training, opts, start, isLoadTimeout, navigations, server };
        const { result, tabUsable } = crashCharged(tabs, tab, await extractInTab(tab, served.url, page, run));
        reusable = tabUsable;
        if (!page.readability) return result;
        const outcome: ReadabilityOutcome = tabUsable
          ? await readabilityOutcome(tab, readability, opts.timeLimitMs)
          : { ok: false, kind: 'not-run', error: `not run: ${result.ok ? 'the tab could not be used' : result.error}`, ms: 0 };
        // A Readability that outlived its time keeps the renderer busy.
        reusable = tabUsable && (outcome.ok || outcome.kind !== 'time-limit');
        return { ...result, readability: outcome };
      } catch (err) {
        reusable = false;
        const error = tab && tabs.crashed(tab) ? CRASHED : err instanceof Error ? firstLine(err.message) : String(err);
        const outcome: ReadabilityOutcome = { ok: false, kind: 'not-run', error: `not run: ${error}`, ms: 0 };
        return {
          ok: false,
          kind: 'extraction',
          error,
          ms: performance.now() - start,
          ...(page.readability ? { readability: outcome } : {}),
        };
      } finally {
        served.remove();
        if (tab) await tabs.giveBack(tab, reusable);
      }
    },
    close: () => closeAll(browser, context, server),
  };
}

/** How many idle tabs the engine keeps for the next pages (one per concurrent page is enough). */
const MAX_IDLE_TABS = 8;

interface TabPool {
  take(): Promise<Page>;
  giveBack(tab: Page, reusable: boolean): Promise<void>;
  /** True once the tab's renderer has crashed. */
  crashed(tab: Page): boolean;
}

/**
 * The engine's tabs: a page is extracted in an idle tab when there is one. A tab goes back to the pool only
 * when its page loaded and nothing in it outlived its time limit (a renderer still busy with a page would
 * hold up the next) or crashed its renderer (the next page in it failed with "page.goto: Page crashed");
 * any other is closed, without waiting for it.
 */
function tabPool(context: BrowserContext): TabPool {
  const idle: Page[] = [];
  const crashed = new WeakSet<Page>();
  return {
    async take() {
      for (let tab = idle.pop(); tab; tab = idle.pop()) if (!tab.isClosed() && !crashed.has(tab)) return tab;
      const tab = await context.newPage();
      tab.on('crash', () => crashed.add(tab));
      return tab;
    },
    crashed: (tab) => crashed.has(tab),
    async giveBack(tab, reusable) {
      if (reusable && !tab.isClosed() && !crashed.has(tab) && idle.length < MAX_IDLE_TABS) {
        idle.push(tab);
        return;
      }
      // A tab still running the core may not close at once: its renderer is busy; the batch does not wait.
      await withTimeout(tab.close(), CLOSE_TIMEOUT_MS, 'closing the tab').catch(() => undefined);
    },
  };
}

/** The one-line error of a page that crashed its tab's renderer. */
const CRASHED = "the page crashed the browser's renderer";

/**
 * A tab's outcome, with a crash of its renderer charged to the page in it (playwright's message, "Target
 * crashed", says nothing of why) and the tab retired.
 */
function crashCharged(
  tabs: TabPool,
  tab: Page,
  run: { result: EngineResult; tabUsable: boolean },
): { result: EngineResult; tabUsable: boolean } {
  // Playwright's error may come before the tab's 'crash' event: its words count as the event.
  if (!tabs.crashed(tab) && (run.result.ok || !/\b(?:Target|Page) crashed\b/.test(run.result.error))) return run;
  const during = run.result.ok ? 'after extraction' : /^page\.goto/.test(run.result.error) ? 'while loading' : 'during extraction';
  return { result: { ok: false, kind: 'extraction', error: `${CRASHED} (${during})`, ms: run.result.ms }, tabUsable: false };
}

interface TabRun {
  readonly core: PageScript;
  readonly options: PartialOptions;
  readonly training: TrainingRequest | undefined;
  readonly opts: ChromiumEngineOptions;
  /** When the page's clock started (the page's `ms` counts from it). */
  readonly start: number;
  /** True for playwright's own timeout error (the page did not load in time). */
  readonly isLoadTimeout: (err: unknown) => boolean;
  /** The navigations the engine itself makes: the tab may load this page and nothing else. */
  readonly navigations: ExpectedNavigations;
  readonly server: PageServer;
}

/**
 * Loads the page in the tab and runs the core, each within the time limit. `tabUsable` is false when the
 * page did not load or the core outlived its time (its renderer is still busy with it): nothing else can
 * run in that tab.
 */
async function extractInTab(tab: Page, url: string, page: PageInput, run: TabRun): Promise<{ result: EngineResult; tabUsable: boolean }> {
  const { opts, start } = run;
  let loaded = false;
  try {
    tab.setDefaultTimeout(opts.loadTimeoutMs);
    const similarPage = page.similar ? (await similarTreeInTab(tab, page.similar, run.options, engineHost(tab, run))).similarPage : null;
    run.navigations.expect(tab.mainFrame(), url);
    await loadPage(tab, url, opts.loadTimeoutMs).catch((err: unknown) => {
      throw run.isLoadTimeout(err) ? new PageTimeLimit(timeLimitMessage(opts.loadTimeoutMs, 'loading the page')) : err;
    });
    loaded = true;
    await unhideScriptlessPage(tab);
    const input: ExtractInput = { url: page.url, linkTitle: page.linkTitle };
    const extras = {
      now: page.now ?? null,
      dateModel: page.dateModel ?? null,
      fieldModel: page.fieldModel ?? null,
      sliced: page.sliced ?? false,
      similarPage,
    };
    const extraction = extractIn(tab, run.core, input, run.options, extras, run.training);
    const { article, dateSamples, bodySamples, fieldSamples } = await withTimeout(extraction, opts.timeLimitMs, 'extraction').catch(
      (err: unknown) => {
        extraction.catch(() => undefined); // settles (rejects) once the tab is closed
        throw err instanceof TimeoutError ? new PageTimeLimit(timeLimitMessage(opts.timeLimitMs, 'extraction')) : err;
      },
    );
    const samples = {
      ...(dateSamples ? { dateSamples } : {}),
      ...(bodySamples ? { bodySamples } : {}),
      ...(fieldSamples ? { fieldSamples } : {}),
    };
    return { result: { ok: true, article, ...samples, ms: performance.now() - start }, tabUsable: true };
  } catch (err) {
    const kind = err instanceof PageTimeLimit ? 'time-limit' : 'extraction';
    const error = err instanceof Error ? firstLine(err.message) : String(err);
    return { result: { ok: false, kind, error, ms: performance.now() - start }, tabUsable: loaded && kind !== 'time-limit' };
  }
}

/** What method 4's similar page needs of the engine's tab: its server, gate, load limit and core. */
function engineHost(tab: Page, run: TabRun): SimilarTabHost {
  return {
    server: run.server,
    expectNavigation: (url) => run.navigations.expect(tab.mainFrame(), url),
    loadTimeoutMs: run.opts.loadTimeoutMs,
    inject: () => runPageScript(tab, run.core),
    bounded: (_what, step) => step(),
  };
}

/**
 * Readability in the tab where the core ran, within the same per-page time limit as the core (its own
 * clock: a slow Readability never costs the core its page). Never rejects.
 */
async function readabilityOutcome(tab: Page, script: PageScript, timeLimitMs: number): Promise<ReadabilityOutcome> {
  const start = performance.now();
  try {
    const run = readabilityInTab(tab, script);
    const summary = await withTimeout(run, timeLimitMs, 'Readability').catch((err: unknown) => {
      run.catch(() => undefined); // settles (rejects) once the tab is closed
      throw err instanceof TimeoutError ? new PageTimeLimit(timeLimitMessage(timeLimitMs, 'Readability')) : err;
    });
    return { ok: true, found: summary.found, text: summary.text, ms: performance.now() - start };
  } catch (err) {
    const error = err instanceof Error ? firstLine(err.message).replace(/^page\.evaluate: (?:Error: )?/, '') : String(err);
    return { ok: false, kind: err instanceof PageTimeLimit ? 'time-limit' : 'error', error, ms: performance.now() - start };
  }
}

type TabExtraction = { article: Article; dateSamples?: PageDateSamples; bodySamples?: PageBodySamples; fieldSamples?: PageFieldSamples };

async function extractIn(
  tab: Page,
  core: PageScript,
  input: ExtractInput,
  options: PartialOptions,
  extras: PageExtras,
  training: TrainingRequest | undefined,
): Promise<TabExtraction> {
  await runPageScript(tab, core);
  return tab.evaluate(
    ([i, o, e, t]): TabExtraction | Promise<TabExtraction> => {
      const api = (globalThis as { __articleLens?: PageApi }).__articleLens;
      if (!api) throw new Error('the core did not load in the page');
      if (t) return api.extractForTraining(i, o, e, t);
      return e.sliced ? api.extractSliced(i, o, e) : { article: api.extract(i, o, e) };
    },
    [input, options, extras, training ?? null] as const,
  );
}

/** Which navigation request a frame may make; every other is answered "204 No Content". */
export interface NavigationGate {
  admit(frame: Frame, url: string): boolean;
}

/** The gate of a tab used for one page: its first navigation, nothing after. */
export function firstNavigationOnly(): NavigationGate {
  const navigated = new WeakSet<Frame>();
  return {
    admit(frame) {
      if (navigated.has(frame)) return false;
      navigated.add(frame);
      return true;
    },
  };
}

/** The gate of reused tabs: a frame may load the one URL the engine is about to load in it, once. */
export interface ExpectedNavigations extends NavigationGate {
  expect(frame: Frame, url: string): void;
}

export function expectedNavigations(): ExpectedNavigations {
  const expected = new WeakMap<Frame, string>();
  return {
    expect(frame, url) {
      expected.set(frame, url);
    },
    admit(frame, url) {
      if (expected.get(frame) !== url) return false;
      expected.delete(frame);
      return true;
    },
  };
}

/**
 * Lets through the navigations the gate admits (the engine's own `goto` of a local page) and the page's
 * local subresources. Every other navigation (meta refresh, a frame) is answered "204 No Content", which
 * makes the browser keep the current document: aborting it instead would commit an error page and destroy
 * the page being extracted. Every other request is aborted.
 */
export function routeLocalOnly(route: Route, server: PageServer, gate: NavigationGate): Promise<void> {
  const request = route.request();
  const local = request.url().startsWith(`${server.origin}/`);
  if (request.isNavigationRequest()) {
    const frame = request.frame();
    if (!local || frame.parentFrame() !== null || !gate.admit(frame, request.url())) return route.fulfill({ status: 204, body: '' });
    return route.continue();
  }
  return local ? route.continue() : route.abort('blockedbyclient');
}

async function closeAll(browser: Browser, context: BrowserContext, server: PageServer): Promise<void> {
  await context.close().catch(() => undefined);
  await browser.close().catch(() => undefined);
  await server.close();
}

/** The rejection of `withTimeout`. */
export class TimeoutError extends Error {}

/** A page stopped by the engine's time limit (its message is the page's one-line reason). */
class PageTimeLimit extends Error {}

/** How long closing a tab may take before the engine goes on without waiting. */
const CLOSE_TIMEOUT_MS = 5_000;

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
