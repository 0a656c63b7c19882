/**
 * Smoke test of the Firefox build (dist-firefox/) in Debian's Firefox ESR: the same sources as the Chromium
 * build, run on Firefox's own extension APIs. One link followed and one popup exercise every part: the
 * content script and its lazily imported chunks (crxjs's loader `import()`s web-accessible modules from the
 * content script), the link recorder → event-page background → `storage.session`, the popup's messaging and
 * i18n; then `scripting.executeScript` re-injects the content script, the overlay draws under a strict CSP,
 * and one of Firefox's own pages shows the restricted message although Firefox, unlike Chrome, does not
 * refuse the injection there.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'puppeteer-core';
import type { FirefoxSession } from './support/firefox.ts';
import { launchFirefoxWithExtension } from './support/firefox.ts';
import type { PageServer } from './support/server.ts';
import { INDEX_LINK_TEXT, startPageServer } from './support/server.ts';

const HEADLINE = "Riverton's new library runs on sunlight and borrowed books";
const ARTICLE_PATH = '/local/2019/03/riverton-library.html';

let session: FirefoxSession | null = null;
let server: PageServer | null = null;
beforeAll(async () => {
  server = await startPageServer();
  session = await launchFirefoxWithExtension();
});
afterAll(async () => {
  await session?.close();
  await server?.close();
});

function started(): { readonly firefox: FirefoxSession; readonly origin: string } {
  if (!session || !server) throw new Error('Firefox or the page server did not start');
  return { firefox: session, origin: server.origin };
}

/** Waits until the popup has left its loading state; returns that state ("ready", "restricted", "error"). */
async function settledState(popup: Page): Promise<string> {
  const root = await popup.waitForSelector('.popup:not([data-state="loading"])', { timeout: 30_000 });
  return (await root?.evaluate((e) => e.getAttribute('data-state'))) ?? '';
}

const textOf = (popup: Page, selector: string) => popup.$eval(selector, (e) => (e as HTMLElement).innerText);

test('a followed link is recorded, and the popup extracts the local article with it', async () => {
  const { firefox, origin } = started();
  const { page, tabId } = await firefox.openTab(`${origin}/index.html`);
  // A real (trusted) click through WebDriver BiDi input, so the recorder must take it.
  await Promise.all([page.waitForNavigation(), page.click('#to-article')]);
  expect(page.url()).toBe(`${origin}${ARTICLE_PATH}#top`);

  const stored = () =>
    firefox.probe.evaluate(
      async () => ((await chrome.storage.session.get('linkTitles'))['linkTitles'] ?? []) as { url: string; text: string }[],
    );
  await expect
    .poll(stored, { timeout: 10_000 })
    .toContainEqual(expect.objectContaining({ url: `${origin}${ARTICLE_PATH}`, text: INDEX_LINK_TEXT }));

  const popup = await firefox.openPopup(tabId);
  const state = await settledState(popup);
  expect(state, state === 'ready' ? '' : await textOf(popup, '.popup')).toBe('ready');
  expect(await textOf(popup, '.article-title')).toBe(HEADLINE);
  expect(await textOf(popup, '.link-title')).toBe(`Link you followed: “${INDEX_LINK_TEXT}” (found the title)`);
  // The value, without the field's "Why?" button.
  expect(await popup.$eval('.meta-row[data-field="author"] dd', (dd) => dd.firstChild?.textContent ?? '')).toBe('Margaret Ellison');
  expect(await textOf(popup, '.meta-row[data-field="published"] dd')).toContain('2019-03-14 08:30');
  const body = await textOf(popup, '.body-html');
  expect(body).toContain('Riverton opened its new public library on Thursday morning in the old railway goods depot');
  expect(body).toContain('a living room has to work for the neighbours as well as for the guests');
  for (const furniture of ['Council elections', 'Sign up for the morning briefing', 'Tram extension delayed again', 'All rights reserved'])
    expect(body).not.toContain(furniture);
  await popup.close();
});

test('scripting.executeScript re-injects the content script, which replaces the declared one', async () => {
  const { firefox, origin } = started();
  const { tabId } = await firefox.openTab(`${origin}${ARTICLE_PATH}`);
  const ping = () =>
    firefox.probe.evaluate(async (id) => {
      const reply = (await chrome.tabs.sendMessage(id, { type: 'page:ping' }, { frameId: 0 })) as { value?: { generation?: number } };
      return reply.value?.generation;
    }, tabId);
  await expect.poll(ping, { timeout: 10_000 }).toBe(1);
  await firefox.probe.evaluate(async (id) => {
    const files = chrome.runtime.getManifest().content_scripts?.[0]?.js ?? [];
    await chrome.scripting.executeScript({ target: { tabId: id, frameIds: [0] }, files });
  }, tabId);
  await expect.poll(ping, { timeout: 10_000 }).toBe(2);

  const popup = await firefox.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  expect(await textOf(popup, '.article-title')).toBe(HEADLINE);
  await popup.close();
});

/** What the overlay drew on `page` (its host's display, its outlines' kinds and how far each is off its element). */
function readOverlay(page: Page) {
  return page.evaluate(() => {
    const host = [...document.documentElement.children].find((el) => el.localName.startsWith('article-lens-overlay-'));
    const root = host?.shadowRoot;
    if (!host || !root) return null;
    const boxes = [...root.querySelectorAll<HTMLElement>('.box')];
    return {
      hostDisplay: getComputedStyle(host).display,
      outlineStyle: boxes[0] ? getComputedStyle(boxes[0]).outlineStyle : '',
      kinds: boxes.map((box) => box.dataset['kind'] ?? ''),
      maxOffset: Math.max(
        ...boxes.map((box) => {
          const a = box.getBoundingClientRect();
          const b = document.querySelector(box.dataset['selector'] ?? '')?.getBoundingClientRect();
          return b ? Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top), Math.abs(a.width - b.width)) : Infinity;
        }),
      ),
    };
  });
}

test('the overlay draws its outlines on a page with a strict CSP, and switching it off removes it', async () => {
  const { firefox, origin } = started();
  const { page, tabId } = await firefox.openTab(`${origin}/overlay/flood-wall.html`);
  const before = await page.evaluate(() => document.documentElement.outerHTML);
  const popup = await firefox.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  const pressed = () => popup.$eval('[data-action="overlay"]', (e) => e.getAttribute('aria-pressed'));
  expect(await pressed()).toBe('false');
  await popup.click('[data-action="overlay"]');
  await expect.poll(pressed, { timeout: 10_000 }).toBe('true');

  const view = await readOverlay(page);
  expect(view).not.toBeNull();
  // The page's own inline styles are refused by its CSP; the overlay's shadow-root style sheet is not.
  expect(view?.hostDisplay).toBe('block');
  expect(view?.outlineStyle).toBe('solid');
  expect(view?.kinds.filter((k) => k === 'title')).toHaveLength(1);
  expect(view?.kinds.filter((k) => k === 'body')).toHaveLength(1);
  expect(view?.maxOffset).toBeLessThan(1);

  await popup.click('[data-action="overlay"]');
  await expect.poll(pressed, { timeout: 10_000 }).toBe('false');
  expect(await readOverlay(page)).toBeNull();
  expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
  await popup.close();
});

test("Firefox's own pages, which it lets no add-on script, show the restricted message", async () => {
  const { firefox } = started();
  // Opened with ?tab= the popup cannot see the URL; Firefox accepts the injection here and injects nothing.
  const { tabId } = await firefox.openTab('about:robots');
  const popup = await firefox.openPopup(tabId);
  expect(await settledState(popup)).toBe('restricted');
  expect(await popup.$eval('[role="alert"]', (e) => e.getAttribute('data-reason'))).toBe('no-access');
  await popup.close();
});
