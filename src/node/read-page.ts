/**
 * Pages from disk or the network for the Node hosts (cli, eval, train, bench): gzip is unpacked (the
 * htmldate set is stored as `.html.gz`), then the bytes are decoded by their charset with the
 * host-neutral decoder the extension uses too (src/platform/decode-html.ts).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { DecodedPage } from '../platform/decode-html.ts';
import { DecodeError, MAX_INPUT_BYTES, decodeHtml } from '../platform/decode-html.ts';

export { DecodeError } from '../platform/decode-html.ts';
export type { DecodedPage } from '../platform/decode-html.ts';

/** Decodes a page's bytes, unpacking gzip first. Throws `DecodeError` with a one-line reason. */
export function decodePage(input: Uint8Array, httpCharset: string | null = null): DecodedPage {
  if (input.length === 0) throw new DecodeError('empty file');
  return decodeHtml(isGzip(input) ? gunzip(input) : input, httpCharset);
}

/** A saved page (a dataset's `pages/<id>.html` or `.html.gz`), decoded. */
export function readPage(path: string): DecodedPage {
  return decodePage(readFileSync(path));
}

/** The decoded HTML of a saved page. */
export function readPageHtml(path: string): string {
  return readPage(path).html;
}

/** What the decoding has to say about a page: the note on its charset, then the signs of bad decoding. */
export function decodeWarnings(decoded: DecodedPage): string[] {
  return [...(decoded.note ? [decoded.note] : []), ...decoded.warnings];
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

function gunzip(bytes: Uint8Array): Uint8Array {
  let out: Uint8Array;
  try {
    out = gunzipSync(bytes, { maxOutputLength: MAX_INPUT_BYTES });
  } catch (err) {
    if (err instanceof RangeError && (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new DecodeError(`file too large once unpacked (the limit is ${MAX_INPUT_BYTES} bytes)`);
    throw new DecodeError('corrupt gzip data');
  }
  if (out.length === 0) throw new DecodeError('empty file (after gunzip)');
  return out;
}
