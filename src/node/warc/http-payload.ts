/** What a WARC response's HTTP header says of its payload: whether it is HTML, and its declared charset. */

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
/** Types servers give when they do not know: the payload's first bytes decide. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'text/plain', 'unknown/unknown']);

/** The media type of a Content-Type value, lower-cased, without parameters ("" when absent). */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The `charset` parameter of a Content-Type value, or null. */
export function charsetOf(contentType: string | null): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return m?.[1] ?? null;
}

/**
 * True when the payload is HTML: by its declared type, or, when the server declared none (or the generic
 * `application/octet-stream`, `text/plain`), by its first bytes, as browsers sniff.
 */
export function isHtmlPayload(contentType: string | null, head: Uint8Array): boolean {
  const type = mediaType(contentType);
  if (HTML_TYPES.has(type)) return true;
  return GENERIC_TYPES.has(type) && looksLikeHtml(head);
}

/** True when the Content-Type names a type that is not HTML (a PDF, an image, JSON): no need to read it. */
export function isDeclaredNotHtml(contentType: string | null): boolean {
  const type = mediaType(contentType);
  return !HTML_TYPES.has(type) && !GENERIC_TYPES.has(type);
}

function looksLikeHtml(head: Uint8Array): boolean {
  const text = Buffer.from(head.subarray(0, 512))
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase();
  return /^<(?:!doctype html|html|head|body|title|meta|!--)/.test(text);
}
