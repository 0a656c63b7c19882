/**
 * Charset-aware decoding of a page's bytes (DESIGN.md: "pages are decoded by their declared charset, never
 * assumed UTF-8"). Order: a BOM decides; then the HTTP charset, the XML declaration, `<meta charset>` or
 * `<meta http-equiv="Content-Type">`. Bytes that are valid UTF-8 under a legacy declaration are read as
 * UTF-8 (some pages were saved that way). Without a declaration: UTF-8 when valid, else GB18030 when it
 * decodes cleanly, else windows-1252 — except that a page valid in UTF-8 or GB18030 but for a character cut
 * at the end, or for a few bad sequences among many good ones, is read as such. The text is then checked
 * for signs that it decodes badly (decode-check.ts), and `warnings` says what they are. UTF-7 is never
 * decoded (browsers do not: it can hide markup).
 *
 * Host-neutral (TextDecoder only): the CLI's files and URLs (through src/node/read-page.ts, which also
 * unpacks gzip) and the extension's fetch of a similar page (ALGORITHMS.md §4.2) decode the same way.
 */

import type { DecodeCheckOptions } from './decode-check.ts';
import { DEFAULT_DECODE_CHECK, checkDecodedText } from './decode-check.ts';

export type { DecodeCheckOptions } from './decode-check.ts';
export { DEFAULT_DECODE_CHECK } from './decode-check.ts';

export class DecodeError extends Error {}

export interface DecodedPage {
  readonly html: string;
  /** The encoding actually used (WHATWG name). */
  readonly charset: string;
  /** The label the page declared, if any. */
  readonly declared: string | null;
  /** Why the declaration was not followed, when it was not. */
  readonly note: string | null;
  /**
   * Signs that the text decodes badly (decode-check.ts: replacement characters, CJK letters inside Latin
   * words, UTF-8 read as a single-byte charset, a UTF-7 declaration), each a one-line reason for the CLI's
   * warnings and the extension's; empty when the text looks right.
   */
  readonly warnings: readonly string[];
}

const SNIFF_BYTES = 4096;
const BINARY_SNIFF_BYTES = 1024;
/** The largest page decoded, in bytes (after gzip is unpacked). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** The decoding before its check. `valid`: the bytes were valid in `charset` (nothing to improve on). */
type Chosen = Omit<DecodedPage, 'warnings'> & { readonly valid: boolean };

export function decodeHtml(
  bytes: Uint8Array,
  httpCharset: string | null = null,
  check: DecodeCheckOptions = DEFAULT_DECODE_CHECK,
): DecodedPage {
  if (bytes.length === 0) throw new DecodeError('empty file');
  if (bytes.length > MAX_INPUT_BYTES) throw new DecodeError(`file too large (${bytes.length} bytes; the limit is ${MAX_INPUT_BYTES})`);
  const { valid, ...chosen } = chooseDecoding(bytes, httpCharset, check);
  // Valid UTF-8 is UTF-8 (no other charset makes long valid UTF-8 by chance): what looks wrong in it was
  // written that way by the page, and no other decoding would do better.
  const warnings = valid && chosen.charset === 'utf-8' ? [] : checkDecodedText(chosen.html, chosen.charset, chosen.declared, check);
  if (chosen.declared !== null && /^(?:x-|csunicode11)?utf-?7$/i.test(chosen.declared.trim()))
    warnings.unshift(
      `declared "${chosen.declared}", which browsers never decode (it can hide markup, as "+ADw-script+AD4-" does): read as ${chosen.charset}, UTF-7 sequences left as they are`,
    );
  return { ...chosen, warnings };
}

function chooseDecoding(bytes: Uint8Array, httpCharset: string | null, check: DecodeCheckOptions): Chosen {
  const bom = bomEncoding(bytes);
  if (bom)
    return { html: decodeAs(bom.encoding, bytes.subarray(bom.length)), charset: bom.encoding, declared: null, note: null, valid: true };
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
        valid: utf8 !== null,
      };
    }
    if (encoding !== 'utf-8' && utf8 !== null && hasNonAscii(bytes)) {
      return {
        html: utf8,
        charset: 'utf-8',
        declared,
        note: `declared ${declared} but the bytes are valid UTF-8: read as UTF-8`,
        valid: true,
      };
    }
    return {
      html: decodeAs(encoding, bytes),
      charset: encoding,
      declared,
      note: null,
      valid: encoding === 'utf-8' ? utf8 !== null : false,
    };
  }
  if (utf8 !== null) return { html: utf8, charset: 'utf-8', declared: null, note: null, valid: true };
  return guessUndeclared(bytes, check);
}

/**
 * A page without a declaration that is not valid UTF-8: UTF-8 or GB18030 when the bytes are valid in it
 * but for a character cut at the end (a page saved or sent short) or for a few bad sequences among many
 * good ones (`check.minGoodPerBadSequence`); else GB18030 when it decodes cleanly to Chinese; else
 * windows-1252. Reading such a page wholly as windows-1252 garbled every character of it.
 */
function guessUndeclared(bytes: Uint8Array, check: DecodeCheckOptions): Chosen {
  for (const encoding of ['utf-8', 'gb18030'] as const) {
    const label = encoding === 'utf-8' ? 'UTF-8' : 'GB18030';
    if (validButCutShort(encoding, bytes)) {
      const html = decodeAs(encoding, bytes);
      if (encoding === 'utf-8' || hasCjk(html))
        return {
          html,
          charset: encoding,
          declared: null,
          note: `no charset declared: read as ${label} (its last character is cut short)`,
          valid: false,
        };
    }
    const html = decodeAs(encoding, bytes);
    const bad = countReplacements(html);
    const good = encoding === 'utf-8' ? countNonAscii(html) - bad : countCjk(html);
    if (bad > 0 && good >= check.minGoodPerBadSequence * bad && checkDecodedText(html, encoding, null, check).length === 0)
      return {
        html,
        charset: encoding,
        declared: null,
        note: `no charset declared: read as ${label} (${bad} bad ${bad === 1 ? 'sequence' : 'sequences'} among ${good} good characters)`,
        valid: false,
      };
  }
  const gb = tryDecode('gb18030', bytes);
  if (gb !== null && hasCjk(gb))
    return { html: gb, charset: 'gb18030', declared: null, note: 'no charset declared: read as GB18030', valid: true };
  return {
    html: decodeAs('windows-1252', bytes),
    charset: 'windows-1252',
    declared: null,
    note: 'no charset declared: read as windows-1252',
    valid: true,
  };
}

/** True when `bytes` are valid in `encoding` except for an incomplete sequence at the very end. */
function validButCutShort(encoding: string, bytes: Uint8Array): boolean {
  const decoder = new TextDecoder(encoding, { fatal: true });
  try {
    decoder.decode(bytes, { stream: true });
  } catch {
    return false;
  }
  try {
    decoder.decode();
    return false; // complete: not cut
  } catch {
    return true;
  }
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

/** The bytes read as `encoding`, bad sequences as U+FFFD (windows-1252 as WHATWG maps it, whatever Node's version). */
export function decodeAs(encoding: string, bytes: Uint8Array): string {
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

function countCjk(s: string): number {
  return s.match(/\p{sc=Han}/gu)?.length ?? 0;
}

function countNonAscii(s: string): number {
  return s.match(/[^\x00-\x7f]/g)?.length ?? 0;
}

function countReplacements(s: string): number {
  return s.match(/\ufffd/g)?.length ?? 0;
}
