/**
 * `eval --compare readability` (issue 13, item 3): our body against @mozilla/readability's on the same
 * decoded pages in the same engine, both scored with the one body metric of `eval` (`bodyFigure`, the
 * Zyte shingle F1, with CJK tokens on a Chinese or Japanese set), so that a figure of ours and one of
 * Readability's differ only by the extractor. It counts the pages each wins and picks the pages where one
 * beats the other by most, with the beginning of each body and of the gold, so that losses can be read in
 * minutes. A page where Readability found no article, threw, ran out of time or could not be run scores
 * as an empty body, and is counted and named.
 */
import type { ReadabilityFailure } from '../node/engines/engine.ts';
import type { Dataset } from './dataset.ts';
import type { PrF1, Tokenizer } from './metrics.ts';
import type { Prediction } from './score.ts';
import { bodyFigure, readabilityBody, readabilityProblem } from './score.ts';

/**
 * Two page F1s closer than this are a tie: on a 100-word page one shingle more or less moves F1 by about
 * 0.01, which says nothing about either extractor.
 */
export const TIE_WITHIN = 0.01;
/** How many pages each way the comparison shows by default (`--compare-top`). */
export const DEFAULT_COMPARE_TOP = 10;
/** How much of each body the top pages show, in characters. */
export const BODY_START_CHARS = 100;

/** Both extractors' body figures over the set, as `eval` prints ours. */
export interface BodyFigures {
  readonly body: PrF1;
  /** With CJK tokens, on a Chinese or Japanese set (as `eval` prints it). */
  readonly bodyCjk: PrF1 | null;
}

/** One page's F1, ours and Readability's, in the tokenisation that decides wins (`decidedBy`). */
export interface PageComparison {
  readonly id: string;
  readonly ours: number;
  readonly readability: number;
  /** Why Readability gave no body on the page, when it gave none. */
  readonly readabilityProblem?: string;
}

/** A page of the top lists, with the beginning of each body and of the gold. */
export interface TopPage extends PageComparison {
  readonly oursStart: string;
  readonly readabilityStart: string;
  readonly goldStart: string;
}

export interface ReadabilityComparison {
  readonly against: 'readability';
  /** The @mozilla/readability version that ran. */
  readonly version: string;
  readonly engine: string;
  /** Pages with a gold body: the pages compared. */
  readonly pages: number;
  /** The page F1 that decides wins and the top pages: CJK tokens on a CJK set, `\w+` tokens otherwise. */
  readonly decidedBy: Tokenizer;
  readonly tieWithin: number;
  readonly ours: BodyFigures;
  readonly readability: BodyFigures;
  readonly wins: { readonly ours: number; readonly readability: number; readonly ties: number };
  /** Pages where Readability gave no body, by why (`noArticle`: its `parse()` returned null). */
  readonly readabilityFailures: Readonly<Record<'noArticle' | ReadabilityFailure, number>>;
  /** The pages where ours beats Readability by most, and the other way round (at most `top` each). */
  readonly top: { readonly ours: readonly TopPage[]; readonly readability: readonly TopPage[] };
  /** Every compared page, in the set's order. */
  readonly perPage: readonly PageComparison[];
}

export interface CompareSettings {
  readonly version: string;
  readonly engine: string;
  /** Pages each way in the top lists. */
  readonly top: number;
}

interface Row {
  readonly id: string;
  readonly gold: string;
  readonly ours: string;
  readonly readability: string;
  readonly failure: keyof ReadabilityComparison['readabilityFailures'] | null;
  readonly problem: string | null;
}

/** Compares ours with Readability over the set's pages with a gold body (predictions from a `--compare` run). */
export function compareReadability(dataset: Dataset, predictions: readonly Prediction[], settings: CompareSettings): ReadabilityComparison {
  const rows = comparedRows(dataset, predictions);
  const decidedBy: Tokenizer = dataset.cjk ? 'cjk' : 'word';
  const figures = (side: 'ours' | 'readability'): BodyFigures => {
    const pairs = rows.map((r) => ({ gold: r.gold, predicted: r[side] }));
    return { body: bodyFigure(pairs, 'word'), bodyCjk: dataset.cjk ? bodyFigure(pairs, 'cjk') : null };
  };
  const pageF1 = (gold: string, predicted: string): number => bodyFigure([{ gold, predicted }], decidedBy).f1;
  const perPage = rows.map((r) => ({
    id: r.id,
    ours: pageF1(r.gold, r.ours),
    readability: pageF1(r.gold, r.readability),
    ...(r.problem === null ? {} : { readabilityProblem: r.problem }),
  }));
  const margin = (p: PageComparison): number => p.ours - p.readability;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const topOf = (pages: readonly PageComparison[]): TopPage[] =>
    pages.slice(0, settings.top).map((p) => {
      const row = byId.get(p.id) as Row;
      return { ...p, oursStart: bodyStart(row.ours), readabilityStart: bodyStart(row.readability), goldStart: bodyStart(row.gold) };
    });
  const oursAhead = perPage.filter((p) => margin(p) > TIE_WITHIN).sort((a, b) => margin(b) - margin(a));
  const theirsAhead = perPage.filter((p) => -margin(p) > TIE_WITHIN).sort((a, b) => margin(a) - margin(b));
  const failures = { noArticle: 0, error: 0, 'time-limit': 0, 'not-run': 0 };
  for (const r of rows) if (r.failure) failures[r.failure]++;
  return {
    against: 'readability',
    version: settings.version,
    engine: settings.engine,
    pages: rows.length,
    decidedBy,
    tieWithin: TIE_WITHIN,
    ours: figures('ours'),
    readability: figures('readability'),
    wins: { ours: oursAhead.length, readability: theirsAhead.length, ties: perPage.length - oursAhead.length - theirsAhead.length },
    readabilityFailures: failures,
    top: { ours: topOf(oursAhead), readability: topOf(theirsAhead) },
    perPage,
  };
}

/** The pages with a gold body and a prediction, in the set's order; a page Readability did not answer for counts as not run. */
function comparedRows(dataset: Dataset, predictions: readonly Prediction[]): Row[] {
  return predictions.flatMap((p) => {
    const gold = dataset.gold.get(p.id)?.body;
    if (gold === null || gold === undefined) return [];
    const outcome = p.readability ?? { ok: false, kind: 'not-run', error: 'not run', ms: 0 };
    const failure = outcome.ok ? (outcome.found ? null : 'noArticle') : outcome.kind;
    return [{ id: p.id, gold, ours: p.body, readability: readabilityBody(outcome), failure, problem: readabilityProblem(outcome) }];
  });
}

/** The first `BODY_START_CHARS` characters of a body on one line (whitespace runs made one space), "…" when cut. */
export function bodyStart(text: string, chars = BODY_START_CHARS): string {
  const flat = [...text.replace(/\s+/g, ' ').trim()];
  return flat.length > chars ? `${flat.slice(0, chars).join('')}…` : flat.join('');
}
