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
const TIME = String.raw`\d{1,2}[:：]\d{2}(?:[:：]\d{2})?`;
const DATE_FORMS = [
  String.raw`\d{2,4}\s*年(?:\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号號])?)?`,
  String.raw`\d{1,2}\s*月\s*\d{1,2}\s*[日号號]`,
  String.raw`\d{1,4}[\-\/.\\]\d{1,2}[\-\/.\\]\d{1,4}`,
].join('|');

/** One unit per match, in priority order: date/time, number, word, CJK character, punctuation run. */
const UNIT = new RegExp(
  [
    // ISO 8601 joins date and time with T and may add fractional seconds and a zone: one unit in all.
    String.raw`(?:${DATE_FORMS})(?:\s*${TIME}|T${TIME}(?:\.\d+)?(?:Z|[+\-]\d{2}:?\d{2})?)?`,
    TIME,
    String.raw`\d+(?:[.,]\d+)*`,
    String.raw`[[\p{L}\p{M}]--[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]]+`,
    String.raw`[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]`,
    String.raw`([\p{P}\p{S}])\1*`,
  ].join('|'),
  'gv',
);

/** The text units of `text`; counting stops at `cap` (for "is it below dt?" questions on long gaps). */
export function countTextUnits(text: string, cap = Infinity): number {
  UNIT.lastIndex = 0;
  let n = 0;
  while (n < cap && UNIT.exec(text) !== null) n++;
  return n;
}
