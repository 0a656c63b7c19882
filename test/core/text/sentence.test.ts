import { describe, expect, it } from 'vitest';
import { faithfulOptions } from '../../helpers/options.ts';
import { countCommas, isSentence, sentenceWeight } from '../../../src/core/text/sentence.ts';

const FAITHFUL = faithfulOptions({}).text;
const LATIN = faithfulOptions({ text: { extensions: { latinSentence: true } } }).text;

/** Twelve words, no comma, ending in a full stop. */
const TWELVE_WORDS = 'The city council opened a new public library in the old town.';
/** Eleven words, no comma, ending in a full stop. */
const ELEVEN_WORDS = 'The city council opened a new public library in the town.';

describe('countCommas', () => {
  it('§0 counts the full-width comma, the enumeration comma and the ASCII comma', () => {
    expect(countCommas('一，二、三,四')).toBe(3);
  });

  it('§0 other marks are not commas', () => {
    expect(countCommas('一；二。三：四')).toBe(0);
  });
});

describe('isSentence (faithful rule)', () => {
  it('§0 more than 2 commas and a terminator is a sentence (Chinese)', () => {
    expect(isSentence('今天，我们，去了，公园。', FAITHFUL)).toBe(true);
  });

  it('§0 more than 2 commas and a terminator is a sentence (English)', () => {
    expect(isSentence('Apples, pears, plums, and figs are sold here.', FAITHFUL)).toBe(true);
  });

  it('§0 the enumeration comma 、 counts like ，', () => {
    expect(isSentence('北京、上海、广州、深圳都下雨了！', FAITHFUL)).toBe(true);
  });

  it.each(['。', '.', '！', '!', '？', '?', '…', '；'])('§0 the terminator %s counts', (mark) => {
    expect(isSentence(`一，二，三，四${mark}`, FAITHFUL)).toBe(true);
  });

  it('§0 the terminator may stand anywhere in the block, not only at the end', () => {
    expect(isSentence('他说。然后，我们，去了，公园', FAITHFUL)).toBe(true);
  });

  it('§0 exactly 2 commas is not a sentence, even with a terminator', () => {
    expect(isSentence('今天，我们，去了公园。', FAITHFUL)).toBe(false);
    expect(isSentence('a, b, c.', FAITHFUL)).toBe(false);
  });

  it('§0 3 commas without a terminator is not a sentence', () => {
    expect(isSentence('今天，我们，去了，公园', FAITHFUL)).toBe(false);
    expect(isSentence('a, b, c, d', FAITHFUL)).toBe(false);
  });

  it('§0 a colon is not a terminator', () => {
    expect(isSentence('一，二，三，四：', FAITHFUL)).toBe(false);
  });

  it('§0 faithful: a long English sentence without commas is not a sentence', () => {
    expect(isSentence(TWELVE_WORDS, FAITHFUL)).toBe(false);
  });

  it('the comma threshold is read from the options', () => {
    const strict = faithfulOptions({ text: { sentenceMinCommasExclusive: 3 } }).text;
    expect(isSentence('一，二，三，四。', strict)).toBe(false);
    expect(isSentence('一，二，三，四，五。', strict)).toBe(true);
  });
});

describe('isSentence (latinSentence extension)', () => {
  it('§0 ext: 12 words ending in a terminator is a sentence', () => {
    expect(isSentence(TWELVE_WORDS, LATIN)).toBe(true);
  });

  it('§0 ext: 11 words is one too few', () => {
    expect(isSentence(ELEVEN_WORDS, LATIN)).toBe(false);
  });

  it('§0 ext: the block must end with the terminator', () => {
    expect(isSentence(TWELVE_WORDS.slice(0, -1), LATIN)).toBe(false);
    expect(isSentence('The city council. Opened a new public library in the old town', LATIN)).toBe(false);
  });

  it.each(['?', '!', '…'])('§0 ext: ending in %s counts', (mark) => {
    expect(isSentence(TWELVE_WORDS.replace(/\.$/, mark), LATIN)).toBe(true);
  });

  it('§0 ext: closing quotes and brackets may follow the terminator', () => {
    expect(isSentence(`"${TWELVE_WORDS}"`, LATIN)).toBe(true);
    expect(isSentence(`“${TWELVE_WORDS}”`, LATIN)).toBe(true);
    expect(isSentence(`(${TWELVE_WORDS})`, LATIN)).toBe(true);
    expect(isSentence(`${TWELVE_WORDS}' `, LATIN)).toBe(true);
  });

  it('§0 ext: a block with a CJK character is left to the faithful rule', () => {
    expect(isSentence(`中文 ${TWELVE_WORDS}`, LATIN)).toBe(false);
  });

  it('§0 ext: numbers are not words', () => {
    expect(isSentence('The 1 city 2 council 3 opened 4 a 5 new 6 public 7 library 8 in 9 town.', LATIN)).toBe(false);
  });

  it('§0 ext: other word scripts count as words (Cyrillic)', () => {
    expect(isSentence('Городской совет открыл новую публичную библиотеку в старом городе прошлой весной вчера утром.', LATIN)).toBe(true);
  });

  it('§0 ext: the faithful comma rule still holds with the extension on', () => {
    expect(isSentence('今天，我们，去了，公园。', LATIN)).toBe(true);
  });

  it('the minimum word count is read from the options', () => {
    const short = faithfulOptions({ text: { latinSentenceMinWords: 3, extensions: { latinSentence: true } } }).text;
    expect(isSentence('Three words here.', short)).toBe(true);
    expect(isSentence('Two words.', short)).toBe(false);
  });
});

describe('sentenceWeight', () => {
  const LINES = faithfulOptions({ text: { extensions: { sentenceLines: true } } }).text;
  const THREE_LINES = '一，二，三，四。\n小标题\n五，六，七，八。\n九，十，十一，十二！';

  it('§1.3 faithful: a block weighs 1 when it is a sentence and 0 otherwise, however many lines it has', () => {
    expect(sentenceWeight(THREE_LINES, isSentence(THREE_LINES, FAITHFUL), FAITHFUL)).toBe(1);
    expect(sentenceWeight('小标题\n另一行', false, FAITHFUL)).toBe(0);
  });

  it('§1.3 ext sentenceLines: one per line that is a sentence on its own', () => {
    expect(sentenceWeight(THREE_LINES, true, LINES)).toBe(3);
  });

  it('§1.3 ext sentenceLines: at least 1 when the block is a sentence but no single line is', () => {
    // The commas are spread over lines: the block passes, no line does.
    const block = '一，二，\n三，四。';
    expect(isSentence(block, LINES)).toBe(true);
    expect(sentenceWeight(block, true, LINES)).toBe(1);
  });

  it('§1.3 ext sentenceLines: a one-line block weighs as under the faithful rule', () => {
    expect(sentenceWeight('一，二，三，四。', true, LINES)).toBe(1);
    expect(sentenceWeight('短句。', false, LINES)).toBe(0);
  });
});
