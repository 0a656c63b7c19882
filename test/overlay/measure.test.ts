// @vitest-environment happy-dom
import { beforeEach, describe, expect, test } from 'vitest';
import type { Box } from '../../src/core/env.ts';
import { measureTargets } from '../../src/overlay/measure.ts';
import type { OverlayTarget } from '../../src/overlay/targets.ts';

const RECTS: Record<string, Box> = {
  title: { left: 110, top: 140, width: 600, height: 40 },
  story: { left: 100, top: 130, width: 800, height: 900 },
};
const rectOf = (el: Element): Box => RECTS[el.id] ?? { left: 0, top: 0, width: 0, height: 0 };
const target = (selector: string): OverlayTarget => ({ kind: 'body', selector, preview: '', block: null });

beforeEach(() => {
  document.body.innerHTML = '<div id="story"><h1 id="title">Flood wall</h1></div>';
});

describe('measureTargets', () => {
  test('boxes are relative to the host origin (a positioned or scrolled <html> does not shift them)', () => {
    const m = measureTargets(document, [target('#story'), target('#title')], { left: 10, top: -500 }, 10, rectOf);
    expect(m.boxes.map(({ left, top, width, height }) => [left, top, width, height])).toEqual([
      [90, 630, 800, 900],
      [100, 640, 600, 40],
    ]);
    expect(m).toMatchObject({ missing: 0, skipped: 0 });
  });

  test('selectors that no longer resolve, or do not parse, are counted as missing and never throw', () => {
    const m = measureTargets(document, [target('#gone'), target('div >> p'), target('#title')], { left: 0, top: 0 }, 10, rectOf);
    expect(m.boxes.map((b) => b.target.selector)).toEqual(['#title']);
    expect(m.missing).toBe(2);
  });

  test('at most maxBoxes targets are looked up; the rest are counted as skipped', () => {
    const targets = [target('#gone'), target('#story'), target('#title'), target('#story'), target('#title')];
    const m = measureTargets(document, targets, { left: 0, top: 0 }, 3, rectOf);
    expect(m.boxes).toHaveLength(2);
    expect(m).toMatchObject({ missing: 1, skipped: 2 });
  });
});
