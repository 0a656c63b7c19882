/**
 * Charset-aware decoding of a page's bytes (DESIGN.md: "pages are decoded by their declared charset, never
 * assumed UTF-8"). Order: a BOM decides; then the HTTP charset, the XML declaration, `<meta charset>` or
 * `<meta http-equiv="Content-Type">`. Bytes that are valid UTF-8 under a legacy declaration are read as
 * UTF-8 (some pages were saved that way). Without a declaration: UTF-8 when valid, else GB18030 when it
 * decodes cleanly, else windows-1252.
 *
 * Host-neutral (TextDecoder only): the CLI's files and URLs (through src/node/read-page.ts, which also
 * unpacks gzip) and the extension's fetch of a similar page (ALGORITHMS.md §4.2) decode the same way.
 */

export class DecodeError extends Error {}

export interface DecodedPage {
  readonly html: string;
  /** The encoding actually used (WHATWG name). */
  readonly charset: string;
  /** The label the page declared, if any. */
  readonly declared: string | null;
  /** Why the declaration was not followed, when it was not. */
  readonly note: string | null;
}

const SNIFF_BYTES = 4096;
const BINARY_SNIFF_BYTES = 1024;
/** The largest page decoded, in bytes (after gzip is unpacked). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

export function decodeHtml(bytes: Uint8Array, httpCharset: string | null = null): DecodedPage {
  if (bytes.length === 0) throw new DecodeError('empty file');
  if (bytes.length > MAX_INPUT_BYTES) throw new DecodeError(`file too large (${bytes.length} bytes; the limit is ${MAX_INPUT_BYTES})`);

  const bom = bomEncoding(bytes);
  if (bom) return { html: decodeAs(bom.encoding, bytes.subarray(bom.length)), charset: bom.encoding, declared: null, note: null };
  if (looksBinary(bytes)) throw new DecodeError('not HTML: the file looks binary');

  // An HTTP label the decoder does not know is passed over for the page's own declaration (WHATWG).
  const fromHttp = httpCharset !== null && encodingFor(httpCharset) !== null ? httpCharset : null;
  const declared = fromHttp ?? sniffDeclaredCharset(bytes) ?? httpCharset;
  const utf8 = tryDecode('utf-8', bytes);
  if (declared) {
    const encoding = fromHttp !== null ? encodingFor(fromHttp) : asciiCompatible(encodingFor(declared));
    if (!encoding) {
      const fallback = utf8 !== null ? 'utf-8' : 'windows-1252';
      return {
        html: utf8 ?? decodeAs(fallback, bytes),
        charset: fallback,
        declared,
        note: `unknown charset "${declared}": read as ${fallback}`,
      };
    }
    if (encoding !== 'utf-8' && utf8 !== null && hasNonAscii(bytes)) {
      return { html: utf8, charset: 'utf-8', declared, note: `declared ${declared} but the bytes are valid UTF-8: read as UTF-8` };
    }
    return { html: decodeAs(encoding, bytes), charset: encoding, declared, note: null };
  }
  if (utf8 !== null) return { html: utf8, charset: 'utf-8', declared: null, note: null };
  const gb = tryDecode('gb18030', bytes);
  if (gb !== null && hasCjk(gb)) return { html: gb, charset: 'gb18030', declared: null, note: 'no charset declared: read as GB18030' };
  return {
    html: decodeAs('windows-1252', bytes),
    charset: 'windows-1252',
    declared: null,
    note: 'no charset declared: read as windows-1252',
  };
}

function bomEncoding(b: Uint8Array): { encoding: string; length: number } | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** NUL bytes or many control characters at the start: an image, an archive, an executable… */
function looksBinary(b: Uint8Array): boolean {
  const n = Math.min(b.length, BINARY_SNIFF_BYTES);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = b[i] as number;
    if (c === 0) return true;
    if (c < 0x09 || (c > 0x0d && c < 0x20)) control++;
  }
  return control * 10 > n;
}

const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i;
const XML_ENCODING = /^\s*<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)["']/i;

export function sniffDeclaredCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, SNIFF_BYTES));
  const m = XML_ENCODING.exec(head) ?? META_CHARSET.exec(head);
  return m?.[1]?.toLowerCase() ?? null;
}

/** The WHATWG encoding for a label, or null when the label is unknown. */
export function encodingFor(label: string): string | null {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

/**
 * A UTF-16 label found *inside* the bytes (meta or XML declaration) cannot be right, since it was read as
 * ASCII: the HTML standard's prescan then uses UTF-8 instead.
 */
function asciiCompatible(encoding: string | null): string | null {
  return encoding === 'utf-16le' || encoding === 'utf-16be' ? 'utf-8' : encoding;
}

/**
 * Node's TextDecoder reads windows-1252 as ISO-8859-1 since 20.18.3 (nodejs/node#60888): bytes
 * 0x80–0x9f come out as C1 controls instead of € ‚ ƒ „ … “ ” – —. These are the WHATWG mappings; the
 * five bytes windows-1252 leaves undefined map to themselves, so the fix is also right on a fixed Node.
 */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeAs(encoding: string, bytes: Uint8Array): string {
  const text = new TextDecoder(encoding).decode(bytes);
  return encoding === 'windows-1252' ? text.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_C1.charAt(c.charCodeAt(0) - 0x80)) : text;
}

function tryDecode(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function hasNonAscii(b: Uint8Array): boolean {
  for (const c of b) if (c > 0x7f) return true;
  return false;
}

function hasCjk(s: string): boolean {
  return /[\p{sc=Han}]/u.test(s);
}
