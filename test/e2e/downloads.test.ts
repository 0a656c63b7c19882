/**
 * The reader's downloads in a real Chromium (issue 15): Markdown with front matter, plain text, a
 * standalone sanitised HTML page and the whole Article as JSON, each saved under a name made of the
 * article's day and title; the Markdown optionally with its images embedded; off on a page with no article.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { RESULTS, popupFor, settledState, useExtension } from './support/fixture.ts';

const fixture = useExtension();

/** Clicks the download button of `ext` and returns the file's suggested name and its text. */
async function download(popup: Page, ext: string): Promise<{ name: string; text: string }> {
  const [saved] = await Promise.all([popup.waitForEvent('download'), popup.locator(`[data-action="download-${ext}"]`).click()]);
  const path = await saved.path();
  return { name: saved.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('Markdown, text, HTML and JSON downloads hold the article, under a name of its day and title', async () => {
  const { popup, page } = await popupFor(fixture, '/local/2019/03/riverton-library.html');
  const url = `${fixture.server.origin}/local/2019/03/riverton-library.html`;
  const stem = "2019-03-14 Riverton's new library runs on sunlight and borrowed books";

  const md = await download(popup, 'md');
  expect(md.name).toBe(`${stem}.md`);
  expect(md.text).toMatch(
    new RegExp(
      `^---\\ntitle: "Riverton's new library runs on sunlight and borrowed books"\\nauthor: "Margaret Ellison"\\n` +
        `source: "The Example Gazette"\\ndate: "2019-03-14T08:30[^"]*"\\nurl: "${url.replace(/[.]/g, '\\.')}"\\n---\\n\\n# Riverton`,
    ),
  );
  expect(md.text).toContain('Riverton opened its new public library on Thursday morning');

  const txt = await download(popup, 'txt');
  expect(txt.name).toBe(`${stem}.txt`);
  expect(txt.text).toMatch(
    /^Riverton's new library runs on sunlight and borrowed books\nMargaret Ellison · The Example Gazette · 2019-03-14/,
  );
  expect(txt.text).not.toContain('<');

  const html = await download(popup, 'html');
  expect(html.name).toBe(`${stem}.html`);
  expect(html.text).toMatch(/^<!doctype html>\n<html lang="en[^"]*">/);
  expect(html.text).toContain('<h1>Riverton&#39;s new library runs on sunlight and borrowed books</h1>');
  expect(html.text).toContain('Riverton opened its new public library on Thursday morning');
  expect(html.text).not.toMatch(/<script|onerror=|javascript:/i);

  const json = await download(popup, 'json');
  expect(json.name).toBe(`${stem}.json`);
  const article = JSON.parse(json.text) as { title: string; site: string; body: { text: string } };
  expect(article.title).toBe("Riverton's new library runs on sunlight and borrowed books");
  expect(article.site).toBe('The Example Gazette');
  expect(article.body.text).toContain('More than six hundred people queued along Station Road');
  await popup.close();
  await page.close();
});

test('the Markdown with its images embedded, for reading offline: fetched by the page, as data: URLs', async () => {
  const { popup, page } = await popupFor(fixture, '/local/2019/03/riverton-library.html');
  const plain = await download(popup, 'md');
  expect(plain.text).toMatch(
    /!\[Readers at long tables[^\]]*\]\(http:\/\/127\.0\.0\.1:\d+\/local\/2019\/03\/images\/riverton-library-reading-room\.jpg\)/,
  );
  await popup.locator('[data-action="embed-images"]').check();
  const md = await download(popup, 'md');
  expect(md.text).toMatch(/!\[Readers at long tables[^\]]*\]\(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+\)/);
  expect(md.text).not.toContain('riverton-library-reading-room.jpg');
  // The rest of the file is the same.
  expect(md.text.replace(/\(data:[^)]+\)/, '(x)')).toBe(plain.text.replace(/\(http:[^)]+reading-room\.jpg\)/, '(x)'));
  // Said in a reader's words (issue 40, 17); the counts on hover.
  await expect
    .poll(() => popup.locator('.embed-status').innerText())
    .toBe('The Markdown file holds the article’s images, for reading offline.');
  expect(await popup.locator('.embed-status').getAttribute('title')).toBe('1 of 1 images embedded.');
  await popup.screenshot({ path: `${RESULTS}downloads-embedded.png` });
  await popup.close();
  await page.close();
});

test('a page with no article offers no download', async () => {
  const { tabId } = await fixture.session.openTab(`${fixture.server.origin}/section/index.html`);
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  for (const ext of ['md', 'txt', 'html', 'json']) expect(await popup.locator(`[data-action="download-${ext}"]`).isDisabled()).toBe(true);
  await popup.close();
});
