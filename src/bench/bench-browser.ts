/**
 * The one Chromium a bench run uses (`bench <sets>` and `bench --lcs-sizes`): Debian's Chromium with the
 * chromium engine's launch arguments, a context at the engine's viewport, the local page server, and the
 * engine's request blocking. A tab may load only the URL the bench is about to load in it
 * (`expectNavigation` right before each `loadPage`), once: a page's own navigations (meta refresh) are refused.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  DEFAULT_CHROMIUM_OPTIONS,
  corePagePath,
  expectedNavigations,
  routeLocalOnly,
} from '../node/engines/chromium-engine.ts';
import { chromiumPath } from '../node/engines/engine.ts';
import { chromiumVersion } from '../node/engines/chromium-version.ts';
import type { PageServer } from '../node/engines/page-server.ts';
import { startPageServer } from '../node/engines/page-server.ts';

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
