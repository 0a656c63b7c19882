/**
 * Leave-one-set-out (issue 13, item b): how well the body thresholds calibrated on the dev sets carry over
 * to a set they were not calibrated on. The thresholds that were calibrated are declared here with the
 * values tried around each default (`CALIBRATED_BODY_THRESHOLDS`); the report runs the default and each
 * one-at-a-time change of it (`sweepCandidates`) on every body set, and `leaveOneSetOut` then, for each
 * set in turn, picks the candidate with the best mean body F1 over the OTHER sets and reads the left-out
 * set's F1 under that pick beside the default's. A rule fitted to one set shows as a pick that differs
 * when that set is left out, and a left-out figure below the default's. Pure: the figures come in.
 */
import type { ExtractOptions } from '../core/index.ts';
import { DEFAULT_OPTIONS } from '../core/index.ts';
import { mean } from './order-stats.ts';

/** A threshold of the body methods that was set by measuring on the dev sets, and the values tried. */
export interface CalibratedThreshold {
  /** Option path, as `--option` takes it (`combine.pathMinStops`). */
  readonly path: string;
  /** Values tried, the default among them (the default is not run twice). */
  readonly values: readonly number[];
  /**
   * When the threshold has no effect under these options (the rule that reads it is off), it is not
   * swept: its candidates would be the default's figures again, at the cost of a run each.
   */
  readonly inert?: (o: ExtractOptions) => string | null;
}

/**
 * The calibrated thresholds of the body (ALGORITHMS.md §1.5, §2.4, §5.6, §6.2–6.3), each with the values
 * either side of its default. `punctPath.worstCaseNodes` and the similarity threshold of §1.4 are the
 * published methods' own values, not calibrated here, and are not swept.
 */
export const CALIBRATED_BODY_THRESHOLDS: readonly CalibratedThreshold[] = [
  { path: 'combine.pathLeadMaxAgreement', values: [0.3, 0.5, 0.7] },
  { path: 'combine.pathLeadMaxApartShare', values: [0.1, 0.15, 0.25] },
  { path: 'combine.pathMinStops', values: [2, 3, 5] },
  { path: 'combine.pathLeadMinStopShare', values: [0.3, 0.5, 0.7] },
  { path: 'combine.pathLeadMinPurity', values: [0.3, 0.5, 0.7] },
  { path: 'combine.pathLeadMaxLinkShare', values: [0.15, 0.25, 0.4] },
  {
    path: 'titleAnchor.paragraphRunMinShare',
    values: [0.5, 0.8, 0.9],
    inert: (o) => (o.titleAnchor.extensions.paragraphRun ? null : 'paragraphRun is off'),
  },
  {
    path: 'combine.pathKeepStopShare',
    values: [0.1, 0.2, 0.3],
    inert: (o) => (o.combine.removePathRejected ? null : 'combine.removePathRejected is off'),
  },
  { path: 'punctPath.checkTop', values: [3, 5, 8] },
  {
    path: 'combine.shortPageMaxUnits',
    values: [50, 100, 200],
    inert: (o) => (o.combine.extensions.shortPageText ? null : 'shortPageText is off'),
  },
  {
    path: 'titleAnchor.lcaSentences',
    values: [1, 2, 3],
    inert: (o) => (o.titleAnchor.extensions.multiSentenceLca ? null : 'multiSentenceLca is off'),
  },
  {
    path: 'titleAnchor.lcaWindowBlocks',
    values: [8, 16, 32],
    inert: (o) => (o.titleAnchor.extensions.multiSentenceLca ? null : 'multiSentenceLca is off'),
  },
  {
    path: 'titleAnchor.laterTitleMinSim',
    values: [30, 40, 60],
    inert: (o) => (o.titleAnchor.extensions.laterStrongerTitle ? null : 'laterStrongerTitle is off'),
  },
  {
    path: 'titleAnchor.laterTitleMinGain',
    values: [10, 15, 30],
    inert: (o) => (o.titleAnchor.extensions.laterStrongerTitle ? null : 'laterStrongerTitle is off'),
  },
  {
    path: 'titleAnchor.teaserListMinShare',
    values: [0.3, 0.5, 0.7],
    inert: (o) =>
      o.titleAnchor.extensions.skipTeaserLists && o.titleAnchor.extensions.descentKeepsAnchor ? null : 'skipTeaserLists is off',
  },
  {
    path: 'linkBlocks.minLinkTextShare',
    values: [0.3, 0.5, 0.7],
    inert: (o) => (o.linkBlocks.extensions.linkTextShare ? null : 'linkTextShare is off'),
  },
];

/** The name of the candidate that changes nothing. */
export const DEFAULT_CANDIDATE = 'default';

/** One configuration of the sweep: the defaults, or the defaults with one threshold changed. */
export interface LosoCandidate {
  /** `default`, or the assignment (`combine.pathMinStops=5`). */
  readonly name: string;
  /** `--option` assignments (none for the default). */
  readonly options: readonly string[];
}

export interface Sweep {
  readonly candidates: readonly LosoCandidate[];
  /** Declared thresholds not swept, and why (their rule is off under the options). */
  readonly skipped: readonly { readonly path: string; readonly why: string }[];
}

/** The value of a numeric option by its path, or an error naming it (a declaration that no longer matches options.ts). */
export function optionValue(path: string, options: ExtractOptions = DEFAULT_OPTIONS): number {
  let cur: unknown = options;
  for (const key of path.split('.')) {
    if (typeof cur !== 'object' || cur === null || !Object.hasOwn(cur, key)) throw new Error(`no option "${path}"`);
    cur = (cur as Record<string, unknown>)[key];
  }
  if (typeof cur !== 'number') throw new Error(`option "${path}" is not a number`);
  return cur;
}

/** The default first, then every declared value other than the default, one threshold at a time. */
export function sweepCandidates(
  thresholds: readonly CalibratedThreshold[] = CALIBRATED_BODY_THRESHOLDS,
  options: ExtractOptions = DEFAULT_OPTIONS,
): Sweep {
  const candidates: LosoCandidate[] = [{ name: DEFAULT_CANDIDATE, options: [] }];
  const skipped: { path: string; why: string }[] = [];
  for (const t of thresholds) {
    const current = optionValue(t.path, options);
    const why = t.inert?.(options) ?? null;
    if (why !== null) {
      skipped.push({ path: t.path, why });
      continue;
    }
    for (const v of t.values) {
      if (v === current) continue;
      const assignment = `${t.path}=${v}`;
      candidates.push({ name: assignment, options: [assignment] });
    }
  }
  return { candidates, skipped };
}

/** The left-out set's figures: under the candidate picked on the other sets, and under the default. */
export interface LosoRow {
  readonly leftOut: string;
  /** The candidate with the best mean over the other sets. */
  readonly chosen: string;
  /** That mean. */
  readonly othersMean: number;
  /** The left-out set's figure under `chosen`. */
  readonly score: number;
  /** The left-out set's figure under the default. */
  readonly defaultScore: number;
}

export interface LosoResult {
  readonly rows: readonly LosoRow[];
  /** The candidate with the best mean over every set (what calibrating on all of them picks). */
  readonly allSetsChoice: string;
  /** Mean over the sets of the left-out figure under each set's pick, and under the default. */
  readonly meanScore: number;
  readonly meanDefault: number;
  /** Candidates left out for a missing figure on some set (a failed run). */
  readonly incomplete: readonly string[];
}

/** Means closer than this are a tie, which the earlier candidate (the default first) wins. */
const TIE = 1e-9;

/**
 * For each set in turn: the candidate (of those with a figure on every set) that maximises the mean figure
 * of the other sets, and the left-out set's figure under it beside the default's. Ties go to the earlier
 * candidate, so that with nothing to gain the default stays. Needs the default and at least two sets.
 */
export function leaveOneSetOut(
  candidates: readonly string[],
  sets: readonly string[],
  score: (candidate: string, set: string) => number | null,
  defaultCandidate: string = DEFAULT_CANDIDATE,
): LosoResult {
  if (sets.length < 2) throw new Error('leave-one-set-out needs at least two sets');
  const complete = candidates.filter((c) => sets.every((s) => score(c, s) !== null));
  const incomplete = candidates.filter((c) => !complete.includes(c));
  if (!complete.includes(defaultCandidate)) throw new Error(`the default ("${defaultCandidate}") has no figure on every set`);
  const at = (c: string, s: string): number => score(c, s) as number;
  const best = (over: readonly string[]): { name: string; mean: number } => {
    let top = { name: defaultCandidate, mean: -Infinity };
    for (const c of [defaultCandidate, ...complete.filter((c) => c !== defaultCandidate)]) {
      const m = mean(over.map((s) => at(c, s)));
      if (m > top.mean + TIE) top = { name: c, mean: m };
    }
    return top;
  };
  const rows = sets.map((leftOut): LosoRow => {
    const pick = best(sets.filter((s) => s !== leftOut));
    return {
      leftOut,
      chosen: pick.name,
      othersMean: pick.mean,
      score: at(pick.name, leftOut),
      defaultScore: at(defaultCandidate, leftOut),
    };
  });
  return {
    rows,
    allSetsChoice: best(sets).name,
    meanScore: mean(rows.map((r) => r.score)),
    meanDefault: mean(rows.map((r) => r.defaultScore)),
    incomplete,
  };
}
