/**
 * Noise text (ALGORITHMS.md §0, faithful): a block that is not a sentence and is shorter than
 * `noiseMinCjkChars` CJK characters and `noiseMinLatinChars` Latin (word-script) letters is noise and
 * skipped by the title scan.
 */
import type { TextOptions } from './options.ts';
import { countCharClasses } from './char-classes.ts';

export function isNoiseText(text: string, sentence: boolean, opts: TextOptions): boolean {
  if (sentence) return false;
  const { cjk, wordLetters } = countCharClasses(text);
  return cjk < opts.noiseMinCjkChars && wordLetters < opts.noiseMinLatinChars;
}
