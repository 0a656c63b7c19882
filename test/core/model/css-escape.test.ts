import { describe, expect, it } from 'vitest';
import { cssIdentifier } from '../../../src/core/model/css-escape.ts';

describe('cssIdentifier (CSSOM "serialize an identifier", as CSS.escape)', () => {
  it('leaves ordinary tag names as they are', () => {
    for (const name of ['p', 'div', 'h1', 'my-element', 'x_y', '-moz-thing', 'o']) expect(cssIdentifier(name)).toBe(name);
  });

  it('escapes characters CSS reads as syntax, such as the colon of an old CMS tag', () => {
    expect(cssIdentifier('sohu_cms_include:news')).toBe('sohu_cms_include\\:news');
    expect(cssIdentifier('o:p')).toBe('o\\:p');
    expect(cssIdentifier('a.b#c[d]')).toBe('a\\.b\\#c\\[d\\]');
    expect(cssIdentifier('x"y')).toBe('x\\"y');
    expect(cssIdentifier('a\\b')).toBe('a\\\\b');
    expect(cssIdentifier('a,b')).toBe('a\\,b');
  });

  it('escapes a leading digit, a digit after a leading hyphen, a lone hyphen and control characters by code point', () => {
    expect(cssIdentifier('1a')).toBe('\\31 a');
    expect(cssIdentifier('-1a')).toBe('-\\31 a');
    expect(cssIdentifier('-')).toBe('\\-');
    expect(cssIdentifier('a\u0001b')).toBe('a\\1 b');
    expect(cssIdentifier('a\u007fb')).toBe('a\\7f b');
    expect(cssIdentifier('a\u0000b')).toBe('a\uFFFDb');
  });

  it('keeps non-ASCII characters, hyphens and underscores', () => {
    expect(cssIdentifier('標題:新聞')).toBe('標題\\:新聞');
    expect(cssIdentifier('--x')).toBe('--x');
    expect(cssIdentifier('_:x')).toBe('_\\:x');
  });
});
