/**
 * The cross-validated figures of the date SVM (ALGORITHMS.md §3.6): every page predicted by a model that
 * never saw it, scored in htmldate's day-level metrics per set, and the same as text for the terminal.
 */
import type { DateScores } from '../eval/metrics.ts';
import { dateScores } from '../eval/metrics.ts';
import type { PagePrediction } from './date-training.ts';

export interface CvFigures {
  readonly variant: string;
  readonly folds: number;
  readonly sets: readonly { readonly set: string; readonly scores: DateScores }[];
  readonly all: DateScores;
  /** Every page's prediction (for `--cv-json`: which pages were missed, and how). */
  readonly pages: readonly {
    readonly set: string;
    readonly id: string;
    readonly gold: string;
    readonly predicted: string;
    readonly method: string | null;
    /** The best-scored candidates (day, decision value, where), to see how a page was missed. */
    readonly top: readonly { readonly iso: string; readonly decision: number | null; readonly where: string }[];
  }[];
}

/** Accuracy per set over several deals of the pages into folds: mean, and lowest–highest. */
export function formatDeals(runs: readonly CvFigures[]): string {
  const names = [...(runs[0]?.sets.map((s) => s.set) ?? []), 'all'];
  const acc = (f: CvFigures, set: string): number => (set === 'all' ? f.all : f.sets.find((s) => s.set === set)?.scores)?.accuracy ?? 0;
  const lines = names.map((set) => {
    const xs = runs.map((f) => acc(f, set));
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return `  ${set.padEnd(12)} mean accuracy ${mean.toFixed(3)}  (${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)})`;
  });
  return [`over ${runs.length} deals into folds:`, ...lines].join('\n');
}

export function cvFigures(variant: string, folds: number, predictions: readonly PagePrediction[]): CvFigures {
  const pair = (p: PagePrediction) => ({ gold: p.gold, predicted: p.time.iso ? p.time.iso.slice(0, 10) : null });
  const sets = [...new Set(predictions.map((p) => p.set))].map((set) => ({
    set,
    scores: dateScores(predictions.filter((p) => p.set === set).map(pair)),
  }));
  const pages = predictions.map((p) => ({
    set: p.set,
    id: p.id,
    gold: p.gold,
    predicted: p.time.iso ?? '',
    method: p.time.method,
    top: p.time.candidates.map((c) => ({ iso: c.iso, decision: c.decision ?? null, where: `${c.detail} "${c.text}"` })),
  }));
  return { variant, folds, sets, all: dateScores(predictions.map(pair)), pages };
}

export function formatCv(f: CvFigures): string {
  const line = (name: string, s: DateScores): string =>
    `  ${name.padEnd(12)} accuracy ${s.accuracy.toFixed(3)}  P ${s.precision.toFixed(3)}  R ${s.recall.toFixed(3)}  F ${s.fscore.toFixed(3)}  (${s.pages} pages)`;
  return [`${f.variant}, ${f.folds}-fold cross-validated:`, ...f.sets.map((s) => line(s.set, s.scores)), line('all', f.all)].join('\n');
}

/** The figures as the model file records them (`training.crossValidated`). */
export function brief(f: CvFigures): Record<string, unknown> {
  return { variant: f.variant, folds: f.folds, accuracy: Object.fromEntries(f.sets.map((s) => [s.set, round3(s.scores.accuracy)])) };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
