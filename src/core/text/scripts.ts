/**
 * Character classes shared by the §0 primitives. CJK here means the scripts written without spaces,
 * where every character is its own unit: Han, Hiragana and Katakana. Every other letter (Latin, Greek,
 * Cyrillic, Hangul…) belongs to a word.
 */
import { CHUNK, extendRun, mayContinue } from './runs.ts';

/** One CJK character. */
export const CJK_CHAR = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/v;
/** Letters of word-based scripts (every letter or mark that is not CJK), a chunk of a run at a time (runs.ts). */
const WORD_LETTERS = new RegExp(String.raw`[[\p{L}\p{M}]--[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]]${CHUNK}`, 'gv');
/** One more chunk of a word that filled its chunk. */
const WORD_CHUNK = new RegExp(WORD_LETTERS.source, 'vy');

/** Runs of word-script letters: the "words" of the §0 sentence extension. */
export function countWords(text: string): number {
  WORD_LETTERS.lastIndex = 0;
  let n = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD_LETTERS.exec(text)) !== null) {
    n++;
    if (mayContinue(m[0])) WORD_LETTERS.lastIndex = extendRun(text, WORD_LETTERS.lastIndex, WORD_CHUNK);
  }
  return n;
}

export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}
