// @vitest-environment happy-dom
import { beforeEach, describe, expect, test } from 'vitest';
import type { Box } from '../../src/core/env.ts';
import type { Frame } from '../../src/overlay/measure.ts';
import { FRAME_REF_PX, frameOf, inPaintOrder, measureTargets, toFrame } from '../../src/overlay/measure.ts';
import type { OverlayTarget } from '../../src/overlay/targets.ts';

const RECTS: Record<string, Box> = {
  title: { left: 110, top: 140, width: 600, height: 40 },
  story: { left: 100, top: 130, width: 800, height: 900 },
};
const rectOf = (el: Element): Box => RECTS[el.id] ?? { left: 0, top: 0, width: 0, height: 0 };
const target = (selector: string): OverlayTarget => ({ kind: 'body', selector, preview: '', block: null });
const at = (left: number, top: number): Frame => ({ left, top, scaleX: 1, scaleY: 1 });

beforeEach(() => {
  document.body.innerHTML = '<div id="story"><h1 id="title">Flood wall</h1></div>';
});

describe('measureTargets', () => {
  test('boxes are relative to the host origin (a positioned or scrolled <html> does not shift them)', () => {
    const m = measureTargets(document, [target('#story'), target('#title')], at(10, -500), 10, rectOf);
    expect(m.boxes.map(({ left, top, width, height }) => [left, top, width, height])).toEqual([
      [90, 630, 800, 900],
      [100, 640, 600, 40],
    ]);
    expect(m).toMatchObject({ missing: 0, skipped: 0 });
  });

  test('selectors that no longer resolve, or do not parse, are counted as missing and never throw', () => {
    const m = measureTargets(document, [target('#gone'), target('div >> p'), target('#title')], at(0, 0), 10, rectOf);
    expect(m.boxes.map((b) => b.target.selector)).toEqual(['#title']);
    expect(m.missing).toBe(2);
  });

  test('at most maxBoxes targets are looked up; the rest are counted as skipped', () => {
    const targets = [target('#gone'), target('#story'), target('#title'), target('#story'), target('#title')];
    const m = measureTargets(document, targets, at(0, 0), 3, rectOf);
    expect(m.boxes).toHaveLength(2);
    expect(m).toMatchObject({ missing: 1, skipped: 2 });
  });
});

describe('a scaled or zoomed host (the page scales <html>)', () => {
  test("the frame is the reference square's screen position and its size over FRAME_REF_PX", () => {
    const square = (box: Box) => frameOf(document.body, () => box);
    expect(square({ left: 40, top: -60, width: 0.8 * FRAME_REF_PX, height: 1.5 * FRAME_REF_PX })).toEqual({
      left: 40,
      top: -60,
      scaleX: 0.8,
      scaleY: 1.5,
    });
    // A square with no size (the host hidden by the page) measures as unscaled rather than dividing by 0.
    expect(square({ left: 5, top: 6, width: 0, height: 0 })).toEqual({ left: 5, top: 6, scaleX: 1, scaleY: 1 });
  });

  test('boxes are divided by the scale, so that the host scaling them again puts them on their elements', () => {
    // <html> at scale 0.5 from (20, 10): the story is on screen at (100, 130), 800 × 900.
    const frame: Frame = { left: 20, top: 10, scaleX: 0.5, scaleY: 0.5 };
    const m = measureTargets(document, [target('#story')], frame, 10, rectOf);
    const [box] = m.boxes;
    expect([box?.left, box?.top, box?.width, box?.height]).toEqual([160, 240, 1600, 1800]);
    // Drawn at host scale 0.5 from the host's origin, it covers the story's screen box exactly.
    expect([frame.left + 160 * 0.5, frame.top + 240 * 0.5, 1600 * 0.5, 1800 * 0.5]).toEqual([100, 130, 800, 900]);
    expect(toFrame(frame, 100, 130)).toEqual({ x: 160, y: 240 });
  });
});

describe('inPaintOrder', () => {
  const box = (name: string, width: number, height: number) => ({ name, left: 0, top: 0, width, height });

  test('paints the largest box first, so that a headline inside a link block container is drawn over it', () => {
    const title = box('title', 600, 40);
    const links = box('link-block', 1000, 300);
    const body = box('body', 800, 900);
    expect(inPaintOrder([title, body, links]).map((b) => b.name)).toEqual(['body', 'link-block', 'title']);
  });

  test('boxes of equal area keep the order they came in; the input is not changed', () => {
    const input = [box('a', 10, 10), box('big', 20, 20), box('b', 10, 10), box('c', 5, 20)];
    expect(inPaintOrder(input).map((b) => b.name)).toEqual(['big', 'a', 'b', 'c']);
    expect(input.map((b) => b.name)).toEqual(['a', 'big', 'b', 'c']);
  });
});
