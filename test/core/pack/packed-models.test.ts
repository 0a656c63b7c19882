/**
 * The shipped models' packed form (core/pack, core/date-svm/packed-model.ts, core/combine/learned/
 * packed-model.ts): it holds the models their JSON holds, number for number, so that the bundles — which
 * carry only the packed form — predict what the JSON predicts; and it is current (`pack-models --check`).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dateJson from '../../../src/core/date-svm/default-model.json';
import datePacked from '../../../src/core/date-svm/default-model.packed.json';
import bodyJson from '../../../src/core/combine/learned/body-model.json';
import bodyPacked from '../../../src/core/combine/learned/body-model.packed.json';
import type { PackedDateModel } from '../../../src/core/date-svm/packed-model.ts';
import { unpackDateModel } from '../../../src/core/date-svm/packed-model.ts';
import type { PackedBodyModel } from '../../../src/core/combine/learned/packed-model.ts';
import { unpackBodyModel } from '../../../src/core/combine/learned/packed-model.ts';
import type { BodyModel } from '../../../src/core/combine/learned/body-model.ts';
import { compileBodyModel } from '../../../src/core/combine/learned/body-model.ts';
import { ByteReader, fromBase64 } from '../../../src/core/pack/bytes.ts';
import { ByteWriter, toBase64 } from '../../../src/train/pack-bytes.ts';
import { packBodyModel, packDateModel } from '../../../src/train/pack-models.ts';
import type { DateModel } from '../../../src/core/date-svm/date-model.ts';
import { packModelsCommand } from '../../../src/cli/pack-models-command.ts';

describe('the packed byte stream', () => {
  it('base64 round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(Array.from(fromBase64(toBase64(bytes)))).toEqual(Array.from(bytes));
      }),
    );
  });

  it('reads back varints, float32 and float64 bit for bit, and knows when it is done', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(2 ** 35 - 1), fc.double(), fc.float())), (items) => {
        const w = new ByteWriter();
        for (const [n, d, f] of items) {
          w.varint(n);
          w.f64(d);
          w.f32(f);
        }
        const r = new ByteReader(w.finish());
        for (const [n, d, f] of items) {
          expect(r.varint()).toBe(n);
          expect(Object.is(r.f64(), d)).toBe(true);
          expect(Object.is(r.f32(), Math.fround(f))).toBe(true);
        }
        expect(r.done).toBe(true);
      }),
    );
  });

  it('refuses a number it cannot write, and a stream cut inside a number', () => {
    expect(() => new ByteWriter().varint(-1)).toThrow(/no varint/);
    const w = new ByteWriter();
    w.varint(300);
    const cut = new ByteReader(new ByteWriter().finish());
    expect(() => cut.varint()).toThrow(/ends inside a number/);
  });
});

describe('the shipped date model, packed', () => {
  const json = dateJson as unknown as DateModel;
  const unpacked = unpackDateModel(datePacked as unknown as PackedDateModel);

  it('holds the JSON model: features, scalars, coefficients, columns, and the same norms summed again', () => {
    expect(unpacked.features).toEqual(json.features);
    expect(unpacked.svm.coef).toEqual(json.svm.coef);
    expect(unpacked.svm.columns).toEqual(json.svm.columns);
    // Summed on reading in the order training summed them: the same doubles, bit for bit.
    expect(unpacked.svm.norms).toEqual(json.svm.norms);
    expect({ ...unpacked, svm: { ...unpacked.svm } }).toEqual(json);
  });

  it('is at most a fifth of the JSON', () => {
    expect(JSON.stringify(datePacked).length).toBeLessThan(JSON.stringify(dateJson).length / 5);
  });

  it('packs again to the same bytes', () => {
    expect(packDateModel(json)).toEqual(datePacked);
  });
});

describe('the shipped block model, packed', () => {
  const json = bodyJson as unknown as BodyModel;
  const unpacked = unpackBodyModel(bodyPacked as unknown as PackedBodyModel);

  it('holds every tree’s structure, split features, thresholds and leaf values', () => {
    expect(unpacked.features).toEqual(json.features);
    expect(unpacked.base).toBe(json.base);
    expect(unpacked.trees).toHaveLength(json.trees.length);
    json.trees.forEach((t, i) => {
      const u = unpacked.trees[i]!;
      expect(u.feature).toEqual(t.feature);
      expect(u.left).toEqual(t.left);
      expect(u.right).toEqual(t.right);
      expect(u.threshold).toEqual(t.threshold);
      expect(u.value.filter((_, k) => t.feature[k]! < 0)).toEqual(t.value.filter((_, k) => t.feature[k]! < 0));
    });
  });

  it('compiles to the model the JSON compiles to, but the inner nodes’ values, which no score reads', () => {
    const a = compileBodyModel(json);
    const b = compileBodyModel(unpacked);
    for (const key of ['roots', 'feature', 'threshold', 'left', 'right'] as const) expect(Array.from(b[key])).toEqual(Array.from(a[key]));
    a.feature.forEach((f, i) => f < 0 && expect(b.value[i]).toBe(a.value[i]));
  });

  it('packs again to the same bytes, and the files are current', () => {
    expect(packBodyModel(json)).toEqual(bodyPacked);
    expect(packModelsCommand(['--check'])).toBe(0);
  });
});
