/**
 * Mis-declared charsets in the extension (issue 16): a page that declares Shift_JIS and is Latin-1 is
 * decoded by Chromium as declared, and its text is mojibake ("tr鑚"). The popup says the text decodes badly
 * (the CLI's check, src/platform/decode-check.ts, on the article's text) instead of showing it as the page;
 * the same text declared right gives no warning. A page declaring gb2312 whose bytes are UTF-8 (issue 15)
 * is read again from its bytes, decoded as the CLI decodes it, and the popup says so; so is a page that
 * declares no charset, which Chromium reads as windows-1252, whose bytes are UTF-8 (issue 40, 12: "claim.Â Â Â"
 * in the body and no note).
 */
import { expect, test } from 'vitest';
import { RESULTS, popupFor, useExtension } from './support/fixture.ts';

const fixture = useExtension();

test('a page declaring Shift_JIS that is Latin-1: the popup warns that the text decodes badly', async () => {
  const { popup, page } = await popupFor(fixture, '/charset/declared-shift-jis.html');
  expect(await page.evaluate(() => document.characterSet)).toBe('Shift_JIS');
  const warnings = popup.locator('.warnings li');
  await expect.poll(() => warnings.count()).toBeGreaterThan(0);
  const text = await warnings.allInnerTexts();
  expect(
    text.some((w) => /^text decodes badly as shift_jis: .*the declared charset "shift_jis" looks wrong/.test(w)),
    text.join('\n'),
  ).toBe(true);
  await popup.locator('.warnings').screenshot({ path: `${RESULTS}popup-charset-warning.png` });
  await popup.close();
  await page.close();
});

test('a Chinese page declaring gb2312 whose bytes are UTF-8: read again from its bytes as the CLI does, and said so', async () => {
  const { popup, page } = await popupFor(fixture, '/charset/declared-gb2312-utf8.html');
  // The browser follows the declaration: the page shows mojibake.
  expect(await page.evaluate(() => document.characterSet)).toBe('GBK');
  expect(await page.evaluate(() => document.title)).not.toBe('我市首座太阳能图书馆开放');
  expect(await popup.locator('.article-title').innerText()).toBe('我市首座太阳能图书馆开放');
  expect(await popup.locator('.body-html').innerText()).toContain('新图书馆于本周一正式开放，馆内藏书四万册');
  const text = await popup.locator('.warnings li').allInnerTexts();
  expect(
    text.some((w) => /^the browser decoded this page as gbk, but its bytes are utf-8 .*read again from the page's bytes as utf-8/.test(w)),
    text.join('\n'),
  ).toBe(true);
  expect(text.filter((w) => w.startsWith('no article'))).toEqual([]);
  await popup.screenshot({ path: `${RESULTS}popup-charset-reread.png` });
  await popup.close();
  await page.close();
});

test('a page declaring no charset whose bytes are UTF-8: read again as UTF-8, and said so', async () => {
  const { popup, page } = await popupFor(fixture, '/charset/undeclared-utf8.html');
  // The browser guesses a single-byte charset: the page shows mojibake.
  expect(await page.evaluate(() => document.characterSet)).toBe('windows-1252');
  expect(await page.evaluate(() => document.body.innerText)).toContain('claim.Â');
  const body = await popup.locator('.body-html').innerText();
  expect(body).toContain('The council made a claim.');
  expect(body).not.toContain('Â');
  const text = await popup.locator('.warnings li').allInnerTexts();
  expect(
    text.some((w) =>
      /^this page declares no charset.*windows-1252.*its bytes are utf-8.*read again from the page's bytes as utf-8/.test(w),
    ),
    text.join('\n'),
  ).toBe(true);
  await popup.close();
  await page.close();
});

test('the same text declared right: no charset warning, the accents intact', async () => {
  const { popup, page } = await popupFor(fixture, '/charset/declared-latin-1.html');
  expect(await popup.locator('.article-title').innerText()).toBe('Une bibliothèque à énergie solaire');
  const text = await popup.locator('.warnings li').allInnerTexts();
  expect(text.filter((w) => w.includes('decodes badly'))).toEqual([]);
  await popup.close();
  await page.close();
});
