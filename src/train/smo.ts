/**
 * §3.6 Training the date classifier: a soft-margin SVM with the RBF kernel, solved in its dual
 *
 *   min_α ½ αᵀQα − eᵀα   subject to   0 ≤ αᵢ ≤ C,  yᵀα = 0,   Q_ij = yᵢ y_j K(xᵢ, x_j)
 *
 * by sequential minimal optimisation with the second-order working-set selection of Fan, Chen and Lin
 * (JMLR 6, 2005), the method libsvm uses (written here from the paper, not from libsvm's code):
 * i maximises −yᵢ∇ᵢ over the indices that may move up; j, among those that may move down, maximises the
 * second-order decrease b²/a of the objective; stop when the maximal KKT violation m(α) − M(α) < ε.
 * Deterministic: the same samples and parameters give the same model, bit for bit.
 *
 * Runs in Node (the `train-date` command); the extension only reads the resulting JSON (svm-model.ts).
 */
import type { SvmModel } from '../core/date-svm/svm-model.ts';
import { rbfKernel } from '../core/date-svm/svm-model.ts';

export interface SvmSample {
  readonly x: readonly number[];
  /** +1 (the publication time) or −1. */
  readonly y: 1 | -1;
}

export interface SmoOptions {
  readonly c: number;
  readonly sigma: number;
  /** Stopping tolerance on the maximal KKT violation. Default 1e-3 (libsvm's). */
  readonly epsilon?: number;
  /** Upper bound on iterations; the result says whether it converged. Default 10 000 000. */
  readonly maxIterations?: number;
  /**
   * The kernel matrix K(xᵢ, x_j) of the samples, row-major n × n, when the caller has it (a grid search
   * over C reuses one matrix per σ). It must be the RBF kernel of these samples with this σ.
   */
  readonly kernelMatrix?: Float64Array;
}

export interface SmoResult {
  readonly model: SvmModel;
  /** αᵢ of every sample (0 for non-support vectors). */
  readonly alpha: Float64Array;
  readonly iterations: number;
  readonly converged: boolean;
  /** The dual objective ½αᵀQα − eᵀα at the solution. */
  readonly objective: number;
}

/** Smallest curvature used when a pair's a = K_ii + K_jj − 2K_ij is not positive (libsvm's τ). */
const TAU = 1e-12;
/** An α within this of 0 or C counts as at the bound. */
const BOUND_EPS = 1e-12;

export function trainSmo(samples: readonly SvmSample[], opts: SmoOptions): SmoResult {
  const n = samples.length;
  const c = opts.c;
  const eps = opts.epsilon ?? 1e-3;
  const maxIterations = opts.maxIterations ?? 10_000_000;
  if (!(c > 0)) throw new Error(`C must be > 0, got ${c}`);
  if (!(opts.sigma > 0)) throw new Error(`σ must be > 0, got ${opts.sigma}`);
  if (!samples.some((s) => s.y === 1) || !samples.some((s) => s.y === -1)) throw new Error('training needs samples of both classes');

  const y = Int8Array.from(samples, (s) => s.y);
  if (opts.kernelMatrix && opts.kernelMatrix.length !== n * n) throw new Error(`kernel matrix is not ${n} × ${n}`);
  const matrix = opts.kernelMatrix;
  const kernel = matrix ? (t: number): Float64Array => matrix.subarray(t * n, (t + 1) * n) : kernelRows(samples, opts.sigma);
  const alpha = new Float64Array(n);
  // ∇ of ½αᵀQα − eᵀα at α = 0.
  const grad = new Float64Array(n).fill(-1);
  const isUp = (t: number): boolean => (y[t] === 1 ? (alpha[t] as number) < c : (alpha[t] as number) > 0);
  const isLow = (t: number): boolean => (y[t] === 1 ? (alpha[t] as number) > 0 : (alpha[t] as number) < c);

  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    // i: argmax over I_up of −y_t ∇_t.
    let i = -1;
    let gMax = -Infinity;
    for (let t = 0; t < n; t++) {
      if (!isUp(t)) continue;
      const v = -(y[t] as number) * (grad[t] as number);
      if (v > gMax) {
        gMax = v;
        i = t;
      }
    }
    if (i < 0) {
      converged = true;
      break;
    }
    const ki = kernel(i);
    // j: over I_low with −y_t ∇_t < gMax, the largest b²/a; M(α) = min over I_low of −y_t ∇_t.
    let j = -1;
    let gMin = Infinity;
    let best = -Infinity;
    for (let t = 0; t < n; t++) {
      if (!isLow(t)) continue;
      const v = -(y[t] as number) * (grad[t] as number);
      if (v < gMin) gMin = v;
      const b = gMax - v;
      if (b <= 0) continue;
      // K_ii = K_tt = 1 for the RBF kernel, so a = 2 − 2K_it.
      let a = 2 - 2 * (ki[t] as number);
      if (a <= 0) a = TAU;
      const gain = (b * b) / a;
      if (gain > best) {
        best = gain;
        j = t;
      }
    }
    if (j < 0 || gMax - gMin < eps) {
      converged = true;
      break;
    }
    iterations++;

    const kj = kernel(j);
    const yi = y[i] as number;
    const yj = y[j] as number;
    const oldI = alpha[i] as number;
    const oldJ = alpha[j] as number;
    let ai = oldI;
    let aj = oldJ;
    let quad = 2 - 2 * (ki[j] as number);
    if (quad <= 0) quad = TAU;
    if (yi !== yj) {
      // αᵢ − α_j stays constant.
      const delta = (-(grad[i] as number) - (grad[j] as number)) / quad;
      const diff = ai - aj;
      ai += delta;
      aj += delta;
      if (diff > 0) {
        if (aj < 0) {
          aj = 0;
          ai = diff;
        }
        if (ai > c) {
          ai = c;
          aj = c - diff;
        }
      } else {
        if (ai < 0) {
          ai = 0;
          aj = -diff;
        }
        if (aj > c) {
          aj = c;
          ai = c + diff;
        }
      }
    } else {
      // αᵢ + α_j stays constant.
      const delta = ((grad[i] as number) - (grad[j] as number)) / quad;
      const sum = ai + aj;
      ai -= delta;
      aj += delta;
      if (sum > c) {
        if (ai > c) {
          ai = c;
          aj = sum - c;
        }
        if (aj > c) {
          aj = c;
          ai = sum - c;
        }
      } else {
        if (aj < 0) {
          aj = 0;
          ai = sum;
        }
        if (ai < 0) {
          ai = 0;
          aj = sum;
        }
      }
    }
    alpha[i] = ai;
    alpha[j] = aj;
    const dI = (ai - oldI) * yi;
    const dJ = (aj - oldJ) * yj;
    for (let t = 0; t < n; t++) {
      // Q_ti Δαᵢ + Q_tj Δα_j, with Q_ti = y_t yᵢ K_ti.
      grad[t] = (grad[t] as number) + (y[t] as number) * ((ki[t] as number) * dI + (kj[t] as number) * dJ);
    }
  }

  const bias = -rho(alpha, grad, y, c);
  const sv: number[] = [];
  for (let t = 0; t < n; t++) if ((alpha[t] as number) > BOUND_EPS) sv.push(t);
  let objective = 0;
  for (let t = 0; t < n; t++) objective += ((alpha[t] as number) * ((grad[t] as number) - 1)) / 2;
  return {
    model: {
      kernel: 'rbf',
      sigma: opts.sigma,
      c,
      bias,
      supportVectors: sv.map((t) => [...(samples[t] as SvmSample).x]),
      coefficients: sv.map((t) => (alpha[t] as number) * (y[t] as number)),
    },
    alpha,
    iterations,
    converged,
    objective,
  };
}

/**
 * ρ of f(x) = Σ αᵢyᵢK(xᵢ, x) − ρ: the mean of y_t∇_t over the free αs (0 < α < C); with none, the middle
 * of the interval the KKT conditions leave for it.
 */
function rho(alpha: Float64Array, grad: Float64Array, y: Int8Array, c: number): number {
  let upper = Infinity;
  let lower = -Infinity;
  let sum = 0;
  let free = 0;
  for (let t = 0; t < alpha.length; t++) {
    const yg = (y[t] as number) * (grad[t] as number);
    const a = alpha[t] as number;
    if (a >= c - BOUND_EPS) {
      if (y[t] === -1) upper = Math.min(upper, yg);
      else lower = Math.max(lower, yg);
    } else if (a <= BOUND_EPS) {
      if (y[t] === 1) upper = Math.min(upper, yg);
      else lower = Math.max(lower, yg);
    } else {
      sum += yg;
      free++;
    }
  }
  return free > 0 ? sum / free : (upper + lower) / 2;
}

/** Row t of the kernel matrix: all rows precomputed when they fit in memory, else computed on demand. */
function kernelRows(samples: readonly SvmSample[], sigma: number): (t: number) => Float64Array {
  const n = samples.length;
  const row = (t: number): Float64Array => {
    const out = new Float64Array(n);
    const xt = (samples[t] as SvmSample).x;
    for (let s = 0; s < n; s++) out[s] = rbfKernel(xt, (samples[s] as SvmSample).x, sigma);
    return out;
  };
  if (n <= MAX_CACHED_ROWS) {
    const rows = Array.from({ length: n }, (_, t) => row(t));
    return (t) => rows[t] as Float64Array;
  }
  // Large sets: keep the most recently used rows (i and j change slowly between iterations).
  const cache = new Map<number, Float64Array>();
  return (t) => {
    let r = cache.get(t);
    if (r) {
      cache.delete(t);
      cache.set(t, r);
      return r;
    }
    r = row(t);
    cache.set(t, r);
    if (cache.size > MAX_CACHED_ROWS) cache.delete(cache.keys().next().value as number);
    return r;
  };
}

/** Rows kept in memory: 4000 rows of 4000 doubles is 128 MB at most. */
const MAX_CACHED_ROWS = 4000;
