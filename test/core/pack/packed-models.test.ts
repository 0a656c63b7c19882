/**
 * The shipped models' packed form (core/pack/char-codes.ts, core/date-svm/packed-model.ts,
 * core/combine/learned/packed-model.ts): it scores what their JSON scores, number for number, so that the
 * bundles — which carry only the packed form — predict what the JSON predicts; it is much smaller than the
 * JSON; and it is current (`pack-models --check`).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dateJson from '../../../src/core/date-svm/default-model.json';
import datePacked from '../../../src/core/date-svm/default-model.packed.json';
import bodyJson from '../../../src/core/combine/learned/body-model.json';
import bodyPacked from '../../../src/core/combine/learned/body-model.packed.json';
import type { PackedDateModel } from '../../../src/core/date-svm/packed-model.ts';
import { compilePackedDateModel } from '../../../src/core/date-svm/packed-model.ts';
import type { PackedBodyModel } from '../../../src/core/combine/learned/packed-model.ts';
import { compilePackedBodyModel } from '../../../src/core/combine/learned/packed-model.ts';
import type { BodyModel } from '../../../src/core/combine/learned/body-model.ts';
import { compileBodyModel, scoreRows } from '../../../src/core/combine/learned/body-model.ts';
import { CODE_BASE, MAX_CODED, fromCodes, toCodes } from '../../../src/core/pack/char-codes.ts';
import { packBodyModel, packDateModel } from '../../../src/train/pack-models.ts';
import type { DateModel, SparseVector } from '../../../src/core/date-svm/date-model.ts';
import { compileDateModel } from '../../../src/core/date-svm/date-model.ts';
import { postingsOf } from '../../../src/core/date-svm/svm-postings.ts';
import type { DateSample } from '../../../src/core/date-svm/samples/sample.ts';
import { packModelsCommand } from '../../../src/cli/pack-models-command.ts';

const utf8 = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

describe('numbers as character codes', () => {
  it('round-trip any whole numbers up to MAX_CODED, one character each, no control character or surrogate', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: MAX_CODED }), { maxLength: 9000 }), (values) => {
        const text = toCodes(values);
        expect(text).toHaveLength(values.length);
        expect(fromCodes(text)).toEqual(values);
        for (let i = 0; i < text.length; i++) {
          const c = text.charCodeAt(i);
          expect(c >= CODE_BASE && (c < 0xd800 || c > 0xdfff)).toBe(true);
        }
      }),
    );
  });

  it('refuses what it cannot write', () => {
    expect(() => toCodes([-1])).toThrow(/cannot be written/);
    expect(() => toCodes([MAX_CODED + 1])).toThrow(/cannot be written/);
    expect(() => toCodes([1.5])).toThrow(/cannot be written/);
  });
});

describe('postings of a model’s columns', () => {
  it('hold every entry: rows by their steps, one value for a feature whose values agree, value codes otherwise', () => {
    const p = postingsOf({ start: [0, 3, 3, 5], row: [0, 4, 9, 2, 3], value: [1, 1, 1, 0.25, 2] });
    expect(p.start).toEqual([0, 3, 3, 5]);
    expect(fromCodes(p.rows)).toEqual([1, 4, 5, 3, 1]);
    expect(p.table).toEqual([1, 0.25, 2]);
    expect(p.single).toEqual([0, -1, -1]);
    expect(p.valueAt).toEqual([-1, -1, 0]);
    expect(fromCodes(p.values)).toEqual([1, 2]);
  });
});

/** Random samples over the shipped model's own tags, tokens and statistics. */
function sampleArb(m: DateModel): fc.Arbitrary<DateSample> {
  const { tags, tokens, stats } = m.features;
  return fc.record({
    tags: fc.array(fc.constantFrom(...tags, 'blink'), { maxLength: 8 }),
    tokens: fc.array(fc.constantFrom(...tokens, 'nothing-known'), { maxLength: 12 }),
    links: fc.nat(5),
    stats: fc.dictionary(fc.constantFrom(...stats), fc.double({ min: -5, max: 3000, noNaN: true }), { maxKeys: stats.length }),
  }) as unknown as fc.Arbitrary<DateSample>;
}

/** f(x) straight from the JSON model's columns, in the order the scorer sums (date-model.ts). */
function referenceDecision(m: DateModel, x: SparseVector): number {
  const { start, row, value } = m.svm.columns;
  const dot = new Float64Array(m.svm.coef.length);
  let xNorm = 0;
  x.index.forEach((i, k) => {
    const v = x.value[k]!;
    xNorm += v * v;
    for (let p = start[i]!; p < start[i + 1]!; p++) dot[row[p]!] = dot[row[p]!]! + v * value[p]!;
  });
  const gamma = 1 / (2 * m.svm.sigma * m.svm.sigma);
  let out = m.svm.bias;
  m.svm.coef.forEach((c, r) => (out += c * Math.exp(-Math.max(0, xNorm + m.svm.norms[r]! - 2 * dot[r]!) * gamma)));
  return out;
}

describe('the shipped date model, packed', () => {
  const json = dateJson as unknown as DateModel;
  const packed = datePacked as unknown as PackedDateModel;

  it('holds the JSON model’s features, scalars, coefficients and norms, and its columns as postings', () => {
    expect(packed.features).toEqual(json.features);
    expect([packed.sigma, packed.c, packed.bias]).toEqual([json.svm.sigma, json.svm.c, json.svm.bias]);
    expect(packed.coef).toEqual(json.svm.coef);
    expect(packed.norms).toEqual(json.svm.norms);
    expect(packed.postings).toEqual(postingsOf(json.svm.columns));
    expect(packed.training).toEqual(json.training);
  });

  it('scores any sample as the JSON model’s columns do, bit for bit (and so does the JSON model compiled)', () => {
    const a = compileDateModel(json);
    const b = compilePackedDateModel(packed);
    fc.assert(
      fc.property(sampleArb(json), (s) => {
        const expected = referenceDecision(json, a.vectorizer.vectorize(s));
        expect(Object.is(b.decision(s), expected)).toBe(true);
        expect(Object.is(a.decision(s), expected)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('is at most a third of the JSON', () => {
    expect(utf8(datePacked)).toBeLessThan(utf8(dateJson) / 3);
  });

  it('packs again to the same model', () => {
    expect(packDateModel(json)).toEqual(datePacked);
  });
});

describe('the shipped block model, packed', () => {
  const json = bodyJson as unknown as BodyModel;
  const packed = bodyPacked as unknown as PackedBodyModel;

  it('compiles to the arrays the JSON compiles to, but the inner nodes’ values, which no score reads', () => {
    const a = compileBodyModel(json);
    const b = compilePackedBodyModel(packed);
    for (const key of ['roots', 'feature', 'threshold', 'left', 'right'] as const) expect(Array.from(b[key])).toEqual(Array.from(a[key]));
    a.feature.forEach((f, i) => f < 0 && expect(b.value[i]).toBe(a.value[i]));
    expect([b.width, b.base, b.nodes]).toEqual([a.width, a.base, a.nodes]);
  });

  it('scores any rows as the JSON model does', () => {
    const a = compileBodyModel(json);
    const b = compilePackedBodyModel(packed);
    fc.assert(
      fc.property(fc.array(fc.float({ min: -2, max: 5000, noNaN: true }), { minLength: a.width * 3, maxLength: a.width * 3 }), (values) => {
        const rows = Float32Array.from(values);
        expect(Array.from(scoreRows(b, rows))).toEqual(Array.from(scoreRows(a, rows)));
      }),
      { numRuns: 100 },
    );
  });

  it('refuses parts that do not fit together', () => {
    expect(() => compilePackedBodyModel({ ...packed, leaves: packed.leaves.slice(1) })).toThrow(/do not fit/);
  });

  it('is at most two fifths of the JSON', () => {
    expect(utf8(bodyPacked)).toBeLessThan((utf8(bodyJson) * 2) / 5);
  });

  it('packs again to the same model, and the files are current', () => {
    expect(packBodyModel(json)).toEqual(bodyPacked);
    expect(packModelsCommand(['--check'])).toBe(0);
  });
});
