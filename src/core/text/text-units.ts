/**
 * Text units (ALGORITHMS.md §0, from the link-block method's rules 4.1–4.5), the measure of lengths and
 * distances:
 * - a run of word-script letters counts 1 (a word, dictionary or not);
 * - every CJK character counts 1;
 * - a whole number with its decimal point and thousands separators counts 1 ("珠穆朗玛8848" is 5);
 * - a whole date/time string counts 1, with or without 年/月/日, any Y/M/D order, - / . \ separators
 *   ("今天是2014年3月28日" is 4);
 * - a punctuation mark counts 1, and a run of identical marks counts 1 in total.
 */
import type { Steps, Ticker } from '../slicing.ts';
import { CHUNK, RUN_CHUNK, extendRepeat, extendRun, mayContinue } from './runs.ts';

const TIME = String.raw`\d{1,2}[:：]\d{2}(?:[:：]\d{2})?`;
const DATE_FORMS = [
  String.raw`\d{2,4}\s*年(?:\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号號])?)?`,
  String.raw`\d{1,2}\s*月\s*\d{1,2}\s*[日号號]`,
  String.raw`\d{1,4}[\-\/.\\]\d{1,2}[\-\/.\\]\d{1,4}`,
].join('|');

const CJK = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}`;
const WORD_LETTER = String.raw`[[\p{L}\p{M}]--[${CJK}]]`;
/** What continues a number after a digit: a digit, or one separator followed by a digit ("1,234.5"). */
const NUMBER_PART = String.raw`(?:\d|[.,](?=\d))`;

/**
 * One unit per match, in priority order: date/time, number, word, CJK character, punctuation run. The
 * runs (number, word, repeated mark) are read a chunk at a time (runs.ts), so that no length of input
 * can overflow the regex engine's stack; `countTextUnits` joins the chunks of one run. Groups 1, 2 and
 * 3 are the number, the word and the mark (numbered, not named: a `groups` object per match cost a
 * third more time on the dev sets' text).
 */
const UNIT = new RegExp(
  [
    // ISO 8601 joins date and time with T and may add fractional seconds and a zone: one unit in all.
    String.raw`(?:${DATE_FORMS})(?:\s*${TIME}|T${TIME}(?:\.\d+)?(?:Z|[+\-]\d{2}:?\d{2})?)?`,
    TIME,
    // `\d+(?:[.,]\d+)*`, bounded.
    String.raw`(\d${NUMBER_PART}{0,${RUN_CHUNK}})`,
    String.raw`(${WORD_LETTER}${CHUNK})`,
    String.raw`[${CJK}]`,
    String.raw`([\p{P}\p{S}])\3{0,${RUN_CHUNK}}`,
  ].join('|'),
  'gv',
);
/** One more chunk of a number or a word that filled its chunk. */
const NUMBER_CHUNK = new RegExp(`${NUMBER_PART}${CHUNK}`, 'vy');
const WORD_CHUNK = new RegExp(`${WORD_LETTER}${CHUNK}`, 'vy');

/** The text units of `text`; counting stops at `cap` (for "is it below dt?" questions on long gaps). */
export function countTextUnits(text: string, cap = Infinity): number {
  UNIT.lastIndex = 0;
  let n = 0;
  let m: RegExpExecArray | null;
  while (n < cap && (m = UNIT.exec(text)) !== null) {
    n++;
    if (mayContinue(m[0])) UNIT.lastIndex = runEnd(text, UNIT.lastIndex, m);
  }
  return n;
}

/**
 * `countTextUnits` with a checkpoint per `ticker` between units, for texts that may be megabytes long (a
 * link block of a whole page). The same count: the shared expression's position is set before each match,
 * so another count run while this one is suspended does not disturb it.
 */
export function* countTextUnitsSteps(text: string, ticker: Ticker, cap = Infinity): Steps<number> {
  let n = 0;
  let at = 0;
  while (n < cap) {
    UNIT.lastIndex = at;
    const m = UNIT.exec(text);
    if (m === null) break;
    n++;
    at = mayContinue(m[0]) ? runEnd(text, UNIT.lastIndex, m) : UNIT.lastIndex;
    if (ticker.tick()) yield;
  }
  return n;
}

/** Where the run of a match that filled its chunk really ends. */
function runEnd(text: string, end: number, m: RegExpExecArray): number {
  const [, number, word, mark] = m;
  if (number !== undefined) return extendRun(text, end, NUMBER_CHUNK);
  if (word !== undefined) return extendRun(text, end, WORD_CHUNK);
  if (mark !== undefined) return extendRepeat(text, end, mark);
  return end;
}
