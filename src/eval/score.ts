/** Scores predictions against a set's gold (metric definitions in metrics.ts). */
import type { Dataset } from './dataset.ts';
import type { PageDateSamples } from '../core/index.ts';
import type { IssueKind, PageIssue, ReadabilityOutcome } from '../node/engines/engine.ts';
import type { DateScores, FieldScores, PrF1, Tokenizer } from './metrics.ts';
import { bodyScores, dateScores, fieldScores, goldShareInside, shingleMatch } from './metrics.ts';
import { mean, median } from './order-stats.ts';

/** One line of `eval --out` (DESIGN.md "CLI contract"). */
export interface Prediction {
  readonly id: string;
  readonly url: string | null;
  readonly title: string | null;
  readonly author: string | null;
  readonly source: string | null;
  /** "YYYY-MM-DD" or "". */
  readonly date: string;
  readonly datetime: string | null;
  readonly body: string;
  /** Wall time for the page in the engine (for chromium: loading the page too). */
  readonly ms: number;
  /** Time inside the core (the sum of the Article's stage timings). */
  readonly coreMs?: number;
  /** Method 5 on the page: LCR, CCR and the text of every logical link block (not written by `--out`). */
  readonly linkBlocks?: { readonly lcr: number; readonly ccr: number; readonly text: string };
  /**
   * Method 4 on the page (`eval --similar auto`): whether a similar page was used, and the text of its
   * template regions, and of those inside the body's root (not written by `--out`).
   */
  readonly similarPage?: {
    readonly status: string;
    readonly url: string | null;
    readonly message: string;
    readonly templateText: string;
    readonly templateBodyText?: string;
    readonly diffMs: number | null;
  };
  /** Method 3's samples of the page, for `eval --date-cv` (engine's training request; not written by `--out`). */
  readonly dateSamples?: PageDateSamples;
  /** Why the page has no result: one line. */
  readonly error?: string;
  /** What kind of failure `error` is (not written by `--out`). */
  readonly errorKind?: IssueKind;
  /** What was worked around on the page, or went wrong before it failed: one line each. */
  readonly warnings?: readonly string[];
  /** Every problem of the page by kind, the fatal one last (not written by `--out`; counted by the summary). */
  readonly issues?: readonly PageIssue[];
  /** What @mozilla/readability made of the same page (`--compare readability`; `--out` writes its body). */
  readonly readability?: ReadabilityOutcome;
}

/**
 * The line `eval --out` writes: the fields of the CLI contract (DESIGN.md), in its order, then `error` when
 * the page failed and `warnings` when something on it was worked around; with `--compare readability`,
 * last, `readabilityBody` (Readability's text of the page, "" when it gave none) and `readabilityError`
 * when it gave none (why: no article found, it threw, its time ran out, or it could not be run).
 */
export function predictionLine(p: Prediction): string {
  const { id, url, title, author, source, date, datetime, body, ms, error, warnings, readability } = p;
  return JSON.stringify({
    id,
    url,
    title,
    author,
    source,
    date,
    datetime,
    body,
    ms,
    ...(error === undefined ? {} : { error }),
    ...(warnings?.length ? { warnings } : {}),
    ...(readability === undefined ? {} : readabilityFields(readability)),
  });
}

function readabilityFields(r: ReadabilityOutcome): { readabilityBody: string; readabilityError?: string } {
  const problem = readabilityProblem(r);
  return { readabilityBody: readabilityBody(r), ...(problem === null ? {} : { readabilityError: problem }) };
}

/** Readability's body of a page: its text, "" when it found no article or did not run. */
export function readabilityBody(r: ReadabilityOutcome): string {
  return r.ok ? r.text : '';
}

/** Why Readability gave no body for a page (its one-line error, or "no article found"), null when it gave one. */
export function readabilityProblem(r: ReadabilityOutcome): string | null {
  if (!r.ok) return r.error;
  return r.found ? null : NO_ARTICLE;
}

/** Readability's `parse()` returned null. */
export const NO_ARTICLE = 'no article found';

/**
 * The body metric (metrics.ts) over pages: per page shingles matched against the gold, then Zyte's averages.
 * Every body figure goes through it — the set's, one page's (`bodyFigure([pair], …).f1`), and Readability's
 * in `--compare readability` — so that all are measured alike.
 */
export function bodyFigure(pairs: readonly { gold: string; predicted: string }[], tokenizer: Tokenizer): PrF1 {
  return bodyScores(pairs.map((p) => shingleMatch(p.gold, p.predicted, tokenizer)));
}

/** A set's problems by kind: pages that failed, and pages extracted with something worked around. */
export interface IssueCounts {
  readonly failed: Readonly<Partial<Record<IssueKind, number>>>;
  readonly warned: Readonly<Partial<Record<IssueKind, number>>>;
}

/** Counts each page once per kind: under `failed` for its fatal problem, under `warned` for the others. */
export function countIssues(predictions: readonly Prediction[]): IssueCounts {
  const failed: Partial<Record<IssueKind, number>> = {};
  const warned: Partial<Record<IssueKind, number>> = {};
  for (const p of predictions) {
    if (p.errorKind) failed[p.errorKind] = (failed[p.errorKind] ?? 0) + 1;
    const kinds = new Set((p.issues ?? []).slice(0, p.errorKind ? -1 : undefined).map((i) => i.kind));
    for (const k of kinds) warned[k] = (warned[k] ?? 0) + 1;
  }
  return { failed, warned };
}

export interface SetScores {
  readonly set: string;
  readonly pages: number;
  readonly errors: number;
  /** The pages' problems by kind (failed and worked-around). */
  readonly issues: IssueCounts;
  readonly body: PrF1 | null;
  readonly bodyCjk: PrF1 | null;
  readonly date: DateScores | null;
  readonly title: FieldScores | null;
  readonly author: FieldScores | null;
  readonly source: FieldScores | null;
  readonly medianMs: number;
  readonly medianCoreMs: number;
  readonly linkBlocks: LinkBlockScores | null;
}

/** Method 5 over a set: coverage per page (§5.8) and how much gold body text its blocks took. */
export interface LinkBlockScores {
  readonly meanLcr: number;
  readonly minLcr: number;
  readonly meanCcr: number;
  /** Pages with a gold body (the share below is over these). */
  readonly goldPages: number;
  /** Mean over pages with a gold body of the share of gold body shingles inside link blocks. */
  readonly goldInBlocks: number;
  /** The pages with the largest shares, largest first (at most 5, only shares above 0). */
  readonly worst: readonly { readonly id: string; readonly share: number }[];
  readonly pages: number;
}

export function scoreSet(dataset: Dataset, predictions: readonly Prediction[]): SetScores {
  const byId = new Map(predictions.map((p) => [p.id, p]));
  const rows = [...dataset.gold.values()].flatMap((gold) => {
    const pred = byId.get(gold.id);
    return pred ? [{ gold, pred }] : [];
  });
  const bodies = rows.flatMap((r) => (r.gold.body === null ? [] : [{ gold: r.gold.body, predicted: r.pred.body }]));
  const field = (key: 'title' | 'author' | 'source'): FieldScores | null => {
    const pairs = rows.filter((r) => r.gold[key] !== null).map((r) => ({ gold: r.gold[key] as string, predicted: r.pred[key] }));
    return pairs.length ? fieldScores(pairs) : null;
  };
  const datePairs = rows.filter((r) => r.gold.date !== null).map((r) => ({ gold: r.gold.date as string, predicted: r.pred.date || null }));
  return {
    set: dataset.name,
    pages: rows.length,
    errors: predictions.filter((p) => p.error).length,
    issues: countIssues(predictions),
    body: bodies.length ? bodyFigure(bodies, 'word') : null,
    bodyCjk: bodies.length && dataset.cjk ? bodyFigure(bodies, 'cjk') : null,
    date: datePairs.length ? dateScores(datePairs) : null,
    title: field('title'),
    author: field('author'),
    source: field('source'),
    medianMs: medianOrZero(predictions.map((p) => p.ms)),
    medianCoreMs: medianOrZero(predictions.flatMap((p) => (p.coreMs === undefined ? [] : [p.coreMs]))),
    linkBlocks: linkBlockScores(rows, dataset.cjk),
  };
}

const WORST_PAGES = 5;

function linkBlockScores(
  rows: readonly { gold: { id: string; body: string | null }; pred: Prediction }[],
  cjk: boolean,
): LinkBlockScores | null {
  const withBlocks = rows.filter((r) => r.pred.linkBlocks !== undefined);
  if (!withBlocks.length) return null;
  const shares: { id: string; share: number }[] = [];
  for (const r of withBlocks) {
    if (r.gold.body === null) continue;
    shares.push({ id: r.gold.id, share: goldShareInside(r.gold.body, r.pred.linkBlocks?.text ?? '', cjk ? 'cjk' : 'word') });
  }
  const worst = shares
    .filter((x) => x.share > 0)
    .sort((a, b) => b.share - a.share)
    .slice(0, WORST_PAGES);
  return {
    meanLcr: mean(withBlocks.map((r) => r.pred.linkBlocks?.lcr ?? 0)),
    minLcr: Math.min(...withBlocks.map((r) => r.pred.linkBlocks?.lcr ?? 0)),
    goldPages: shares.length,
    meanCcr: mean(withBlocks.map((r) => r.pred.linkBlocks?.ccr ?? 0)),
    goldInBlocks: mean(shares.map((x) => x.share)),
    worst,
    pages: withBlocks.length,
  };
}

/** The median, 0 when there are no values. */
function medianOrZero(xs: readonly number[]): number {
  return xs.length ? median(xs) : 0;
}

const f3 = (n: number): string => n.toFixed(3);
const pct = (n: number): string => `${(n * 100).toFixed(1)}%`;

/** The pages with the most gold text inside link blocks, as "id 12.3%, …" (ids cut to 16 characters). */
export function formatWorstPages(lb: LinkBlockScores): string {
  return lb.worst.map((w) => `${w.id.slice(0, 16)} ${pct(w.share)}`).join(', ');
}

/** The mean share of gold body inside link blocks, as a percentage, or "—" without gold bodies. */
export function formatGoldInBlocks(lb: LinkBlockScores): string {
  return lb.goldPages ? pct(lb.goldInBlocks) : '—';
}

/** A few lines of plain text for the terminal. */
export function formatScores(s: SetScores): string {
  const core = s.medianCoreMs > 0 ? ` (${s.medianCoreMs.toFixed(1)} ms in the core)` : '';
  const lines = [`${s.set}: ${s.pages} pages, ${s.errors} errors, median ${s.medianMs.toFixed(0)} ms/page${core}`];
  const problems = formatIssues(s.issues);
  if (problems) lines.push(`  problems              ${problems}`);
  if (s.body)
    lines.push(`  body (\\w+ shingles)   F1 ${f3(s.body.f1)}  P ${f3(s.body.precision)}  R ${f3(s.body.recall)}  (${s.body.pages} pages)`);
  if (s.bodyCjk) lines.push(`  body (CJK tokens)     F1 ${f3(s.bodyCjk.f1)}  P ${f3(s.bodyCjk.precision)}  R ${f3(s.bodyCjk.recall)}`);
  if (s.date)
    lines.push(
      `  date (day)            accuracy ${f3(s.date.accuracy)}  P ${f3(s.date.precision)}  R ${f3(s.date.recall)}  F ${f3(s.date.fscore)}  coverage ${f3(s.date.coverage)}  (${s.date.pages} pages)`,
    );
  const lb = s.linkBlocks;
  if (lb) {
    const gold = lb.goldPages ? `  gold body inside blocks ${formatGoldInBlocks(lb)}` : '';
    lines.push(`  link blocks           LCR ${f3(lb.meanLcr)} (lowest ${f3(lb.minLcr)})  CCR ${f3(lb.meanCcr)}${gold}`);
    if (lb.worst.length) lines.push(`    most gold inside: ${formatWorstPages(lb)}`);
  }
  for (const [name, f] of [
    ['title', s.title],
    ['author', s.author],
    ['source', s.source],
  ] as const) {
    if (f) lines.push(`  ${name.padEnd(21)} exact ${f3(f.exact)}  token F1 ${f3(f.tokenF1)}  (${f.pages} pages)`);
  }
  return lines.join('\n');
}

const byCount = (counts: Readonly<Partial<Record<IssueKind, number>>>): string =>
  Object.entries(counts)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0) || a[0].localeCompare(b[0]))
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');

/** "failed: time-limit 1, input 2; warned: url 1, charset 1", or "" when the set had none. */
export function formatIssues(issues: IssueCounts): string {
  const failed = byCount(issues.failed);
  const warned = byCount(issues.warned);
  return [failed ? `failed: ${failed}` : '', warned ? `worked around: ${warned}` : ''].filter(Boolean).join('; ');
}

/** One page's scores in the set's metrics (the figures the eval gate keeps per page, to name the pages that lost). */
export interface PageScores {
  readonly id: string;
  /** Body F1 of the page alone (\w+ shingles), when its gold body is annotated. */
  readonly body?: number;
  /** Body F1 with CJK tokens, on a Chinese or Japanese set. */
  readonly bodyCjk?: number;
  /** 1 when the normalised value equals the gold, else 0; only where the gold is annotated. */
  readonly title?: number;
  readonly author?: number;
  readonly source?: number;
  /** 1 when the day is right (or both say none), else 0. */
  readonly date?: number;
  /** Method 5's link coverage of the page. */
  readonly lcr?: number;
}

export function pageScores(dataset: Dataset, predictions: readonly Prediction[]): PageScores[] {
  return predictions.flatMap((pred) => {
    const gold = dataset.gold.get(pred.id);
    if (!gold) return [];
    const field = (key: 'title' | 'author' | 'source'): number | undefined =>
      gold[key] === null ? undefined : fieldScores([{ gold: gold[key] as string, predicted: pred[key] }]).exact;
    const body = (tokenizer: Tokenizer): number | undefined =>
      gold.body === null ? undefined : bodyFigure([{ gold: gold.body, predicted: pred.body }], tokenizer).f1;
    const scores: Record<string, number | undefined> = {
      body: body('word'),
      bodyCjk: dataset.cjk ? body('cjk') : undefined,
      title: field('title'),
      author: field('author'),
      source: field('source'),
      date: gold.date === null ? undefined : dateScores([{ gold: gold.date, predicted: pred.date || null }]).accuracy,
      lcr: pred.linkBlocks?.lcr,
    };
    return [{ id: pred.id, ...Object.fromEntries(Object.entries(scores).filter(([, v]) => v !== undefined)) } as PageScores];
  });
}
