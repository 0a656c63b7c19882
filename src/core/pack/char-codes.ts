/**
 * The shipped models' packed form keeps its many small whole numbers (rows, indexes, node links) as the
 * characters of a string, one number a character (code = number + CODE_BASE). The bundle carries the string
 * as it is, the engine reads it while it parses the bundle, and a model reads each number with `charCodeAt`
 * where it needs it: no decoding on a page's first extraction, where a loop over tens of thousands of numbers
 * in code not yet optimised cost more than the extraction (the deflated stream this replaced took 100–400 ms
 * of a fresh tab's first run to inflate and read). Numbers below 96 take one byte of the UTF-8 bundle, below
 * 2 016 two.
 *
 * CODE_BASE keeps the control characters out (a bundler writes them as escapes); MAX_CODED keeps the codes
 * below the surrogates, which are not characters of their own.
 */
export const CODE_BASE = 32;
export const MAX_CODED = 0xd7ff - CODE_BASE;

/** The string of `values` (whole numbers 0…MAX_CODED), one character each. */
export function toCodes(values: ArrayLike<number>): string {
  const parts: string[] = [];
  const CHUNK = 4096;
  for (let from = 0; from < values.length; from += CHUNK) {
    const codes: number[] = [];
    for (let i = from; i < Math.min(values.length, from + CHUNK); i++) {
      const v = values[i] as number;
      if (!Number.isInteger(v) || v < 0 || v > MAX_CODED) throw new RangeError(`${v} cannot be written as a character code`);
      codes.push(v + CODE_BASE);
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** The numbers of a string `toCodes` wrote. */
export function fromCodes(text: string): number[] {
  const out = new Array<number>(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) - CODE_BASE;
  return out;
}
