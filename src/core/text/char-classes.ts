/**
 * Letters, upper-case letters, numbers, commas, CJK characters and letters of word scripts of a text,
 * counted in one pass: the same counts as `\p{L}`, `\p{Lu}`, `\p{N}`, `[，、,]`, scripts.ts's CJK class
 * (Han, Hiragana, Katakana) and its word letters (`[\p{L}\p{M}]` but CJK), each counted by code point
 * with a global regular expression, which made a match object per character (the block model's slowest
 * feature, and the CJK share of every text). The table also marks punctuation and symbols
 * (`[\p{P}\p{S}]`), for text-units.ts's scanner. A code unit of the Basic
 * Multilingual Plane is looked up in a table filled 256 code units at a time, the first time a text
 * holds one of them (a page of Chinese touches a few dozen such rows); a code point beyond it (a surrogate
 * pair) is classified by sticky tests at its position, which allocate nothing.
 */
const LETTER_AT = /\p{L}/uy;
const UPPER_AT = /\p{Lu}/uy;
const NUMBER_AT = /\p{N}/uy;
const CJK_AT = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/vy;
const MARK_AT = /\p{M}/uy;
const PUNCT_OR_SYMBOL_AT = /[\p{P}\p{S}]/uy;

/** Bits of a character's classes (`charClassAt`). */
export const LETTER = 1;
export const UPPER = 2;
export const NUMBER = 4;
export const COMMA = 8;
export const CJK = 16;
export const WORD_LETTER = 32;
/** Set by `charClassAt` when the character at the position is a surrogate pair (two code units). */
export const PAIR = 64;
/** A punctuation mark or a symbol (`[\p{P}\p{S}]`, the text units' marks). */
export const PUNCT_OR_SYMBOL = 128;

/** Classes of every BMP code unit (bits above), valid where its row of 256 is filled. */
const classes = new Uint8Array(0x10000);
const rowFilled = new Uint8Array(0x100);

export interface CharClassCounts {
  letters: number;
  upper: number;
  numbers: number;
  commas: number;
  /** Han, Hiragana and Katakana characters. */
  cjk: number;
  /** Letters and marks of word-based scripts (every one that is not CJK). */
  wordLetters: number;
}

function testAt(re: RegExp, text: string, at: number): boolean {
  re.lastIndex = at;
  return re.test(text);
}

function classify(text: string, at: number): number {
  let k = 0;
  if (testAt(LETTER_AT, text, at)) k = testAt(UPPER_AT, text, at) ? LETTER | UPPER : LETTER;
  else if (testAt(NUMBER_AT, text, at)) k = NUMBER;
  if (testAt(CJK_AT, text, at)) k |= CJK;
  else if (k & LETTER || testAt(MARK_AT, text, at)) k |= WORD_LETTER;
  if (testAt(PUNCT_OR_SYMBOL_AT, text, at)) k |= PUNCT_OR_SYMBOL;
  return k;
}

function fillRow(row: number): void {
  const first = row << 8;
  for (let c = first; c < first + 0x100; c++) {
    // A lone surrogate is no letter, number or comma.
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const ch = String.fromCharCode(c);
    classes[c] = classify(ch, 0) | (c === 0x2c || c === 0xff0c || c === 0x3001 ? COMMA : 0);
  }
  rowFilled[row] = 1;
}

/** The classes of the code point at `at` (bits above; `PAIR` when it takes two code units). */
export function charClassAt(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) return classify(text, at) | PAIR;
  if (rowFilled[c >> 8] === 0) fillRow(c >> 8);
  return classes[c] as number;
}

export function countCharClasses(text: string): CharClassCounts {
  let letters = 0;
  let upper = 0;
  let numbers = 0;
  let commas = 0;
  let cjk = 0;
  let wordLetters = 0;
  for (let i = 0; i < text.length; i++) {
    const k = charClassAt(text, i);
    // A surrogate pair is one code point.
    if (k & PAIR) i++;
    if (k === 0) continue;
    if (k & LETTER) letters++;
    if (k & UPPER) upper++;
    if (k & NUMBER) numbers++;
    if (k & COMMA) commas++;
    if (k & CJK) cjk++;
    if (k & WORD_LETTER) wordLetters++;
  }
  return { letters, upper, numbers, commas, cjk, wordLetters };
}
