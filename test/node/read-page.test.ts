/**
 * decodePage (src/node/read-page.ts): gzip is unpacked before the charset decoder reads the bytes (the
 * htmldate set is stored as `.html.gz`); broken and oversized archives get a one-line reason.
 */
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DecodeError, decodePage } from '../../src/node/read-page.ts';

/** `text` encoded by Python's codec `codec` (gbk, big5, shift_jis, euc_kr, cp1251, cp1252, latin-1…). */
function encode(text: string, codec: string): Uint8Array {
  const script = 'import sys; sys.stdout.buffer.write(sys.stdin.buffer.read().decode("utf-8").encode(sys.argv[1]))';
  return new Uint8Array(execFileSync('python3', ['-c', script, codec], { input: Buffer.from(text, 'utf8') }));
}

const utf8 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

function page(head: string, text: string): string {
  return `<!DOCTYPE html>\n<html><head>${head}<title>${text.slice(0, 8)}</title></head>\n<body><h1>${text}</h1><p>${text}</p></body></html>\n`;
}

function decodeError(fn: () => unknown): DecodeError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DecodeError) return err;
    throw err;
  }
  throw new Error('expected a DecodeError');
}

describe('decodePage: gzip', () => {
  const html = page('<meta charset="windows-1252">', 'BOM page — 中文 and ελληνικά');

  it('unpacks gzip, then decodes by the declaration inside', () => {
    const gbk = page('<meta charset="gb2312">', '压缩的网页：正文内容。');
    const decoded = decodePage(new Uint8Array(gzipSync(encode(gbk, 'gbk'))));
    expect(decoded.html).toBe(gbk);
    expect(decoded.charset).toBe('gbk');
  });

  it('corrupt gzip → DecodeError', () => {
    const gz = gzipSync(utf8(html));
    expect(decodeError(() => decodePage(new Uint8Array(gz.subarray(0, 20)))).message).toBe('corrupt gzip data');
  });

  it('a gzip of nothing is an empty file', () => {
    expect(decodeError(() => decodePage(new Uint8Array(gzipSync(new Uint8Array(0))))).message).toMatch(/^empty file/);
  });

  it('a gzip bomb is refused as too large, not as corrupt', () => {
    const bomb = gzipSync(new Uint8Array(65 * 1024 * 1024));
    expect(decodeError(() => decodePage(new Uint8Array(bomb))).message).toMatch(/too large/);
  });
});
