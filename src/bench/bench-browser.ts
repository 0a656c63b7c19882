/**
 * The one Chromium a bench run uses (`bench <sets>` and `bench --lcs-sizes`): Debian's Chromium with the
 * chromium engine's launch arguments, a context at the engine's viewport, the local page server, and the
 * engine's request blocking. A tab may load only the URL the bench is about to load in it
 * (`expectNavigation` right before each `loadPage`), once: a page's own navigations (meta refresh) are refused.
 * Each page or pair is benchmarked in a fresh tab of its own (`inBenchTab`).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  DEFAULT_CHROMIUM_OPTIONS,
  corePagePath,
  expectedNavigations,
  routeLocalOnly,
  withTimeout,
} from '../node/engines/chromium-engine.ts';
import { chromiumPath, firstLine } from '../node/engines/engine.ts';
import { chromiumVersion } from '../node/engines/chromium-version.ts';
import type { PageServer } from '../node/engines/page-server.ts';
import { startPageServer } from '../node/engines/page-server.ts';
import { loadPage, unhideScriptlessPage } from '../node/engines/served-page.ts';

export interface BenchBrowser {
  readonly context: BrowserContext;
  readonly server: PageServer;
  /** build/core-page.js, injected into every page. */
  readonly coreSource: string;
  /** `chromium --version`, or the browser's own version. */
  readonly chromium: string;
  /** Lets `tab` load `url` once (call it right before `loadPage`). */
  expectNavigation(tab: Page, url: string): void;
}

/** Runs `work` with one Chromium, its context and the page server, and closes them all after. */
export async function withBenchBrowser<T>(work: (b: BenchBrowser) => Promise<T>): Promise<T> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath))
    throw new Error(
      `Chromium not found at ${executablePath} (bench runs in Chromium only: install Debian's chromium or set CHROMIUM_PATH)`,
    );
  const coreSource = readFileSync(corePagePath(), 'utf8');
  const { chromium } = await import('playwright-core'); // loaded when wanted (chromium-engine.ts says why)
  const server = await startPageServer();
  try {
    const browser: Browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({
        viewport: DEFAULT_CHROMIUM_OPTIONS.viewport,
        javaScriptEnabled: true,
        serviceWorkers: 'block',
      });
      const navigations = expectedNavigations();
      await context.route('**/*', (route) => routeLocalOnly(route, server, navigations));
      return await work({
        context,
        server,
        coreSource,
        chromium: chromiumVersion(executablePath) ?? `Chromium ${browser.version()}`,
        expectNavigation: (tab, url) => navigations.expect(tab.mainFrame(), url),
      });
    } finally {
      await browser.close().catch(() => undefined);
    }
  } finally {
    await server.close();
  }
}

/** The time beyond which closing a tab is given up (a renderer stuck in a loop). */
const CLOSE_TIMEOUT_MS = 5_000;

/** One fresh tab of a bench run, and what the bench does in it. */
export interface BenchTab {
  readonly tab: Page;
  /** The tab's default timeout, and the limit of each page load (the chromium engine's). */
  readonly loadTimeoutMs: number;
  /** Runs `run` within the chromium engine's time limit; a failure or timeout becomes "`what`: its message". */
  readonly bounded: <T>(what: string, run: () => Promise<T>) => Promise<T>;
  /** Serves `html` and loads it in the tab (served until the tab closes), shown as the chromium engine shows it. */
  readonly load: (html: string) => Promise<void>;
  /** A CDP session on the tab, opened on the first call (null when CDP is unavailable). */
  readonly cdp: () => Promise<CDPSession | null>;
}

/**
 * Runs `work` in a fresh tab of `browser`, and after it, whether it succeeds or throws, removes what it served,
 * detaches its CDP session and closes the tab (given up after CLOSE_TIMEOUT_MS). `work`'s error, or the tab's
 * own failure to open, is thrown on.
 */
export async function inBenchTab<T>(browser: BenchBrowser, work: (t: BenchTab) => Promise<T>): Promise<T> {
  const { loadTimeoutMs, timeLimitMs } = DEFAULT_CHROMIUM_OPTIONS;
  let tab: Page | null = null;
  let cdp = null as Promise<CDPSession | null> | null; // (not narrowed to null: `cdp()` sets it)
  const served: { url: string; remove(): void }[] = [];
  try {
    tab = await browser.context.newPage();
    tab.setDefaultTimeout(loadTimeoutMs);
    const t = tab;
    return await work({
      tab: t,
      loadTimeoutMs,
      bounded: (what, run) =>
        withTimeout(run(), timeLimitMs, what).catch((err: unknown) => {
          throw new Error(`${what}: ${messageOf(err)}`);
        }),
      load: async (html) => {
        const page = browser.server.add(html);
        served.push(page);
        browser.expectNavigation(t, page.url);
        await loadPage(t, page.url, loadTimeoutMs);
        await unhideScriptlessPage(t);
      },
      cdp: () => (cdp ??= browser.context.newCDPSession(t).catch(() => null)),
    });
  } finally {
    for (const page of served) page.remove();
    await (await cdp)?.detach().catch(() => undefined);
    if (tab) await withTimeout(tab.close(), CLOSE_TIMEOUT_MS, 'closing the tab').catch(() => undefined);
  }
}

/** An error's first line, without Playwright's "page.evaluate: Error: " in front. */
export function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return firstLine(text).replace(/^page\.evaluate: (?:Error: )?/, '');
}
