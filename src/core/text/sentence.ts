/**
 * Sentence / paragraph test (ALGORITHMS.md §0, title method step 5).
 * Faithful: more than `sentenceMinCommasExclusive` commas (，、 or ,) AND at least one terminator
 * (。 . ！ ! ？ ? … ；).
 * Extension `latinSentence`: a block without CJK characters, of at least `latinSentenceMinWords` words,
 * ending in a terminator (closing quotes and brackets allowed after it) is a sentence too.
 * Extension `sentenceLines`: what a block weighs in the sentence statistics is the number of its lines
 * that are sentences on their own (at least 1 when the block is a sentence).
 */
import type { TextOptions } from './options.ts';
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

/**
 * What a block weighs in the sentence statistics (§1.3): faithful, 1 when it is a sentence and else 0;
 * with `sentenceLines`, the number of its `\n`-separated lines that pass the test on their own, and at
 * least 1 when the whole block is a sentence.
 */
export function sentenceWeight(text: string, isBlockSentence: boolean, opts: TextOptions): number {
  if (!opts.extensions.sentenceLines || !text.includes('\n')) return isBlockSentence ? 1 : 0;
  let n = 0;
  for (const line of text.split('\n')) if (line && isSentence(line, opts)) n++;
  return Math.max(n, isBlockSentence ? 1 : 0);
}
