/**
 * The options page in a real Chromium (issue 15): a threshold changed there is saved at once and used by
 * the next extraction (the content script reads it), and "Reset to defaults" brings the defaults back; the
 * UI language chosen there is that of the options page and the popup.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';

const fixture = useExtension();

/** Extracts `tabId` as the popup does (from an extension page) and counts the link blocks found. */
async function linkBlocks(extensionPage: Page, tabId: number): Promise<number> {
  return extensionPage.evaluate(async (id) => {
    const reply = (await chrome.tabs.sendMessage(id, { type: 'page:extract' }, { frameId: 0 })) as {
      ok: boolean;
      value: { article: { noise: { kind: string }[] } };
    };
    return reply.value.article.noise.filter((n) => n.kind === 'link-block').length;
  }, tabId);
}

test('a threshold changed on the options page is used by the next extraction; reset brings the default back', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/local/2019/03/riverton-library.html`);
  const options = await fixture.session.context.newPage();
  await options.goto(`chrome-extension://${fixture.session.extensionId}/src/options/index.html`);
  const minLinks = options.getByLabel('Fewest links in a link list');
  await expect.poll(() => minLinks.inputValue()).toBe('3');
  const before = await linkBlocks(options, tabId);
  expect(before).toBeGreaterThan(0);

  await minLinks.fill('100');
  await minLinks.press('Tab');
  await expect.poll(() => options.locator('.status').innerText()).toBe('Saved.');
  expect(await linkBlocks(options, tabId)).toBe(0);
  await options.screenshot({ path: `${RESULTS}options.png`, fullPage: true });

  // Still there after the page is opened again; out-of-range input is not saved.
  await options.reload();
  await expect.poll(() => options.getByLabel('Fewest links in a link list').inputValue()).toBe('100');
  await options.getByLabel('Fewest links in a link list').fill('1');
  await options.getByLabel('Fewest links in a link list').press('Tab');
  expect(await linkBlocks(options, tabId)).toBe(0);

  await options.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect.poll(() => options.locator('.status').innerText()).toBe('Back to the defaults.');
  await expect.poll(() => options.getByLabel('Fewest links in a link list').inputValue()).toBe('3');
  expect(await linkBlocks(options, tabId)).toBe(before);
  await options.close();
  await page.close();
});

test('a value out of range is refused at once, with why, and no "Saved." stays beside it (issue 40, 15)', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/local/2019/03/riverton-library.html`);
  const options = await fixture.session.context.newPage();
  await options.goto(`chrome-extension://${fixture.session.extensionId}/src/options/index.html`);
  const minLinks = options.getByLabel('Fewest links in a link list');
  await expect.poll(() => minLinks.inputValue()).toBe('3');
  await minLinks.fill('5');
  await minLinks.press('Tab');
  await expect.poll(() => options.locator('.status').innerText()).toBe('Saved.');
  const atFive = await linkBlocks(options, tabId);

  // As it is typed: the field says why, before focus moves on.
  await minLinks.fill('0');
  const why = options.locator('.field[data-path="linkBlocks.minLinks"] .refusal');
  await expect.poll(() => why.innerText()).toBe('0 is not saved: this must be a whole number from 2 to 100.');
  expect(await minLinks.getAttribute('aria-invalid')).toBe('true');
  await minLinks.press('Tab');
  await expect
    .poll(() => options.locator('.status').innerText())
    .toBe('Fewest links in a link list: 0 is not saved: this must be a whole number from 2 to 100.');
  // The extraction keeps the last value saved.
  expect(await linkBlocks(options, tabId)).toBe(atFive);

  // Put right, the note goes and the value is saved.
  await minLinks.fill('4');
  await expect.poll(() => why.count()).toBe(0);
  await minLinks.press('Tab');
  await expect.poll(() => options.locator('.status').innerText()).toBe('Saved.');
  await options.reload();
  await expect.poll(() => options.getByLabel('Fewest links in a link list').inputValue()).toBe('4');
  await options.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect.poll(() => options.getByLabel('Fewest links in a link list').inputValue()).toBe('3');
  await options.close();
  await page.close();
});

test('the UI language chosen on the options page is that of the options page and the popup, until set back', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/local/2019/03/riverton-library.html`);
  const options = await fixture.session.context.newPage();
  await options.goto(`chrome-extension://${fixture.session.extensionId}/src/options/index.html`);
  await expect.poll(() => options.locator('h1').innerText()).toBe('Settings');
  await Promise.all([options.waitForEvent('load'), options.getByLabel('Language').selectOption('zh_CN')]);
  await expect.poll(() => options.locator('h1').innerText()).toBe('设置');
  expect(await options.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  expect(await popup.locator('[data-action="copy-text"]').innerText()).toBe('复制文本');
  await popup.screenshot({ path: `${RESULTS}popup-chosen-zh.png` });
  await popup.close();

  await Promise.all([options.waitForEvent('load'), options.getByLabel('界面语言').selectOption('browser')]);
  await expect.poll(() => options.locator('h1').innerText()).toBe('Settings');
  const again = await fixture.session.openPopup(tabId);
  expect(await settledState(again)).toBe('ready');
  expect(await again.locator('[data-action="copy-text"]').innerText()).toBe('Copy text');
  await again.close();
  await options.close();
  await page.close();
});

test('the options page works with the keyboard alone, in light and dark', async () => {
  const options = await fixture.session.context.newPage();
  await options.goto(`chrome-extension://${fixture.session.extensionId}/src/options/index.html`);
  await expect.poll(() => options.locator('h1').innerText()).toBe('Settings');
  // Tab visits the language, every setting, the similar-page switch, then the reset button, in that order.
  const order: string[] = [];
  for (let i = 0; i < 8; i++) {
    await options.keyboard.press('Tab');
    order.push(await options.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('data-action') || ''));
  }
  expect(order).toEqual([
    'opt-ui-language',
    'opt-linkBlocks-distance',
    'opt-linkBlocks-maxCodeDistance',
    'opt-linkBlocks-maxTextDistance',
    'opt-linkBlocks-minLinks',
    'opt-titleAnchor-simThresholdPct',
    'opt-compare-similar-page',
    'reset',
  ]);
  // A number changes with the arrow keys and is saved when focus moves on; Enter on the reset restores it.
  await options.getByLabel('Fewest links in a link list').focus();
  await options.keyboard.press('ArrowUp');
  await options.keyboard.press('Tab');
  await expect.poll(() => options.locator('.status').innerText()).toBe('Saved.');
  expect(await options.getByLabel('Fewest links in a link list').inputValue()).toBe('4');
  // Space switches "Compare with another page of this site" on; Enter on the reset turns it off again.
  await options.keyboard.press('Tab');
  await options.keyboard.press('Space');
  const compare = options.getByLabel('Compare with another page of this site');
  await expect.poll(() => compare.isChecked()).toBe(true);
  await options.keyboard.press('Tab');
  await options.keyboard.press('Enter');
  await expect.poll(() => options.getByLabel('Fewest links in a link list').inputValue()).toBe('3');
  await expect.poll(() => compare.isChecked()).toBe(false);
  await options.emulateMedia({ colorScheme: 'dark' });
  await options.screenshot({ path: `${RESULTS}options-dark.png`, fullPage: true });
  expect(await options.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(22, 25, 29)');
  await options.close();
});
