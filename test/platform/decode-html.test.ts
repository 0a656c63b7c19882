/**
 * decodeHtml (src/platform/decode-html.ts): pages are decoded by their declared charset, never assumed UTF-8
 * (DESIGN.md "CLI contract"). The legacy bytes are made at test time by Python's codecs, an encoder
 * independent of the decoder under test.
 */
import { describe, expect, it } from 'vitest';
import { decodeHtml, encodingFor, sniffDeclaredCharset } from '../../src/platform/decode-html.ts';
import { decodeError, encode, page, utf8 } from '../helpers/page-bytes.ts';

describe('decodeHtml: declared legacy charsets', () => {
  const cases = [
    {
      name: 'GB2312 via <meta charset>',
      head: '<meta charset="gb2312">',
      codec: 'gbk',
      text: '中文网页，标题：北京欢迎你。新闻正文在这里。',
      charset: 'gbk',
    },
    {
      name: 'GB2312 via http-equiv',
      head: '<meta http-equiv="Content-Type" content="text/html; charset=gb2312">',
      codec: 'gbk',
      text: '上海新闻：今天天气很好，市民出门散步。',
      charset: 'gbk',
    },
    {
      name: 'GBK via <meta charset=gbk> (unquoted)',
      head: '<meta charset=GBK>',
      codec: 'gbk',
      text: '镕基、喆、堃：GBK 独有的字。',
      charset: 'gbk',
    },
    { name: 'Big5', head: '<meta charset="big5">', codec: 'big5', text: '繁體中文網頁，臺灣新聞報導。', charset: 'big5' },
    {
      name: 'Shift_JIS',
      head: '<meta http-equiv="content-type" content="text/html;charset=Shift_JIS">',
      codec: 'shift_jis',
      text: '日本語のページです。東京のニュース、カタカナ。',
      charset: 'shift_jis',
    },
    { name: 'EUC-KR', head: '<meta charset="euc-kr">', codec: 'euc_kr', text: '한국어 웹 페이지입니다. 서울 뉴스.', charset: 'euc-kr' },
    {
      name: 'windows-1251',
      head: '<meta charset="windows-1251">',
      codec: 'cp1251',
      text: 'Привет, мир! Новости Москвы.',
      charset: 'windows-1251',
    },
    {
      name: 'windows-1252 (bytes 0x80–0x9f)',
      head: '<meta charset="windows-1252">',
      codec: 'cp1252',
      text: 'Café “quoted” – naïve € déjà vu',
      charset: 'windows-1252',
    },
    {
      name: 'ISO-8859-1 (read as windows-1252, its WHATWG superset)',
      head: '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">',
      codec: 'latin-1',
      text: 'Grüße aus München, señor, ¿qué tal?',
      charset: 'windows-1252',
    },
  ];
  for (const c of cases) {
    it(`${c.name}: exact text, no note`, () => {
      const html = page(c.head, c.text);
      const bytes = encode(html, c.codec);
      // The fixture must really be legacy bytes (not accidentally valid UTF-8).
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
      const decoded = decodeHtml(bytes, null);
      expect(decoded.html).toBe(html);
      expect(decoded.charset).toBe(c.charset);
      expect(decoded.declared).not.toBeNull();
      expect(decoded.note).toBeNull();
      expect(decoded.warnings).toEqual([]);
    });
  }

  it('maps every byte 0x80–0x9f of windows-1252 as WHATWG does (Node 20 reads them as Latin-1)', () => {
    const head = utf8('<meta charset="windows-1252"><p>');
    const c1 = new Uint8Array(32).map((_, i) => 0x80 + i);
    const decoded = decodeHtml(new Uint8Array([...head, ...c1]));
    expect(decoded.html.slice('<meta charset="windows-1252"><p>'.length)).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
  });

  it('reads an XML declaration', () => {
    const html = `<?xml version="1.0" encoding="windows-1251"?>\n${page('', 'Ещё одна страница, в кодировке cp1251.')}`;
    const decoded = decodeHtml(encode(html, 'cp1251'));
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('windows-1251');
    expect(decoded.declared).toBe('windows-1251');
  });

  it('lets the HTTP charset override the meta declaration', () => {
    const html = page('<meta charset="gb2312">', 'Новости: заголовок и текст статьи.');
    const decoded = decodeHtml(encode(html, 'cp1251'), 'windows-1251');
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('windows-1251');
    expect(decoded.declared).toBe('windows-1251');
  });

  it('passes over an HTTP charset it does not know for the meta declaration', () => {
    const html = page('<meta charset="gb2312">', '服务器发送了错误的字符集，网页自己声明了。');
    const decoded = decodeHtml(encode(html, 'gbk'), 'x-unknown-42');
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('gbk');
    expect(decoded.declared).toBe('gb2312');
  });

  it('an unknown HTTP charset and no meta: decoded with a note naming the HTTP label', () => {
    const html = page('', 'Plain page, naïve.');
    const decoded = decodeHtml(utf8(html), 'x-unknown-42');
    expect(decoded.html).toBe(html);
    expect(decoded.note).toBe('unknown charset "x-unknown-42": read as utf-8');
  });

  it('reads UTF-8 bytes under a gb2312 declaration as UTF-8, with a note', () => {
    const html = page('<meta charset="gb2312">', '网页声明了 gb2312，但保存为 UTF-8。');
    const decoded = decodeHtml(utf8(html));
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.declared).toBe('gb2312');
    expect(decoded.note).toMatch(/declared gb2312 but the bytes are valid UTF-8/);
  });

  it('follows a gb2312 declaration on pure ASCII without a note', () => {
    const html = page('<meta charset="gb2312">', 'Plain ASCII page.');
    const decoded = decodeHtml(utf8(html));
    expect(decoded.html).toBe(html);
    expect(decoded.note).toBeNull();
  });

  it('reads a UTF-16 label in a meta tag as UTF-8 (the bytes were read as ASCII to find it)', () => {
    const html = page('<meta charset="utf-16">', 'Déjà vu: UTF-16 declared, UTF-8 saved.');
    const decoded = decodeHtml(utf8(html));
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('utf-8');
  });
});

describe('decodeHtml: BOMs', () => {
  const text = 'BOM page — 中文 and ελληνικά';
  const html = page('<meta charset="windows-1252">', text);

  it('a UTF-8 BOM wins over the declaration and is stripped', () => {
    const decoded = decodeHtml(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(html)]));
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('utf-8');
  });

  it('a UTF-16LE BOM', () => {
    const decoded = decodeHtml(new Uint8Array([0xff, 0xfe, ...Buffer.from(html, 'utf16le')]));
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('utf-16le');
  });

  it('a UTF-16BE BOM', () => {
    const be = Buffer.from(html, 'utf16le').swap16();
    const decoded = decodeHtml(new Uint8Array([0xfe, 0xff, ...be]));
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('utf-16be');
  });
});

describe('decodeHtml: undeclared, unknown and bad input', () => {
  it('an unknown charset is decoded (as UTF-8 when valid) with a note, without throwing', () => {
    const html = page('<meta charset="x-unknown-42">', 'Unknown charset, naïve text.');
    const decoded = decodeHtml(utf8(html));
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.declared).toBe('x-unknown-42');
    expect(decoded.note).toBe('unknown charset "x-unknown-42": read as utf-8');
  });

  it('an unknown charset over invalid UTF-8 falls back to windows-1252 with a note', () => {
    const html = page('<meta charset="x-unknown-42">', 'Caf\u00e9 cr\u00e8me');
    const decoded = decodeHtml(encode(html, 'cp1252'));
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.note).toMatch(/unknown charset "x-unknown-42": read as windows-1252/);
  });

  it('no declaration, invalid UTF-8, GBK bytes → GB18030 guess with a note', () => {
    const html = page('', '没有声明字符集的中文网页，正文内容在这里。');
    const decoded = decodeHtml(encode(html, 'gbk'));
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('gb18030');
    expect(decoded.declared).toBeNull();
    expect(decoded.note).toBe('no charset declared: read as GB18030');
  });

  it('no declaration and valid UTF-8 → UTF-8 without a note', () => {
    const html = page('', 'Ünïcödé text and 中文');
    const decoded = decodeHtml(utf8(html));
    expect(decoded).toEqual({ html, charset: 'utf-8', declared: null, note: null, warnings: [] });
  });

  it('no declaration, neither UTF-8 nor Chinese → windows-1252 with a note', () => {
    const html = page('', 'caf\u00e9 cr\u00e8me br\u00fbl\u00e9e');
    const decoded = decodeHtml(encode(html, 'cp1252'));
    expect(decoded.html).toBe(html);
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.note).toMatch(/windows-1252/);
  });

  it("empty → DecodeError('empty file')", () => {
    const err = decodeError(() => decodeHtml(new Uint8Array(0)));
    expect(err.message).toBe('empty file');
  });

  it('PNG header bytes → DecodeError mentioning binary', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0]);
    expect(decodeError(() => decodeHtml(png)).message).toMatch(/binary/);
  });

  it('random bytes with NULs → DecodeError mentioning binary', () => {
    let seed = 42;
    const bytes = new Uint8Array(2048).map((_, i) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return i % 97 === 0 ? 0 : seed >>> 24;
    });
    expect(decodeError(() => decodeHtml(bytes)).message).toMatch(/binary/);
  });

  it('ordinary control characters (tab, CR, LF, FF) are not binary', () => {
    const html = '<p>a\tb\r\nc\fd</p>';
    expect(decodeHtml(utf8(html)).html).toBe(html);
  });
});

describe('decodeHtml: text that decodes badly (issue 16 "mis-declared charsets")', () => {
  const FRENCH = 'Le café était très agréable, près de la fenêtre; nous étions à côté du théâtre, et la crème brûlée était délicieuse. ';

  it('a page declaring Shift_JIS that is really Latin-1: read as declared, with a warning naming both signs', () => {
    const html = page('<meta charset="shift_jis">', FRENCH.repeat(4));
    const decoded = decodeHtml(encode(html, 'latin-1'));
    expect(decoded.charset).toBe('shift_jis');
    expect(decoded.note).toBeNull();
    expect(decoded.warnings).toHaveLength(2);
    expect(decoded.warnings[0]).toMatch(
      /^text decodes badly as shift_jis: \d+ of \d+ non-ASCII characters are not valid shift_jis \(the declared charset "shift_jis" looks wrong/,
    );
    expect(decoded.warnings[1]).toMatch(/^text decodes badly as shift_jis: \d+ lone CJK letters inside Latin words/);
  });

  it('a real Shift_JIS page mixing Japanese and English words: no warning', () => {
    const html = page('<meta charset="shift_jis">', '日本語のページです。iPhoneの新モデルとGoogle検索、東京のニュース。'.repeat(5));
    expect(decodeHtml(encode(html, 'shift_jis')).warnings).toEqual([]);
  });

  it('a declared utf-7 page: never decoded as UTF-7 (its "+ADw-script+AD4-" title stays text), with a warning', () => {
    const html = page('<meta charset="utf-7">', '+ADw-script+AD4-alert(1)+ADw-/script+AD4-');
    const decoded = decodeHtml(utf8(html));
    expect(decoded.html).toBe(html);
    expect(decoded.html).not.toContain('<script>');
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.note).toBe('unknown charset "utf-7": read as utf-8');
    expect(decoded.warnings).toEqual([
      'declared "utf-7", which browsers never decode (it can hide markup, as "+ADw-script+AD4-" does): read as utf-8, UTF-7 sequences left as they are',
    ]);
  });

  it('undeclared GBK cut mid-character: read as GB18030 (not wholly as windows-1252), the cut character as U+FFFD', () => {
    const text = '没有声明字符集的中文网页，正文内容在这里，最后一个字被截断了';
    const bytes = encode(`<html><head><title>中文标题</title></head><body><p>${text}`, 'gbk');
    const short = bytes.subarray(0, bytes.length - 1); // the last character, 了, loses its second byte
    const decoded = decodeHtml(short);
    expect(decoded.charset).toBe('gb18030');
    expect(decoded.note).toBe('no charset declared: read as GB18030 (its last character is cut short)');
    expect(decoded.html.endsWith('最后一个字被截断\ufffd')).toBe(true);
    expect(decoded.warnings).toEqual([]);
  });

  it('undeclared UTF-8 cut mid-character: read as UTF-8', () => {
    const bytes = utf8('<p>Ünïcödé text, 中文');
    const short = bytes.subarray(0, bytes.length - 1); // 文 loses its last byte
    const decoded = decodeHtml(short);
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.note).toBe('no charset declared: read as UTF-8 (its last character is cut short)');
    expect(decoded.html).toBe('<p>Ünïcödé text, 中\ufffd');
  });

  it('undeclared GBK with a stray bad byte among many good characters: read as GB18030, with a note', () => {
    const good = encode(page('', '中文网页正文。'.repeat(40)), 'gbk');
    const bytes = new Uint8Array([...good.subarray(0, 200), 0xff, ...good.subarray(200)]);
    const decoded = decodeHtml(bytes);
    expect(decoded.charset).toBe('gb18030');
    expect(decoded.note).toMatch(/^no charset declared: read as GB18030 \([12] bad sequences? among \d+ good characters\)$/);
    expect(decoded.html).toContain('中文网页正文。'.repeat(10));
  });

  it('GBK bytes declared as windows-1252: a warning about runs of accented letters', () => {
    const html = page('<meta charset="windows-1252">', '中文网页，标题：北京欢迎你。新闻正文在这里，今天天气很好。'.repeat(6));
    const decoded = decodeHtml(encode(html, 'gbk'));
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.warnings).toEqual([
      expect.stringMatching(/^text decodes badly as windows-1252: \d+ of \d+ non-ASCII characters stand in runs like "ÖÐÎÄ"/),
    ]);
  });

  it('UTF-8 with one stray Latin-1 byte, declared windows-1252: a warning that it looks like UTF-8', () => {
    const good = utf8(page('<meta charset="windows-1252">', FRENCH.repeat(3)));
    const bytes = new Uint8Array([...good, ...encode('£', 'latin-1')]);
    const decoded = decodeHtml(bytes);
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.warnings).toEqual([
      expect.stringMatching(
        /look like UTF-8 read as a single-byte charset \("Ã©" for "é"; the declared charset "windows-1252" looks wrong/,
      ),
    ]);
  });

  it('valid UTF-8 that holds its own mojibake ("Â\u00a0" written by the site): no warning, nothing to decode better', () => {
    expect(decodeHtml(utf8(page('<meta charset="utf-8">', 'Ã©tÃ© Â\u00a0'.repeat(20)))).warnings).toEqual([]);
  });
});

describe('sniffDeclaredCharset / encodingFor', () => {
  it('finds meta charset, http-equiv and XML declarations, lower-cased', () => {
    expect(sniffDeclaredCharset(utf8('<meta charset="GB2312">'))).toBe('gb2312');
    expect(sniffDeclaredCharset(utf8("<meta http-equiv='Content-Type' content='text/html; charset=Big5'>"))).toBe('big5');
    expect(sniffDeclaredCharset(utf8('<?xml version="1.0" encoding="EUC-KR"?><html>'))).toBe('euc-kr');
    expect(sniffDeclaredCharset(utf8('<html><head><title>none</title></head></html>'))).toBeNull();
  });

  it('maps labels to WHATWG encodings and unknown labels to null', () => {
    expect(encodingFor('gb2312')).toBe('gbk');
    expect(encodingFor(' latin1 ')).toBe('windows-1252');
    expect(encodingFor('x-unknown-42')).toBeNull();
  });
});
