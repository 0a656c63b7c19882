// @vitest-environment happy-dom
/**
 * Reading a mis-decoded page again from its bytes (src/content/reread-page.ts): only a page not decoded as
 * UTF-8 whose article looks garbled is read again; the bytes are decoded as the CLI decodes them, and a
 * decoding that differs from the browser's gives the page parsed again; one that agrees, or fails, none.
 */
import { describe, expect, test } from 'vitest';
import { mayBeMisdecoded, rereadPage } from '../../src/content/reread-page.ts';

/** What the module reads of the live document; `declared`: whether its markup declares a charset. */
const live = (characterSet: string, protocol = 'https:', declared = true): Document =>
  ({
    characterSet,
    URL: `${protocol}//news.example.cn/a.htm`,
    location: { protocol },
    querySelector: () => (declared ? {} : null),
  }) as unknown as Document;

const PAGE = (charset: string) =>
  `<!doctype html><html><head><meta http-equiv="Content-Type" content="text/html; charset=${charset}"><title>长江洪峰平稳通过</title></head>` +
  '<body><h1>长江洪峰平稳通过</h1><p>记者从防汛部门获悉，长江洪峰周日平稳通过武汉江段，沿线堤防运行正常。</p></body></html>';

/** A fetch that answers every URL with `body` (and records what it was asked). */
function fakeFetch(body: Uint8Array, headers: Record<string, string> = { 'content-type': 'text/html' }, status = 200) {
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const f = (async (url: string, init?: RequestInit) => {
    asked.push({ url, init });
    return new Response(new Blob([body as BlobPart]), { status, headers });
  }) as unknown as typeof fetch;
  return { f, asked };
}

describe('mayBeMisdecoded', () => {
  test('a page decoded as a legacy charset with no body, or with decode warnings, is worth reading again', () => {
    expect(mayBeMisdecoded(live('GBK'), '', [])).toBe(true);
    expect(mayBeMisdecoded(live('Shift_JIS'), 'tr鑚 bien', ['text decodes badly as shift_jis: …'])).toBe(true);
  });

  test('a page declaring no charset, guessed as windows-1252, whose article holds non-ASCII text (issue 40, 12)', () => {
    expect(mayBeMisdecoded(live('windows-1252', 'https:', false), 'The council made a claim.Â Â Â The new library', [])).toBe(true);
    // Declared (the guess was not the browser's), or nothing but ASCII (any decoding reads it the same): not.
    expect(mayBeMisdecoded(live('windows-1252', 'https:', true), 'The council made a claim.Â Â Â', [])).toBe(false);
    expect(mayBeMisdecoded(live('windows-1252', 'https:', false), 'The council made a claim.', [])).toBe(false);
  });

  test('a UTF-8 page, a legacy page whose article reads well, or a file or data page is not', () => {
    expect(mayBeMisdecoded(live('UTF-8'), '', [])).toBe(false);
    expect(mayBeMisdecoded(live('GBK'), '长江洪峰平稳通过武汉江段。', [])).toBe(false);
    expect(mayBeMisdecoded(live('GBK', 'file:'), '', [])).toBe(false);
  });
});

describe('rereadPage', () => {
  test('bytes that are UTF-8 under a gb2312 declaration: the page parsed again from the UTF-8 text', async () => {
    const { f, asked } = fakeFetch(new TextEncoder().encode(PAGE('gb2312')));
    const again = await rereadPage(live('GBK'), f);
    expect(again).not.toBeNull();
    expect(again?.charset).toBe('utf-8');
    expect(again?.browserCharset).toBe('gbk');
    expect(again?.declared).toBe('gb2312');
    expect(again?.doc.querySelector('h1')?.textContent).toBe('长江洪峰平稳通过');
    expect(asked).toEqual([
      { url: 'https://news.example.cn/a.htm', init: expect.objectContaining({ cache: 'force-cache', credentials: 'same-origin' }) },
    ]);
  });

  test('UTF-8 bytes with no declaration, guessed as windows-1252: parsed again as UTF-8, declared none', async () => {
    const page =
      '<!doctype html><html><head><title>A claim</title></head><body><p>The council made a claim.\u00a0\u00a0\u00a0</p></body></html>';
    const again = await rereadPage(live('windows-1252', 'https:', false), fakeFetch(new TextEncoder().encode(page)).f);
    expect(again?.charset).toBe('utf-8');
    expect(again?.declared).toBeNull();
    expect(again?.doc.querySelector('p')?.textContent).toBe('The council made a claim.\u00a0\u00a0\u00a0');
  });

  test('bytes the browser already decoded right, a failed fetch, an error status or an empty answer give nothing', async () => {
    const utf8 = new TextEncoder().encode(PAGE('utf-8'));
    expect(await rereadPage(live('UTF-8'), fakeFetch(utf8).f)).toBeNull();
    expect(await rereadPage(live('GBK'), fakeFetch(utf8, {}, 404).f)).toBeNull();
    expect(await rereadPage(live('GBK'), fakeFetch(new Uint8Array()).f)).toBeNull();
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await rereadPage(live('GBK'), failing)).toBeNull();
  });
});
