/**
 * The learned combination in the overlay, in a real Chromium (issue 13, §6): the blocks the block model
 * takes out of the rules' body are outlined as their own kind, counted in the legend and explained on hover
 * in a reader's words, with the model's probability while Shift is held; the body's tooltip says a model chose
 * the body (and, with Shift, the block model's figures).
 */
import { expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';
import type { Outline } from './support/overlay-view.ts';
import { hoverOutline, overlayView, withShift } from './support/overlay-view.ts';

const fixture = useExtension();

test('the furniture the block model removes from the body is outlined, counted and explained; the popup body is free of it', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/overlay/learned-noise.html`);
  await page.setViewportSize({ width: 1000, height: 900 });
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  const body = await popup.locator('.body').innerText();
  expect(body).toContain('The harbour ferry will run all winter');
  expect(body).toContain('The operator warned that sailings may be cancelled');
  expect(body).not.toContain('Advertisement');
  const toggle = popup.locator('[data-action="overlay"]');
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

  const view = await overlayView(page);
  const learned = view.outlines.filter((o) => o.kind === 'learned');
  expect(learned.length).toBeGreaterThanOrEqual(1);
  const texts = await page.evaluate(
    (sels) => sels.map((s) => document.querySelector(s)?.textContent?.trim() ?? ''),
    learned.map((o) => o.selector),
  );
  expect(texts).toContain('Advertisement');
  // Only furniture: never a paragraph of the article.
  for (const t of texts) expect(t).not.toMatch(/ferry will run|Boats will cross|Commuters who work|operator warned/);
  expect(view.legend).toContainEqual(expect.stringMatching(new RegExp(`^Block-model blocks ${learned.length} \\(`)));
  await page.screenshot({ path: `${RESULTS}overlay-learned.png`, fullPage: true });

  // Said in a reader's words (issue 40, 17); the model's figures only while Shift is held.
  const ad = learned[texts.indexOf('Advertisement')] as Outline;
  const adTip = await hoverOutline(page, ad);
  expect(adTip).toContain('Looks like page furniture (a label, an ad, a sign-up or share line)');
  expect(adTip).not.toMatch(/block model|p 0\.\d+/);
  expect(await withShift(page)).toMatch(/block model: p 0\.\d+ < 0\.5 that this block is body/);
  await page.mouse.move(1, 1);
  const bodyOutline = (await overlayView(page)).outlines.find((o) => o.kind === 'body') as Outline;
  const bodyTip = await hoverOutline(page, bodyOutline);
  expect(bodyTip).toContain('The article’s text, picked block by block by a model trained on many articles.');
  expect(bodyTip).not.toMatch(/block model|blocks \(p ≥/);
  expect(await withShift(page)).toMatch(/block model: the block model keeps \d+ of \d+ blocks/);
  await popup.close();
  await page.close();
});
