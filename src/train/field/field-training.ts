/**
 * Issue 41, `train-author`: the author and source models from the candidates' rows (field-features.ts).
 * A candidate is labelled the page's value when its normalised text is the gold's, or close to it (token
 * F1 ≥ `LABEL_MIN_F1`: "By Erin Cunningham" in a gold that keeps the "By" still marks the candidate
 * "Erin Cunningham" as the byline's); on a page whose gold says there is none (''), every candidate is not.
 * Figures are exact matches of the chosen value against the gold, over every page with a gold for the
 * field (a page without candidates chooses none), chosen as the core chooses (`learnedOrder`).
 */
import { FIELD_FEATURES } from '../../core/metadata/field-model/field-features.ts';
import type { FieldModel, FieldName, FieldTrees } from '../../core/metadata/field-model/field-model.ts';
import {
  FIELD_MODEL_FORMAT,
  FIELD_MODEL_VERSION,
  compileFieldTrees,
  learnedValueOrder,
} from '../../core/metadata/field-model/field-model.ts';
import { scoreRow, sigmoid } from '../../core/combine/learned/body-model.ts';
import { normalizeField, tokenF1 } from '../../eval/metrics.ts';
import type { FieldSamplePage } from '../collect-samples.ts';
import type { CvGrouping } from '../body/body-training.ts';
import { foldsOf, jsonTrees } from '../body/body-training.ts';
import type { BoostSettings } from '../body/gbdt.ts';
import { binRows, boost } from '../body/gbdt.ts';

/** Small trees: a few hundred pages, a handful of candidates each. */
export const FIELD_BOOST: BoostSettings = {
  rounds: 60,
  depth: 3,
  learningRate: 0.1,
  lambda: 1,
  minChildHessian: 1,
  subsample: 0.8,
  maxBins: 32,
  seed: 1,
};

/** A candidate whose text is this close to the gold's (token F1) is labelled the page's value. */
export const LABEL_MIN_F1 = 0.75;

export const FIELDS: readonly FieldName[] = ['author', 'source'];

/** One field's rows of every page that has a gold for it, with labels and where each page's rows start. */
export interface FieldMatrix {
  readonly field: FieldName;
  readonly pages: readonly FieldSamplePage[];
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly w: Float32Array;
  /** Each page's first row and its number of rows. */
  readonly start: Int32Array;
  readonly count: Int32Array;
}

export function isLabelled(value: string, gold: string): boolean {
  const g = normalizeField(gold);
  if (g === '') return false;
  return normalizeField(value) === g || tokenF1(gold, value) >= LABEL_MIN_F1;
}

export function fieldMatrix(all: readonly FieldSamplePage[], field: FieldName): FieldMatrix {
  const pages = all.filter((p) => p.gold[field] !== null);
  const width = FIELD_FEATURES.length;
  let rows = 0;
  for (const p of pages) rows += p.samples[field]?.values.length ?? 0;
  const x = new Float32Array(rows * width);
  const y = new Float32Array(rows);
  const w = new Float32Array(rows).fill(1);
  const start = new Int32Array(pages.length);
  const count = new Int32Array(pages.length);
  let at = 0;
  pages.forEach((p, pi) => {
    const s = p.samples[field];
    start[pi] = at;
    count[pi] = s?.values.length ?? 0;
    if (!s) return;
    if (s.rows.length !== s.values.length * width)
      throw new Error(`${p.set}/${p.id}: ${field} rows are not ${width} wide (retrain from new samples)`);
    for (let i = 0; i < s.rows.length; i++) x[at * width + i] = s.rows[i] as number;
    s.values.forEach((v, i) => {
      y[at + i] = isLabelled(v, p.gold[field] ?? '') ? 1 : 0;
    });
    at += s.values.length;
  });
  return { field, pages, x, y, w, start, count };
}

function train(m: FieldMatrix, use: Int32Array, settings: BoostSettings): FieldTrees {
  const width = FIELD_FEATURES.length;
  if (use.length === 0) return { base: 0, trees: [{ feature: [-1], threshold: [0], left: [-1], right: [-1], value: [0] }] };
  const boosted = boost(binRows(m.x, width, settings.maxBins), m.y, m.w, use, settings);
  return { base: boosted.base, trees: jsonTrees(boosted.trees) };
}

/** The probabilities of every row under `trees`. */
function score(m: FieldMatrix, trees: FieldTrees, rows: Int32Array, into: Float64Array): void {
  const model = compileFieldTrees(trees);
  for (const r of rows) into[r] = sigmoid(scoreRow(model, m.x, r * FIELD_FEATURES.length));
}

/** Out-of-fold probabilities: every page's rows scored by a model trained on the other folds only. */
export function crossValidated(m: FieldMatrix, by: CvGrouping, folds: number, settings: BoostSettings): Float64Array {
  const { fold, count } = foldsOf(m.pages, by, folds);
  const p = new Float64Array(m.y.length);
  for (let f = 0; f < count; f++) {
    const train_: number[] = [];
    const test: number[] = [];
    m.pages.forEach((_, pi) => {
      const into = fold[pi] === f ? test : train_;
      for (let r = m.start[pi] as number; r < (m.start[pi] as number) + (m.count[pi] as number); r++) into.push(r);
    });
    if (test.length === 0) continue;
    score(m, train(m, Int32Array.from(train_), settings), Int32Array.from(test), p);
  }
  return p;
}

/** Exact-match figures per set: the rules' first candidate, and the learned choice at `minProbability`. */
export interface FieldFigures {
  readonly set: string;
  readonly pages: number;
  readonly rules: number;
  readonly learned: number;
}

/** The chosen value of page `pi`: by the rules (first candidate) or by `p` at `minProbability`. */
export function chosenValue(m: FieldMatrix, pi: number, p: Float64Array | null, minProbability: number): string {
  const s = m.pages[pi]?.samples[m.field];
  if (!s || s.values.length === 0) return '';
  if (!p) return s.values[0] as string;
  const at = m.start[pi] as number;
  const { chosen } = learnedValueOrder(s.values, p.subarray(at, at + s.values.length), minProbability);
  return chosen === null ? '' : (s.values[chosen] as string);
}

export function fieldFigures(m: FieldMatrix, p: Float64Array, minProbability: number): FieldFigures[] {
  const sets = [...new Set(m.pages.map((x) => x.set))];
  return sets.map((set) => {
    let pages = 0;
    let rules = 0;
    let learned = 0;
    m.pages.forEach((page, pi) => {
      if (page.set !== set) return;
      pages++;
      const gold = normalizeField(page.gold[m.field]);
      if (normalizeField(chosenValue(m, pi, null, 0)) === gold) rules++;
      if (normalizeField(chosenValue(m, pi, p, minProbability)) === gold) learned++;
    });
    return { set, pages, rules: rules / pages, learned: learned / pages };
  });
}

export function formatFieldFigures(title: string, figures: readonly FieldFigures[]): string {
  const lines = [title, `  ${'set'.padEnd(14)} ${'pages'.padStart(5)}  rules exact  learned exact`];
  for (const f of figures)
    lines.push(
      `  ${f.set.padEnd(14)} ${String(f.pages).padStart(5)}  ${f.rules.toFixed(3).padStart(11)}  ${f.learned.toFixed(3).padStart(13)}`,
    );
  return lines.join('\n');
}

/** The shipped model: both fields trained on every page. */
export function trainFieldModel(pages: readonly FieldSamplePage[], settings: BoostSettings, training: Record<string, unknown>): FieldModel {
  const trees = {} as Record<FieldName, FieldTrees>;
  for (const field of FIELDS) {
    const m = fieldMatrix(pages, field);
    trees[field] = train(
      m,
      Int32Array.from({ length: m.y.length }, (_, i) => i),
      settings,
    );
  }
  return {
    format: FIELD_MODEL_FORMAT,
    version: FIELD_MODEL_VERSION,
    features: [...FIELD_FEATURES],
    author: trees.author,
    source: trees.source,
    training: {
      sets: [...new Set(pages.map((p) => p.set))],
      pages: pages.length,
      labelMinF1: LABEL_MIN_F1,
      ...settings,
      ...training,
    },
  };
}
