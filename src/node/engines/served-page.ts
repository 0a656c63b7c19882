/**
 * Loading a page the local server serves into a tab, as every Chromium host here does (the chromium engine,
 * its similar page, the bench): the load itself, and the scriptless page shown as its scripts would show it.
 */
import type { Page } from 'playwright-core';

/** Loads a served page; a page whose load event never comes is still used once its DOM is there. */
export async function loadPage(tab: Page, url: string, timeoutMs: number): Promise<void> {
  await tab.goto(url, { waitUntil: 'load', timeout: timeoutMs }).catch(async (err: unknown) => {
    if (!(await tab.evaluate(() => document.readyState !== 'loading').catch(() => false))) throw err;
  });
}

/**
 * The page's scripts never run here, so a document that hides itself until a script shows it (the
 * anti-flicker snippets of analytics and A/B-testing tools: `body { visibility: hidden !important }`,
 * removed by the snippet once it has loaded) would stay blank, and every element of it would read as not
 * rendered. The root and the body are shown as the page's scripts would show them: an inline
 * `visibility: visible !important` (which outranks any stylesheet rule) on each of the two whose computed
 * visibility is hidden, the root first (the body may only inherit it). Nothing below the body is touched:
 * an element a page hides itself stays hidden. The two are read through the prototype getters, as
 * page-script.ts does: a page's `<img name="body">` clobbers `document.body`, and two of them make it an
 * HTMLCollection.
 */
export async function unhideScriptlessPage(tab: Page): Promise<void> {
  await tab.evaluate(() => {
    const read = (name: 'documentElement' | 'body'): unknown =>
      Object.getOwnPropertyDescriptor(Document.prototype, name)?.get?.call(document);
    for (const el of [read('documentElement'), read('body')]) {
      if (!(el instanceof HTMLElement) || getComputedStyle(el).visibility !== 'hidden') continue;
      el.style.setProperty('visibility', 'visible', 'important');
    }
  });
}
