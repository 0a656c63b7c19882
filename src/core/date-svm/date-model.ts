/**
 * §3.5–3.7 The date model as shipped with the extension (one JSON file written by `train-date`): the
 * TagGlossary (m tag names, n attribute tokens, z statistics and their scaling), the RBF-SVM (support
 * vectors, coefficients, bias, σ), and a record of how it was trained. This module turns a sample into
 * its (m + n + 1 + z)-dimensional vector and scores it; it is plain TypeScript over arrays.
 *
 * Vector layout: [tag counts / levels (m) | attribute tokens 0/1 (n) | link counter (1) | scaled z].
 */
import type { DateSample } from './samples/sample.ts';
import type { SampleSpec, SampleWindows } from './samples/spec.ts';
import { sampleSpecOf } from './samples/spec.ts';

export const DATE_MODEL_FORMAT = 'article-lens/date-svm';
export const DATE_MODEL_VERSION = 1;
/** The link counter's value saturates at this many links. */
const MAX_LINKS = 3;

export interface DateFeatureSpec {
  /** §3.5 the m tag names. */
  readonly tags: readonly string[];
  /** §3.5 the n attribute tokens (`w:` label words included when trained with them). */
  readonly tokens: readonly string[];
  /** §3.5 the z statistics, by name (sample.ts). */
  readonly stats: readonly string[];
  /** Min-max scaling of each statistic over the training samples, clipped to [0, 1]. */
  readonly statMin: readonly number[];
  readonly statMax: readonly number[];
  /** §3.2 levels of a candidate's fragment, the holding element included: prediction reads the same. */
  readonly fragmentLevels: number;
  /** Candidate kinds the model was trained on (just 'text' for the faithful method): prediction reads these. */
  readonly kinds: readonly string[];
  /**
   * The label and token windows the samples were read with, where they differ from
   * `DEFAULT_SAMPLE_WINDOWS` (samples/spec.ts); absent in a model read with the defaults.
   */
  readonly sampling?: Partial<SampleWindows>;
  /**
   * Weight of each feature group in the vector (and so in the RBF distance): tag counts, attribute
   * tokens, the link counter, the statistics. Absent: all 1.
   */
  readonly weights?: FeatureWeights;
}

export interface FeatureWeights {
  readonly tags: number;
  readonly tokens: number;
  readonly links: number;
  readonly stats: number;
}

const UNIT_WEIGHTS: FeatureWeights = { tags: 1, tokens: 1, links: 1, stats: 1 };

export interface DateSvm {
  readonly sigma: number;
  readonly c: number;
  readonly bias: number;
  /** Support vectors, sparse: each row is [index, value, index, value, …]. */
  readonly sv: readonly (readonly number[])[];
  /** αᵢ·yᵢ of each support vector. */
  readonly coef: readonly number[];
}

export interface DateModel {
  readonly format: typeof DATE_MODEL_FORMAT;
  readonly version: typeof DATE_MODEL_VERSION;
  readonly features: DateFeatureSpec;
  readonly svm: DateSvm;
  /** How it was made (sets, pages, samples, the C/σ grid, cross-validated accuracy): for people. */
  readonly training: Readonly<Record<string, unknown>>;
}

export class DateModelError extends Error {}

function dimensionOf(f: DateFeatureSpec): number {
  return f.tags.length + f.tokens.length + 1 + f.stats.length;
}

/** The sparse vector of a sample: parallel index and value arrays, indices ascending. */
export interface SparseVector {
  readonly index: Int32Array;
  readonly value: Float64Array;
}

/** Indexes of a feature spec, built once per model. */
export interface Vectorizer {
  readonly dimension: number;
  vectorize(s: DateSample): SparseVector;
  dense(s: DateSample): number[];
}

export function createVectorizer(f: DateFeatureSpec): Vectorizer {
  const tagIndex = new Map(f.tags.map((t, i) => [t, i]));
  const tokenBase = f.tags.length;
  const tokenIndex = new Map(f.tokens.map((t, i) => [t, tokenBase + i]));
  const linkIndex = tokenBase + f.tokens.length;
  const statBase = linkIndex + 1;
  const dimension = statBase + f.stats.length;
  const levels = Math.max(1, f.fragmentLevels);
  const w = f.weights ?? UNIT_WEIGHTS;
  // One scratch row for every sample (scoring is synchronous): the values by index, which indexes are set,
  // and the list of those, instead of a Map per sample.
  const scratch = new Float64Array(dimension);
  const isSet = new Uint8Array(dimension);
  const touched: number[] = [];
  const put = (i: number, v: number): void => {
    if (isSet[i] === 0) {
      isSet[i] = 1;
      scratch[i] = 0;
      touched.push(i);
    }
    scratch[i] = v;
  };
  const vectorize = (s: DateSample): SparseVector => {
    touched.length = 0;
    for (const t of s.tags) {
      const i = tagIndex.get(t);
      if (i !== undefined) put(i, (isSet[i] === 0 ? 0 : (scratch[i] as number)) + w.tags / levels);
    }
    for (const t of s.tokens) {
      const i = tokenIndex.get(t);
      if (i !== undefined) put(i, w.tokens);
    }
    if (s.links > 0) put(linkIndex, (w.links * Math.min(s.links, MAX_LINKS)) / MAX_LINKS);
    for (let k = 0; k < f.stats.length; k++) {
      const v = w.stats * scale(s.stats[f.stats[k] as string] ?? 0, f.statMin[k] ?? 0, f.statMax[k] ?? 0);
      if (v !== 0) put(statBase + k, v);
    }
    const index = Int32Array.from(touched.sort((a, b) => a - b));
    const value = new Float64Array(index.length);
    for (let k = 0; k < index.length; k++) {
      const i = index[k] as number;
      value[k] = scratch[i] as number;
      isSet[i] = 0;
    }
    return { index, value };
  };
  return {
    dimension,
    vectorize,
    dense(s) {
      const v = vectorize(s);
      const out = new Array<number>(dimension).fill(0);
      v.index.forEach((i, k) => (out[i] = v.value[k] as number));
      return out;
    },
  };
}

function scale(x: number, min: number, max: number): number {
  if (!(max > min)) return x > min ? 1 : 0;
  return Math.min(1, Math.max(0, (x - min) / (max - min)));
}

/**
 * A model made ready for fast scoring. The dot products of a sample with all support vectors are summed
 * feature by feature, each through a posting list of the vectors that have it: the sparse features (tag
 * counts, attribute tokens, the link counter) and the statistics' nonzero rows (a support vector has about a
 * third of them). A sample touches only its own nonzero features, one list each, instead of a lookup in
 * every support vector for each of its features.
 */
export interface CompiledDateModel {
  readonly model: DateModel;
  /** How a page's samples are read for this model (§3.2–3.3): its levels, kinds, label tokens and windows. */
  readonly spec: SampleSpec;
  readonly vectorizer: Vectorizer;
  /** f(x) of a sample (§3.7): positive on the publication-time side. */
  decision(s: DateSample): number;
}

export function compileDateModel(model: DateModel): CompiledDateModel {
  checkDateModel(model);
  const vectorizer = createVectorizer(model.features);
  const f = model.features;
  const statBase = f.tags.length + f.tokens.length + 1;
  const n = model.svm.sv.length;
  const norms = new Float64Array(n);
  // Posting lists of the sparse features (CSR by feature: postStart[i]…postStart[i + 1]) and dense
  // columns of the statistics.
  const postStart = new Int32Array(statBase + 1);
  const statCols = new Float64Array(f.stats.length * n);
  model.svm.sv.forEach((pairs, r) => {
    let norm = 0;
    for (let k = 0; k + 1 < pairs.length; k += 2) {
      const i = pairs[k] as number;
      const v = pairs[k + 1] as number;
      norm += v * v;
      if (i < statBase) postStart[i + 1] = (postStart[i + 1] as number) + 1;
      else statCols[(i - statBase) * n + r] = v;
    }
    norms[r] = norm;
  });
  for (let i = 0; i < statBase; i++) postStart[i + 1] = (postStart[i + 1] as number) + (postStart[i] as number);
  const postRow = new Int32Array(postStart[statBase] as number);
  const postVal = new Float64Array(postStart[statBase] as number);
  const fill = postStart.slice(0, statBase);
  model.svm.sv.forEach((pairs, r) => {
    for (let k = 0; k + 1 < pairs.length; k += 2) {
      const i = pairs[k] as number;
      if (i >= statBase) continue;
      const at = fill[i] as number;
      postRow[at] = r;
      postVal[at] = pairs[k + 1] as number;
      fill[i] = at + 1;
    }
  });
  // The statistics' columns as posting lists of their nonzero rows: most support vectors have only some
  // of the statistics, and a zero term adds nothing to a dot product (the sums, in the same order, are the
  // same numbers).
  const statStart = new Int32Array(f.stats.length + 1);
  for (let k = 0; k < f.stats.length; k++) {
    let nonzero = 0;
    for (let r = 0; r < n; r++) if (statCols[k * n + r] !== 0) nonzero++;
    statStart[k + 1] = (statStart[k] as number) + nonzero;
  }
  const statRow = new Int32Array(statStart[f.stats.length] as number);
  const statVal = new Float64Array(statStart[f.stats.length] as number);
  for (let k = 0, at = 0; k < f.stats.length; k++) {
    for (let r = 0; r < n; r++) {
      const v = statCols[k * n + r] as number;
      if (v === 0) continue;
      statRow[at] = r;
      statVal[at] = v;
      at++;
    }
  }
  const gamma = 1 / (2 * model.svm.sigma * model.svm.sigma);
  const coef = Float64Array.from(model.svm.coef);
  const bias = model.svm.bias;
  const dot = new Float64Array(n);
  return {
    model,
    spec: sampleSpecOf(f),
    vectorizer,
    decision(s) {
      const x = vectorizer.vectorize(s);
      dot.fill(0);
      let xNorm = 0;
      for (let k = 0; k < x.index.length; k++) {
        const i = x.index[k] as number;
        const v = x.value[k] as number;
        xNorm += v * v;
        if (i < statBase) {
          for (let p = postStart[i] as number, end = postStart[i + 1] as number; p < end; p++) {
            const r = postRow[p] as number;
            dot[r] = (dot[r] as number) + v * (postVal[p] as number);
          }
        } else {
          for (let p = statStart[i - statBase] as number, end = statStart[i - statBase + 1] as number; p < end; p++) {
            const r = statRow[p] as number;
            dot[r] = (dot[r] as number) + v * (statVal[p] as number);
          }
        }
      }
      let out = bias;
      for (let r = 0; r < n; r++) {
        const d2 = Math.max(0, xNorm + (norms[r] as number) - 2 * (dot[r] as number));
        out += (coef[r] as number) * Math.exp(-d2 * gamma);
      }
      return out;
    },
  };
}

/** Checks a model read from JSON (a file given to `--date-model`, or the shipped one) before it is used. */
export function checkDateModel(m: DateModel): void {
  const fail = (why: string): never => {
    throw new DateModelError(`not a date model: ${why}`);
  };
  if (typeof m !== 'object' || m === null) fail('not an object');
  if (m.format !== DATE_MODEL_FORMAT) fail(`format is ${String(m.format)}, expected ${DATE_MODEL_FORMAT}`);
  if (m.version !== DATE_MODEL_VERSION) fail(`version ${String(m.version)}, expected ${DATE_MODEL_VERSION}`);
  const f = m.features;
  if (!f || !Array.isArray(f.tags) || !Array.isArray(f.tokens) || !Array.isArray(f.stats)) fail('features missing');
  if (!Array.isArray(f.statMin) || !Array.isArray(f.statMax) || !Array.isArray(f.kinds)) fail('features missing');
  if (f.statMin.length !== f.stats.length || f.statMax.length !== f.stats.length) fail('statistics scaling does not match');
  if (!Number.isInteger(f.fragmentLevels) || f.fragmentLevels < 1) fail('fragmentLevels is not a whole number ≥ 1');
  if (f.sampling !== undefined && !Object.values(f.sampling).every((x) => Number.isInteger(x) && x >= 0))
    fail('sampling windows are not whole numbers ≥ 0');
  const w = f.weights;
  if (w !== undefined && ![w.tags, w.tokens, w.links, w.stats].every((x) => Number.isFinite(x) && x >= 0))
    fail('feature weights are not numbers ≥ 0');
  const s = m.svm;
  if (!s || !(s.sigma > 0) || !Number.isFinite(s.bias) || !Array.isArray(s.sv) || !Array.isArray(s.coef)) fail('svm missing');
  if (s.sv.length !== s.coef.length) fail('support vectors and coefficients differ in number');
  const dim = dimensionOf(f);
  for (const row of s.sv) {
    if (!Array.isArray(row) || row.length % 2 !== 0) fail('a support vector is not index/value pairs');
    for (let k = 0; k < row.length; k += 2) {
      const i = row[k] as number;
      if (!Number.isInteger(i) || i < 0 || i >= dim || !Number.isFinite(row[k + 1])) fail('a support vector is out of range');
    }
  }
}
