/** With a Chinese browser UI, the popup speaks Chinese (_locales/zh_CN), on a Chinese page. */
import { expect, test } from 'vitest';
import { RESULTS, metaValue, popupFor, useExtension, whyButton } from './support/fixture.ts';

const fixture = useExtension({ locale: 'zh-CN' });

test('labels, buttons and the reading time come from the zh_CN catalogue', async () => {
  const { popup } = await popupFor(fixture, '/news/qingshi-library.htm');
  expect(await popup.locator('.meta-row[data-field="author"] dt').innerText()).toBe('作者');
  expect(await popup.locator('.meta-row[data-field="source"] dt').innerText()).toBe('来源');
  expect(await metaValue(popup, 'reading-time')).toMatch(/^约 \d+ 分钟读完$/);
  expect(await popup.locator('[data-action="copy-markdown"]').innerText()).toBe('复制 Markdown');
  expect(await popup.getByRole('button', { name: '纯文本', exact: true }).count()).toBe(1);
  expect(await popup.evaluate(() => document.documentElement.lang)).toMatch(/^zh/);
  await whyButton(popup, 'published', '依据').click();
  expect(await popup.locator('.why').innerText()).toContain('读取自页面文字：“2019年05月13日 10:20”');
  await popup.screenshot({ path: `${RESULTS}popup-zh-ui.png` });
});
