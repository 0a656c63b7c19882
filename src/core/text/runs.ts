/**
 * Runs of letters, digits or marks of any length, read without recursion. V8 runs a `+` or `*` over a
 * `v`-flag class (`[[\p{L}\p{M}]--[\p{sc=Han}…]]+`) or over a group with a back-reference as a loop that
 * keeps one backtrack entry per character: a 5 MB "word" (a base64 blob in a text node, a hostile page)
 * overflowed the stack and the whole extraction failed with a RangeError. Every run pattern of the text
 * primitives therefore reads at most `RUN_CHUNK` characters per match, and the counters join a match that
 * filled its chunk with the chunks that follow it (`extendRun`), so a run still counts as one unit.
 *
 * RUN_CHUNK is no threshold: the results are the same for any chunk size (only the work per regex match
 * is bounded), so it is a constant here and not an extraction option.
 */
export const RUN_CHUNK = 1024;

/** `{1,RUN_CHUNK}`: the quantifier of a bounded run (`[a-z]${CHUNK}`). */
export const CHUNK = `{1,${RUN_CHUNK}}`;

/** True when a match may have been cut at the chunk bound (its run may go on). */
export function mayContinue(match: string): boolean {
  return match.length >= RUN_CHUNK;
}

/**
 * The end of a run whose first chunk ended at `end`: further chunks of `chunk` (a sticky pattern that
 * matches one chunk of the same run) are read until it no longer matches right there.
 */
export function extendRun(text: string, end: number, chunk: RegExp): number {
  let at = end;
  for (;;) {
    chunk.lastIndex = at;
    if (chunk.exec(text) === null || chunk.lastIndex === at) return at;
    at = chunk.lastIndex;
  }
}

/** The end of a run of one repeated mark (`---`, `!!!`) that goes on at `end`. */
export function extendRepeat(text: string, end: number, mark: string): number {
  let at = end;
  while (mark.length > 0 && text.startsWith(mark, at)) at += mark.length;
  return at;
}
