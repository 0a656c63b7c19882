/**
 * §3.5–3.7 The shipped model's vectoriser and its fast sparse decision function: the vector layout is
 * the TagGlossary's, statistics are min-max scaled, and the sparse decision equals the plain RBF sum
 * over dense vectors (svm-model.ts) that training uses.
 */
import { describe, expect, it } from 'vitest';
import type { DateModel } from '../../../src/core/date-svm/date-model.ts';
import {
  DateModelError,
  checkDateModel,
  compileDateModel,
  createVectorizer,
  readDateModelJson,
  svmColumns,
} from '../../../src/core/date-svm/date-model.ts';
import { decisionValue } from '../../../src/core/date-svm/svm-model.ts';
import type { DateSample } from '../../../src/core/date-svm/samples/sample.ts';
import shipped from '../../../src/core/date-svm/default-model.json';

const FEATURES = {
  tags: ['span', 'div', 'p'],
  tokens: ['date', 'time', 'w:发布'],
  stats: ['length', 'inZone'],
  statMin: [5, 0],
  statMax: [25, 1],
  fragmentLevels: 4,
  kinds: ['text'],
};

function sample(over: Partial<DateSample> = {}): DateSample {
  return {
    iso: '2019-05-13',
    day: '2019-05-13',
    text: '2019-05-13',
    kind: 'text',
    tags: ['span', 'div', 'div', 'body'],
    tokens: ['date', 'unknown', '@class'],
    links: 1,
    stats: { length: 10, inZone: 1, year: 2019 },
    where: 'span.date',
    ...over,
  };
}

describe('createVectorizer', () => {
  it('lays out tag counts / levels, tokens 0/1, the link counter, then scaled statistics; unknown names are dropped', () => {
    const v = createVectorizer(FEATURES);
    expect(v.dimension).toBe(3 + 3 + 1 + 2);
    // span 1/4, div 2/4, p 0 | date 1, time 0, w:发布 0 | links 1/3 | length (10−5)/20, inZone 1
    expect(v.dense(sample())).toEqual([0.25, 0.5, 0, 1, 0, 0, 1 / 3, 0.25, 1]);
  });

  it('clips statistics outside the training range to [0, 1] and saturates the link counter', () => {
    const v = createVectorizer(FEATURES);
    const x = v.dense(sample({ links: 7, stats: { length: 99, inZone: 0 } }));
    expect(x.slice(6)).toEqual([1, 1, 0]);
  });

  it('the sparse vector lists exactly the non-zero entries, indices ascending', () => {
    const v = createVectorizer(FEATURES);
    const s = v.vectorize(sample());
    expect([...s.index]).toEqual([0, 1, 3, 6, 7, 8]);
  });
});

/** [0.25, 0.5, 0, 1, 0, 0, 0.33, 0.25, 1] and [0, 0.5, 0.25, 0, 1, 0, 0, 0.9, 0], by row. */
const ROWS = [
  [0, 0.25, 1, 0.5, 3, 1, 6, 0.33, 7, 0.25, 8, 1],
  [1, 0.5, 2, 0.25, 4, 1, 7, 0.9],
];

function model(over: Partial<DateModel['svm']> = {}): DateModel {
  return {
    format: 'article-lens/date-svm',
    version: 2,
    features: FEATURES,
    svm: { sigma: 0.8, c: 1, bias: -0.3, coef: [1.2, -0.7], ...svmColumns(ROWS, 9), ...over },
    training: {},
  };
}

/** The dense rows of a model's support vectors, from its columns. */
function denseRows(m: DateModel, dim: number): number[][] {
  const { start, row, value } = m.svm.columns;
  const out = m.svm.coef.map(() => new Array<number>(dim).fill(0));
  for (let i = 0; i < dim; i++)
    for (let p = start[i] as number; p < (start[i + 1] as number); p++) (out[row[p] as number] as number[])[i] = value[p] as number;
  return out;
}

describe('compileDateModel', () => {
  it('scores a sample exactly as the dense RBF sum of svm-model.ts', () => {
    const m = model();
    const compiled = compileDateModel(m);
    const plain = {
      kernel: 'rbf' as const,
      sigma: m.svm.sigma,
      c: 1,
      bias: m.svm.bias,
      supportVectors: denseRows(m, 9),
      coefficients: [...m.svm.coef],
    };
    expect(plain.supportVectors[1]).toEqual([0, 0.5, 0.25, 0, 1, 0, 0, 0.9, 0]);
    for (const s of [sample(), sample({ tags: ['p'], tokens: ['time'], links: 0, stats: { length: 20, inZone: 0 } })]) {
      expect(compiled.decision(s)).toBeCloseTo(decisionValue(plain, compiled.vectorizer.dense(s)), 12);
    }
    // Near the first (positive) support vector the value is positive, near the second negative.
    expect(compiled.decision(sample())).toBeGreaterThan(0);
    expect(compiled.decision(sample({ tags: ['div', 'p'], tokens: ['time'], links: 0, stats: { length: 23, inZone: 0 } }))).toBeLessThan(0);
  });

  it('scores as the dense RBF sum with the shipped model too (its posting lists and statistic columns)', () => {
    const m = shipped as unknown as DateModel;
    const compiled = compileDateModel(m);
    const dim = compiled.vectorizer.dimension;
    const plain = {
      kernel: 'rbf' as const,
      sigma: m.svm.sigma,
      c: m.svm.c,
      bias: m.svm.bias,
      supportVectors: denseRows(m, dim),
      coefficients: [...m.svm.coef],
    };
    // Samples made of the model's own vocabulary, drawn by a fixed linear congruential sequence.
    let seed = 7;
    const pick = <T>(xs: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return xs[seed % xs.length] as T;
    };
    const f = m.features;
    for (let i = 0; i < 12; i++) {
      const stats: Record<string, number> = {};
      f.stats.forEach((name, k) => {
        const lo = f.statMin[k] as number;
        const hi = f.statMax[k] as number;
        stats[name] = pick([lo, hi, (lo + hi) / 2, 0]);
      });
      const s = sample({
        tags: [pick(f.tags), pick(f.tags), 'div', 'body'],
        tokens: [pick(f.tokens), pick(f.tokens)],
        links: i % 3,
        stats,
      });
      expect(compiled.decision(s)).toBeCloseTo(decisionValue(plain, compiled.vectorizer.dense(s)), 9);
    }
  });

  it('refuses a file that is not a date model, with a clear message', () => {
    expect(() => checkDateModel({ ...model(), format: 'other' } as unknown as DateModel)).toThrow(DateModelError);
    expect(() => checkDateModel(model({ coef: [1] }))).toThrow(/differ in number/);
    expect(() => checkDateModel(model({ columns: { ...svmColumns(ROWS, 9).columns, row: [0, 5, 0, 1, 1, 0, 1, 0, 1, 0] } }))).toThrow(
      /out of range/,
    );
    expect(() => checkDateModel(model({ columns: svmColumns(ROWS, 8).columns }))).toThrow(/do not match the features/);
    expect(() => checkDateModel(model({ norms: [1] }))).toThrow(/differ in number/);
    expect(() => checkDateModel(model({ sigma: 0 }))).toThrow(/svm missing/);
  });

  it('the shipped model passes the check it is spared on every page', () => {
    expect(() => checkDateModel(shipped as unknown as DateModel)).not.toThrow();
    expect((shipped as unknown as DateModel).version).toBe(2);
  });

  it('reads a model of the first layout (support vectors by row) into the same columns, scoring the same', () => {
    const rowsModel = { ...model(), version: 1, svm: { sigma: 0.8, c: 1, bias: -0.3, coef: [1.2, -0.7], sv: ROWS } };
    const read = readDateModelJson(JSON.parse(JSON.stringify(rowsModel)));
    expect(read).toEqual(model());
    const s = sample();
    expect(compileDateModel(read).decision(s)).toBe(compileDateModel(model()).decision(s));
    expect(() => readDateModelJson({ ...rowsModel, svm: { ...rowsModel.svm, sv: [[3, 1, 2, 1]] } })).toThrow(/do not ascend/);
    expect(() => readDateModelJson({ ...rowsModel, svm: { ...rowsModel.svm, sv: [[99, 1]] } })).toThrow(/out of range/);
  });

  it('leaves zero values out of the columns and sums each norm in the row’s order', () => {
    const { norms, columns } = svmColumns([[0, 0.5, 2, 0, 3, 0.25]], 4);
    expect(columns).toEqual({ start: [0, 1, 1, 1, 2], row: [0, 0], value: [0.5, 0.25] });
    expect(norms).toEqual([0.5 * 0.5 + 0 + 0.25 * 0.25]);
  });
});
