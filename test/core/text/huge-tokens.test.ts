/**
 * Text that breaks the core (issue 16): a 5 MB unbroken word overflowed the stack in the text-unit regex
 * (V8 keeps one backtrack entry per character of a `+` over a `v`-flag class), and the whole extraction
 * failed. The runs are now read a chunk at a time (src/core/text/runs.ts); these tests hold the counts of
 * huge tokens and check, on runs around the chunk bound and on random text, that the chunked reading
 * counts exactly what the unbounded pattern of §0 counts.
 */
import { describe, expect, it } from 'vitest';
import { RUN_CHUNK } from '../../../src/core/text/runs.ts';
import { countCharClasses } from '../../../src/core/text/char-classes.ts';
import { countWords } from '../../../src/core/text/scripts.ts';
import { countTextUnits } from '../../../src/core/text/text-units.ts';
import { titleUnits } from '../../../src/core/text/title-similarity.ts';

const MB5 = 5_000_000;

/** §0 text units as one unbounded pattern (the definition; safe on short strings only). */
const REFERENCE_UNIT = new RegExp(
  [
    String.raw`(?:\d{2,4}\s*年(?:\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号號])?)?|\d{1,2}\s*月\s*\d{1,2}\s*[日号號]|\d{1,4}[\-\/.\\]\d{1,2}[\-\/.\\]\d{1,4})` +
      String.raw`(?:\s*\d{1,2}[:：]\d{2}(?:[:：]\d{2})?|T\d{1,2}[:：]\d{2}(?:[:：]\d{2})?(?:\.\d+)?(?:Z|[+\-]\d{2}:?\d{2})?)?`,
    String.raw`\d{1,2}[:：]\d{2}(?:[:：]\d{2})?`,
    String.raw`\d+(?:[.,]\d+)*`,
    String.raw`[[\p{L}\p{M}]--[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]]+`,
    String.raw`[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]`,
    String.raw`([\p{P}\p{S}])\1*`,
  ].join('|'),
  'gv',
);
const referenceUnits = (text: string): number => [...text.matchAll(REFERENCE_UNIT)].length;
const referenceWords = (text: string): number => [...text.matchAll(/[[\p{L}\p{M}]--[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]]+/gv)].length;
const referenceTitleUnits = (text: string): Set<string> =>
  new Set(
    [
      ...text
        .toLowerCase()
        .matchAll(/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]|[[\p{L}\p{M}\p{N}]--[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]]+/gv),
    ].map((m) => m[0]),
  );

describe('huge tokens (5 MB) count as one unit, without a stack overflow', () => {
  it.each([
    ['a word of ASCII letters', 'a'.repeat(MB5), 1],
    ['a word of accented letters', 'é'.repeat(MB5), 1],
    ['a word of astral letters (surrogate pairs)', '𝐀'.repeat(MB5 / 2), 1],
    ['a number', '7'.repeat(MB5), 1],
    ['a number with thousands separators', '1,'.repeat(MB5 / 2) + '1', 1],
    ['dates, one unit each (1.1.1 is a D.M.Y date)', '1.1.1 '.repeat(100_000), 100_000],
    ['a run of one mark', '-'.repeat(MB5), 1],
    ['a run of one astral symbol', '😀'.repeat(MB5 / 2), 1],
    ['a word between words', `start ${'x'.repeat(MB5)} end`, 3],
    ['a word, a mark run, a word', `${'b'.repeat(MB5 / 2)}${'!'.repeat(MB5 / 2)}${'c'.repeat(10)}`, 3],
    ['CJK characters, one unit each', '中'.repeat(100_000), 100_000],
    ['blank space', ' '.repeat(MB5), 0],
  ])('countTextUnits: %s', (_name, text, units) => {
    expect(countTextUnits(text)).toBe(units);
  });

  it('countTextUnits stops at its cap inside a huge run of marks and words', () => {
    expect(countTextUnits(`${'a'.repeat(MB5)} ${'b'.repeat(MB5)} c`, 2)).toBe(2);
  });

  it('countWords, countWordLetters and countCjk on a 5 MB word', () => {
    const text = `${'z'.repeat(MB5)} 中文 end`;
    expect(countWords(text)).toBe(2);
    expect(countCharClasses(text).wordLetters).toBe(MB5 + 3);
    expect(countCharClasses(text).cjk).toBe(2);
  });

  it('titleUnits keeps a 5 MB word as one unit', () => {
    const word = 'q'.repeat(MB5);
    const units = titleUnits(`Headline ${word.toUpperCase()} 中`);
    expect(units.size).toBe(3);
    expect(units.has(word)).toBe(true);
  });
});

describe('the chunked reading counts what the unbounded §0 pattern counts', () => {
  const around = [RUN_CHUNK - 1, RUN_CHUNK, RUN_CHUNK + 1, 2 * RUN_CHUNK, 2 * RUN_CHUNK + 1, 3 * RUN_CHUNK + 7];
  const runs: [string, (n: number) => string][] = [
    ['letters', (n) => 'w'.repeat(n)],
    ['astral letters', (n) => '𝐀'.repeat(n)],
    ['digits', (n) => '9'.repeat(n)],
    ['digits with separators', (n) => '12,'.repeat(n) + '3'],
    ['a separator at the chunk bound', (n) => '1'.repeat(n) + '.5'],
    ['a trailing separator', (n) => '1'.repeat(n) + '.'],
    ['one mark', (n) => '='.repeat(n)],
    ['an astral symbol', (n) => '🙂'.repeat(n)],
  ];
  for (const [name, make] of runs) {
    it.each(around)(`a run of ${name}, %i long, in context`, (n) => {
      const text = `Before 2014年3月28日 ${make(n)}${make(2)} after, 10:20 中文!?`;
      expect(countTextUnits(text)).toBe(referenceUnits(text));
      expect(countWords(text)).toBe(referenceWords(text));
      expect(titleUnits(text)).toEqual(referenceTitleUnits(text));
    });
  }

  it('random text of letters, digits, separators, marks and CJK: the same counts', () => {
    const alphabet = ['a', 'B', 'é', '𝐀', '1', '2', '.', ',', '-', '!', '?', '😀', '中', 'カ', ' ', '\n', ':', '年', '月', '日', '/', 'T'];
    let seed = 42;
    const next = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 120; i++) {
      const length = next() % 3000;
      let text = '';
      for (let j = 0; j < length; j++) {
        const ch = alphabet[next() % alphabet.length] as string;
        // long stretches of one character, so that runs cross the chunk bound
        text += next() % 50 === 0 ? ch.repeat(next() % (2 * RUN_CHUNK)) : ch;
      }
      expect(countTextUnits(text)).toBe(referenceUnits(text));
      expect(countWords(text)).toBe(referenceWords(text));
      expect(titleUnits(text)).toEqual(referenceTitleUnits(text));
    }
  });
});
