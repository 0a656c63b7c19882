/**
 * decodePage (src/node/read-page.ts): gzip is unpacked before the charset decoder reads the bytes (the
 * htmldate set is stored as `.html.gz`); broken and oversized archives get a one-line reason.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePage } from '../../src/node/read-page.ts';
import { decodeError, encode, page, utf8 } from '../helpers/page-bytes.ts';

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
