/**
 * DOM clobbering in the real extension (issue 16, "a page can hang the tab"): on each hand-written page of
 * test/fixtures/clobber/ — a form around the whole page with a hidden input per DOM property, a sibling
 * cycle made with `form=`, a story inside a form holding `<input name=parentElement>`, and named `<img>`s
 * shadowing `document.body`, `document.querySelectorAll`… — the popup must show the article within a few
 * seconds, and the page must stay responsive. Before the fix the popup timed out after 30 s and the tab
 * stayed frozen (an endless loop in the content script), or the extraction threw a TypeError.
 *
 * The pages are served by a server of this file; each test first checks, in the page, that the browser
 * really shadows the property (so the test can fail). A content script runs in an isolated world, where
 * Chromium gives forms their named properties but not the document (checked: there `document.body` stays
 * the body), so document-names.html could not fail here before the fix; it fails in the page's own world,
 * through the CLI's chromium engine (test/cli/cli-clobber.test.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { CLOBBER_ARTICLE, CLOBBER_DIR } from '../helpers/clobber.ts';
import { useFileServer } from './support/file-server.ts';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';

/** The popup must have its article this soon after it opens (the pages are small: well under a second unloaded). */
const POPUP_MS = 10_000;
/** A page that answers a script within this time is responsive; a frozen tab never answers. */
const RESPONSIVE_MS = 2_000;

/** Each page, and a check run in the page that its clobbering is live (true = the browser shadows the property). */
const PAGES: readonly { readonly file: string; readonly clobbered: string }[] = [
  {
    file: 'form-wraps-page.html',
    clobbered: `(() => { const f = document.forms[0]; return f.parentElement.localName === 'input' && typeof f.getAttribute !== 'function'; })()`,
  },
  {
    file: 'sibling-cycle.html',
    clobbered: `document.getElementById('subscribe').nextSibling.getAttribute('name') === 'nextSibling'`,
  },
  {
    file: 'parent-loop.html',
    clobbered: `(() => { const f = document.getElementById('story-form'); return f.parentElement.parentElement === f; })()`,
  },
  {
    file: 'document-names.html',
    // two <img name="body"> make document.body an HTMLCollection of them
    clobbered: `document.body instanceof HTMLCollection && document.body[0].localName === 'img' && typeof document.querySelectorAll !== 'function' && document.title.localName === 'form'`,
  },
];

const files = new Set(PAGES.map((p) => p.file));
const server = useFileServer((path) => {
  const file = path.replace(/^\/news\//, '');
  return files.has(file) ? `${CLOBBER_DIR}${file}` : null;
});

/** Resolves with how long the page took to run a script, or rejects when it does not within `ms`. */
async function answers(page: Page, ms: number): Promise<number> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const frozen = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page did not answer within ${ms} ms: frozen`)), ms);
  });
  await Promise.race([page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0))), frozen]).finally(() => clearTimeout(timer));
  return performance.now() - start;
}

describe('pages that clobber the DOM', () => {
  const fixture = useExtension();
  const timings: string[] = [];
  afterAll(() => console.log(`popup on clobbering pages:\n  ${timings.join('\n  ')}`));

  for (const { file, clobbered } of PAGES) {
    test(`${file}: the popup shows the article within ${POPUP_MS / 1000} s and the page stays responsive`, async () => {
      const { page, tabId } = await fixture.session.openTab(`${server.origin}/news/${file}`);
      expect(await page.evaluate(clobbered)).toBe(true);

      const start = performance.now();
      const popup = await fixture.session.openPopup(tabId);
      const state = await settledState(popup);
      const ms = performance.now() - start;
      timings.push(`${file}: ${state} after ${Math.round(ms)} ms`);
      expect(state).toBe('ready');
      expect(ms).toBeLessThan(POPUP_MS);

      expect(await popup.locator('.article-title').innerText()).toBe(CLOBBER_ARTICLE.title);
      const body = await popup.locator('.body-html').innerText();
      for (const p of CLOBBER_ARTICLE.paragraphs) expect(body).toContain(p);
      for (const furniture of ['More from the harbour', 'Subscribe', 'Sport']) expect(body).not.toContain(furniture);
      await popup.screenshot({ path: `${RESULTS}popup-clobber-${file.replace('.html', '')}.png` });

      expect(await answers(page, RESPONSIVE_MS)).toBeLessThan(RESPONSIVE_MS);
      await popup.close();
      await page.close();
    });
  }
});
