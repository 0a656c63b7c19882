/**
 * Gradient-boosted regression trees with the logistic loss, for the block model of the learned combination
 * (core/combine/learned/): each feature is cut into at most `maxBins` quantile bins once; each tree grows
 * level by level on gradient/hessian histograms (the smaller child's histogram built, the larger one's taken
 * as the parent's minus it), with an L2 penalty on the leaf values, a least hessian per child and a row
 * sample per tree. Written for this project from the textbook method (Friedman's gradient boosting, Newton
 * leaf values, histogram splits); deterministic for a given seed.
 */
import type { BodyTree } from '../../core/combine/learned/body-model.ts';

export interface BoostSettings {
  /** Trees. */
  readonly rounds: number;
  /** Deepest level of a tree (the root is level 0). */
  readonly depth: number;
  /** Shrinkage of each tree's leaf values. */
  readonly learningRate: number;
  /** L2 penalty on the leaf values. */
  readonly lambda: number;
  /** Least summed hessian (weighted p(1 − p)) in each child of a split. */
  readonly minChildHessian: number;
  /** Share of the rows each tree sees. */
  readonly subsample: number;
  /** Most bins per feature (≤ 256). */
  readonly maxBins: number;
  readonly seed: number;
}

/** The features cut into bins once: the bin edges per feature, and every row's bin per feature. */
export interface BinnedRows {
  readonly width: number;
  readonly rows: number;
  /** Per feature, ascending edges: a value ≤ edges[b] (and > edges[b − 1]) falls into bin b. */
  readonly edges: readonly Float32Array[];
  /** Row-major: `bins[row * width + feature]`. */
  readonly bins: Uint8Array;
}

/** The edges of each feature from (a sample of) the rows, and every row's bins. */
export function binRows(x: Float32Array, width: number, maxBins: number): BinnedRows {
  const rows = Math.floor(x.length / width);
  const step = Math.max(1, Math.floor(rows / 50_000));
  const edges: Float32Array[] = [];
  for (let f = 0; f < width; f++) {
    const values: number[] = [];
    for (let i = 0; i < rows; i += step) values.push(x[i * width + f] as number);
    edges.push(Float32Array.from(edgesOf(Float32Array.from(values).sort(), maxBins)));
  }
  const bins = new Uint8Array(rows * width);
  for (let i = 0; i < rows; i++)
    for (let f = 0; f < width; f++) bins[i * width + f] = binOf(edges[f] as Float32Array, x[i * width + f] as number);
  return { width, rows, edges, bins };
}

/** Edges between the distinct values when there are few, else between quantiles. */
function edgesOf(sorted: Float32Array, maxBins: number): number[] {
  const distinct: number[] = [];
  for (const v of sorted) if (distinct.length === 0 || v !== distinct[distinct.length - 1]) distinct.push(v);
  if (distinct.length <= maxBins) return distinct.slice(0, -1).map((v, k) => (v + (distinct[k + 1] as number)) / 2);
  const cuts: number[] = [];
  for (let k = 1; k < maxBins; k++) {
    const v = sorted[Math.floor((k * sorted.length) / maxBins)] as number;
    if (cuts.length === 0 || v > (cuts[cuts.length - 1] as number)) cuts.push(v);
  }
  return cuts.slice(0, -1);
}

export function binOf(edges: Float32Array, v: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v <= (edges[mid] as number)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface Boosted {
  readonly base: number;
  readonly trees: readonly BodyTree[];
  /** Summed split gain per feature (for people: which features the model leans on). */
  readonly gain: Float64Array;
}

/** One tree node while growing: its rows and their gradient/hessian histograms. */
interface Growing {
  readonly id: number;
  readonly rows: Int32Array;
  readonly depth: number;
  readonly hg: Float64Array;
  readonly hh: Float64Array;
}

interface MutableTree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
  bin: number[];
}

/**
 * Boosts trees on the rows `use` of `data` (labels 0/1 in `y`, weights in `w`); `onRound` is told after
 * every tree.
 */
export function boost(
  data: BinnedRows,
  y: Float32Array,
  w: Float32Array,
  use: Int32Array,
  settings: BoostSettings,
  onRound?: (round: number) => void,
): Boosted {
  const { width } = data;
  let sw = 0;
  let sy = 0;
  for (const i of use) {
    sw += w[i] as number;
    sy += (w[i] as number) * (y[i] as number);
  }
  const p0 = Math.min(0.99, Math.max(0.01, sw ? sy / sw : 0.5));
  const base = Math.log(p0 / (1 - p0));
  const score = new Float64Array(data.rows).fill(base);
  const g = new Float64Array(data.rows);
  const h = new Float64Array(data.rows);
  const gain = new Float64Array(width);
  const trees: BodyTree[] = [];
  const random = lcg(settings.seed);
  for (let round = 0; round < settings.rounds; round++) {
    for (const i of use) {
      const p = 1 / (1 + Math.exp(-(score[i] as number)));
      g[i] = (p - (y[i] as number)) * (w[i] as number);
      h[i] = Math.max(1e-6, p * (1 - p)) * (w[i] as number);
    }
    const sample: number[] = [];
    for (const i of use) if (random() < settings.subsample) sample.push(i);
    const tree = growTree(data, Int32Array.from(sample), g, h, settings, gain);
    for (const i of use) score[i] = (score[i] as number) + leafOfBinned(tree, data, i);
    trees.push({ feature: tree.feature, threshold: tree.threshold, left: tree.left, right: tree.right, value: tree.value });
    onRound?.(round + 1);
  }
  return { base, trees, gain };
}

function growTree(data: BinnedRows, rows: Int32Array, g: Float64Array, h: Float64Array, s: BoostSettings, gain: Float64Array): MutableTree {
  const tree: MutableTree = { feature: [], threshold: [], left: [], right: [], value: [], bin: [] };
  const add = (): number => {
    tree.feature.push(-1);
    tree.threshold.push(0);
    tree.left.push(-1);
    tree.right.push(-1);
    tree.value.push(0);
    tree.bin.push(0);
    return tree.feature.length - 1;
  };
  const root = add();
  const queue: Growing[] = [{ id: root, rows, depth: 0, ...histograms(data, rows, g, h) }];
  // Breadth first, so that children always come after their parent (the model format requires it).
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q] as Growing;
    const { G, H } = totals(node.hg, node.hh, data.edges[0]?.length ?? 0);
    tree.value[node.id] = (-G / (H + s.lambda)) * s.learningRate;
    const split = node.depth < s.depth && H >= 2 * s.minChildHessian ? bestSplit(data, node, G, H, s) : null;
    if (!split) continue;
    const bins = data.bins;
    const width = data.width;
    let nLeft = 0;
    for (const i of node.rows) if ((bins[i * width + split.feature] as number) <= split.bin) nLeft++;
    const L = new Int32Array(nLeft);
    const R = new Int32Array(node.rows.length - nLeft);
    let a = 0;
    let c = 0;
    for (const i of node.rows) {
      if ((bins[i * width + split.feature] as number) <= split.bin) L[a++] = i;
      else R[c++] = i;
    }
    const left = add();
    const right = add();
    tree.feature[node.id] = split.feature;
    tree.bin[node.id] = split.bin;
    tree.threshold[node.id] = (data.edges[split.feature] as Float32Array)[split.bin] as number;
    tree.left[node.id] = left;
    tree.right[node.id] = right;
    gain[split.feature] = (gain[split.feature] as number) + split.gain;
    const smallIsLeft = L.length < R.length;
    const small = histograms(data, smallIsLeft ? L : R, g, h);
    const large = { hg: node.hg.map((v, k) => v - (small.hg[k] as number)), hh: node.hh.map((v, k) => v - (small.hh[k] as number)) };
    queue.push(
      { id: left, rows: L, depth: node.depth + 1, ...(smallIsLeft ? small : large) },
      { id: right, rows: R, depth: node.depth + 1, ...(smallIsLeft ? large : small) },
    );
  }
  return tree;
}

const BINS = 256;

function histograms(data: BinnedRows, rows: Int32Array, g: Float64Array, h: Float64Array): { hg: Float64Array; hh: Float64Array } {
  const { width, bins } = data;
  const hg = new Float64Array(width * BINS);
  const hh = new Float64Array(width * BINS);
  for (const i of rows) {
    const gi = g[i] as number;
    const hi = h[i] as number;
    const o = i * width;
    for (let f = 0; f < width; f++) {
      const b = f * BINS + (bins[o + f] as number);
      hg[b] = (hg[b] as number) + gi;
      hh[b] = (hh[b] as number) + hi;
    }
  }
  return { hg, hh };
}

/** The node's summed gradient and hessian (read off feature 0's histogram). */
function totals(hg: Float64Array, hh: Float64Array, edges0: number): { G: number; H: number } {
  let G = 0;
  let H = 0;
  for (let b = 0; b <= edges0; b++) {
    G += hg[b] as number;
    H += hh[b] as number;
  }
  return { G, H };
}

function bestSplit(
  data: BinnedRows,
  node: Growing,
  G: number,
  H: number,
  s: BoostSettings,
): { feature: number; bin: number; gain: number } | null {
  const parent = (G * G) / (H + s.lambda);
  let best: { feature: number; bin: number; gain: number } | null = null;
  let bestGain = 1e-9;
  for (let f = 0; f < data.width; f++) {
    const n = (data.edges[f] as Float32Array).length;
    let gl = 0;
    let hl = 0;
    const o = f * BINS;
    for (let b = 0; b < n; b++) {
      gl += node.hg[o + b] as number;
      hl += node.hh[o + b] as number;
      const gr = G - gl;
      const hr = H - hl;
      if (hl < s.minChildHessian || hr < s.minChildHessian) continue;
      const gainHere = (gl * gl) / (hl + s.lambda) + (gr * gr) / (hr + s.lambda) - parent;
      if (gainHere > bestGain) {
        bestGain = gainHere;
        best = { feature: f, bin: b, gain: gainHere };
      }
    }
  }
  return best;
}

function leafOfBinned(tree: MutableTree, data: BinnedRows, i: number): number {
  let n = 0;
  for (let f = tree.feature[0] as number; f >= 0; f = tree.feature[n] as number)
    n = (data.bins[i * data.width + f] as number) <= (tree.bin[n] as number) ? (tree.left[n] as number) : (tree.right[n] as number);
  return tree.value[n] as number;
}

/** A small deterministic generator in [0, 1) (numerical recipes' LCG). */
function lcg(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}
