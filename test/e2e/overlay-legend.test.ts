/**
 * The overlay's legend takes clicks in a real Chromium (issue 15): each kind's line switches its outlines
 * off and on (a button, by mouse or keyboard, `aria-pressed` saying which), a kind switched off is not
 * explained on hover either, and the pointer over the legend raises no tooltip over it.
 */
import { expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';

const fixture = useExtension();

test('a legend line hides and shows its kind of outline, by mouse and by keyboard', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/overlay/flood-wall.html`);
  await page.setViewportSize({ width: 1100, height: 900 });
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  await popup.locator('[data-action="overlay"]').click();
  const boxes = (kind: string) => page.locator(`.box[data-kind="${kind}"]`);
  const hidden = (kind: string) => page.locator(`.box[data-kind="${kind}"][hidden]`);
  await expect.poll(() => boxes('link-block').count()).toBeGreaterThan(0);
  const linkBoxes = await boxes('link-block').count();
  const toggle = page.locator('.legend button[data-kind="link-block"]');
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');

  await page.bringToFront();
  await toggle.click();
  expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  expect(await hidden('link-block').count()).toBe(linkBoxes);
  expect(await hidden('title').count()).toBe(0);
  await page.screenshot({ path: `${RESULTS}overlay-legend-off.png` });

  // Hovering where a hidden link block is explains no link block.
  const box = await boxes('link-block')
    .first()
    .evaluate((el) => {
      (el as HTMLElement).hidden = false;
      const r = el.getBoundingClientRect();
      (el as HTMLElement).hidden = true;
      return [r.left, r.top, r.width, r.height];
    });
  await page.mouse.move((box[0] ?? 0) + 4, (box[1] ?? 0) + 4);
  await page.waitForTimeout(300);
  const tip = await page.locator('[role="tooltip"]').evaluate((el) => ((el as HTMLElement).hidden ? '' : (el.textContent ?? '')));
  expect(tip).not.toMatch(/Link block/);

  // Over the legend itself nothing under it is explained: a tooltip would cover the legend.
  const legendBox = await page.locator('.legend').boundingBox();
  await page.mouse.move((legendBox?.x ?? 0) + 20, (legendBox?.y ?? 0) + 20);
  await page.waitForTimeout(300);
  expect(await page.locator('[role="tooltip"]').evaluate((el) => (el as HTMLElement).hidden)).toBe(true);

  await toggle.focus();
  await page.keyboard.press('Enter');
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  expect(await hidden('link-block').count()).toBe(0);
  await popup.close();
  await page.close();
});
