import type { Steps, Ticker } from '../slicing.ts';
import { DUE } from '../slicing.ts';

/** Whitespace normalisation for text blocks: every run of white space (nbsp and ideographic space too) → one space. */
const SPACE_RUN = /[\s\u00a0\u3000\u200b\ufeff]+/g;
const SPACE = /[\s\u00a0\u3000\u200b\ufeff]/;
/** Characters `normalizeSpaceSteps` handles in one step (a few milliseconds). */
const SPACE_CHUNK = 1 << 16;

export function normalizeSpace(text: string): string {
  return text.replace(SPACE_RUN, ' ').trim();
}

/**
 * `normalizeSpace` a chunk at a time, with a checkpoint between chunks, for texts that may be megabytes long.
 * Chunks are cut between two characters that are not white space, so no run of white space spans a cut and
 * the result is the same.
 */
export function* normalizeSpaceSteps(text: string, ticker: Ticker): Steps<string> {
  if (text.length <= SPACE_CHUNK) return normalizeSpace(text);
  const parts: string[] = [];
  let from = 0;
  while (from < text.length) {
    let to = Math.min(text.length, from + SPACE_CHUNK);
    while (to < text.length && (SPACE.test(text.charAt(to - 1)) || SPACE.test(text.charAt(to)))) to++;
    parts.push(text.slice(from, to).replace(SPACE_RUN, ' '));
    from = to;
    if (ticker.tick(DUE)) yield;
  }
  return parts.join('').trim();
}

/** Normalises each line of a multi-line text and drops empty lines. */
export function normalizeLines(text: string): string {
  return text
    .split('\n')
    .map(normalizeSpace)
    .filter((line) => line.length > 0)
    .join('\n');
}
