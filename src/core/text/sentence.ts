/**
 * Sentence / paragraph test (ALGORITHMS.md §0, title method step 5).
 * Faithful: more than `sentenceMinCommasExclusive` commas (，、 or ,) AND at least one terminator
 * (。 . ！ ! ？ ? … ；).
 * Extension `latinSentence`: a block without CJK characters, of at least `latinSentenceMinWords` words,
 * ending in a terminator (closing quotes and brackets allowed after it) is a sentence too.
 */
import type { TextOptions } from '../options.ts';
import { countWords, hasCjk } from './scripts.ts';

const COMMAS = /[，、,]/g;
const TERMINATOR = /[。.！!？?…；]/;
const ENDS_WITH_TERMINATOR = /[。.！!？?…；][\s"'”’»)\]）」』]*$/;

export function countCommas(text: string): number {
  COMMAS.lastIndex = 0;
  let n = 0;
  while (COMMAS.exec(text) !== null) n++;
  return n;
}

export function isSentence(text: string, opts: TextOptions): boolean {
  if (countCommas(text) > opts.sentenceMinCommasExclusive && TERMINATOR.test(text)) return true;
  return (
    opts.extensions.latinSentence && !hasCjk(text) && ENDS_WITH_TERMINATOR.test(text) && countWords(text) >= opts.latinSentenceMinWords
  );
}
