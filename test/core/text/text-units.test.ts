import { describe, expect, it } from 'vitest';
import { UNIT, countTextUnits } from '../../../src/core/text/text-units.ts';

describe('countTextUnits', () => {
  it('§0 worked example: "珠穆朗玛8848" is 5 (four CJK characters and one number)', () => {
    expect(countTextUnits('珠穆朗玛8848')).toBe(5);
  });

  it('§0 worked example: "今天是2014年3月28日" is 4 (three CJK characters and one date)', () => {
    expect(countTextUnits('今天是2014年3月28日')).toBe(4);
  });

  it('§0 a run of Latin letters is one word, dictionary word or not', () => {
    expect(countTextUnits('hello world')).toBe(2);
    expect(countTextUnits('xqzt brrkl')).toBe(2);
    expect(countTextUnits('Straßenbahn')).toBe(1);
  });

  it('§0 the empty and the blank text have no units', () => {
    expect(countTextUnits('')).toBe(0);
    expect(countTextUnits('   \n ')).toBe(0);
  });

  it('§0 a whole number with its decimal point and thousands separators counts 1', () => {
    expect(countTextUnits('1,234.5')).toBe(1);
    expect(countTextUnits('8848')).toBe(1);
    expect(countTextUnits('3.14')).toBe(1);
    expect(countTextUnits('1,000,000 people')).toBe(2);
  });

  it.each([
    ['2014-03-28', 'Y-M-D with -'],
    ['2014/3/28', 'Y/M/D with /'],
    ['2014.3.28', 'Y.M.D with .'],
    ['2014\\3\\28', 'Y\\M\\D with \\'],
    ['28.03.2014', 'D.M.Y'],
    ['28/03/2014', 'D/M/Y'],
    ['03-28-2014', 'M-D-Y'],
    ['2014年3月28日', 'Y年M月D日'],
    ['3月28日', 'M月D日 without the year'],
    ['2014年3月', 'Y年M月 without the day'],
  ])('§0 the date %s (%s) counts 1', (date) => {
    expect(countTextUnits(date)).toBe(1);
  });

  it.each([
    ['2014-03-28 10:20', 'date and time'],
    ['2014-03-28 10:20:30', 'date and time with seconds'],
    ['2014年3月28日 10:20', 'Chinese date and time'],
    ['28.03.2014 10:20', 'D.M.Y and time'],
    ['2019-05-13T10:20:05+08:00', 'ISO 8601 with T and zone'],
    ['2019-05-13T10:20:05.123Z', 'ISO 8601 with fractional seconds and Z'],
  ])('§0 a whole date/time string %s (%s) counts 1', (dateTime) => {
    expect(countTextUnits(dateTime)).toBe(1);
  });

  it('§0 a time of day alone counts 1', () => {
    expect(countTextUnits('10:20')).toBe(1);
    expect(countTextUnits('10:20:30')).toBe(1);
  });

  it('§0 a date inside a sentence is one unit among the words', () => {
    expect(countTextUnits('Published 2014-03-28 10:20 by staff')).toBe(4);
  });

  it('§0 a punctuation mark counts 1', () => {
    expect(countTextUnits('!')).toBe(1);
    expect(countTextUnits('。')).toBe(1);
  });

  it('§0 a run of identical punctuation counts 1 in total', () => {
    expect(countTextUnits('!!!')).toBe(1);
    expect(countTextUnits('...')).toBe(1);
    expect(countTextUnits('……')).toBe(1);
    expect(countTextUnits('Hello!!!')).toBe(2);
  });

  it('§0 a run of different punctuation counts one per change of mark', () => {
    expect(countTextUnits('!?')).toBe(2);
    expect(countTextUnits('!!??')).toBe(2);
    expect(countTextUnits('?!?')).toBe(3);
  });

  it('§0 every CJK character counts 1 (Han, Hiragana, Katakana)', () => {
    expect(countTextUnits('北京天安门')).toBe(5);
    expect(countTextUnits('ひらがな')).toBe(4);
    expect(countTextUnits('カタカナ')).toBe(4);
  });

  it('§0 mixed CJK and Latin: each CJK character and each word', () => {
    expect(countTextUnits('我爱Python编程')).toBe(5);
    expect(countTextUnits('苹果发布iPhone 15，售价5,999元。')).toBe(12);
  });

  it('§0 spaces are not units', () => {
    expect(countTextUnits('a   b')).toBe(countTextUnits('a b'));
  });

  it('the scanner counts what the unit pattern matches, on mixed-script strings made at random', () => {
    // Words with marks, CJK with dates, ASCII and other digits, repeated and mixed marks, astral
    // characters, a lone surrogate: the scanner must agree with a global match of the pattern.
    const pieces = [
      'a',
      'Z',
      'é',
      '\u0301',
      '中',
      '年',
      '月',
      '日',
      '号',
      '0',
      '1',
      '9',
      '.',
      ',',
      '-',
      '/',
      '\\',
      ':',
      '：',
      'T',
      '+',
      ' ',
      '\n',
      '!',
      '—',
      '😀',
      '𠀀',
      '\ud800',
      '٣',
      '$',
      '€',
      '々',
      'ー',
      '・',
      'ア',
      'あ',
      '\u3000',
      '2014',
      '03',
      '12:30',
    ];
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return Math.floor((seed / 0x80000000) * n);
    };
    const everyMatch = new RegExp(UNIT.source, 'gv');
    const byPattern = (text: string): number => text.match(everyMatch)?.length ?? 0;
    const differing: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      let text = '';
      for (let j = 1 + random(12); j > 0; j--) text += pieces[random(pieces.length)];
      if (countTextUnits(text) !== byPattern(text)) differing.push(text);
    }
    expect(differing).toEqual([]);
  });
});
