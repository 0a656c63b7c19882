/**
 * §6 learned combination: the block model as shipped (one JSON file written by `article-lens train-body`):
 * gradient-boosted regression trees over the columns of block-features.ts, whose summed leaves are the
 * log-odds that a text block belongs to the article's body. This module checks a model, compiles it into
 * typed arrays and scores feature rows; it is plain TypeScript over arrays.
 *
 * JSON layout of a tree: parallel arrays over its nodes, node 0 the root. An inner node has
 * `feature[i] ≥ 0` and goes to `left[i]` when the row's value is ≤ `threshold[i]`, else to `right[i]`; a
 * leaf has `feature[i] = -1` and adds `value[i]`.
 */
import { isRecord } from '../../json-object.ts';
import { BLOCK_FEATURES } from './feature-columns.ts';
import type { BodyModel } from './body-model-format.ts';
import { BODY_MODEL_FORMAT, BODY_MODEL_VERSION } from './body-model-format.ts';

export { BODY_MODEL_FORMAT, BODY_MODEL_VERSION } from './body-model-format.ts';
export type { BodyModel, BodyTree } from './body-model-format.ts';

/** A model ready to score: every tree's nodes in typed arrays, one after another. */
export interface CompiledBodyModel {
  readonly width: number;
  readonly base: number;
  /** Index of each tree's root node in the arrays below. */
  readonly roots: Int32Array;
  readonly feature: Int16Array;
  readonly threshold: Float32Array;
  /** Absolute indices of the children. */
  readonly left: Int32Array;
  readonly right: Int32Array;
  readonly value: Float64Array;
  /** Trees × nodes: what scoring one row can cost at most. */
  readonly nodes: number;
}

export class BodyModelError extends Error {}

/** Checks that `value` is a body model this build can score (format, version, feature names, tree shape). */
export function checkBodyModel(value: unknown): BodyModel {
  if (!isRecord(value)) throw new BodyModelError('not a JSON object');
  if (value['format'] !== BODY_MODEL_FORMAT) throw new BodyModelError(`format is not "${BODY_MODEL_FORMAT}"`);
  if (value['version'] !== BODY_MODEL_VERSION) throw new BodyModelError(`version ${String(value['version'])} is not ${BODY_MODEL_VERSION}`);
  const features = value['features'];
  if (!Array.isArray(features) || features.length !== BLOCK_FEATURES.length || features.some((f, i) => f !== BLOCK_FEATURES[i]))
    throw new BodyModelError('its feature columns are not the ones this build computes (retrain it with train-body)');
  if (typeof value['base'] !== 'number' || !Number.isFinite(value['base'])) throw new BodyModelError('base is not a number');
  const trees = value['trees'];
  if (!Array.isArray(trees) || trees.length === 0) throw new BodyModelError('it has no trees');
  trees.forEach((t, i) => checkTree(t, i, features.length));
  if (!isRecord(value['training'])) throw new BodyModelError('training is not an object');
  return value as unknown as BodyModel;
}

function checkTree(t: unknown, i: number, width: number): void {
  const problem = treeProblem(t, `tree ${i}`, width);
  if (problem) throw new BodyModelError(problem);
}

/**
 * What is wrong with a tree of a model over `width` feature columns (null: nothing): the layout of the block
 * model's trees, which the author and source models share (metadata/field-model).
 */
export function treeProblem(t: unknown, where: string, width: number): string | null {
  if (!isRecord(t)) return `${where} is not an object`;
  const arrays = ['feature', 'threshold', 'left', 'right', 'value'].map((k) => t[k]);
  if (!arrays.every((a) => Array.isArray(a) && a.every((x) => typeof x === 'number' && Number.isFinite(x))))
    return `${where}: feature, threshold, left, right and value must be arrays of numbers`;
  const [feature, , left, right] = arrays as number[][];
  const n = (feature as number[]).length;
  if (n === 0 || !arrays.every((a) => (a as number[]).length === n)) return `${where}: its arrays differ in length`;
  for (let k = 0; k < n; k++) {
    const f = feature?.[k] as number;
    if (f === -1) continue;
    if (!Number.isInteger(f) || f < 0 || f >= width) return `${where}: node ${k} reads no feature column`;
    // Children come after their parent, so a walk always ends.
    for (const c of [left?.[k] as number, right?.[k] as number])
      if (!Number.isInteger(c) || c <= k || c >= n) return `${where}: node ${k} has a child out of order`;
  }
  return null;
}

/** Compiles a checked model into typed arrays. */
export function compileBodyModel(model: BodyModel): CompiledBodyModel {
  const total = model.trees.reduce((sum, t) => sum + t.feature.length, 0);
  const roots = new Int32Array(model.trees.length);
  const feature = new Int16Array(total);
  const threshold = new Float32Array(total);
  const left = new Int32Array(total);
  const right = new Int32Array(total);
  const value = new Float64Array(total);
  let at = 0;
  model.trees.forEach((t, i) => {
    roots[i] = at;
    for (let k = 0; k < t.feature.length; k++) {
      const f = t.feature[k] as number;
      feature[at + k] = f;
      threshold[at + k] = t.threshold[k] as number;
      left[at + k] = f < 0 ? -1 : at + (t.left[k] as number);
      right[at + k] = f < 0 ? -1 : at + (t.right[k] as number);
      value[at + k] = t.value[k] as number;
    }
    at += t.feature.length;
  });
  return { width: model.features.length, base: model.base, roots, feature, threshold, left, right, value, nodes: total };
}

/** The probability that each row's block is body: one number per row of `rows` (`model.width` numbers a row). */
export function scoreRows(model: CompiledBodyModel, rows: Float32Array): Float64Array {
  const n = Math.floor(rows.length / model.width);
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) out[r] = sigmoid(scoreRow(model, rows, r * model.width));
  return out;
}

/** The log-odds of one row starting at `offset`. */
export function scoreRow(model: CompiledBodyModel, rows: Float32Array, offset: number): number {
  const { roots, feature, threshold, left, right, value } = model;
  let s = model.base;
  for (let t = 0; t < roots.length; t++) {
    let i = roots[t] as number;
    for (let f = feature[i] as number; f >= 0; f = feature[i] as number)
      i = (rows[offset + f] as number) <= (threshold[i] as number) ? (left[i] as number) : (right[i] as number);
    s += value[i] as number;
  }
  return s;
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
