import { expect, test, vi } from 'vitest';
import { claimInjection } from '../../src/content/injection-guard.ts';

test('a second injection stops the first instance before starting, and counts generations', () => {
  const world = {};
  const stopFirst = vi.fn();
  const stopSecond = vi.fn();
  expect(claimInjection(() => stopFirst, world)).toBe(1);
  expect(claimInjection(() => stopSecond, world)).toBe(2);
  expect(stopFirst).toHaveBeenCalledTimes(1);
  expect(stopSecond).not.toHaveBeenCalled();
});

test('a previous instance whose stop throws (dead extension context) does not block the new one', () => {
  const world = {};
  claimInjection(
    () => () => {
      throw new Error('Extension context invalidated.');
    },
    world,
  );
  const start = vi.fn(() => () => undefined);
  expect(claimInjection(start, world)).toBe(2);
  expect(start).toHaveBeenCalledWith(2);
});
