/**
 * Annotation mode against the page it annotates and against a second tab (issue 40, items 1 and 2), in a
 * real Chromium with the built extension:
 * - the page's own script finds the panel in its shadow root and drives it with `.click()`, synthetic
 *   `change` and `keydown` events and a synthetic click while a pick runs: nothing of it is stored, while the
 *   annotator's own keys still are;
 * - two tabs on one page, each judging other fields: the stored record holds both tabs' verdicts, and a
 *   later change in the first tab does not take back what the second one said.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { OVERLAY_TAG_PREFIX } from '../../src/platform/overlay-host.ts';
import type { AnnotationRecord } from '../../src/shared/annotation/record.ts';
import { settledState, useExtension } from './support/fixture.ts';

const fixture = useExtension();
const EN = '/local/2019/03/riverton-library.html';

const panelOf = (page: Page) => page.locator('.annotation-panel');
const item = (page: Page, id: string) => panelOf(page).locator(`.item[data-item="${id}"]`);

/** Opens annotation mode on the tab from the popup, and gives the panel the focus (a click on its heading). */
async function annotate(tabId: number, page: Page): Promise<void> {
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Annotate this page', exact: true }).click()]);
  await page.bringToFront();
  await panelOf(page).waitFor();
  await panelOf(page).locator('h2').click();
}

/** The one annotation record in storage (each test file has a fresh profile; each test deletes what it stored). */
async function storedRecord(): Promise<AnnotationRecord | null> {
  return fixture.session.worker.evaluate(async () => {
    const all = await chrome.storage.local.get(null);
    const key = Object.keys(all).find((k) => k.startsWith('annotation:'));
    return key ? (all[key] as AnnotationRecord) : null;
  });
}

async function clearStorage(): Promise<void> {
  await fixture.session.worker.evaluate(() => chrome.storage.local.clear());
}

test("the page's own script drives the panel: clicks, changes, keys and a click while picking store nothing", async () => {
  await clearStorage();
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}${EN}`);
  await annotate(tabId, page);
  await expect.poll(async () => (await storedRecord())?.id).toBeTruthy();

  // What a hostile page does: in its own world, with the DOM APIs any script has.
  const forged = await page.evaluate((prefix) => {
    const host = [...document.documentElement.children].find((el) => el.localName.startsWith(prefix));
    const root = host?.shadowRoot;
    const panel = root?.querySelector<HTMLElement>('.annotation-panel');
    if (!root || !panel) return 'no panel';
    const q = <T extends Element>(s: string) => root.querySelector<T>(s);
    q<HTMLInputElement>('input[data-input="page-type"][value="not-article"]')?.click();
    for (const b of root.querySelectorAll<HTMLElement>('button[data-action="accept"]')) b.click();
    q<HTMLElement>('button[data-action="reject"][data-item="title"]')?.click();
    const value = q<HTMLInputElement>('input[data-input="value"][data-item="title"]');
    if (value) {
      value.value = '<img src=x onerror=alert(1)>Forged title';
      value.dispatchEvent(new Event('change', { bubbles: true }));
    }
    const note = q<HTMLInputElement>('input[data-input="note"][data-item="author"]');
    if (note) {
      note.value = 'written by the page';
      note.dispatchEvent(new Event('change', { bubbles: true }));
    }
    const done = q<HTMLInputElement>('input[data-input="done"]');
    if (done) {
      done.checked = true;
      done.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const key of ['2', 'j', 'a', 'j', 'x', 'n'])
      panel.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }));
    return 'driven';
  }, OVERLAY_TAG_PREFIX);
  expect(forged).toBe('driven');

  // A pick the annotator started, which the page tries to finish with a click of its own on its byline.
  await page.keyboard.press('j');
  await page.keyboard.press('j'); // author
  await page.keyboard.press('p');
  await expect.poll(() => page.locator('.pick-hint').isVisible()).toBe(true);
  await page.evaluate(() => {
    const byline = document.querySelector('p.byline');
    const r = byline?.getBoundingClientRect();
    const at = { bubbles: true, cancelable: true, clientX: (r?.left ?? 0) + 2, clientY: (r?.top ?? 0) + 2 };
    byline?.dispatchEvent(new MouseEvent('mousemove', at));
    byline?.dispatchEvent(new MouseEvent('click', at));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  // The pick still runs: only the annotator ends it.
  expect(await page.locator('.pick-hint').isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.pick-hint').isVisible()).toBe(false);

  // The annotator's own key is stored; when it is, nothing the page did is there beside it.
  await panelOf(page).locator('h2').click();
  await page.keyboard.press('k');
  await page.keyboard.press('k'); // page type
  await page.keyboard.press('1');
  await expect.poll(async () => (await storedRecord())?.pageType).toBe('article');
  const stored = await storedRecord();
  expect(stored?.done).toBe(false);
  for (const name of ['title', 'author', 'source', 'date'] as const)
    expect(stored?.fields[name], name).toMatchObject({ verdict: null, value: null, picked: null, note: '' });
  expect(stored?.body.verdict).toBeNull();
  expect(stored?.noise.every((n) => n.verdict === null)).toBe(true);
  expect(await item(page, 'title').getAttribute('data-verdict')).toBe('none');
  await page.close();
});

test('two tabs annotating one page: the stored record holds the verdicts of both', async () => {
  await clearStorage();
  const a = await fixture.session.openTab(`${fixture.server.origin}${EN}`);
  const b = await fixture.session.openTab(`${fixture.server.origin}${EN}`);
  await annotate(a.tabId, a.page);
  await annotate(b.tabId, b.page);

  // Tab A: the page type and the title.
  await a.page.bringToFront();
  await panelOf(a.page).locator('h2').click();
  for (const key of ['1', 'j', 'a']) await a.page.keyboard.press(key);
  await expect.poll(async () => (await storedRecord())?.fields.title.verdict).toBe('right');

  // Tab B, which opened before A judged anything: the author.
  await b.page.bringToFront();
  await panelOf(b.page).locator('h2').click();
  for (const key of ['j', 'j', 'x']) await b.page.keyboard.press(key);
  await expect.poll(async () => (await storedRecord())?.fields.author.verdict).toBe('wrong');
  let stored = await storedRecord();
  expect(stored?.pageType).toBe('article');
  expect(stored?.fields.title.verdict).toBe('right');

  // Tab A again, the source: B's author stays, and A's panel shows it.
  await a.page.bringToFront();
  await panelOf(a.page).locator('h2').click();
  for (const key of ['j', 'j', 'a']) await a.page.keyboard.press(key);
  await expect.poll(async () => (await storedRecord())?.fields.source.verdict).toBe('right');
  stored = await storedRecord();
  expect(stored).toMatchObject({ pageType: 'article' });
  expect(stored?.fields.title.verdict).toBe('right');
  expect(stored?.fields.author.verdict).toBe('wrong');
  await expect.poll(() => item(a.page, 'author').getAttribute('data-verdict')).toBe('wrong');
  await a.page.close();
  await b.page.close();
});
