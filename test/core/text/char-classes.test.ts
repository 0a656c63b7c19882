import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCharClasses } from '../../../src/core/text/char-classes.ts';

/** What the block model's features counted before: one global regular expression per class. */
function byRegex(text: string) {
  const n = (re: RegExp) => text.match(re)?.length ?? 0;
  return {
    letters: n(/\p{L}/gu),
    upper: n(/\p{Lu}/gu),
    numbers: n(/\p{N}/gu),
    commas: n(/[，、,]/g),
    cjk: n(/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/gv),
    wordLetters: n(/[[\p{L}\p{M}]--[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]]/gv),
  };
}

describe('countCharClasses', () => {
  it('counts letters, capitals, numbers and the three commas in English, Chinese and mixed text', () => {
    expect(countCharClasses('Hello, World 42')).toEqual({ letters: 10, upper: 2, numbers: 2, commas: 1, cjk: 0, wordLetters: 10 });
    expect(countCharClasses('据新华社报道，2024年3月、北京')).toEqual({
      letters: 10,
      upper: 0,
      numbers: 5,
      commas: 2,
      cjk: 10,
      wordLetters: 0,
    });
    expect(countCharClasses('Ärger über Œuvre, ½ ² Ⅻ')).toEqual(byRegex('Ärger über Œuvre, ½ ² Ⅻ'));
  });

  it('counts a letter outside the BMP once, and a lone surrogate as nothing', () => {
    expect(countCharClasses('𝐀𝐛 𠀀')).toEqual({ letters: 3, upper: 1, numbers: 0, commas: 0, cjk: 1, wordLetters: 2 });
    expect(countCharClasses('a\ud800b\udc00')).toEqual({ letters: 2, upper: 0, numbers: 0, commas: 0, cjk: 0, wordLetters: 2 });
    expect(countCharClasses('ひらがなカタカナ한국어e\u0301')).toEqual(byRegex('ひらがなカタカナ한국어e\u0301'));
  });

  it('agrees with the regular expressions on any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 30 })), (s) => {
        expect(countCharClasses(s)).toEqual(byRegex(s));
      }),
      { numRuns: 2000 },
    );
  });
});
