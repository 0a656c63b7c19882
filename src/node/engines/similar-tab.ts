/**
 * Method 4 with real layout (ALGORITHMS.md §4.2): the similar page served and loaded in the tab first, at
 * the tab's viewport, shown as its scripts would show it, the core injected and its feature tree built
 * there, then brought back; the page itself is loaded after it by the caller. A similar page that does not
 * load or build in time is "unavailable" with its reason, and the page is extracted without it. The chromium
 * engine and the bench both take their similar pages this way.
 */
import type { Page } from 'playwright-core';
import type { FeatureTree, PartialOptions, SimilarPage } from '../../core/index.ts';
import type { PageApi } from '../../platform/page-entry.ts';
import { firstLine } from './engine.ts';
import type { PageServer } from './page-server.ts';
import { loadPage, unhideScriptlessPage } from './served-page.ts';

/** What the host's tab offers: its page server and navigation gate, its load limit, how it injects the core. */
export interface SimilarTabHost {
  readonly server: Pick<PageServer, 'add'>;
  /** Admits the tab's next navigation to `url` (and nothing else). */
  expectNavigation(url: string): void;
  readonly loadTimeoutMs: number;
  /** Runs the core's page script in the tab (it defines `__articleLens`). */
  inject(): Promise<void>;
  /** Runs one in-page step within the host's time limit (the bench's), or as it is. */
  bounded<T>(what: string, step: () => Promise<T>): Promise<T>;
}

/** The similar page's tree, built in `tab` (which it leaves on the similar page), and the in-page ms of `featureTree`. */
export async function similarTreeInTab(
  tab: Page,
  similar: { readonly html: string; readonly url: string | null; readonly why: string },
  options: PartialOptions,
  host: SimilarTabHost,
): Promise<{ similarPage: SimilarPage; treeMs: number | null }> {
  const start = performance.now();
  const served = host.server.add(similar.html);
  const { url, why } = similar;
  try {
    host.expectNavigation(served.url);
    await loadPage(tab, served.url, host.loadTimeoutMs);
    await unhideScriptlessPage(tab);
    await host.bounded('injection (similar page)', () => host.inject());
    const built = await host.bounded('feature tree (similar page)', () => tab.evaluate(treeInPage, options));
    return { similarPage: { url, why, tree: built.tree, fetchMs: performance.now() - start }, treeMs: built.ms };
  } catch (err) {
    const failure = `the similar page could not be read: ${err instanceof Error ? firstLine(err.message) : String(err)}`;
    return { similarPage: { url, why, tree: null, failure, fetchMs: performance.now() - start }, treeMs: null };
  } finally {
    served.remove();
  }
}

/** In the page: its feature tree, and the ms of that call alone. */
function treeInPage(options: PartialOptions): { tree: FeatureTree; ms: number } {
  const api = (globalThis as { __articleLens?: PageApi }).__articleLens;
  if (!api) throw new Error('the core did not load in the similar page');
  const start = performance.now();
  const tree = api.featureTree(options);
  return { tree, ms: performance.now() - start };
}
