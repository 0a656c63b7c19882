/**
 * Issue 41: the author and source models as shipped (one JSON file written by `article-lens train-author`):
 * for each field, gradient-boosted regression trees over the columns of field-features.ts whose summed
 * leaves are the log-odds that a candidate is the page's value. The trees have the block model's layout
 * (combine/learned/body-model.ts), so they are compiled and scored by the same code.
 */
import { isRecord } from '../../json-object.ts';
import type { CompiledBodyModel } from '../../combine/learned/body-model.ts';
import type { FieldModel, FieldTrees } from './field-model-format.ts';
import { FIELD_MODEL_FORMAT, FIELD_MODEL_VERSION } from './field-model-format.ts';
import { compileBodyModel, scoreRow, sigmoid, treeProblem } from '../../combine/learned/body-model.ts';
import { FIELD_FEATURES } from './field-features.ts';

export { FIELD_MODEL_FORMAT, FIELD_MODEL_VERSION } from './field-model-format.ts';
export type { FieldModel, FieldName, FieldTrees } from './field-model-format.ts';

export class FieldModelError extends Error {}

/** Checks that `value` is a field model this build can score (format, version, feature names, trees). */
export function checkFieldModel(value: unknown): FieldModel {
  if (!isRecord(value)) throw new FieldModelError('not a JSON object');
  if (value['format'] !== FIELD_MODEL_FORMAT) throw new FieldModelError(`format is not "${FIELD_MODEL_FORMAT}"`);
  if (value['version'] !== FIELD_MODEL_VERSION)
    throw new FieldModelError(`version ${String(value['version'])} is not ${FIELD_MODEL_VERSION}`);
  const features = value['features'];
  if (!Array.isArray(features) || features.length !== FIELD_FEATURES.length || features.some((f, i) => f !== FIELD_FEATURES[i]))
    throw new FieldModelError('its feature columns are not the ones this build computes (retrain it with train-author)');
  for (const field of ['author', 'source'] as const) {
    const f = value[field];
    if (!isRecord(f) || typeof f['base'] !== 'number' || !Array.isArray(f['trees']))
      throw new FieldModelError(`${field}: base and trees are missing`);
    (f['trees'] as unknown[]).forEach((t, i) => checkTree(t, `${field} tree ${i}`, features.length));
  }
  if (!isRecord(value['training'])) throw new FieldModelError('training is not an object');
  return value as unknown as FieldModel;
}

function checkTree(t: unknown, where: string, width: number): void {
  const problem = treeProblem(t, where, width);
  if (problem) throw new FieldModelError(problem);
}

/** A field model ready to score. */
export interface CompiledFieldModel {
  readonly author: CompiledBodyModel;
  readonly source: CompiledBodyModel;
}

export function compileFieldModel(m: FieldModel): CompiledFieldModel {
  return { author: compileFieldTrees(m.author), source: compileFieldTrees(m.source) };
}

/** One field's trees ready to score rows of `FIELD_FEATURES` (the trainer scores its folds' trees with it too). */
export function compileFieldTrees(t: FieldTrees): CompiledBodyModel {
  return compileBodyModel({
    format: 'article-lens/body-gbdt',
    version: 1,
    features: FIELD_FEATURES,
    base: t.base,
    trees: t.trees,
    training: {},
  });
}

/** The probability of each row (`FIELD_FEATURES.length` numbers a row) being the page's value. */
export function fieldProbabilities(model: CompiledBodyModel, rows: Float32Array): Float64Array {
  const width = FIELD_FEATURES.length;
  const n = Math.floor(rows.length / width);
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) out[r] = sigmoid(scoreRow(model, rows, r * width));
  return out;
}

/**
 * The learned choice: the candidates by probability (highest first; ties keep the rules' order), and the
 * chosen one — the first, when its probability reaches `minProbability`, else none (empty is better
 * than junk). The trainer's cross-validation chooses through this very function.
 */
export function learnedOrder(probabilities: ArrayLike<number>, minProbability: number): { order: number[]; chosen: number | null } {
  const order = Array.from({ length: probabilities.length }, (_, i) => i);
  order.sort((a, b) => (probabilities[b] as number) - (probabilities[a] as number) || a - b);
  const first = order[0];
  return { order, chosen: first !== undefined && (probabilities[first] as number) >= minProbability ? first : null };
}

/**
 * `learnedOrder` over values: a value written in several places counts at its likeliest place (`valueP`), and
 * its places keep the rules' order, so the first (the zone's byline before the meta tag) is where it is shown
 * as read from. The core and the trainer's figures choose through this one function.
 */
export function learnedValueOrder(
  values: readonly string[],
  probabilities: ArrayLike<number>,
  minProbability: number,
): { order: number[]; chosen: number | null; valueP: Float64Array } {
  const byValue = new Map<string, number>();
  values.forEach((v, i) => byValue.set(v, Math.max(byValue.get(v) ?? 0, probabilities[i] as number)));
  const valueP = Float64Array.from(values, (v) => byValue.get(v) as number);
  return { ...learnedOrder(valueP, minProbability), valueP };
}
