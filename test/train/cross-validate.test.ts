/**
 * Grouped k-fold cross-validation and the grid search for C and σ: folds keep pages whole and are the
 * same on every run, a page is scored by the task (its best positive candidate), and ties go to the
 * largest σ (the patent's guard against over-fitting).
 */
import { describe, expect, it } from 'vitest';
import type { SvmModel } from '../../src/core/date-svm/svm-model.ts';
import type { PageSamples } from '../../src/train/cross-validate.ts';
import { assignFolds, crossValidate, gridSearch, pageCorrect } from '../../src/train/cross-validate.ts';
import type { SvmSample } from '../../src/train/smo.ts';

/**
 * Pages whose right date has feature 0 near 1 (say, "inside the title zone") and wrong dates near 0;
 * feature 1 is noise. Each page: one positive, four negatives; training keeps one negative (balanced).
 */
function pages(count: number): PageSamples[] {
  return Array.from({ length: count }, (_, p) => {
    const noise = (i: number) => ((p * 7 + i * 13) % 10) / 10;
    const pos: SvmSample = { x: [0.9 + noise(0) / 10, noise(1)], y: 1 };
    const negs: SvmSample[] = [1, 2, 3, 4].map((i) => ({ x: [noise(i) / 5, noise(i + 5)], y: -1 }));
    return { page: `page-${p}`, train: [pos, negs[0] as SvmSample], all: [pos, ...negs] };
  });
}

describe('assignFolds', () => {
  it('deals every page into one of k folds, the same way on every call, whatever the input order', () => {
    const ids = Array.from({ length: 23 }, (_, i) => `p${i}`);
    const a = assignFolds(ids, 5);
    const b = assignFolds([...ids].reverse(), 5);
    expect([...a.entries()].sort()).toEqual([...b.entries()].sort());
    const sizes = [0, 1, 2, 3, 4].map((f) => [...a.values()].filter((v) => v === f).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('never makes more folds than pages, nor fewer than 2', () => {
    expect(new Set(assignFolds(['a', 'b', 'c'], 10).values()).size).toBe(3);
    expect(new Set(assignFolds(['a', 'b', 'c'], 1).values()).size).toBe(2);
  });
});

describe('pageCorrect', () => {
  // f(x) = coef · exp(−(x − 1)² / 2) + bias: f(1) = coef + bias, f(0) ≈ 0.607 · coef + bias.
  const model = (coef: number, bias: number): SvmModel => ({
    kernel: 'rbf',
    sigma: 1,
    c: 1,
    bias,
    supportVectors: [[1]],
    coefficients: [coef],
  });
  const page: SvmSample[] = [
    { x: [1], y: 1 },
    { x: [0], y: -1 },
  ];

  it('right when the largest positive decision value is the positive sample', () => {
    expect(pageCorrect(model(1, -0.8), page)).toBe(true);
    expect(pageCorrect(model(-1, 0.8), page)).toBe(false); // the wrong date wins
  });

  it('"no date" (no positive value) is right only on a page without a positive sample', () => {
    expect(pageCorrect(model(1, -1.2), page)).toBe(false);
    expect(pageCorrect(model(1, -1.2), [{ x: [0], y: -1 }])).toBe(true);
  });
});

describe('crossValidate and gridSearch', () => {
  const data = pages(30);

  it('learns the separating feature: page accuracy near 1 for a sensible C and σ', () => {
    expect(crossValidate(data, 1, 0.5, 5)).toBeGreaterThan(0.9);
  });

  it('a grid search returns every point and picks the largest σ among the ties', () => {
    const r = gridSearch(data, { cs: [0.5, 2], sigmas: [0.05, 0.5, 2], folds: 5 });
    expect(r.grid).toHaveLength(6);
    const top = Math.max(...r.grid.map((g) => g.accuracy));
    expect(r.best.accuracy).toBeGreaterThanOrEqual(top - 0.005);
    const tiedSigmas = r.grid.filter((g) => g.accuracy >= top - 0.005).map((g) => g.sigma);
    expect(r.best.sigma).toBe(Math.max(...tiedSigmas));
    expect(gridSearch(data, { cs: [0.5, 2], sigmas: [0.05, 0.5, 2], folds: 5 })).toEqual(r);
  });

  it('refuses an empty grid', () => {
    expect(() => gridSearch(data, { cs: [], sigmas: [1], folds: 5 })).toThrow(/at least one/);
  });
});
