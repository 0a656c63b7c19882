/**
 * A page the browser decoded by a wrong declaration (issue 15: a Chinese page declaring gb2312 whose bytes
 * are UTF-8, saved from a browser that kept the old meta) shows mojibake, and the core finds no sentence in
 * it, while the CLI reads the same file right: its decoder (src/platform/decode-html.ts) notices that the
 * bytes are valid UTF-8. When the article looks garbled (no body, or the decode check warns) on a page not
 * decoded as UTF-8, this reads the page's bytes again (the same URL, from the cache when the browser has
 * it) and decodes them as the CLI does; when that decoding differs from the browser's, the page is parsed
 * again from that text, to be extracted in place of the live one.
 *
 * A page that declares no charset (issue 40, 12) is decoded by the browser's guess, windows-1252 in most
 * locales: UTF-8 bytes then give "claim.Â Â Â" for three no-break spaces, too few signs for the decode check
 * to warn, while the CLI reads the same bytes right. So an undeclared page not decoded as UTF-8 is read
 * again whenever its article holds any non-ASCII character (a pure-ASCII article reads the same either way).
 */
import { DecodeError, MAX_INPUT_BYTES, decodeHtml } from '../platform/decode-html.ts';

export interface RereadPage {
  readonly doc: Document;
  /** The charset the browser used, and the one the bytes were read with. */
  readonly browserCharset: string;
  readonly charset: string;
  /** The charset the page declared (its HTTP header or its markup), or null when it declared none. */
  readonly declared: string | null;
  /** Why the declaration was not followed (decode-html.ts's note), or null. */
  readonly note: string | null;
}

/** Whether a garbled-looking article on `doc` is worth reading the page's bytes again for. */
export function mayBeMisdecoded(doc: Document, bodyText: string, charsetWarnings: readonly string[]): boolean {
  if (doc.characterSet.toLowerCase() === 'utf-8') return false;
  if (!/^https?:$/.test(doc.location?.protocol ?? '')) return false;
  if (bodyText.trim() === '' || charsetWarnings.length > 0) return true;
  return !declaresCharsetInMarkup(doc) && NON_ASCII.test(bodyText);
}

const NON_ASCII = /[^\x00-\x7f]/;
const CHARSET_META = 'meta[charset], meta[http-equiv="content-type" i][content*="charset" i]';

/** Whether the page's markup declares its charset (its HTTP header cannot be seen from the page). */
function declaresCharsetInMarkup(doc: Document): boolean {
  return doc.querySelector(CHARSET_META) !== null;
}

/** The charset parameter of a Content-Type header, or null (also for the similar page: similar-page.ts). */
export function headerCharset(contentType: string | null): string | null {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1] ?? null;
}

/**
 * The page read again from its bytes, decoded as the CLI decodes them, or null when that gives what the
 * browser already has (or the bytes cannot be had: an error, a redirect elsewhere, too large, not HTML).
 */
export async function rereadPage(doc: Document, fetchPage: typeof fetch = fetch): Promise<RereadPage | null> {
  const url = doc.URL;
  let response: Response;
  try {
    response = await fetchPage(url, { credentials: 'same-origin', cache: 'force-cache', redirect: 'error' });
  } catch {
    return null;
  }
  if (!response.ok) return null;
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > MAX_INPUT_BYTES) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  let decoded;
  try {
    decoded = decodeHtml(bytes, headerCharset(response.headers.get('content-type')));
  } catch (e) {
    if (e instanceof DecodeError) return null;
    throw e;
  }
  const browserCharset = doc.characterSet.toLowerCase();
  if (decoded.charset === browserCharset || decoded.warnings.length > 0) return null;
  const reparsed = new DOMParser().parseFromString(decoded.html, 'text/html');
  return { doc: reparsed, browserCharset, charset: decoded.charset, declared: decoded.declared, note: decoded.note };
}
