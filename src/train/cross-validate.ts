/**
 * §3.6 Choosing C and σ by k-fold cross-validation grouped by page: a page's candidates are never split
 * between training and validation (they share a template, so splitting them would flatter the model).
 *
 * The training side of each fold uses the balanced samples (§3.4); the validation side reads every
 * candidate of the held-out pages and scores the task itself, page by page (§3.7): the candidate with the
 * largest positive decision value is the page's answer, none when no value is positive. A page is right
 * when that answer is a positive sample, or when it has no positive and no answer.
 *
 * Small σ over-fits (the patent penalises it): among the settings whose accuracy is within `tolerance` of
 * the best, the largest σ wins, then the smallest C.
 */
import type { SvmModel } from '../core/date-svm/svm-model.ts';
import { decisionValue } from '../core/date-svm/svm-model.ts';
import { fnv1a } from '../core/hash.ts';
import type { SvmSample } from './smo.ts';
import { trainSmo } from './smo.ts';
import type { SparseRow } from './kernel.ts';
import { distanceMatrix, rbfMatrix, squaredDistance, toSparse } from './kernel.ts';

export interface PageSamples {
  readonly page: string;
  /** The page's balanced training samples (§3.4). */
  readonly train: readonly SvmSample[];
  /** Every candidate of the page, for validation. */
  readonly all: readonly SvmSample[];
}

export interface GridOptions {
  readonly cs: readonly number[];
  readonly sigmas: readonly number[];
  readonly folds: number;
  /** Settings within this accuracy of the best count as tied. Default 0.005. */
  readonly tolerance?: number;
  readonly epsilon?: number;
}

export interface GridPoint {
  readonly c: number;
  readonly sigma: number;
  /** Page accuracy over all held-out pages. */
  readonly accuracy: number;
}

export interface GridResult {
  readonly best: GridPoint;
  readonly grid: readonly GridPoint[];
  readonly folds: number;
}

/** Deterministic fold of every page: pages ordered by a hash of their id, then dealt out in turn. */
export function assignFolds(pages: readonly string[], folds: number, deal = 0): Map<string, number> {
  const k = Math.max(2, Math.min(folds, pages.length));
  const h = (p: string): number => fnv1a(deal ? `${deal}#${p}` : p);
  const ordered = [...pages].sort((a, b) => h(a) - h(b) || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(ordered.map((p, i) => [p, i % k]));
}

/** Is the page's answer under `model` right (see the file comment)? */
export function pageCorrect(model: SvmModel, samples: readonly SvmSample[]): boolean {
  return pageRight(
    samples.map((s) => decisionValue(model, s.x)),
    samples,
  );
}

/** The page's answer from its candidates' decision values: the largest positive, or none. */
function pageRight(decisions: readonly number[], samples: readonly SvmSample[]): boolean {
  let best = 0;
  let bestLabel: 1 | -1 | null = null;
  decisions.forEach((f, i) => {
    if (f > best) {
      best = f;
      bestLabel = (samples[i] as SvmSample).y;
    }
  });
  if (bestLabel === null) return !samples.some((s) => s.y === 1);
  return bestLabel === 1;
}

/** f of held-out row `row`: Σ αₜ yₜ K(xₜ, x) + bias over the training samples (0 for non-support vectors). */
function decisionFromKernel(crossKernel: Float64Array, row: number, alpha: Float64Array, y: Int8Array, bias: number): number {
  const n = alpha.length;
  let f = bias;
  for (let t = 0; t < n; t++) {
    const a = alpha[t] as number;
    if (a !== 0) f += a * (y[t] as number) * (crossKernel[row * n + t] as number);
  }
  return f;
}

/** Row-major |a| × |b| squared distances. */
function crossDistances(a: readonly SparseRow[], b: readonly SparseRow[]): Float64Array {
  const out = new Float64Array(a.length * b.length);
  a.forEach((ra, i) => b.forEach((rb, j) => (out[i * b.length + j] = squaredDistance(ra, rb))));
  return out;
}

export function crossValidate(pages: readonly PageSamples[], c: number, sigma: number, folds: number, epsilon?: number): number {
  return gridAccuracies(pages, [c], [sigma], folds, epsilon)[0] as number;
}

/**
 * Page accuracy of every (C, σ) of the grid, in the order C-major then σ. Each fold computes its
 * training samples' distance matrix once, each σ its kernel matrix once, and every C reuses it.
 */
function gridAccuracies(
  pages: readonly PageSamples[],
  cs: readonly number[],
  sigmas: readonly number[],
  folds: number,
  epsilon?: number,
): number[] {
  const fold = assignFolds(
    pages.map((p) => p.page),
    folds,
  );
  const k = Math.max(...fold.values()) + 1;
  const right = new Array<number>(cs.length * sigmas.length).fill(0);
  let total = 0;
  for (let f = 0; f < k; f++) {
    const train = pages.filter((p) => fold.get(p.page) !== f).flatMap((p) => p.train);
    const held = pages.filter((p) => fold.get(p.page) === f);
    if (!held.length) continue;
    total += held.length;
    const hasBoth = train.some((s) => s.y === 1) && train.some((s) => s.y === -1);
    if (!hasBoth) {
      const noDate = held.filter((p) => !p.all.some((s) => s.y === 1)).length;
      for (let g = 0; g < right.length; g++) right[g] = (right[g] as number) + noDate;
      continue;
    }
    const trainRows = train.map((s) => toSparse(s.x));
    const distances = distanceMatrix(trainRows);
    // Every held-out candidate against every training sample, once per fold: the decision values of all
    // (C, σ) come from it without touching the vectors again.
    const heldSamples = held.map((p) => p.all);
    const cross = crossDistances(
      heldSamples.flat().map((s) => toSparse(s.x)),
      trainRows,
    );
    const y = Int8Array.from(train, (s) => s.y);
    sigmas.forEach((sigma, si) => {
      const kernelMatrix = rbfMatrix(distances, sigma);
      const crossKernel = rbfMatrix(cross, sigma);
      cs.forEach((c, ci) => {
        const smo = trainSmo(train, { c, sigma, kernelMatrix, ...(epsilon === undefined ? {} : { epsilon }) });
        const g = ci * sigmas.length + si;
        let row = 0;
        for (const samples of heldSamples) {
          const decisions = samples.map(() => decisionFromKernel(crossKernel, row++, smo.alpha, y, smo.model.bias));
          if (pageRight(decisions, samples)) right[g] = (right[g] as number) + 1;
        }
      });
    });
  }
  return right.map((r) => (total ? r / total : 0));
}

export function gridSearch(pages: readonly PageSamples[], opts: GridOptions): GridResult {
  if (!opts.cs.length || !opts.sigmas.length) throw new Error('the grid needs at least one C and one σ');
  const accuracies = gridAccuracies(pages, opts.cs, opts.sigmas, opts.folds, opts.epsilon);
  const grid: GridPoint[] = [];
  opts.cs.forEach((c, ci) =>
    opts.sigmas.forEach((sigma, si) => grid.push({ c, sigma, accuracy: accuracies[ci * opts.sigmas.length + si] as number })),
  );
  const top = Math.max(...grid.map((g) => g.accuracy));
  const tolerance = opts.tolerance ?? 0.005;
  const tied = grid.filter((g) => g.accuracy >= top - tolerance);
  tied.sort((a, b) => b.sigma - a.sigma || a.c - b.c);
  return { best: tied[0] as GridPoint, grid, folds: opts.folds };
}
