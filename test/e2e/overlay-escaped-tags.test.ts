/**
 * The overlay on an old CMS page in a real Chromium (issue 15): the article sits inside elements such as
 * `<sohu_cms_include:content>`, whose tag names hold a colon. Every path the core writes must resolve, so
 * that the title, the date and the body are outlined and the legend reports nothing "not found"; and an
 * outline inside another is painted over it, so that no container hides the headline.
 */
import { expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';
import { overlayView } from './support/overlay-view.ts';

const fixture = useExtension();

test('paths through tags with a colon resolve: title, date and body are outlined, nothing is "not found"', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/overlay/escaped-tags.html`);
  await page.setViewportSize({ width: 1000, height: 900 });
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  expect(await popup.locator('h1').first().innerText()).toBe('长江中游各地加固大堤迎战新一轮洪峰');
  const toggle = popup.locator('[data-action="overlay"]');
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

  const view = await overlayView(page);
  const kinds = new Set(view.outlines.map((o) => o.kind));
  for (const kind of ['title', 'date', 'body']) expect(kinds).toContain(kind);
  expect(view.outlines.find((o) => o.kind === 'title')?.selector).toContain('sohu_cms_include\\:');
  // Every outline's path names an element of the page, the one whose text the core previewed.
  const unresolved = await page.evaluate(
    (selectors) => selectors.filter((s) => document.querySelector(s) === null),
    view.outlines.map((o) => o.selector),
  );
  expect(unresolved).toEqual([]);
  const notes = await page.evaluate(() => {
    const host = [...document.documentElement.children].find((el) => el.localName.startsWith('article-lens-overlay-'));
    return host?.shadowRoot?.querySelector('.legend .notes')?.textContent ?? '';
  });
  expect(notes).not.toMatch(/not found/);

  // An outline inside another comes after it in the layer, so it is painted over it.
  const boxes = view.outlines.map((o) => o.box as [number, number, number, number]);
  const inside = (a: [number, number, number, number], b: [number, number, number, number]) =>
    a[0] >= b[0] && a[1] >= b[1] && a[0] + a[2] <= b[0] + b[2] && a[1] + a[3] <= b[1] + b[3] && a[2] * a[3] < b[2] * b[3];
  boxes.forEach((a, i) => boxes.forEach((b, j) => (inside(a, b) ? expect(j).toBeLessThan(i) : undefined)));
  await page.screenshot({ path: `${RESULTS}overlay-escaped-tags.png`, fullPage: true });
  await popup.close();
  await page.close();
});
