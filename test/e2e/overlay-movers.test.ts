/**
 * Outlines that follow what does not scroll with the document, in a real Chromium (issue 15, overlay
 * polish): the links of a fixed site header keep their outlines on the header as the page scrolls, and the
 * outlines of links inside a pane that scrolls on its own move with the pane and are hidden where the pane
 * hides the links.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';
import type { Outline } from './support/overlay-view.ts';
import { overlayView } from './support/overlay-view.ts';

const fixture = useExtension();

const find = async (page: Page, selector: string): Promise<Outline | undefined> =>
  (await overlayView(page)).outlines.find((o) => o.selector === selector);
const rectOf = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r ? [r.left, r.top, r.width, r.height] : null;
  }, selector);
const near = (a: readonly number[] | null | undefined, b: readonly number[] | null | undefined) =>
  !!a && !!b && a.every((v, i) => Math.abs(v - (b[i] ?? Number.NaN)) <= 1.5);

test('a fixed header keeps its outlines as the page scrolls; a scrolling pane moves and clips its own', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/overlay/sticky-pane.html`);
  await page.setViewportSize({ width: 1000, height: 700 });
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  await popup.locator('[data-action="overlay"]').click();
  await expect.poll(async () => (await overlayView(page)).outlines.length).toBeGreaterThan(5);
  await popup.close();
  await page.bringToFront();

  const menuLink = '#menu > a:nth-of-type(2)';
  expect(near((await find(page, menuLink))?.box, await rectOf(page, menuLink))).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 900));
  // On the header, where the link still is (not 900 px above the viewport, as a document outline would be).
  await expect.poll(async () => near((await find(page, menuLink))?.box, await rectOf(page, menuLink))).toBe(true);
  expect((await find(page, menuLink))?.box[1]).toBeLessThan(48);

  const first = '#pane-links > li:nth-of-type(1) > a';
  const last = '#pane-links > li:nth-of-type(8) > a';
  await page.evaluate(() => document.getElementById('pane')?.scrollIntoView({ block: 'center' }));
  // The pane shows its first links; the last one is below its bottom edge: not outlined over the page.
  await expect.poll(async () => near((await find(page, first))?.box, await rectOf(page, first))).toBe(true);
  await expect.poll(async () => (await find(page, last))?.box[2]).toBe(0);
  await page.screenshot({ path: `${RESULTS}overlay-movers-pane-top.png` });

  await page.evaluate(() => {
    const pane = document.getElementById('pane');
    if (pane) pane.scrollTop = pane.scrollHeight;
  });
  const pane = await rectOf(page, '#pane');
  await expect.poll(async () => (await find(page, last))?.box[2]).toBeGreaterThan(0);
  const lastBox = (await find(page, last))?.box ?? [];
  const [pl = 0, pt = 0, pw = 0, ph = 0] = pane ?? [];
  const [l = 0, t = 0, w = 0, h = 0] = lastBox;
  expect(l >= pl - 1 && t >= pt - 1 && l + w <= pl + pw + 1 && t + h <= pt + ph + 1).toBe(true);
  await expect.poll(async () => (await find(page, first))?.box[2]).toBe(0);
  await page.screenshot({ path: `${RESULTS}overlay-movers-pane-bottom.png` });
  await page.close();
});
