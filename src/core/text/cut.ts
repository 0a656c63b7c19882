/**
 * Cutting a value that is too long to report (a 1 MiB title took 4 s to render in the popup): at most
 * `max` characters in all, the last one "…", never inside a surrogate pair.
 */
const ELLIPSIS = '…';

/** `text` if it has at most `max` characters (UTF-16 code units), else its first ones and "…". */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < ELLIPSIS.length) return '';
  let end = max - ELLIPSIS.length;
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
