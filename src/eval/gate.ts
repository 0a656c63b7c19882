/**
 * The evaluation gate (STYLE.md §8.8, after trafilatura's eval_gate.py): every dev set's figures with the
 * dom engine against floors pinned in `eval/baseline.json`, so that a change that loses quality does not
 * land silently. A figure below its floor fails the gate, which names the figure, by how much it fell and
 * the pages that lost most (per-page figures of the baseline run are kept in `eval/baseline-pages.json`).
 * Floors only rise: `--update` raises them to a better run and refuses to lower one unless told to.
 * The figures are computed by the same scoring as `eval` (score.ts), so the gate cannot drift from it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Dataset } from './dataset.ts';
import type { PageScores, SetScores } from './score.ts';

export type PageFigure = Exclude<keyof PageScores, 'id'>;

export interface GateFigure {
  /** Key in the baseline file. */
  readonly key: string;
  readonly label: string;
  /** The set's figure, or null where the set does not measure it (no gold for it). */
  value(s: SetScores): number | null;
  /** The per-page figure that tells which pages lost. */
  readonly page: PageFigure;
}

/**
 * An index set (no field annotated on any page: list and portal pages, no article): its link coverage is
 * gated, since every link block should be found there (§5.8).
 */
const indexSet = (s: SetScores): boolean => s.linkBlocks !== null && [s.body, s.date, s.title, s.author, s.source].every((x) => x === null);

const GATE_FIGURES: readonly GateFigure[] = [
  { key: 'body.f1', label: 'body F1', value: (s) => s.body?.f1 ?? null, page: 'body' },
  { key: 'bodyCjk.f1', label: 'body F1 (CJK tokens)', value: (s) => s.bodyCjk?.f1 ?? null, page: 'bodyCjk' },
  { key: 'title.exact', label: 'title exact', value: (s) => s.title?.exact ?? null, page: 'title' },
  { key: 'author.exact', label: 'author exact', value: (s) => s.author?.exact ?? null, page: 'author' },
  { key: 'source.exact', label: 'source exact', value: (s) => s.source?.exact ?? null, page: 'source' },
  { key: 'date.accuracy', label: 'date accuracy', value: (s) => s.date?.accuracy ?? null, page: 'date' },
  {
    key: 'linkBlocks.meanLcr',
    label: 'link coverage LCR, mean',
    value: (s) => (indexSet(s) ? (s.linkBlocks?.meanLcr ?? null) : null),
    page: 'lcr',
  },
  {
    key: 'linkBlocks.minLcr',
    label: 'link coverage LCR, lowest page',
    value: (s) => (indexSet(s) ? (s.linkBlocks?.minLcr ?? null) : null),
    page: 'lcr',
  },
];

export interface SetBaseline {
  /** sha256 over gold.jsonl and every page file: the floors hold for exactly this corpus. */
  readonly fingerprint: string;
  readonly pages: number;
  readonly figures: Readonly<Record<string, number>>;
}

export interface Baseline {
  readonly engine: 'dom';
  /** The "now" relative dates are read against (the shipped date model's day). */
  readonly now: string;
  /** Options hash of the run that set the floors (for the record; the gate runs today's defaults). */
  readonly optionsHash: string;
  /** A figure falls when it is below its floor by more than this (the dom engine is deterministic: 0). */
  readonly epsilon: number;
  readonly sets: Readonly<Record<string, SetBaseline>>;
}

/** Per set, per page figure, the page's value in the baseline run. */
export type BaselinePages = Readonly<Record<string, Partial<Record<PageFigure, Readonly<Record<string, number>>>>>>;

/** One set's run: its scores, its per-page scores and the fingerprint of the corpus it ran on. */
export interface SetRun {
  readonly set: string;
  readonly fingerprint: string;
  readonly scores: SetScores;
  readonly pages: readonly PageScores[];
}

export interface FigureCheck {
  readonly set: string;
  readonly figure: GateFigure;
  readonly floor: number | null;
  readonly value: number | null;
  readonly verdict: 'held' | 'fell' | 'rose' | 'new' | 'missing';
  /** With 'fell': the pages that lost most against the baseline run (largest loss first). */
  readonly losers: readonly { readonly id: string; readonly before: number; readonly after: number }[];
}

export interface GateReport {
  readonly checks: readonly FigureCheck[];
  /** Sets that could not be checked, and why (a changed corpus, a set missing from the run or the baseline). */
  readonly problems: readonly string[];
  readonly passed: boolean;
}

const LOSERS_SHOWN = 5;
/** Figures are stored to 6 decimals, rounded down, so that the very same run passes at epsilon 0. */
const DECIMALS = 1e6;

export const floorOf = (x: number): number => Math.floor(x * DECIMALS) / DECIMALS;
/** Per-page figures are kept to 3 decimals. */
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Each figure of `runs` against its floor. `expected` are the sets that had to run (every baseline set,
 * unless the command was asked for some with `--sets`): one of them missing is a problem, not a pass.
 */
export function checkGate(
  runs: readonly SetRun[],
  baseline: Baseline,
  pages: BaselinePages,
  expected: readonly string[] = Object.keys(baseline.sets),
): GateReport {
  const checks: FigureCheck[] = [];
  const problems: string[] = [];
  for (const run of runs) {
    const base = own(baseline.sets, run.set);
    if (!base) {
      problems.push(`${run.set}: not in the baseline (add it with --update)`);
      continue;
    }
    if (base.fingerprint !== run.fingerprint) {
      problems.push(
        `${run.set}: the corpus changed (${run.scores.pages} pages now, ${base.pages} at the baseline; fingerprint ${short(run.fingerprint)} ≠ ${short(base.fingerprint)}): set new floors with --update --allow-regression in a reviewed commit`,
      );
      continue;
    }
    for (const figure of GATE_FIGURES) {
      const floor = own(base.figures, figure.key) ?? null;
      const value = figure.value(run.scores);
      if (floor === null && value === null) continue;
      const verdict: FigureCheck['verdict'] =
        value === null
          ? 'missing'
          : floor === null
            ? 'new'
            : value < floor - baseline.epsilon
              ? 'fell'
              : floorOf(value) > floor
                ? 'rose'
                : 'held';
      const losers = verdict === 'fell' ? losersOf(run, figure, own(own(pages, run.set) ?? {}, figure.page) ?? {}) : [];
      checks.push({ set: run.set, figure, floor, value, verdict, losers });
    }
  }
  for (const set of expected) {
    if (own(baseline.sets, set) && !runs.some((r) => r.set === set)) problems.push(`${set}: in the baseline but not run`);
  }
  const passed = problems.length === 0 && checks.every((c) => c.verdict !== 'fell' && c.verdict !== 'missing');
  return { checks, problems, passed };
}

function losersOf(run: SetRun, figure: GateFigure, before: Readonly<Record<string, number>>): FigureCheck['losers'] {
  return run.pages
    .flatMap((p) => {
      const after = p[figure.page];
      const was = own(before, p.id);
      return after === undefined || was === undefined || round3(after) >= was ? [] : [{ id: p.id, before: was, after }];
    })
    .sort((a, b) => b.before - b.after - (a.before - a.after) || (a.id < b.id ? -1 : 1))
    .slice(0, LOSERS_SHOWN);
}

const short = (fingerprint: string): string => fingerprint.slice(0, 12);
const f4 = (x: number | null): string => (x === null ? '—' : x.toFixed(4));

/** The gate's verdict for people: one line per set, then every fallen figure with the pages that lost most. */
export function formatGate(report: GateReport): string {
  const lines: string[] = [];
  const sets = [...new Set(report.checks.map((c) => c.set))];
  for (const set of sets) {
    const mine = report.checks.filter((c) => c.set === set);
    const fell = mine.filter((c) => c.verdict === 'fell' || c.verdict === 'missing');
    const shown = mine.map((c) => `${c.figure.label} ${f4(c.value)}${c.verdict === 'rose' ? ' ↑' : ''}`).join(', ');
    lines.push(`${fell.length ? 'FELL' : 'ok  '} ${set}: ${shown}`);
  }
  for (const c of report.checks) {
    if (c.verdict === 'missing') lines.push(`  ${c.set} ${c.figure.label}: no longer measured (floor ${f4(c.floor)})`);
    if (c.verdict !== 'fell' || c.floor === null || c.value === null) continue;
    lines.push(`  ${c.set} ${c.figure.label} fell ${f4(c.floor)} → ${f4(c.value)} (${(c.value - c.floor).toFixed(4)})`);
    if (c.losers.length)
      lines.push(`    pages that lost most: ${c.losers.map((l) => `${l.id} ${l.before.toFixed(3)} → ${l.after.toFixed(3)}`).join(', ')}`);
  }
  for (const p of report.problems) lines.push(`  problem: ${p}`);
  const rose = report.checks.filter((c) => c.verdict === 'rose' || c.verdict === 'new').length;
  lines.push(
    report.passed
      ? `eval gate: passed${rose ? ` (${rose} figure${rose > 1 ? 's' : ''} above the floor: raise the baseline with --update in a commit of its own)` : ''}`
      : 'eval gate: FAILED',
  );
  return lines.join('\n');
}

/**
 * The baseline raised to the runs: a figure's floor becomes its value when higher. A lower value is
 * refused unless `allowRegression` (then it is a reviewed commit that says why). Returns the new files'
 * contents, or the figures that would have been lowered.
 */
export function updateBaseline(
  runs: readonly SetRun[],
  old: Baseline | null,
  oldPages: BaselinePages,
  meta: Pick<Baseline, 'now' | 'optionsHash'>,
  allowRegression: boolean,
): { baseline: Baseline; pages: BaselinePages } | { lowered: readonly string[] } {
  // Maps, not objects: a set or page named `__proto__` is a key like any other (it was dropped).
  const sets = new Map<string, SetBaseline>(Object.entries(old?.sets ?? {}));
  const pages = new Map<string, BaselinePages[string]>(Object.entries(oldPages));
  const lowered: string[] = [];
  for (const run of runs) {
    const before = old ? own(old.sets, run.set) : undefined;
    const sameCorpus = before?.fingerprint === run.fingerprint;
    const figures: Record<string, number> = {};
    for (const figure of GATE_FIGURES) {
      const value = figure.value(run.scores);
      if (value === null) continue;
      const floor = sameCorpus && before ? own(before.figures, figure.key) : undefined;
      if (floor !== undefined && floorOf(value) < floor && !allowRegression)
        lowered.push(`${run.set} ${figure.label}: ${floor.toFixed(6)} → ${floorOf(value).toFixed(6)}`);
      figures[figure.key] = allowRegression || floor === undefined ? floorOf(value) : Math.max(floor, floorOf(value));
    }
    if (before && !sameCorpus && !allowRegression) lowered.push(`${run.set}: the corpus changed`);
    sets.set(run.set, { fingerprint: run.fingerprint, pages: run.scores.pages, figures });
    pages.set(run.set, perPage(run, new Set(GATE_FIGURES.filter((f) => f.key in figures).map((f) => f.page))));
  }
  if (lowered.length) return { lowered };
  // Object.fromEntries defines each key as an own property, `__proto__` included.
  return {
    baseline: { engine: 'dom', now: meta.now, optionsHash: meta.optionsHash, epsilon: old?.epsilon ?? 0, sets: Object.fromEntries(sets) },
    pages: Object.fromEntries(pages),
  };
}

/** `record[key]` when it is the record's own (never Object.prototype's `constructor` or `__proto__`). */
function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The per-page figures behind the set's gated figures. */
function perPage(run: SetRun, gated: ReadonlySet<PageFigure>): BaselinePages[string] {
  const out = new Map<PageFigure, Map<string, number>>();
  for (const p of run.pages) {
    for (const [key, value] of Object.entries(p)) {
      if (!gated.has(key as PageFigure) || typeof value !== 'number') continue;
      const figure = out.get(key as PageFigure) ?? new Map<string, number>();
      out.set(key as PageFigure, figure.set(p.id, round3(value)));
    }
  }
  return Object.fromEntries([...out].map(([key, byId]) => [key, Object.fromEntries(byId)]));
}

/** sha256 over the set's gold.jsonl and every page file, in id order. */
export function fingerprintOf(dataset: Dataset): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(`${dataset.dir}/gold.jsonl`));
  for (const page of [...dataset.pages].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    hash.update(`\0${page.id}\0`);
    hash.update(page.path === null ? '\0no file' : readFileSync(page.path));
  }
  return `sha256:${hash.digest('hex')}`;
}
