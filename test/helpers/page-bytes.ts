/**
 * Page bytes for the decoding tests (test/platform/decode-html.test.ts, test/node/read-page.test.ts): legacy
 * encodings made by Python's codecs, an encoder independent of the decoder under test.
 */
import { execFileSync } from 'node:child_process';
import { DecodeError } from '../../src/platform/decode-html.ts';
import { thrown } from './thrown.ts';

/** `text` encoded by Python's codec `codec` (gbk, big5, shift_jis, euc_kr, cp1251, cp1252, latin-1…). */
export function encode(text: string, codec: string): Uint8Array {
  const script = 'import sys; sys.stdout.buffer.write(sys.stdin.buffer.read().decode("utf-8").encode(sys.argv[1]))';
  return new Uint8Array(execFileSync('python3', ['-c', script, codec], { input: Buffer.from(text, 'utf8') }));
}

export const utf8 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

/** A small page with `head` and `text` as title, heading and paragraph. */
export function page(head: string, text: string): string {
  return `<!DOCTYPE html>\n<html><head>${head}<title>${text.slice(0, 8)}</title></head>\n<body><h1>${text}</h1><p>${text}</p></body></html>\n`;
}

/** The DecodeError `fn` throws (fails when it throws nothing or something else). */
export function decodeError(fn: () => unknown): DecodeError {
  return thrown(DecodeError, fn);
}
