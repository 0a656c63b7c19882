/**
 * The link-title recorder (ALGORITHMS.md §1 "Input"): clicking a link records its anchor text for the
 * target URL (without fragment) in the background's session storage, and the extraction on the target page
 * uses it as the query title; a link text that matches nothing there does not cost the reader the article.
 */
import { expect, test } from 'vitest';
import { INDEX_LINK_TEXT, TEASER_TEXT } from './support/server.ts';
import { metaValue, settledState, useExtension } from './support/fixture.ts';

const fixture = useExtension();
const HEADLINE = "Riverton's new library runs on sunlight and borrowed books";

function storedTitles(): Promise<{ url: string; text: string }[]> {
  return fixture.session.worker.evaluate(async () => {
    const got = await chrome.storage.session.get('linkTitles');
    return (got['linkTitles'] ?? []) as { url: string; text: string }[];
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
