import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { titleSimilarity, titleUnits } from '../../../src/core/text/title-similarity.ts';

const sim = (a: string, b: string): number => titleSimilarity(titleUnits(a), titleUnits(b));

describe('titleUnits', () => {
  it('§0 each CJK character is a unit', () => {
    expect([...titleUnits('北京天安门')]).toEqual(['北', '京', '天', '安', '门']);
  });

  it('§0 each lower-cased Latin word is a unit; punctuation is not', () => {
    expect([...titleUnits('Hello, World! HELLO')]).toEqual(['hello', 'world']);
  });

  it('§0 units form a set: a repeated character counts once', () => {
    expect(titleUnits('北京北京').size).toBe(2);
  });

  it('§0 mixed text: words and characters side by side, numbers as words', () => {
    expect([...titleUnits('苹果发布iPhone 15')]).toEqual(['苹', '果', '发', '布', 'iphone', '15']);
  });
});

describe('titleSimilarity', () => {
  it('§0 identical titles are 100', () => {
    expect(sim('我市首座太阳能图书馆开放', '我市首座太阳能图书馆开放')).toBe(100);
  });

  it('§0 Jaccard × 100 on CJK characters: 北京天安门 vs 北京大学 = 2/7', () => {
    // A = {北 京 天 安 门}, B = {北 京 大 学}: |A ∩ B| = 2, |A ∪ B| = 7.
    expect(sim('北京天安门', '北京大学')).toBeCloseTo((2 / 7) * 100, 10);
  });

  it('§0 Jaccard × 100 on words: "Apple unveils new iPhone" vs "Apple iPhone review" = 2/5', () => {
    expect(sim('Apple unveils new iPhone', 'Apple iPhone review')).toBe(40);
  });

  it('§0 a headline inside a longer <title> with the site name: 3/5', () => {
    expect(sim('Solar Library Opens', 'solar library opens | City News')).toBe(60);
  });

  it('§0 case does not matter', () => {
    expect(sim('SOLAR LIBRARY', 'solar library')).toBe(100);
  });

  it('§0 disjoint texts are 0', () => {
    expect(sim('a b', 'c d')).toBe(0);
  });

  it('§0 two empty texts are 0, not NaN', () => {
    expect(sim('', '')).toBe(0);
    expect(sim('!!!', '')).toBe(0);
  });

  it('§0 the scan threshold: 1 unit of 5 shared is 20, not above 20', () => {
    // A = {a b c}, B = {a d e}: 1 / 5 = 20, which the scan's "sim > 20" does not accept.
    expect(sim('alpha beta gamma', 'alpha delta epsilon')).toBe(20);
    expect(sim('alpha beta gamma', 'alpha beta epsilon')).toBe(50);
  });

  it('§0 similarity is symmetric', () => {
    expect(sim('北京天安门', '北京大学')).toBe(sim('北京大学', '北京天安门'));
  });
});

describe('titleUnits against the regular expression it replaced', () => {
  const CJK = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}`;
  const UNIT = new RegExp(String.raw`[${CJK}]|[[\p{L}\p{M}\p{N}]--[${CJK}]]+`, 'gv');
  const byRegex = (text: string): string[] => [...new Set(text.toLowerCase().match(UNIT) ?? [])].sort();

  it('the same units on any text: CJK characters one by one, runs of any other script, digits in words', () => {
    expect([...titleUnits('İstanbul 〇〇七 Ⅻ 2024年 e\u0301té 𠀀x𝐀')].sort()).toEqual(byRegex('İstanbul 〇〇七 Ⅻ 2024年 e\u0301té 𠀀x𝐀'));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 30 })), (s) => {
        expect([...titleUnits(s)].sort()).toEqual(byRegex(s));
      }),
      { numRuns: 2000 },
    );
  });
});
