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
import { CJK as CJK_CLASS, PAIR, PUNCT_OR_SYMBOL, WORD_LETTER as WORD_LETTER_CLASS, charClassAt } from './char-classes.ts';
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
 * third more time on the dev sets' text). Sticky: the scanner below matches it only where a digit starts
 * (the definition of the units, which the test matches globally over a text).
 */
export const UNIT = new RegExp(
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
  'vy',
);
/** One more chunk of a number or a word that filled its chunk. */
const NUMBER_CHUNK = new RegExp(`${NUMBER_PART}${CHUNK}`, 'vy');
const WORD_CHUNK = new RegExp(`${WORD_LETTER}${CHUNK}`, 'vy');

/**
 * The units of `text` are counted by a scanner over the character classes of char-classes.ts, which
 * allocates nothing for the units nearly every text is made of: a word is the run of word letters from
 * its first letter, a CJK character is one unit, a mark is the run of that same mark. Only at an ASCII
 * digit, where a date, a time or a number starts, is `UNIT` matched (sticky, right there). It counts what
 * `UNIT` matched over the whole text counts, unit for unit: every match of `UNIT` starts at a digit, a
 * word letter, a CJK character or a mark (the first character of each alternative), at each of these some
 * alternative matches, and the alternatives that can start at a letter, a CJK character or a mark are the
 * one each the scanner reads (the test holds the two to the same counts on random mixed-script strings).
 * A global exec per unit made a match object per word and was a twentieth of an extraction.
 */

/**
 * The end of the unit that starts at `at`, or, when none starts there, the bitwise complement of the
 * position after the character at `at` (negative).
 */
function unitEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c >= 0x30 && c <= 0x39) {
    UNIT.lastIndex = at;
    const m = UNIT.exec(text) as RegExpExecArray;
    return mayContinue(m[0]) ? runEnd(text, UNIT.lastIndex, m) : UNIT.lastIndex;
  }
  const k = charClassAt(text, at);
  const width = k & PAIR ? 2 : 1;
  if (k & CJK_CLASS) return at + width;
  if (k & WORD_LETTER_CLASS) {
    let end = at + width;
    while (end < text.length) {
      const next = charClassAt(text, end);
      if (!(next & WORD_LETTER_CLASS)) break;
      end += next & PAIR ? 2 : 1;
    }
    return end;
  }
  if (k & PUNCT_OR_SYMBOL) {
    let end = at + width;
    if (width === 1) while (text.charCodeAt(end) === c) end++;
    else while (text.charCodeAt(end) === c && text.charCodeAt(end + 1) === text.charCodeAt(at + 1)) end += 2;
    return end;
  }
  return ~(at + width);
}

/** The end of the first unit that starts at or after `at`, or -1 when no unit is left. */
function nextUnitEnd(text: string, at: number): number {
  for (let i = at; i < text.length;) {
    const end = unitEnd(text, i);
    if (end >= 0) return end;
    i = ~end;
  }
  return -1;
}

/** The text units of `text`; counting stops at `cap` (for "is it below dt?" questions on long gaps). */
export function countTextUnits(text: string, cap = Infinity): number {
  let n = 0;
  for (let at = 0; n < cap && (at = nextUnitEnd(text, at)) >= 0;) n++;
  return n;
}

/**
 * `countTextUnits` with a checkpoint per `ticker` between units, for texts that may be megabytes long (a
 * link block of a whole page). The same count.
 */
export function* countTextUnitsSteps(text: string, ticker: Ticker, cap = Infinity): Steps<number> {
  let n = 0;
  for (let at = 0; n < cap && (at = nextUnitEnd(text, at)) >= 0;) {
    n++;
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
