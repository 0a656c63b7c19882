/**
 * The SMO solver against solutions known in closed form (two points, XOR), against the KKT conditions on
 * random data, and for determinism; the shipped decision function agrees with the solver's gradient.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/bench/seeded-random.ts';
import { decisionValue, rbfKernel } from '../../src/core/date-svm/svm-model.ts';
import type { SvmSample } from '../../src/train/smo.ts';
import { trainSmo } from '../../src/train/smo.ts';

describe('trainSmo: closed-form solutions', () => {
  const sigma = 0.8;
  const k = Math.exp(-1 / (2 * sigma * sigma));
  const two: SvmSample[] = [
    { x: [0], y: 1 },
    { x: [1], y: -1 },
  ];

  it('two points, hard margin: α = 1 / (1 − K₁₂) for both, bias 0, f = ±1 on them', () => {
    const r = trainSmo(two, { c: 1e6, sigma, epsilon: 1e-9 });
    expect(r.converged).toBe(true);
    expect(r.alpha[0]).toBeCloseTo(1 / (1 - k), 6);
    expect(r.alpha[1]).toBeCloseTo(1 / (1 - k), 6);
    expect(r.model.bias).toBeCloseTo(0, 9);
    expect(decisionValue(r.model, [0])).toBeCloseTo(1, 6);
    expect(decisionValue(r.model, [1])).toBeCloseTo(-1, 6);
  });

  it('two points, soft margin below that: both α at C', () => {
    const c = 0.5 / (1 - k);
    const r = trainSmo(two, { c, sigma, epsilon: 1e-9 });
    expect(r.alpha[0]).toBeCloseTo(c, 9);
    expect(r.alpha[1]).toBeCloseTo(c, 9);
    expect(decisionValue(r.model, [0])).toBeCloseTo(0.5, 6);
  });

  it('XOR, which no line separates: α = 1 / (1 + K_diag − 2K_side) for all four, f = ±1 on them', () => {
    const xor: SvmSample[] = [
      { x: [0, 0], y: 1 },
      { x: [1, 1], y: 1 },
      { x: [0, 1], y: -1 },
      { x: [1, 0], y: -1 },
    ];
    const side = Math.exp(-1 / (2 * sigma * sigma));
    const diag = Math.exp(-2 / (2 * sigma * sigma));
    const r = trainSmo(xor, { c: 1e6, sigma, epsilon: 1e-9 });
    for (const a of r.alpha) expect(a).toBeCloseTo(1 / (1 + diag - 2 * side), 6);
    for (const s of xor) expect(decisionValue(r.model, s.x)).toBeCloseTo(s.y, 6);
    expect(decisionValue(r.model, [0.5, 0.5])).toBeCloseTo(0, 9);
  });
});

describe('trainSmo: KKT conditions on random data', () => {
  const rand = seededRandom(42);
  const samples: SvmSample[] = Array.from({ length: 120 }, () => {
    const x = [rand() * 4 - 2, rand() * 4 - 2];
    // A circle with noise: not linearly separable, some points on the wrong side.
    const inside = x[0]! * x[0]! + x[1]! * x[1]! < 1.5 + (rand() - 0.5);
    return { x, y: inside ? 1 : -1 };
  });
  const c = 2;
  const eps = 1e-4;
  const r = trainSmo(samples, { c, sigma: 0.7, epsilon: eps });

  it('converges, and every sample meets the KKT condition of its α', () => {
    expect(r.converged).toBe(true);
    const tol = 10 * eps;
    samples.forEach((s, t) => {
      const margin = s.y * decisionValue(r.model, s.x);
      const a = r.alpha[t]!;
      expect(a).toBeGreaterThanOrEqual(0);
      expect(a).toBeLessThanOrEqual(c);
      if (a < 1e-9) expect(margin).toBeGreaterThanOrEqual(1 - tol);
      else if (a > c - 1e-9) expect(margin).toBeLessThanOrEqual(1 + tol);
      else expect(Math.abs(margin - 1)).toBeLessThan(tol);
    });
    // yᵀα = 0.
    expect(samples.reduce((sum, s, t) => sum + s.y * r.alpha[t]!, 0)).toBeCloseTo(0, 9);
  });

  it('the dual objective it reports is ½αᵀQα − eᵀα, and it is negative (better than α = 0)', () => {
    let quad = 0;
    for (let i = 0; i < samples.length; i++)
      for (let j = 0; j < samples.length; j++)
        quad += r.alpha[i]! * r.alpha[j]! * samples[i]!.y * samples[j]!.y * rbfKernel(samples[i]!.x, samples[j]!.x, 0.7);
    const expected = quad / 2 - r.alpha.reduce((a, b) => a + b, 0);
    expect(r.objective).toBeCloseTo(expected, 6);
    expect(r.objective).toBeLessThan(0);
  });

  it('classifies most training points right, and the same data gives the same model, bit for bit', () => {
    const right = samples.filter((s) => Math.sign(decisionValue(r.model, s.x)) === s.y).length;
    expect(right / samples.length).toBeGreaterThan(0.85);
    expect(JSON.stringify(trainSmo(samples, { c, sigma: 0.7, epsilon: eps }).model)).toBe(JSON.stringify(r.model));
  });
});

describe('trainSmo: bad input', () => {
  it('refuses one class only, C ≤ 0 and σ ≤ 0', () => {
    expect(() => trainSmo([{ x: [0], y: 1 }], { c: 1, sigma: 1 })).toThrow(/both classes/);
    const two: SvmSample[] = [
      { x: [0], y: 1 },
      { x: [1], y: -1 },
    ];
    expect(() => trainSmo(two, { c: 0, sigma: 1 })).toThrow(/C must be/);
    expect(() => trainSmo(two, { c: 1, sigma: 0 })).toThrow(/σ must be/);
  });

  it('stops at maxIterations and says it did not converge', () => {
    const rand = seededRandom(7);
    const samples: SvmSample[] = Array.from({ length: 60 }, () => ({ x: [rand(), rand()], y: rand() > 0.5 ? 1 : -1 }));
    const r = trainSmo(samples, { c: 10, sigma: 0.1, maxIterations: 3 });
    expect(r.iterations).toBe(3);
    expect(r.converged).toBe(false);
  });
});
