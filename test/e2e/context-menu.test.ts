/**
 * The context menu in a real Chromium (issue 15): its items exist once the extension is installed,
 * "Copy as Markdown" (what its click sends the tab, from the service worker) puts the article on the
 * clipboard as Markdown without opening anything, and "Annotate this page" opens annotation mode. A native menu cannot be clicked from a test, so the
 * items are found by updating them (which fails for an unknown id) and the copy is asked as the menu asks.
 */
import { expect, test } from 'vitest';
import { pasteClipboard } from './support/clipboard.ts';
import { useExtension } from './support/fixture.ts';

const fixture = useExtension();

test('"Extract article", "Copy as Markdown" and "Annotate this page" are in the context menu', async () => {
  // The service worker creates the items when the extension is installed: on a busy machine that may finish
  // after the test starts, so the check is repeated until it holds (or the poll times out).
  const found = () =>
    fixture.session.worker.evaluate(async () => {
      const exists = (id: string) =>
        chrome.contextMenus.update(id, {}).then(
          () => true,
          () => false,
        );
      return {
        extract: await exists('article-lens-extract'),
        copy: await exists('article-lens-copy-markdown'),
        annotate: await exists('article-lens-annotate'),
        unknown: await exists('article-lens-no-such-item'),
      };
    });
  await expect.poll(found, { timeout: 10_000 }).toEqual({ extract: true, copy: true, annotate: true, unknown: false });
});

test('"Copy as Markdown" puts the article on the clipboard as Markdown', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/local/2019/03/riverton-library.html`);
  await page.bringToFront();
  const reply = await fixture.session.worker.evaluate(
    (id) =>
      chrome.tabs.sendMessage(id, { type: 'page:copy-markdown' }, { frameId: 0 }) as Promise<{
        ok: boolean;
        value: { copied: boolean; chars: number };
      }>,
    tabId,
  );
  expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true });
  expect(reply.value.copied).toBe(true);
  // Read it back as a user would: paste it.
  const pasted = await pasteClipboard(page);
  expect(pasted).toMatch(
    /^# Riverton's new library runs on sunlight and borrowed books\n\n\*Margaret Ellison · The Example Gazette · 2019-03-14/,
  );
  expect(pasted.length).toBe(reply.value.chars);
  expect(pasted).not.toContain('All rights reserved');
  await page.close();
});

test('"Annotate this page" opens annotation mode on the page, as the menu asks it (from the service worker)', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/local/2019/03/riverton-library.html`);
  const reply = await fixture.session.worker.evaluate(
    (id) =>
      chrome.tabs.sendMessage(id, { type: 'page:annotate' }, { frameId: 0 }) as Promise<{
        ok: boolean;
        value: { id: string; resumed: boolean; given: number };
      }>,
    tabId,
  );
  expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true, value: { resumed: false, given: 0 } });
  await expect.poll(() => page.locator('.annotation-panel h2').innerText()).toBe('Annotating this page');
  await page.close();
});
