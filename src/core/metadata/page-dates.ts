/**
 * Publication-time gap-fillers for pages whose date is not in the title→first-sentence zone and not in
 * structured data (ALGORITHMS.md §1.7 reads only the zone; the date SVM of §3 will rank every date).
 * Blocks are read body first, then after the body, then before it:
 * - labelled dates: a publication label (发布时间, 发布日期, 发表于, Published, Posted, Veröffentlicht…)
 *   followed by a date; after such a label a two-digit year is read as 20YY ("发布时间：18-03-08 23:16");
 * - date lines: a short block that is not a sentence and holds a date ("2019-09-08 11:42:03").
 */
import type { TextBlock } from '../model/page-model.ts';
import type { DateFinderOptions, FoundDate } from '../dates/date-finder.ts';
import { findDates } from '../dates/date-finder.ts';
import { isValidDate } from '../dates/date-time.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';

const LABEL =
  /(发布时间|发布日期|发表时间|发表日期|发稿时间|发表于|发布于|时间|日期|published(?: on)?|posted(?: on)?|publié le|veröffentlicht(?: am)?|erschienen am|publicado(?: el)?|pubblicato(?: il)?|datum|fecha|date)\s*[:：]?\s*/giu;
const TWO_DIGIT_YEAR = /^(\d{2})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?/;
const CENTURY = 2000;

export interface PageDate {
  readonly block: TextBlock;
  readonly date: FoundDate;
  readonly kind: 'labelled' | 'date-line';
}

/** The first labelled date in `blocks` (in the order given). */
export function findLabelledDate(blocks: readonly TextBlock[], opts: DateFinderOptions): PageDate | null {
  return drain(findLabelledDateSteps(blocks, opts, NO_CHECKPOINTS));
}

/** `findLabelledDate` with a checkpoint per `ticker` between blocks. */
export function* findLabelledDateSteps(blocks: readonly TextBlock[], opts: DateFinderOptions, ticker: Ticker): Steps<PageDate | null> {
  for (const block of blocks) {
    if (ticker.tick()) yield;
    for (const m of block.text.matchAll(LABEL)) {
      const rest = block.text.slice((m.index ?? 0) + m[0].length);
      const date = findDates(rest, opts).find((d) => d.start === 0) ?? twoDigitYear(rest, opts);
      if (date) return { block, date, kind: 'labelled' };
    }
  }
  return null;
}

/** The first date in a short non-sentence block of at most `maxUnits` text units. */
export function findDateLine(blocks: readonly TextBlock[], maxUnits: number, opts: DateFinderOptions): PageDate | null {
  return drain(findDateLineSteps(blocks, maxUnits, opts, NO_CHECKPOINTS));
}

/** `findDateLine` with a checkpoint per `ticker` between blocks. */
export function* findDateLineSteps(
  blocks: readonly TextBlock[],
  maxUnits: number,
  opts: DateFinderOptions,
  ticker: Ticker,
): Steps<PageDate | null> {
  for (const block of blocks) {
    if (ticker.tick()) yield;
    if (block.sentence || block.units > maxUnits) continue;
    const date = findDates(block.text, opts)[0];
    if (date) return { block, date, kind: 'date-line' };
  }
  return null;
}

function twoDigitYear(text: string, opts: DateFinderOptions): FoundDate | null {
  const m = TWO_DIGIT_YEAR.exec(text);
  if (!m) return null;
  const [year, month, day] = [CENTURY + Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isValidDate(year, month, day, opts)) return null;
  const hour = m[4] === undefined ? null : Number(m[4]);
  const minute = m[5] === undefined ? null : Number(m[5]);
  const timeOk = hour !== null && minute !== null && hour < 24 && minute < 60;
  return {
    start: 0,
    end: m[0].length,
    text: m[0],
    year,
    month,
    day,
    hour: timeOk ? hour : null,
    minute: timeOk ? minute : null,
    second: timeOk && m[6] !== undefined ? Number(m[6]) : null,
    offsetMinutes: null,
    form: 'two-digit-year',
  };
}
