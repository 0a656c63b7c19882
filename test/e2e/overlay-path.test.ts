/**
 * Method 2 in the overlay, in a real Chromium (issue 13): the leaves whose path method 2 rejects inside the
 * body are outlined as their own kind, counted in the legend, explained on hover with the rule's numbers,
 * and the body's tooltip says which method gave the body.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';
import { hoverOutline, overlayView, withShift } from './support/overlay-view.ts';

const fixture = useExtension();

/** Hovers the first outline of `kind`. */
async function hover(page: Page, kind: string): Promise<string> {
  const o = (await overlayView(page)).outlines.find((x) => x.kind === kind);
  if (!o) throw new Error(`no ${kind} outline`);
  return hoverOutline(page, o);
}

test('the share box method 2 rejects is outlined as a path block and explained; the body says which method led', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/overlay/path-noise.html`);
  await page.setViewportSize({ width: 1000, height: 800 });
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  const toggle = popup.locator('[data-action="overlay"]');
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

  const view = await overlayView(page);
  const path = view.outlines.filter((o) => o.kind === 'path');
  expect(path).toHaveLength(1);
  const outlined = await page.evaluate((s) => document.querySelector(s)?.textContent?.trim() ?? '', path[0]?.selector ?? '');
  expect(outlined).toBe('Share this story with your friends.');
  expect(view.legend).toContainEqual(expect.stringMatching(/^Path-check blocks 1 \(/));
  await page.screenshot({ path: `${RESULTS}overlay-path.png`, fullPage: true });

  // The block model (§6 learned combination) also removes the box: one tooltip explains both outlines.
  const pathTip = await hover(page, 'path');
  expect(pathTip).toMatch(/Path-check block · kept in the body/);
  expect(pathTip).toContain('Placed in the page unlike the article’s paragraphs');
  expect(pathTip).not.toMatch(/path K|leaves 1/);
  const pathFigures = await withShift(page);
  expect(pathFigures).toMatch(/path K [\d.]+ < [\d.]+ to the sample path html > body > div\.page > div\.story-part > p/);
  expect(pathFigures).toMatch(/leaves 1/);
  await page.mouse.move(1, 1);
  const bodyTip = await hover(page, 'body');
  expect(bodyTip).not.toMatch(/block model|the rules’ body/);
  expect(await withShift(page)).toMatch(/block model: .*the rules’ body came from (title-anchor|punct-path)/);
  await popup.close();
  await page.close();
});
