import { expect, test, vi } from 'vitest';
import { overlayLabels } from '../../src/content/overlay-labels.ts';
import { ENGLISH_LABELS, fill } from '../../src/overlay/labels.ts';

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('./fake-browser.ts');
  return { browser: createFakeBrowser() };
});

test('the overlay labels come from _locales, with their $1 kept for the overlay to fill', () => {
  const labels = overlayLabels();
  expect(labels.heading).toBe('Article Lens: what the extractor found');
  expect(labels.legendNames['link-block']).toBe('Link blocks');
  expect(labels.kindNames['link-block']).toBe('Link block');
  expect(labels.kindNames.path).toBe('Path-check block');
  expect(fill(labels.removedCount, 3)).toBe('3 removed from the body');
  expect(fill(labels.more, 40)).toBe('+40 more');
  expect(fill(labels.notFound, 2)).toBe('2 not found');
  // The reader's lines of the tooltips (issue 40, 17): _locales says them as the overlay's defaults do.
  expect(labels.noiseWhy).toEqual(ENGLISH_LABELS.noiseWhy);
  expect(labels.leadWhy).toEqual(ENGLISH_LABELS.leadWhy);
  expect(labels.rawHint).toBe('Hold Shift for the figures behind this');
  expect(Object.keys(labels).sort()).toEqual(Object.keys(ENGLISH_LABELS).sort());
});
