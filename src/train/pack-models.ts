/**
 * Packs the shipped models (core/date-svm/packed-model.ts, core/combine/learned/packed-model.ts): the JSON
 * that `train-date` and `train-body` write stays the models' source and record; the packed form is what
 * the bundles carry (`article-lens pack-models` writes it next to each JSON, and a test checks it is current).
 */
import type { DateModel } from '../core/date-svm/date-model.ts';
import type { PackedDateModel } from '../core/date-svm/packed-model.ts';
import { PACKED_DATE_MODEL_FORMAT } from '../core/date-svm/packed-model.ts';
import { postingsOf } from '../core/date-svm/svm-postings.ts';
import type { BodyModel } from '../core/combine/learned/body-model-format.ts';
import type { PackedBodyModel } from '../core/combine/learned/packed-model.ts';
import { PACKED_BODY_MODEL_FORMAT } from '../core/combine/learned/packed-model.ts';
import { toCodes } from '../core/pack/char-codes.ts';

export function packDateModel(m: DateModel): PackedDateModel {
  const { sigma, c, bias, coef, norms, columns } = m.svm;
  return {
    format: PACKED_DATE_MODEL_FORMAT,
    features: m.features,
    sigma,
    c,
    bias,
    coef,
    norms,
    postings: postingsOf(columns),
    training: m.training,
  };
}

/** The distinct numbers of `values`, most frequent first (ties in order of first use), and each one's index. */
function table(values: readonly number[]): { list: number[]; index: Map<number, number> } {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const list = [...counts.keys()].sort((a, b) => (counts.get(b) as number) - (counts.get(a) as number));
  return { list, index: new Map(list.map((v, i) => [v, i])) };
}

export function packBodyModel(m: BodyModel): PackedBodyModel {
  const inner: number[] = [];
  for (const t of m.trees) t.feature.forEach((f, i) => f >= 0 && inner.push(t.threshold[i] as number));
  const thresholds = table(inner);
  const nodes: number[] = [];
  const splits: number[] = [];
  const leaves: number[] = [];
  for (const t of m.trees) {
    t.feature.forEach((f, i) => {
      nodes.push(f + 1);
      if (f >= 0) splits.push(thresholds.index.get(t.threshold[i] as number) as number, t.left[i] as number, t.right[i] as number);
      else leaves.push(t.value[i] as number);
    });
  }
  return {
    format: PACKED_BODY_MODEL_FORMAT,
    features: m.features,
    base: m.base,
    sizes: m.trees.map((t) => t.feature.length),
    nodes: toCodes(nodes),
    splits: toCodes(splits),
    thresholds: thresholds.list,
    leaves,
    training: m.training,
  };
}
