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
export function assignFolds(pages: readonly string[], folds: number): Map<string, number> {
  const k = Math.max(2, Math.min(folds, pages.length));
  const ordered = [...pages].sort((a, b) => fnv1a(a) - fnv1a(b) || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(ordered.map((p, i) => [p, i % k]));
}

/** Is the page's answer under `model` right (see the file comment)? */
export function pageCorrect(model: SvmModel, samples: readonly SvmSample[]): boolean {
  let best = 0;
  let bestLabel: 1 | -1 | null = null;
  for (const s of samples) {
    const f = decisionValue(model, s.x);
    if (f > best) {
      best = f;
      bestLabel = s.y;
    }
  }
  if (bestLabel === null) return !samples.some((s) => s.y === 1);
  return bestLabel === 1;
}

export function crossValidate(pages: readonly PageSamples[], c: number, sigma: number, folds: number, epsilon?: number): number {
  const fold = assignFolds(
    pages.map((p) => p.page),
    folds,
  );
  const k = Math.max(...fold.values()) + 1;
  let right = 0;
  let total = 0;
  for (let f = 0; f < k; f++) {
    const train = pages.filter((p) => fold.get(p.page) !== f).flatMap((p) => p.train);
    const held = pages.filter((p) => fold.get(p.page) === f);
    if (!held.length) continue;
    const hasBoth = train.some((s) => s.y === 1) && train.some((s) => s.y === -1);
    const model = hasBoth ? trainSmo(train, { c, sigma, ...(epsilon === undefined ? {} : { epsilon }) }).model : null;
    for (const p of held) {
      total++;
      if (model ? pageCorrect(model, p.all) : !p.all.some((s) => s.y === 1)) right++;
    }
  }
  return total ? right / total : 0;
}

export function gridSearch(pages: readonly PageSamples[], opts: GridOptions): GridResult {
  if (!opts.cs.length || !opts.sigmas.length) throw new Error('the grid needs at least one C and one σ');
  const grid: GridPoint[] = [];
  for (const c of opts.cs) {
    for (const sigma of opts.sigmas) grid.push({ c, sigma, accuracy: crossValidate(pages, c, sigma, opts.folds, opts.epsilon) });
  }
  const top = Math.max(...grid.map((g) => g.accuracy));
  const tolerance = opts.tolerance ?? 0.005;
  const tied = grid.filter((g) => g.accuracy >= top - tolerance);
  tied.sort((a, b) => b.sigma - a.sigma || a.c - b.c);
  return { best: tied[0] as GridPoint, grid, folds: opts.folds };
}
