import { describe, expect, test } from 'vitest';
import { hitTest, hitTestAll } from '../../src/overlay/hit-test.ts';

const box = (name: string, left: number, top: number, width: number, height: number) => ({ name, left, top, width, height });

describe('hitTest', () => {
  const body = box('body', 0, 0, 800, 2000);
  const related = box('related', 20, 1500, 400, 200);
  const item = box('item', 20, 1520, 400, 20);
  const boxes = [body, related, item];

  test('the smallest box under the pointer wins, so nested outlines explain themselves', () => {
    expect(hitTest(boxes, 100, 1530)?.name).toBe('item');
    expect(hitTest(boxes, 100, 1600)?.name).toBe('related');
    expect(hitTest(boxes, 600, 100)?.name).toBe('body');
  });

  test('edges count as inside; outside every box is null', () => {
    expect(hitTest(boxes, 420, 1540)?.name).toBe('item');
    expect(hitTest(boxes, 20, 1520)?.name).toBe('item');
    expect(hitTest(boxes, 801, 10)).toBeNull();
    expect(hitTest(boxes, -1, 10)).toBeNull();
    expect(hitTest([], 0, 0)).toBeNull();
  });

  test('on equal areas the later (drawn on top) box wins; empty boxes are never hit', () => {
    const a = box('a', 0, 0, 10, 10);
    const b = box('b', 0, 0, 10, 10);
    expect(hitTest([a, b], 5, 5)?.name).toBe('b');
    expect(hitTest([box('empty', 0, 0, 0, 10), a], 0, 5)?.name).toBe('a');
    expect(hitTest([box('empty', 0, 0, 0, 0)], 0, 0)).toBeNull();
  });
});

describe('hitTestAll', () => {
  test('every box of the smallest area under the pointer, the one drawn on top first', () => {
    const body = box('body', 0, 0, 800, 2000);
    const path = box('path', 20, 100, 400, 20);
    const learned = box('learned', 20, 100, 400, 20);
    expect(hitTestAll([body, path, learned], 100, 110).map((b) => b.name)).toEqual(['learned', 'path']);
    expect(hitTestAll([body, path, learned], 600, 500).map((b) => b.name)).toEqual(['body']);
    expect(hitTestAll([body], 900, 10)).toEqual([]);
  });
});
