/**
 * The popup fetches no image the page itself has not loaded (a lazy `data-src` or `data-srcset`, the
 * largest `srcset` candidate when the page chose a smaller one, a `loading=lazy` image below the fold)
 * until the reader asks: the page server logs every request, so a fetch the reader did not ask for shows.
 * The gallery repeats no image the formatted body shows in place (issue 15), lists them all beside the
 * plain text, and never lists the share icon.
 */
import { expect, test } from 'vitest';
import { RESULTS, popupFor, useExtension } from './support/fixture.ts';

const fixture = useExtension();

const PAGE_LOADS = ['/images/lead.jpg', '/images/stacks-480.jpg'];
const NEVER_LOADED = ['/images/lazy/reading-room.jpg', '/images/lazy/roof-1280.jpg', '/images/stacks-1600.jpg', '/images/below/garden.jpg'];

const requested = (path: string): boolean => fixture.server.requests.includes(path);

test('images the page has not loaded are fetched only when the reader asks: one by one, or all', async () => {
  const { popup, page } = await popupFor(fixture, '/images/lazy.html');
  await page.waitForLoadState('load');
  for (const path of PAGE_LOADS) expect(requested(path), path).toBe(true);

  // The formatted body shows every picture in place: the gallery repeats none of them.
  const body = popup.locator('.body-html');
  await expect.poll(() => body.locator('img').count()).toBeGreaterThan(0);
  expect(await popup.locator('.gallery').count()).toBe(0);
  // Beside the plain text, the gallery shows the page's own image and holds the four others back; the
  // 20-pixel share icon is no picture of the article.
  await popup.getByRole('button', { name: 'Plain text', exact: true }).click();
  await expect.poll(() => popup.locator('.gallery img').count()).toBe(1);
  expect(await popup.locator('.gallery').innerText()).not.toContain('Share');
  expect(await popup.locator('.gallery img').getAttribute('src')).toBe(`${fixture.server.origin}/images/lead.jpg`);
  expect(await popup.locator('button[data-action="load-image"]').count()).toBe(4);
  expect(await popup.locator('.images-withheld').innerText()).toBe(
    'Images not loaded: 4, as the page has not loaded them itself. Load images',
  );
  // In the formatted body: the page's own image in place, the four others held back there too.
  await popup.getByRole('button', { name: 'Formatted', exact: true }).click();
  expect(await body.locator('img[src$="/images/lead.jpg"]').count()).toBe(1);
  expect(await body.locator('img[data-withheld]:not([src])').count()).toBe(4);
  expect(await body.locator('img[data-withheld]').first().getAttribute('alt')).toBe('The reading room');
  await popup.getByRole('button', { name: 'Plain text', exact: true }).click();
  await popup.locator('.gallery').scrollIntoViewIfNeeded();
  await popup.waitForTimeout(1500);
  await popup.locator('.gallery').screenshot({ path: `${RESULTS}popup-images-withheld.png` });
  for (const path of NEVER_LOADED) expect(requested(path), path).toBe(false);

  // One image on request: only that one is fetched.
  await popup.getByRole('button', { name: /The reading room/ }).click();
  await expect.poll(() => requested('/images/lazy/reading-room.jpg')).toBe(true);
  await popup.waitForTimeout(500);
  for (const path of NEVER_LOADED.slice(1)) expect(requested(path), path).toBe(false);
  expect(await popup.locator('.images-withheld').innerText()).toContain('Images not loaded: 3,');

  // All of them.
  await popup.locator('button[data-action="load-images"]').click();
  for (const path of NEVER_LOADED) await expect.poll(() => requested(path), { message: path }).toBe(true);
  expect(await popup.locator('.images-withheld, .image-withheld').count()).toBe(0);
  await popup.getByRole('button', { name: 'Formatted', exact: true }).click();
  expect(await body.locator('img[data-withheld]').count()).toBe(0);
  await popup.close();
  await page.close();
});
