/**
 * The boosted trees of `train-body` on data whose answer is known: the bins, a function that needs a split
 * on each of two features (XOR), the weights, determinism, and that the trees it writes are read back by
 * the core's scorer exactly as the trainer scored them.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/bench/seeded-random.ts';
import type { BodyModel } from '../../src/core/combine/learned/body-model.ts';
import {
  BODY_MODEL_FORMAT,
  BODY_MODEL_VERSION,
  checkBodyModel,
  compileBodyModel,
  scoreRows,
} from '../../src/core/combine/learned/body-model.ts';
import { BLOCK_FEATURES } from '../../src/core/combine/learned/block-features.ts';
import type { BoostSettings } from '../../src/train/body/gbdt.ts';
import { binOf, binRows, boost } from '../../src/train/body/gbdt.ts';
import { toModel } from '../../src/train/body/body-training.ts';

const SETTINGS: BoostSettings = {
  rounds: 30,
  depth: 2,
  learningRate: 0.3,
  lambda: 1,
  minChildHessian: 0.5,
  subsample: 1,
  maxBins: 16,
  seed: 7,
};

/** `n` rows of `width` uniform features; label = (x0 > 0.5) XOR (x1 > 0.5); weight 1. */
function xorData(n: number, width: number, seed = 1): { x: Float32Array; y: Float32Array; w: Float32Array } {
  const r = seededRandom(seed);
  const x = new Float32Array(n * width);
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    for (let f = 0; f < width; f++) x[i * width + f] = r();
    y[i] = (x[i * width] as number) > 0.5 !== (x[i * width + 1] as number) > 0.5 ? 1 : 0;
  }
  return { x, y, w: new Float32Array(n).fill(1) };
}

/** A model object over `width` columns (the core's scorer reads any width; only checkBodyModel insists on the names). */
function modelOf(boosted: ReturnType<typeof boost>, width: number): BodyModel {
  const m = toModel(boosted, {});
  return { ...m, features: Array.from({ length: width }, (_, i) => `f${i}`) };
}

const all = (n: number): Int32Array => Int32Array.from({ length: n }, (_, i) => i);

describe('binRows', () => {
  it('cuts between the distinct values when there are few, and bins every row by them', () => {
    const x = Float32Array.from([0, 1, 1, 3, 0, 3]);
    const b = binRows(x, 1, 16);
    expect([...(b.edges[0] as Float32Array)]).toEqual([0.5, 2]);
    expect([...b.bins]).toEqual([0, 1, 1, 2, 0, 2]);
  });

  it('cuts at quantiles when there are many, at most maxBins bins', () => {
    const x = Float32Array.from({ length: 1000 }, (_, i) => i);
    const b = binRows(x, 1, 10);
    expect((b.edges[0] as Float32Array).length).toBeLessThan(10);
    const counts = new Map<number, number>();
    for (const v of b.bins) counts.set(v, (counts.get(v) ?? 0) + 1);
    for (const c of counts.values()) expect(c).toBeGreaterThan(50);
  });

  it('binOf: a value equal to an edge falls into the lower bin', () => {
    const edges = Float32Array.from([0.5, 2]);
    expect([binOf(edges, 0.5), binOf(edges, 0.51), binOf(edges, 2), binOf(edges, 9)]).toEqual([0, 1, 1, 2]);
  });
});

describe('boost', () => {
  it('learns XOR, which no single split can: nearly every row on the right side after 60 trees of depth 3', () => {
    const { x, y, w } = xorData(400, 3);
    const boosted = boost(binRows(x, 3, 16), y, w, all(400), { ...SETTINGS, rounds: 60, depth: 3 });
    const p = scoreRows(compileBodyModel(modelOf(boosted, 3)), x);
    let right = 0;
    for (let i = 0; i < 400; i++) if ((p[i] as number) >= 0.5 === (y[i] === 1)) right++;
    expect(right).toBeGreaterThan(385);
    // Feature 2 is noise: the trees lean on 0 and 1.
    expect((boosted.gain[0] as number) + (boosted.gain[1] as number)).toBeGreaterThan(10 * (boosted.gain[2] as number));
  });

  it('is deterministic for a seed, and a row sample changes the trees', () => {
    const { x, y, w } = xorData(200, 3);
    const data = binRows(x, 3, 16);
    const sampled = { ...SETTINGS, subsample: 0.6 };
    const a = boost(data, y, w, all(200), sampled);
    const b = boost(data, y, w, all(200), sampled);
    expect(a.trees).toEqual(b.trees);
    expect(boost(data, y, w, all(200), { ...sampled, seed: 8 }).trees).not.toEqual(a.trees);
  });

  it('a row of weight 0 (a block with no token) does not move the model', () => {
    const { x, y, w } = xorData(200, 3);
    const data = binRows(x, 3, 16);
    const base = boost(data, y, w, all(200), SETTINGS);
    const flipped = Float32Array.from(y);
    const w0 = Float32Array.from(w);
    for (let i = 0; i < 20; i++) {
      flipped[i] = 1 - (flipped[i] as number);
      w0[i] = 0;
    }
    expect(boost(data, flipped, w0, all(200), SETTINGS).trees.length).toBe(base.trees.length);
    const p = scoreRows(compileBodyModel(modelOf(boost(data, flipped, w0, all(200), SETTINGS), 3)), x);
    let right = 0;
    for (let i = 20; i < 200; i++) if ((p[i] as number) >= 0.5 === (y[i] === 1)) right++;
    expect(right).toBeGreaterThan(170);
  });

  it('the model it writes passes the core check, and the core scores it as the trainer grew it', () => {
    const width = BLOCK_FEATURES.length;
    const { x, y, w } = xorData(300, width, 3);
    const data = binRows(x, width, 64);
    const boosted = boost(data, y, w, all(300), { ...SETTINGS, depth: 4, rounds: 5 });
    const model = checkBodyModel(JSON.parse(JSON.stringify(toModel(boosted, { note: 'test' }))));
    expect(model.format).toBe(BODY_MODEL_FORMAT);
    expect(model.version).toBe(BODY_MODEL_VERSION);
    const compiled = compileBodyModel(model);
    // The trainer's own sum of leaves, walked on the bins, against the core's walk on the values.
    const p = scoreRows(compiled, x);
    for (let i = 0; i < 300; i++) {
      let s = boosted.base;
      for (const t of boosted.trees) {
        let n = 0;
        while ((t.feature[n] as number) >= 0) {
          const f = t.feature[n] as number;
          n = (x[i * width + f] as number) <= (t.threshold[n] as number) ? (t.left[n] as number) : (t.right[n] as number);
        }
        s += t.value[n] as number;
      }
      expect(p[i]).toBeCloseTo(1 / (1 + Math.exp(-s)), 5);
    }
  });
});
