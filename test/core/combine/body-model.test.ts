/**
 * The block model's file format: what `checkBodyModel` refuses (with a reason a person can act on), and
 * the scorer on a hand-built tree whose answer is worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import type { BodyModel } from '../../../src/core/combine/learned/body-model.ts';
import {
  BODY_MODEL_FORMAT,
  BODY_MODEL_VERSION,
  BodyModelError,
  checkBodyModel,
  compileBodyModel,
  scoreRow,
  scoreRows,
} from '../../../src/core/combine/learned/body-model.ts';
import { BLOCK_FEATURES } from '../../../src/core/combine/learned/block-features.ts';
import { defaultBodyModel } from '../../../src/core/combine/learned/default-model.ts';
import shippedJson from '../../../src/core/combine/learned/body-model.json';

const WIDTH = BLOCK_FEATURES.length;
const SENTENCE = BLOCK_FEATURES.indexOf('sentence');
const LINKS = BLOCK_FEATURES.indexOf('linkShare');

/** One tree: sentence ≤ 0.5 → (linkShare ≤ 0.3 → −1, else −3), else +2. */
const TREE = {
  feature: [SENTENCE, LINKS, -1, -1, -1],
  threshold: [0.5, 0.3, 0, 0, 0],
  left: [1, 3, -1, -1, -1],
  right: [2, 4, -1, -1, -1],
  value: [0, 0, 2, -1, -3],
};

function model(over: Partial<Record<keyof BodyModel, unknown>> = {}): unknown {
  return {
    format: BODY_MODEL_FORMAT,
    version: BODY_MODEL_VERSION,
    features: [...BLOCK_FEATURES],
    base: 0.5,
    trees: [TREE],
    training: {},
    ...over,
  };
}

function row(values: Record<number, number>): Float32Array {
  const r = new Float32Array(WIDTH);
  for (const [k, v] of Object.entries(values)) r[Number(k)] = v;
  return r;
}

describe('checkBodyModel', () => {
  it('takes a well-formed model', () => {
    expect(checkBodyModel(model()).trees).toHaveLength(1);
  });

  it.each([
    ['not an object', [], /not a JSON object/],
    ['another format', model({ format: 'article-lens/date-svm' }), /format/],
    ['another version', model({ version: 2 }), /version 2/],
    ['other feature columns', model({ features: ['units.log'] }), /retrain it with train-body/],
    ['a renamed column', model({ features: BLOCK_FEATURES.map((f, i) => (i === 3 ? 'x' : f)) }), /retrain/],
    ['no trees', model({ trees: [] }), /no trees/],
    ['a column out of range', model({ trees: [{ ...TREE, feature: [WIDTH, LINKS, -1, -1, -1] }] }), /reads no feature column/],
    ['a child before its parent (a loop)', model({ trees: [{ ...TREE, left: [0, 3, -1, -1, -1] }] }), /child out of order/],
    ['arrays of different lengths', model({ trees: [{ ...TREE, value: [0, 0, 2] }] }), /differ in length/],
    ['a non-number', model({ trees: [{ ...TREE, threshold: [0.5, 'x', 0, 0, 0] }] }), /arrays of numbers/],
  ])('refuses %s', (_name, value, message) => {
    expect(() => checkBodyModel(value)).toThrow(BodyModelError);
    expect(() => checkBodyModel(value)).toThrow(message);
  });
});

describe('scoreRow / scoreRows', () => {
  const compiled = compileBodyModel(checkBodyModel(model()));

  it('walks each tree to its leaf and adds the leaves to the base', () => {
    expect(scoreRow(compiled, row({ [SENTENCE]: 1 }), 0)).toBeCloseTo(2.5, 10);
    expect(scoreRow(compiled, row({ [SENTENCE]: 0, [LINKS]: 0.1 }), 0)).toBeCloseTo(-0.5, 10);
    expect(scoreRow(compiled, row({ [SENTENCE]: 0, [LINKS]: 0.9 }), 0)).toBeCloseTo(-2.5, 10);
    // A value equal to the threshold goes left.
    expect(scoreRow(compiled, row({ [SENTENCE]: 0.5, [LINKS]: 0.3 }), 0)).toBeCloseTo(-0.5, 10);
  });

  it('gives one probability per row', () => {
    const rows = new Float32Array(WIDTH * 2);
    rows.set(row({ [SENTENCE]: 1 }), 0);
    rows.set(row({ [LINKS]: 0.9 }), WIDTH);
    const p = scoreRows(compiled, rows);
    expect(p).toHaveLength(2);
    expect(p[0]).toBeCloseTo(1 / (1 + Math.exp(-2.5)), 10);
    expect(p[1]).toBeCloseTo(1 / (1 + Math.exp(2.5)), 10);
  });

  it('the shipped model is well-formed and reads the columns this build computes (the check pages are spared)', () => {
    expect(() => checkBodyModel(shippedJson)).not.toThrow();
    const shipped = defaultBodyModel();
    expect(shipped.width).toBe(WIDTH);
    expect(shipped.roots.length).toBeGreaterThan(10);
  });
});
