/**
 * Leave-one-set-out on hand-made figures: each left-out set gets the candidate with the best mean over the
 * other sets, ties keep the default, a candidate missing a figure is not picked, and the sweep is the
 * default plus each declared value but the default, one threshold at a time, none of them inert.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, resolveOptions } from '../../src/core/index.ts';
import type { CalibratedThreshold } from '../../src/eval/loso.ts';
import { CALIBRATED_BODY_THRESHOLDS, leaveOneSetOut, optionValue, sweepCandidates } from '../../src/eval/loso.ts';

const table = (rows: Record<string, Record<string, number | null>>) => (c: string, s: string) => rows[c]?.[s] ?? null;

describe('leaveOneSetOut', () => {
  it('picks on the other sets and reads the left-out one under the pick', () => {
    // "fit" wins big on a, loses on b and c: overfitted to a. "broad" gains a little everywhere.
    const scores = table({
      default: { a: 0.8, b: 0.8, c: 0.8 },
      fit: { a: 1.0, b: 0.75, c: 0.78 },
      broad: { a: 0.81, b: 0.82, c: 0.79 },
    });
    const r = leaveOneSetOut(['default', 'fit', 'broad'], ['a', 'b', 'c'], scores);
    // a left out: on b and c, broad (0.805) beats default (0.8) and fit (0.765).
    expect(r.rows[0]).toEqual({ leftOut: 'a', chosen: 'broad', othersMean: expect.closeTo(0.805, 9), score: 0.81, defaultScore: 0.8 });
    // b left out: on a and c, fit 0.89 > broad 0.8 > default 0.8: fit is picked and b pays for it.
    expect(r.rows[1]).toMatchObject({ leftOut: 'b', chosen: 'fit', score: 0.75, defaultScore: 0.8 });
    // c left out: on a and b, fit 0.875 > broad 0.815.
    expect(r.rows[2]).toMatchObject({ leftOut: 'c', chosen: 'fit', score: 0.78, defaultScore: 0.8 });
    // On all three: fit 0.8433 > broad 0.8067.
    expect(r.allSetsChoice).toBe('fit');
    expect(r.meanScore).toBeCloseTo((0.81 + 0.75 + 0.78) / 3, 9);
    expect(r.meanDefault).toBeCloseTo(0.8, 9);
    expect(r.incomplete).toEqual([]);
  });

  it('keeps the default on a tie, whatever the order given', () => {
    const scores = table({ x: { a: 0.5, b: 0.7 }, default: { a: 0.5, b: 0.7 } });
    const r = leaveOneSetOut(['x', 'default'], ['a', 'b'], scores);
    expect(r.rows.map((row) => row.chosen)).toEqual(['default', 'default']);
    expect(r.allSetsChoice).toBe('default');
  });

  it('does not pick a candidate without a figure on every set', () => {
    const scores = table({ default: { a: 0.5, b: 0.5 }, broken: { a: 0.9, b: null } });
    const r = leaveOneSetOut(['default', 'broken'], ['a', 'b'], scores);
    expect(r.rows.map((row) => row.chosen)).toEqual(['default', 'default']);
    expect(r.incomplete).toEqual(['broken']);
  });

  it('needs two sets and the default', () => {
    expect(() => leaveOneSetOut(['default'], ['a'], () => 1)).toThrow(/two sets/);
    expect(() => leaveOneSetOut(['x'], ['a', 'b'], table({ x: { a: 1, b: 1 } }))).toThrow(/default/);
  });
});

describe('sweepCandidates', () => {
  it('is the default, then each other value one at a time, and skips an inert threshold', () => {
    const thresholds: CalibratedThreshold[] = [
      { path: 'combine.pathMinStops', values: [2, 3, 5] },
      { path: 'combine.pathKeepStopShare', values: [0.1, 0.2], inert: (o) => (o.combine.removePathRejected ? null : 'removal off') },
    ];
    const off = sweepCandidates(thresholds, resolveOptions({ combine: { removePathRejected: false, pathMinStops: 3 } }));
    expect(off.candidates).toEqual([
      { name: 'default', options: [] },
      { name: 'combine.pathMinStops=2', options: ['combine.pathMinStops=2'] },
      { name: 'combine.pathMinStops=5', options: ['combine.pathMinStops=5'] },
    ]);
    expect(off.skipped).toEqual([{ path: 'combine.pathKeepStopShare', why: 'removal off' }]);
    const on = sweepCandidates(thresholds, resolveOptions({ combine: { removePathRejected: true, pathKeepStopShare: 0.2 } }));
    expect(on.candidates.map((c) => c.name)).toContain('combine.pathKeepStopShare=0.1');
    expect(on.candidates.map((c) => c.name)).not.toContain('combine.pathKeepStopShare=0.2');
  });

  it('declares only options that exist, each with its default among the values tried', () => {
    for (const t of CALIBRATED_BODY_THRESHOLDS) {
      expect(t.values, t.path).toContain(optionValue(t.path, DEFAULT_OPTIONS));
      expect(t.values.length, t.path).toBeGreaterThan(1);
    }
    expect(() => optionValue('combine.noSuchThing')).toThrow(/no option/);
  });
});
