/** Whitespace normalisation for text blocks: every run of white space (nbsp and ideographic space too) → one space. */
const SPACE_RUN = /[\s\u00a0\u3000\u200b\ufeff]+/g;

export function normalizeSpace(text: string): string {
  return text.replace(SPACE_RUN, ' ').trim();
}

/** Normalises each line of a multi-line text and drops empty lines. */
export function normalizeLines(text: string): string {
  return text
    .split('\n')
    .map(normalizeSpace)
    .filter((line) => line.length > 0)
    .join('\n');
}
