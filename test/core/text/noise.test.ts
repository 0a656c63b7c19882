import { describe, expect, it } from 'vitest';
import { faithfulOptions } from '../../helpers/options.ts';
import { isNoiseText } from '../../../src/core/text/noise.ts';

const TEXT = faithfulOptions({}).text;

describe('isNoiseText', () => {
  it('§0 fewer than 3 CJK characters and fewer than 6 Latin letters is noise', () => {
    expect(isNoiseText('更多', false, TEXT)).toBe(true);
    expect(isNoiseText('Share', false, TEXT)).toBe(true);
    expect(isNoiseText('首页 Home', false, TEXT)).toBe(true);
  });

  it('§0 3 CJK characters is not noise', () => {
    expect(isNoiseText('新闻网', false, TEXT)).toBe(false);
  });

  it('§0 6 Latin letters is not noise', () => {
    expect(isNoiseText('Shares', false, TEXT)).toBe(false);
    expect(isNoiseText('abcde', false, TEXT)).toBe(true);
  });

  it('§0 letters are counted across words', () => {
    expect(isNoiseText('Ad by me', false, TEXT)).toBe(false);
  });

  it('§0 digits and punctuation are neither CJK nor Latin characters', () => {
    expect(isNoiseText('12345678', false, TEXT)).toBe(true);
    expect(isNoiseText('>> | <<', false, TEXT)).toBe(true);
    expect(isNoiseText('2019-05-13 10:20', false, TEXT)).toBe(true);
  });

  it('§0 a sentence is never noise, however short', () => {
    expect(isNoiseText('是，是，是。', true, TEXT)).toBe(false);
  });

  it('the two minimums are read from the options', () => {
    const strict = faithfulOptions({ text: { noiseMinCjkChars: 5, noiseMinLatinChars: 10 } }).text;
    expect(isNoiseText('新闻网站', false, strict)).toBe(true);
    expect(isNoiseText('新闻网站首', false, strict)).toBe(false);
    expect(isNoiseText('Subscribe', false, strict)).toBe(true);
  });
});
