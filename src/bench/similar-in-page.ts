/**
 * Method 4 in the bench's tab, as the chromium engine does it (`similarTreeInTab`): the similar page loaded in
 * the tab first, the core injected, its feature tree built there (`__articleLens.featureTree`) and brought
 * back; then, once the page itself is loaded, the tree is left in the page (`setSimilarInPage`) so that every
 * timed extraction passes it as `extras.similarPage` without carrying it over the protocol again. Also the
 * in-page calls that read the stage: one timed extraction (`lcsRunInPage`), and one with the trace on
 * (`lcsTraceInPage`) for the '4.5-lcs' numbers, so that the timed runs stay trace-free.
 */
import type { Page } from 'playwright-core';
import type { Article, ExtractInput, SimilarPage } from '../core/index.ts';
import { similarTreeInTab } from '../node/engines/similar-tab.ts';
import type { PageApi } from '../platform/page-entry.ts';
import type { BenchBrowser } from './bench-browser.ts';
import type { LcsRun, LcsTraceReading } from './types.ts';

/** Where the similar page waits in the page for the timed runs. */
export type BenchPageGlobals = typeof globalThis & {
  __articleLens?: PageApi;
  __articleLensBenchSimilar?: SimilarPage;
};

/**
 * The similar page's tree built in `tab` as the chromium engine builds it (which leaves the tab on the similar
 * page), with the bench's server, gate and time bound, and the in-page ms of `featureTree`.
 */
export function benchSimilarTree(
  browser: BenchBrowser,
  tab: Page,
  similar: { readonly html: string; readonly url: string | null; readonly why: string },
  bounded: <T>(what: string, run: () => Promise<T>) => Promise<T>,
  loadTimeoutMs: number,
): Promise<{ similarPage: SimilarPage; treeMs: number | null }> {
  return similarTreeInTab(
    tab,
    similar,
    {},
    {
      server: browser.server,
      expectNavigation: (url) => browser.expectNavigation(tab, url),
      loadTimeoutMs,
      inject: async () => {
        await tab.evaluate(browser.coreSource);
      },
      bounded,
    },
  );
}

/** Leaves the similar page in the loaded page for the timed runs. */
export function setSimilarInPage(tab: Page, similarPage: SimilarPage): Promise<void> {
  return tab.evaluate((s) => {
    (globalThis as BenchPageGlobals).__articleLensBenchSimilar = s;
  }, similarPage);
}

/** In the page: the ms of one `featureTree` call on the page itself (the walk the stage makes of its own page); the tree stays there. */
export function featureTreeMsInPage(): number {
  const api = (globalThis as BenchPageGlobals).__articleLens;
  if (!api) throw new Error('the core did not load in the page');
  const start = performance.now();
  api.featureTree({});
  return performance.now() - start;
}

/** In the page: one extraction against the similar page left there, timed around the call alone. */
export function lcsRunInPage(input: ExtractInput): LcsRun {
  const g = globalThis as BenchPageGlobals;
  const api = g.__articleLens;
  if (!api) throw new Error('the core did not load in the page');
  const extras = { similarPage: g.__articleLensBenchSimilar ?? null };
  const start = performance.now();
  const article: Article = api.extract(input, {}, extras);
  const ms = performance.now() - start;
  const report = article.similarPage;
  return { ms, lcsMs: article.timings['lcs-diff'] ?? null, status: report.status, message: report.message, nodes: report.nodes };
}

/**
 * In the page: one extraction against the similar page with the trace on (and room for every decision, so
 * that a large page's earlier stages do not crowd out method 4's), and what it says of the diff.
 */
export function lcsTraceInPage(input: ExtractInput): LcsTraceReading {
  const g = globalThis as BenchPageGlobals;
  const api = g.__articleLens;
  if (!api) throw new Error('the core did not load in the page');
  const extras = { similarPage: g.__articleLensBenchSimilar ?? null };
  const article = api.extract(input, { trace: { enabled: true }, limits: { maxDecisions: 100_000_000 } }, extras);
  const lcs = article.explain.decisions.find((d) => d.method === 'lcs-diff' && d.rule === '4.5-lcs');
  const n = lcs?.numbers;
  const report = article.similarPage;
  return {
    status: report.status,
    message: report.message,
    nodes: report.nodes,
    diff: n
      ? { cells: n['cells'] ?? 0, peakTableBytes: n['peakTableBytes'] ?? 0, trimmed: n['trimmed'] ?? 0, splits: n['splits'] ?? 0 }
      : null,
  };
}
