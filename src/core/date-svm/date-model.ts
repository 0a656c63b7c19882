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
import type { PostingReader, SvmColumns, SvmPostings } from './svm-postings.ts';
import { addPostings, postingReader, postingsOf } from './svm-postings.ts';

export const DATE_MODEL_FORMAT = 'article-lens/date-svm';
export const DATE_MODEL_VERSION = 2;
/** The first layout, support vectors by row (`sv`): still read, and turned into the columns on reading. */
const DATE_MODEL_VERSION_ROWS = 1;
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
  /** αᵢ·yᵢ of each support vector. */
  readonly coef: readonly number[];
  /** ‖svᵢ‖² of each support vector, summed over its values in feature order. */
  readonly norms: readonly number[];
  /**
   * The support vectors by feature (compressed sparse columns): feature i's nonzero values are
   * `value[start[i]]…value[start[i + 1] − 1]`, of the support vectors `row[…]` (ascending). The layout a
   * sample is scored in: a page's first extraction reads it into typed arrays natively, where turning rows
   * into columns ran through 85 000 numbers in code not yet optimised (7 ms of every page's first run).
   */
  readonly columns: SvmColumns;
}

export type { SvmColumns } from './svm-postings.ts';

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
 * feature by feature, each through a posting list of the vectors that have it (svm-postings.ts): the sparse
 * features (tag counts, attribute tokens, the link counter) and the statistics' nonzero rows (a support
 * vector has about a third of them). A sample touches only its own nonzero features, one list each, instead
 * of a lookup in every support vector for each of its features.
 */
export interface CompiledDateModel {
  readonly features: DateFeatureSpec;
  /** The model's record of its training (`now`, sets, grid): for people and for `train-date`'s defaults. */
  readonly training: Readonly<Record<string, unknown>>;
  /** How a page's samples are read for this model (§3.2–3.3): its levels, kinds, label tokens and windows. */
  readonly spec: SampleSpec;
  readonly vectorizer: Vectorizer;
  /** f(x) of a sample (§3.7): positive on the publication-time side. */
  decision(s: DateSample): number;
}

/** What a compiled model is made of: the JSON model's parts, with its columns as postings. */
export interface DateModelParts {
  readonly features: DateFeatureSpec;
  readonly training: Readonly<Record<string, unknown>>;
  readonly sigma: number;
  readonly bias: number;
  readonly coef: readonly number[];
  readonly norms: readonly number[];
  readonly postings: SvmPostings;
}

/**
 * A checked model made ready to score (`checkDateModel` first for a model from outside; the shipped one is
 * checked by the tests, not on every page).
 */
export function compileDateModel(model: DateModel): CompiledDateModel {
  const { sigma, bias, coef, norms, columns } = model.svm;
  return compileDateModelParts({
    features: model.features,
    training: model.training,
    sigma,
    bias,
    coef,
    norms,
    postings: postingsOf(columns),
  });
}

/** A model from its parts (the shipped model's packed form is its parts: packed-model.ts). */
export function compileDateModelParts(parts: DateModelParts): CompiledDateModel {
  const vectorizer = createVectorizer(parts.features);
  // Typed copies of plain arrays of numbers: native, no loop of ours.
  const postings: PostingReader = postingReader(parts.postings);
  const norms = new Float64Array(parts.norms);
  const coef = new Float64Array(parts.coef);
  const gamma = 1 / (2 * parts.sigma * parts.sigma);
  const bias = parts.bias;
  const dot = new Float64Array(coef.length);
  return {
    features: parts.features,
    training: parts.training,
    spec: sampleSpecOf(parts.features),
    vectorizer,
    decision(s) {
      const x = vectorizer.vectorize(s);
      dot.fill(0);
      let xNorm = 0;
      for (let k = 0; k < x.index.length; k++) {
        const v = x.value[k] as number;
        xNorm += v * v;
        addPostings(dot, v, postings, x.index[k] as number);
      }
      return kernelSum(bias, coef, norms, dot, xNorm, gamma);
    },
  };
}

/** f(x) = bias + Σ coefᵣ · exp(−γ‖svᵣ − x‖²), with ‖svᵣ − x‖² = ‖x‖² + ‖svᵣ‖² − 2 svᵣ·x. */
function kernelSum(bias: number, coef: Float64Array, norms: Float64Array, dot: Float64Array, xNorm: number, gamma: number): number {
  let out = bias;
  for (let r = 0; r < coef.length; r++) {
    const d2 = Math.max(0, xNorm + (norms[r] as number) - 2 * (dot[r] as number));
    out += (coef[r] as number) * Math.exp(-d2 * gamma);
  }
  return out;
}

/**
 * The columns and norms of support vectors given by row (`[index, value, index, value, …]`, indices
 * ascending), as `train-date` writes them and as a model of the first layout is read. A zero value is left
 * out of its column (it adds nothing to a dot product: the sums are the same numbers); each norm is summed
 * in the row's order, which is the columns' order.
 */
export function svmColumns(sv: readonly (readonly number[])[], dimension: number): { norms: number[]; columns: SvmColumns } {
  const counts = new Array<number>(dimension + 1).fill(0);
  const norms: number[] = [];
  for (const pairs of sv) {
    let norm = 0;
    for (let k = 0; k + 1 < pairs.length; k += 2) {
      const v = pairs[k + 1] as number;
      norm += v * v;
      const i = (pairs[k] as number) + 1;
      if (v !== 0) counts[i] = (counts[i] as number) + 1;
    }
    norms.push(norm);
  }
  for (let i = 0; i < dimension; i++) counts[i + 1] = (counts[i + 1] as number) + (counts[i] as number);
  const start = counts.slice();
  const row = new Array<number>(start[dimension] as number).fill(0);
  const value = new Array<number>(row.length).fill(0);
  const at = counts.slice(0, dimension);
  sv.forEach((pairs, r) => {
    for (let k = 0; k + 1 < pairs.length; k += 2) {
      const i = pairs[k] as number;
      const v = pairs[k + 1] as number;
      if (v === 0) continue;
      const p = at[i] as number;
      row[p] = r;
      value[p] = v;
      at[i] = p + 1;
    }
  });
  return { norms, columns: { start, row, value } };
}

/**
 * A date model from a JSON file (`--date-model`, `ExtractEnv.dateModel`): checked, and a model of the first
 * layout (support vectors by row) turned into the columns.
 */
export function readDateModelJson(raw: unknown): DateModel {
  const m = raw as DateModel;
  if (typeof m === 'object' && m !== null && (m.version as number) === DATE_MODEL_VERSION_ROWS && m.format === DATE_MODEL_FORMAT) {
    const svm = m.svm as unknown as Record<string, unknown> | undefined;
    const sv = svm?.['sv'];
    if (!m.features || !Array.isArray(m.features.tags) || !Array.isArray(m.features.tokens) || !Array.isArray(m.features.stats))
      throw new DateModelError('not a date model: features missing');
    const dim = dimensionOf(m.features);
    if (!Array.isArray(sv)) throw new DateModelError('not a date model: svm missing');
    for (const pairs of sv as unknown[]) {
      if (!Array.isArray(pairs) || pairs.length % 2 !== 0)
        throw new DateModelError('not a date model: a support vector is not index/value pairs');
      for (let k = 0; k < pairs.length; k += 2) {
        const i = pairs[k] as unknown;
        if (!Number.isInteger(i) || (i as number) < 0 || (i as number) >= dim || !Number.isFinite(pairs[k + 1]))
          throw new DateModelError('not a date model: a support vector is out of range');
        if (k > 0 && (i as number) <= (pairs[k - 2] as number))
          throw new DateModelError('not a date model: a support vector’s indices do not ascend');
      }
    }
    const rest = Object.fromEntries(Object.entries(svm as Record<string, unknown>).filter(([key]) => key !== 'sv'));
    const upgraded = { ...m, version: DATE_MODEL_VERSION, svm: { ...rest, ...svmColumns(sv as number[][], dim) } } as unknown as DateModel;
    checkDateModel(upgraded);
    return upgraded;
  }
  checkDateModel(m);
  return m;
}

/** Checks a model of this layout (format 2) before it is used: a host's own, through `readDateModelJson` (the tests check the shipped one). */
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
  if (!s || !(s.sigma > 0) || !Number.isFinite(s.bias) || !Array.isArray(s.coef) || !Array.isArray(s.norms) || !s.columns)
    fail('svm missing');
  const n = s.coef.length;
  if (s.norms.length !== n) fail('support vectors and coefficients differ in number');
  if (!s.coef.every(Number.isFinite) || !s.norms.every((x) => Number.isFinite(x) && x >= 0)) fail('a coefficient or norm is not a number');
  const { start, row, value } = s.columns;
  const dim = dimensionOf(f);
  if (!Array.isArray(start) || !Array.isArray(row) || !Array.isArray(value) || start.length !== dim + 1)
    fail('the support vectors’ columns do not match the features');
  if (start[0] !== 0 || start[dim] !== row.length || value.length !== row.length)
    fail('the support vectors’ columns do not match the features');
  for (let i = 0; i < dim; i++) {
    const from = start[i] as number;
    const to = start[i + 1] as number;
    if (!Number.isInteger(to) || to < from) fail('the support vectors’ columns do not match the features');
    for (let p = from; p < to; p++) {
      const r = row[p] as number;
      if (!Number.isInteger(r) || r < 0 || r >= n || (p > from && r <= (row[p - 1] as number)) || !Number.isFinite(value[p]))
        fail('a support vector is out of range');
    }
  }
}
