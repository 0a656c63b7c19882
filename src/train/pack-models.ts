/**
 * Packs the shipped models (core/date-svm/packed-model.ts, core/combine/learned/packed-model.ts): the JSON
 * that `train-date` and `train-body` write stays the models' source and record; the packed form is what
 * the bundles carry (`article-lens pack-models` writes it next to each JSON, and a test checks it is current).
 */
import type { DateModel } from '../core/date-svm/date-model.ts';
import type { PackedDateModel } from '../core/date-svm/packed-model.ts';
import { PACKED_DATE_MODEL_FORMAT } from '../core/date-svm/packed-model.ts';
import type { BodyModel } from '../core/combine/learned/body-model-format.ts';
import type { PackedBodyModel } from '../core/combine/learned/packed-model.ts';
import { PACKED_BODY_MODEL_FORMAT } from '../core/combine/learned/packed-model.ts';
import { ByteWriter } from './pack-bytes.ts';

/** The distinct numbers of `values`, most frequent first (ties in order of first use), and each one's index. */
function table(values: readonly number[]): { list: number[]; index: Map<number, number> } {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const list = [...counts.keys()].sort((a, b) => (counts.get(b) as number) - (counts.get(a) as number));
  return { list, index: new Map(list.map((v, i) => [v, i])) };
}

export function packDateModel(m: DateModel): PackedDateModel {
  const { columns, coef } = m.svm;
  const values = table(columns.value);
  const w = new ByteWriter();
  for (const v of values.list) w.f64(v);
  for (const c of coef) w.f64(c);
  const nColumns = columns.start.length - 1;
  for (let col = 0; col < nColumns; col++) {
    const from = columns.start[col] as number;
    const to = columns.start[col + 1] as number;
    w.varint(to - from);
    let prev = -1;
    for (let k = from; k < to; k++) {
      const row = columns.row[k] as number;
      w.varint(row - prev - 1);
      w.varint(values.index.get(columns.value[k] as number) as number);
      prev = row;
    }
  }
  return {
    format: PACKED_DATE_MODEL_FORMAT,
    features: m.features,
    sigma: m.svm.sigma,
    c: m.svm.c,
    bias: m.svm.bias,
    vectors: coef.length,
    columns: nColumns,
    values: values.list.length,
    training: m.training,
    data: w.finish(),
  };
}

export function packBodyModel(m: BodyModel): PackedBodyModel {
  const inner: number[] = [];
  for (const t of m.trees) t.feature.forEach((f, i) => f >= 0 && inner.push(t.threshold[i] as number));
  const thresholds = table(inner);
  const w = new ByteWriter();
  for (const v of thresholds.list) w.f64(v);
  for (const t of m.trees) {
    w.varint(t.feature.length);
    t.feature.forEach((f, i) => {
      w.varint(f + 1);
      if (f >= 0) {
        w.varint(thresholds.index.get(t.threshold[i] as number) as number);
        w.varint(t.left[i] as number);
        w.varint(t.right[i] as number);
      } else w.f64(t.value[i] as number);
    });
  }
  return {
    format: PACKED_BODY_MODEL_FORMAT,
    features: m.features,
    base: m.base,
    trees: m.trees.length,
    thresholds: thresholds.list.length,
    training: m.training,
    data: w.finish(),
  };
}
