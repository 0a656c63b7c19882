import { afterAll, describe, expect, it } from 'vitest';
import { baseUrlOf, imageSource, largestFromSrcset, pathOfResolved, resolveUrl } from '../../../src/core/output/url.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { MODEL_KINDS, firstTag, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const PAGE = 'https://news.example.com/world/2019/story.html';

describe('resolveUrl', () => {
  it('§1.6 a relative URL is resolved against the base', () => {
    expect(resolveUrl('photo.jpg', PAGE)).toBe('https://news.example.com/world/2019/photo.jpg');
    expect(resolveUrl('/img/photo.jpg', PAGE)).toBe('https://news.example.com/img/photo.jpg');
    expect(resolveUrl('../a.html', PAGE)).toBe('https://news.example.com/world/a.html');
    expect(resolveUrl('//cdn.example.com/x.png', PAGE)).toBe('https://cdn.example.com/x.png');
  });

  it('§1.6 surrounding white space is trimmed; query and fragment are kept', () => {
    expect(resolveUrl('  /x?y=1#z ', PAGE)).toBe('https://news.example.com/x?y=1#z');
  });

  it('§1.6 an absolute URL needs no base', () => {
    expect(resolveUrl('https://example.org/a', null)).toBe('https://example.org/a');
  });

  it('§1.6 a relative URL without a base cannot be resolved', () => {
    expect(resolveUrl('photo.jpg', null)).toBeNull();
  });

  it('§1.6 a bare fragment and an empty value are not links', () => {
    expect(resolveUrl('#top', PAGE)).toBeNull();
    expect(resolveUrl('', PAGE)).toBeNull();
    expect(resolveUrl('   ', PAGE)).toBeNull();
    expect(resolveUrl(null, PAGE)).toBeNull();
    expect(resolveUrl(undefined, PAGE)).toBeNull();
  });

  it('§1.6 javascript:, data: and other unsafe schemes are rejected', () => {
    expect(resolveUrl('javascript:alert(1)', PAGE)).toBeNull();
    expect(resolveUrl(' JavaScript:alert(1)', PAGE)).toBeNull();
    expect(resolveUrl('data:text/html,<script>alert(1)</script>', PAGE)).toBeNull();
    expect(resolveUrl('data:image/png;base64,AAAA', PAGE)).toBeNull();
    expect(resolveUrl('vbscript:x', PAGE)).toBeNull();
    expect(resolveUrl('file:///etc/passwd', PAGE)).toBeNull();
  });

  it('§1.6 http, https, mailto and ftp are kept', () => {
    expect(resolveUrl('http://a.example/', null)).toBe('http://a.example/');
    expect(resolveUrl('mailto:desk@example.com', null)).toBe('mailto:desk@example.com');
    expect(resolveUrl('ftp://files.example.com/a.zip', null)).toBe('ftp://files.example.com/a.zip');
  });
});

describe('largestFromSrcset', () => {
  it('§1.6 the largest width descriptor wins', () => {
    expect(largestFromSrcset('s.jpg 320w, l.jpg 1024w, m.jpg 640w')).toBe('l.jpg');
  });

  it('§1.6 the largest density descriptor wins; no descriptor is 1x', () => {
    expect(largestFromSrcset('a.jpg, b.jpg 2x')).toBe('b.jpg');
    expect(largestFromSrcset('a.jpg 2x, b.jpg')).toBe('a.jpg');
  });

  it('§1.6 a comma inside a URL does not split it', () => {
    expect(largestFromSrcset('https://x.example/a,b.jpg 1x, c.jpg 3x')).toBe('c.jpg');
    expect(largestFromSrcset('https://x.example/a,b.jpg 3x, c.jpg 1x')).toBe('https://x.example/a,b.jpg');
  });

  it('§1.6 an empty srcset has no candidate', () => {
    expect(largestFromSrcset('')).toBeNull();
  });
});

describe.each(MODEL_KINDS)('baseUrlOf and imageSource (%s)', (kind) => {
  const img = (html: string, base: string | null = PAGE): string | null => {
    const model = modelOf(kind, `<html><body>${html}</body></html>`);
    return imageSource(model, firstTag(model, 'img'), base);
  };

  it('§1.6 <base href> is resolved against the page URL and wins over it', () => {
    const model = modelOf(kind, '<html><head><base href="/static/"></head><body></body></html>');
    expect(baseUrlOf(model, PAGE)).toBe('https://news.example.com/static/');
    expect(resolveUrl('a.png', baseUrlOf(model, PAGE))).toBe('https://news.example.com/static/a.png');
  });

  it('§1.6 without <base> the page URL is the base', () => {
    const model = modelOf(kind, '<html><head></head><body></body></html>');
    expect(baseUrlOf(model, PAGE)).toBe(PAGE);
    expect(baseUrlOf(model, null)).toBeNull();
  });

  it('§1.6 an unusable relative <base> without a page URL is ignored', () => {
    const model = modelOf(kind, '<html><head><base href="/static/"></head><body></body></html>');
    expect(baseUrlOf(model, null)).toBeNull();
  });

  it('§1.6 lazy images: data-src wins over the placeholder src', () => {
    expect(img('<img data-src="real.jpg" src="data:image/gif;base64,R0lGOD">')).toBe('https://news.example.com/world/2019/real.jpg');
  });

  it('§1.6 lazy images: data-original', () => {
    expect(img('<img data-original="/orig.jpg">')).toBe('https://news.example.com/orig.jpg');
  });

  it('§1.6 srcset: the largest candidate wins over src', () => {
    expect(img('<img srcset="s.jpg 320w, l.jpg 1024w" src="small.jpg">')).toBe('https://news.example.com/world/2019/l.jpg');
  });

  it('§1.6 picture: the largest <source> candidate wins over the fallback src', () => {
    expect(img('<picture><source srcset="p1.webp 1x, p2.webp 2x"><img src="fallback.jpg"></picture>')).toBe(
      'https://news.example.com/world/2019/p2.webp',
    );
  });

  it('§1.6 a plain src', () => {
    expect(img('<img src="/a.png">')).toBe('https://news.example.com/a.png');
  });

  it('§1.6 a data: placeholder alone gives no source', () => {
    expect(img('<img src="data:image/png;base64,AAAA">')).toBeNull();
  });

  it('§1.6 a data: lazy attribute is skipped for the next candidate', () => {
    expect(img('<img data-src="data:image/gif;base64,R0lGOD" src="/real.png">')).toBe('https://news.example.com/real.png');
  });

  it('§1.6 an image with no source at all', () => {
    expect(img('<img alt="nothing">')).toBeNull();
  });
});

describe('pathOfResolved', () => {
  it('gives what URL.pathname gives for every href resolveUrl returns', () => {
    const base = 'https://user:pa%2Fss@example.com:8080/a/b/page.html?x=1#top';
    const raws = [
      'report.PDF',
      '../files/deck.pptx?download=1#p2',
      '//cdn.example.org/x/y.zip',
      '?page=2',
      'mailto:someone@example.com?subject=hi',
      'ftp://files.example.net/pub/a.tar.gz',
      'https://例え.jp/文書/資料.pdf',
      'a b/c d.docx',
      'https://example.com',
      '/x/y/..%2F/z.xls#frag?not-query',
    ];
    for (const raw of raws) {
      const href = resolveUrl(raw, base);
      expect(href, raw).not.toBeNull();
      expect(pathOfResolved(href!), raw).toBe(new URL(href!).pathname);
    }
  });

  it('resolves the same raw value to the same URL again, and against a new base anew', () => {
    expect(resolveUrl('x.html', 'https://a.example/dir/')).toBe('https://a.example/dir/x.html');
    expect(resolveUrl('x.html', 'https://a.example/dir/')).toBe('https://a.example/dir/x.html');
    expect(resolveUrl('x.html', 'https://b.example/')).toBe('https://b.example/x.html');
    expect(resolveUrl('javascript:alert(1)', 'https://b.example/')).toBeNull();
    expect(resolveUrl('javascript:alert(1)', 'https://b.example/')).toBeNull();
  });
});
