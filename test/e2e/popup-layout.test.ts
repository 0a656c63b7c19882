/**
 * The popup at its default size in a real Chromium (issue 15): one scrollbar, the article's, however far
 * the reader unfolds the "why" (an absolutely placed status line pushed below the fold used to make the
 * document taller than the popup: a second, horizontal and vertical, pair of scrollbars); PageDown
 * scrolls the article as soon as it is shown, without a click into it first; and a page that takes
 * seconds shows its title and metadata while the body is still being found.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { BIG_PAGE_TITLE } from './support/big-pages.ts';
import { useFileServer } from './support/file-server.ts';
import { RESULTS, settledState, useExtension, whyButton } from './support/fixture.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const server = useFileServer((path) => (path === '/culture/river-festival.html' ? `${FIXTURES}published-time-en.html` : null));
const fixture = useExtension();

/** Whether the document itself scrolls (the popup window would show its own scrollbars). */
function documentOverflow(popup: Page): Promise<{ x: number; y: number }> {
  return popup.evaluate(() => {
    const d = document.documentElement;
    return { x: d.scrollWidth - d.clientWidth, y: d.scrollHeight - d.clientHeight };
  });
}

test('one scrollbar at the default size, the why and its details unfolded; PageDown scrolls the article at once', async () => {
  const { tabId } = await fixture.session.openTab(`${server.origin}/culture/river-festival.html`);
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  expect(await documentOverflow(popup)).toEqual({ x: 0, y: 0 });

  const scrollTop = () => popup.locator('main.content').evaluate((el) => el.scrollTop);
  expect(await scrollTop()).toBe(0);
  await popup.keyboard.press('PageDown');
  await expect.poll(scrollTop).toBeGreaterThan(100);
  await popup.keyboard.press('Home');
  await expect.poll(scrollTop).toBe(0);

  await whyButton(popup, 'published', 'Why?').click();
  await popup.locator('.why-details > summary').click();
  expect(await popup.locator('.why-details').getAttribute('open')).not.toBeNull();
  expect(await documentOverflow(popup)).toEqual({ x: 0, y: 0 });
  const content = await popup.locator('main.content').evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
  expect(content.scroll).toBeGreaterThan(content.client);
  await popup.screenshot({ path: `${RESULTS}popup-layout.png` });
  await popup.close();
});

test('on a page of 60 000 links the title, author and time show while the body is still being found', async () => {
  const { tabId } = await fixture.session.openTab(`${fixture.server.origin}/big/links-60k.html`, 60_000);
  const popup = await fixture.session.openPopup(tabId);
  // The link blocks and the body take seconds here; the metadata is known well before.
  const preview = popup.locator('.article-preview');
  await expect.poll(() => preview.count(), { timeout: 30_000 }).toBe(1);
  expect(await preview.locator('h1').innerText()).toBe(BIG_PAGE_TITLE);
  expect(await preview.innerText()).toContain('Ann Lee');
  expect(await popup.locator('.status-loading').count()).toBe(1);
  await popup.screenshot({ path: `${RESULTS}popup-preview.png` });
  expect(await settledState(popup, 60_000)).toBe('ready');
  expect(await popup.locator('.article-preview').count()).toBe(0);
  expect(await popup.locator('.article-title').innerText()).toBe(BIG_PAGE_TITLE);
  await popup.close();
});
