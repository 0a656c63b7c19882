import { describe, expect, it } from 'vitest';
import { normalizeLines, normalizeSpace } from '../../../src/core/text/normalize.ts';
import { countCharClasses } from '../../../src/core/text/char-classes.ts';
import { countWords, hasCjk } from '../../../src/core/text/scripts.ts';

describe('normalizeSpace', () => {
  it('§0 every run of white space, nbsp, ideographic space and zero-width space becomes one space', () => {
    expect(normalizeSpace(' a \t\n b\u00a0\u00a0c\u3000d\u200be\ufeff ')).toBe('a b c d e');
  });
});

describe('normalizeLines', () => {
  it('§0 normalises each line and drops empty ones', () => {
    expect(normalizeLines('  one  \n\n \u00a0 \n two   three ')).toBe('one\ntwo three');
  });
});

describe('scripts', () => {
  it('§0 CJK is Han, Hiragana and Katakana; Hangul is a word script', () => {
    expect(countCharClasses('漢字ひらカタ한글abc').cjk).toBe(6);
    expect(hasCjk('한글')).toBe(false);
    expect(hasCjk('abc 字')).toBe(true);
  });

  it('§0 word letters and words of non-CJK scripts', () => {
    expect(countCharClasses('Ab é 中 1').wordLetters).toBe(3);
    expect(countWords('Hello, мир! 한글 中文 42')).toBe(3);
  });

  it('§0 the global counters are stateless between calls', () => {
    expect(countCharClasses('中文').cjk).toBe(2);
    expect(countCharClasses('中文').cjk).toBe(2);
    expect(countWords('a b')).toBe(2);
    expect(countWords('a b')).toBe(2);
  });
});
