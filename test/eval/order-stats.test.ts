import { describe, expect, it } from 'vitest';
import { median, percentile } from '../../src/eval/order-stats.ts';

describe('order statistics', () => {
  it('median: the middle value, the mean of the two middle ones for an even count, NaN for none', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('percentile: nearest rank, clamped to the values', () => {
    const xs = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(xs, 0.95)).toBe(19);
    expect(percentile(xs, 1)).toBe(20);
    expect(percentile(xs, 0)).toBe(1);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
