/**
 * The link-title recorder (ALGORITHMS.md §1 "Input"): clicking a link records its anchor text for the
 * target URL (without fragment) in the background's session storage, and the extraction on the target page
 * uses it as the query title; a link text that matches nothing there does not cost the reader the article.
 * A hostile page on another origin can neither plant titles with clicks of its own nor flood the store.
 */
import { expect, test } from 'vitest';
import { INDEX_LINK_TEXT, TEASER_TEXT, startPageServer } from './support/server.ts';
import { metaValue, settledState, useExtension } from './support/fixture.ts';

const fixture = useExtension();
const HEADLINE = "Riverton's new library runs on sunlight and borrowed books";

interface StoredTitle {
  readonly url: string;
  readonly text: string;
  readonly from: string;
}

function storedTitles(): Promise<StoredTitle[]> {
  return fixture.session.worker.evaluate(async () => {
    const got = await chrome.storage.session.get('linkTitles');
    return (got['linkTitles'] ?? []) as StoredTitle[];
  });
}

/** The query titles the core tried on the tab, from its Explain trace (asked as the popup would ask). */
async function queryDecisions(tabId: number): Promise<string[]> {
  return fixture.session.worker.evaluate(async (id) => {
    const reply = await chrome.tabs.sendMessage(id, { type: 'page:extract', options: { trace: { enabled: true } } });
    const decisions = (reply?.value?.article?.explain?.decisions ?? []) as { rule: string; verdict: string; note?: string }[];
    return decisions.filter((d) => d.rule === '1.1-query-title').map((d) => `${d.verdict} ${d.note ?? ''}`);
  }, tabId);
}

async function followLink(selector: string): Promise<number> {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/index.html`);
  await Promise.all([page.waitForURL('**/riverton-library.html**'), page.click(selector)]);
  return tabId;
}

test('a clicked link title is stored for the target URL and used by the extraction there', async () => {
  const tabId = await followLink('#to-article');
  const articleUrl = `${fixture.server.origin}/local/2019/03/riverton-library.html`;
  await expect.poll(storedTitles).toContainEqual(expect.objectContaining({ url: articleUrl, text: INDEX_LINK_TEXT }));

  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  expect(await popup.locator('.link-title').innerText()).toBe(`Link you followed: “${INDEX_LINK_TEXT}” (found the title)`);
  expect(await popup.locator('.article-title').innerText()).toBe(HEADLINE);
  expect(await metaValue(popup, 'author')).toBe('Margaret Ellison');
  expect(await queryDecisions(tabId)).toEqual([`choose link-title: ${INDEX_LINK_TEXT}`]);
  await popup.close();
});

test('a generic link text ("Continue reading") is not used as the query and does not cost the reader the article', async () => {
  const tabId = await followLink('#teaser');
  const articleUrl = `${fixture.server.origin}/local/2019/03/riverton-library.html`;
  await expect.poll(async () => (await storedTitles()).findLast((e) => e.url === articleUrl)?.text).toBe(`${TEASER_TEXT} ›`);

  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  expect(await popup.locator('.link-title').innerText()).toBe(
    `Link you followed: “${TEASER_TEXT} ›” (not used: the page’s own title found the article)`,
  );
  expect(await popup.locator('.article-title').innerText()).toBe(HEADLINE);
  expect(await popup.locator('.body-html').innerText()).toContain('Riverton opened its new public library on Thursday morning');
  const queries = await queryDecisions(tabId);
  expect(queries).toHaveLength(1);
  expect(queries[0]).toMatch(/^choose title-element: Riverton's new library/);
  await popup.close();
});

test('a middle click (auxclick) records the link title too', async () => {
  const { origin } = fixture.server;
  const { page } = await fixture.session.openTab(`${origin}/index.html`);
  await page.click('a[href="/news/qingshi-library.htm"]', { button: 'middle' });
  await expect
    .poll(storedTitles)
    .toContainEqual(expect.objectContaining({ url: `${origin}/news/qingshi-library.htm`, text: '青石镇老粮仓改建社区图书馆' }));
});

/** Resolves once the content script in `tabId` answers, so that page events from now on reach it. */
async function contentScriptReady(tabId: number): Promise<void> {
  await expect
    .poll(() =>
      fixture.session.worker.evaluate(async (id) => {
        try {
          return ((await chrome.tabs.sendMessage(id, { type: 'page:ping' })) as { ok?: boolean } | undefined)?.ok === true;
        } catch {
          return false;
        }
      }, tabId),
    )
    .toBe(true);
}

test('a page on another origin can neither plant titles with its own clicks nor flood out the real ones', async () => {
  const victim = fixture.server.origin;
  const articleUrl = `${victim}/local/2019/03/riverton-library.html`;
  // The reader follows a real link on the news site first.
  const articleTab = await followLink('#to-article');
  await expect.poll(storedTitles).toContainEqual({ url: articleUrl, text: INDEX_LINK_TEXT, from: victim, at: expect.any(Number) });
  const realBefore = (await storedTitles()).filter((e) => e.from === victim);

  // Then visits a hostile page on another origin (another port of 127.0.0.1).
  const hostile = await startPageServer();
  try {
    const { page, tabId } = await fixture.session.openTab(`${hostile.origin}/link-farm.html`);
    await contentScriptReady(tabId);
    const flooded = await page.evaluate(
      ({ victim, articleUrl }) => {
        const box = document.getElementById('links') as HTMLElement;
        // Keep the page where it is whatever is clicked.
        for (const type of ['click', 'auxclick']) document.addEventListener(type, (e) => e.preventDefault());
        const link = (href: string, text: string, id = ''): HTMLAnchorElement => {
          const a = document.createElement('a');
          a.href = href;
          a.textContent = text;
          a.id = id;
          box.append(a, ' ');
          return a;
        };
        // Synthetic clicks, every way a script can make one: 3 × 700 events in one go.
        const planted = link(articleUrl, 'Planted headline', 'planted');
        const started = performance.now();
        for (let i = 0; i < 700; i++) {
          const a = i % 7 === 0 ? planted : link(`${victim}/synthetic/${i}.html`, `Synthetic ${i}`);
          a.click();
          a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
          a.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, composed: true, button: 1 }));
          if (a !== planted) a.remove();
        }
        // Links for the reader to be lured into clicking, fast.
        for (let i = 0; i < 45; i++) link(`${victim}/lure/${i}.html`, `Lure ${i}`, `lure-${i}`);
        return performance.now() - started;
      },
      { victim, articleUrl },
    );
    expect(flooded).toBeLessThan(10_000);
    // Give the messages time to arrive, had any been sent.
    await page.waitForTimeout(1000);
    let titles = await storedTitles();
    expect(titles.filter((e) => e.from === hostile.origin)).toEqual([]);
    expect(titles.some((e) => /Planted|Synthetic/.test(e.text))).toBe(false);

    // Trusted clicks (the reader's own, as Chromium's input makes them) are recorded, up to the origin's rate.
    await page.bringToFront();
    for (let i = 0; i < 45; i++) await page.click(`#lure-${i}`);
    await page.click('#planted');
    await expect.poll(async () => (await storedTitles()).filter((e) => e.from === hostile.origin).length).toBe(30);
    await page.waitForTimeout(500);
    titles = await storedTitles();
    const fromHostile = titles.filter((e) => e.from === hostile.origin);
    expect(fromHostile).toHaveLength(30);
    expect(fromHostile.map((e) => e.text)).toEqual(Array.from({ length: 30 }, (_, i) => `Lure ${i}`));
    // The real titles survive, and the article keeps the title of the link the reader followed.
    expect(titles.filter((e) => e.from === victim)).toEqual(realBefore);
    expect(titles.findLast((e) => e.url === articleUrl)?.text).toBe(INDEX_LINK_TEXT);
    await page.close();
  } finally {
    await hostile.close();
  }

  const popup = await fixture.session.openPopup(articleTab);
  expect(await settledState(popup)).toBe('ready');
  expect(await popup.locator('.link-title').innerText()).toBe(`Link you followed: “${INDEX_LINK_TEXT}” (found the title)`);
  expect(await popup.locator('.article-title').innerText()).toBe(HEADLINE);
  expect(await queryDecisions(articleTab)).toEqual([`choose link-title: ${INDEX_LINK_TEXT}`]);
  await popup.close();
});

test('the recorded target is the one the browser follows: the anchor resolved against <base>', async () => {
  const { origin } = fixture.server;
  const { page, tabId } = await fixture.session.openTab(`${origin}/link-farm.html`);
  await contentScriptReady(tabId);
  await page.evaluate(() => {
    const base = document.createElement('base');
    base.href = '/elsewhere/section/';
    document.head.append(base);
    const a = document.createElement('a');
    a.id = 'relative';
    a.href = 'story.html#comments';
    a.textContent = 'A story under a base URL';
    document.getElementById('links')?.append(a);
    document.addEventListener('click', (e) => e.preventDefault());
  });
  await page.click('#relative');
  await expect
    .poll(storedTitles)
    .toContainEqual(
      expect.objectContaining({ url: `${origin}/elsewhere/section/story.html`, text: 'A story under a base URL', from: origin }),
    );
  await page.close();
});
