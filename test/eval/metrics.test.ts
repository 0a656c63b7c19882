/**
 * The benchmark metrics (src/eval/metrics.ts), checked on hand-computed examples:
 * - Zyte/scrapinghub article-extraction-benchmark `evaluate.py`: `\w+` tokens (case kept), 4-token
 *   shingles with counts, tp/fp/fn per page normalised to sum 1, precision/recall averaged over the pages
 *   where defined, F1 of the means;
 * - htmldate's comparison: tp/fp/fn/tn → precision, recall, accuracy, F-score.
 */
import { describe, expect, it } from 'vitest';
import {
  bodyScores,
  dateScores,
  fieldScores,
  normalizeField,
  precisionScore,
  recallScore,
  shingleMatch,
  shingles,
  tokenF1,
  tokenize,
} from '../../src/eval/metrics.ts';

const SEP = '\u0001';
const key = (...tokens: string[]): string => tokens.join(SEP);

describe('tokenize', () => {
  it('word: \\w+ runs in any script, case kept, punctuation dropped', () => {
    expect(tokenize("The cat's 2 hats—naïve_x, Über!", 'word')).toEqual(['The', 'cat', 's', '2', 'hats', 'naïve_x', 'Über']);
    expect(tokenize('中文网页 日本語テスト', 'word')).toEqual(['中文网页', '日本語テスト']);
    expect(tokenize('', 'word')).toEqual([]);
  });

  it('cjk: every Han/Hiragana/Katakana character is a token, other words stay whole', () => {
    expect(tokenize('中文abc 日本語テスト 한국어 2021年3月', 'cjk')).toEqual([
      '中',
      '文',
      'abc',
      '日',
      '本',
      '語',
      'テ',
      'ス',
      'ト',
      '한국어',
      '2021',
      '年',
      '3',
      '月',
    ]);
    expect(tokenize('北京，欢迎你。', 'cjk')).toEqual(['北', '京', '欢', '迎', '你']);
  });
});

describe('shingles', () => {
  it('4-token shingles with counts', () => {
    const s = shingles('a b c d e a b c d', 4, 'word');
    expect(s).toEqual(
      new Map([
        [key('a', 'b', 'c', 'd'), 2],
        [key('b', 'c', 'd', 'e'), 1],
        [key('c', 'd', 'e', 'a'), 1],
        [key('d', 'e', 'a', 'b'), 1],
        [key('e', 'a', 'b', 'c'), 1],
      ]),
    );
  });

  it('a text shorter than 4 tokens is one shorter shingle; an empty text has none', () => {
    expect(shingles('hello world', 4, 'word')).toEqual(new Map([[key('hello', 'world'), 1]]));
    expect(shingles('exactly four tokens here', 4, 'word')).toEqual(new Map([[key('exactly', 'four', 'tokens', 'here'), 1]]));
    expect(shingles('  ...  ', 4, 'word').size).toBe(0);
  });

  it('cjk shingles are runs of 4 characters', () => {
    expect([...shingles('北京欢迎你', 4, 'cjk').keys()]).toEqual([key('北', '京', '欢', '迎'), key('京', '欢', '迎', '你')]);
  });
});

describe('shingleMatch (per page tp/fp/fn, normalised to sum 1)', () => {
  it('prediction missing the last shingle: tp 1, fn 1 → 0.5/0/0.5', () => {
    expect(shingleMatch('a b c d e', 'a b c d', 'word')).toEqual({ tp: 0.5, fp: 0, fn: 0.5 });
  });

  it('counts matter: a repeated shingle predicted once is half found', () => {
    // gold "x x x x x" → shingle (x x x x) twice; pred once → tp 1, fn 1
    expect(shingleMatch('x x x x x', 'x x x x', 'word')).toEqual({ tp: 0.5, fp: 0, fn: 0.5 });
  });

  it('extra predicted text: gold 2 shingles, prediction 4 with both gold ones → tp 2/4, fp 2/4', () => {
    // gold: (a b c d) (b c d e); pred "a b c d e f g": (a b c d) (b c d e) (c d e f) (d e f g)
    expect(shingleMatch('a b c d e', 'a b c d e f g', 'word')).toEqual({ tp: 0.5, fp: 0.5, fn: 0 });
  });

  it('uneven split: 1 of 3 gold shingles found, 1 wrong one predicted → tp 1/4, fp 1/4, fn 2/4', () => {
    // gold: (a b c d) (b c d e) (c d e f); pred "a b c d z": (a b c d) (b c d z)
    const m = shingleMatch('a b c d e f', 'a b c d z', 'word');
    expect(m.tp).toBeCloseTo(1 / 4);
    expect(m.fp).toBeCloseTo(1 / 4);
    expect(m.fn).toBeCloseTo(2 / 4);
  });

  it('tokens are case-sensitive, as in evaluate.py', () => {
    expect(shingleMatch('Hello World', 'hello world', 'word')).toEqual({ tp: 0, fp: 0.5, fn: 0.5 });
  });

  it('short texts are compared as one shorter shingle', () => {
    expect(shingleMatch('hello world', 'hello world', 'word')).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(shingleMatch('hello world', 'hello', 'word')).toEqual({ tp: 0, fp: 0.5, fn: 0.5 });
  });

  it('both empty → all zero (no division)', () => {
    expect(shingleMatch('', '', 'word')).toEqual({ tp: 0, fp: 0, fn: 0 });
  });

  it('cjk tokenizer finds partial overlap that \\w+ misses', () => {
    expect(shingleMatch('北京欢迎你', '北京欢迎我', 'word').tp).toBe(0);
    // cjk: gold (北京欢迎)(京欢迎你), pred (北京欢迎)(京欢迎我) → tp 1, fp 1, fn 1
    const m = shingleMatch('北京欢迎你', '北京欢迎我', 'cjk');
    expect(m.tp).toBeCloseTo(1 / 3);
    expect(m.fp).toBeCloseTo(1 / 3);
    expect(m.fn).toBeCloseTo(1 / 3);
  });
});

describe('precisionScore / recallScore', () => {
  it('both 1 when fp = fn = 0', () => {
    expect(precisionScore({ tp: 1, fp: 0, fn: 0 })).toBe(1);
    expect(recallScore({ tp: 1, fp: 0, fn: 0 })).toBe(1);
  });

  it('0 when nothing was found', () => {
    expect(precisionScore({ tp: 0, fp: 0, fn: 1 })).toBe(0);
    expect(recallScore({ tp: 0, fp: 1, fn: 0 })).toBe(0);
  });

  it('tp / (tp + fp) and tp / (tp + fn) otherwise', () => {
    expect(precisionScore({ tp: 0.25, fp: 0.25, fn: 0.5 })).toBeCloseTo(0.5);
    expect(recallScore({ tp: 0.25, fp: 0.25, fn: 0.5 })).toBeCloseTo(1 / 3);
  });
});

describe('bodyScores (means over pages, F1 of the means)', () => {
  it('skips precision where tp + fp = 0 and recall where tp + fn = 0', () => {
    const pages = [
      { tp: 0.5, fp: 0, fn: 0.5 }, // P 1, R 0.5
      { tp: 0, fp: 0, fn: 1 }, // nothing predicted: P skipped, R 0
      { tp: 0, fp: 1, fn: 0 }, // gold empty, text predicted: P 0, R skipped
      { tp: 1, fp: 0, fn: 0 }, // perfect: P 1, R 1
      { tp: 0, fp: 0, fn: 0 }, // both empty: both skipped
    ];
    const s = bodyScores(pages);
    expect(s.precision).toBeCloseTo(2 / 3); // (1 + 0 + 1) / 3
    expect(s.recall).toBeCloseTo(1 / 2); // (0.5 + 0 + 1) / 3
    expect(s.f1).toBeCloseTo(4 / 7); // 2 · (2/3) · (1/2) / (2/3 + 1/2)
    expect(s.pages).toBe(5);
  });

  it('end to end: two pages from text', () => {
    const s = bodyScores([shingleMatch('a b c d e', 'a b c d', 'word'), shingleMatch('one two three four', 'one two three four', 'word')]);
    expect(s.precision).toBe(1);
    expect(s.recall).toBeCloseTo(0.75);
    expect(s.f1).toBeCloseTo((2 * 0.75) / 1.75);
  });

  it('no pages: zeros, not NaN', () => {
    expect(bodyScores([])).toEqual({ precision: 0, recall: 0, f1: 0, pages: 0 });
  });
});

describe('dateScores (htmldate)', () => {
  it('tp, fp (wrong day or a date where none is due), fn, tn → P, R, accuracy, F-score, coverage', () => {
    const s = dateScores([
      { gold: '2021-01-01', predicted: '2021-01-01' }, // tp
      { gold: '2021-01-01', predicted: '2020-01-01' }, // fp
      { gold: '2021-01-01', predicted: null }, // fn
      { gold: '', predicted: null }, // tn
      { gold: '', predicted: '2021-05-05' }, // fp
    ]);
    expect(s).toMatchObject({ tp: 1, fp: 2, fn: 1, tn: 1, pages: 5 });
    expect(s.precision).toBeCloseTo(1 / 3);
    expect(s.recall).toBeCloseTo(1 / 2);
    expect(s.accuracy).toBeCloseTo(2 / 5);
    expect(s.fscore).toBeCloseTo(2 / 5); // 2tp / (2tp + fp + fn) = 2 / 5
    expect(s.coverage).toBeCloseTo(2 / 3); // predicted on 2 of the 3 pages with a gold date
  });

  it('no pages: zeros, not NaN', () => {
    expect(dateScores([])).toEqual({ tp: 0, fp: 0, fn: 0, tn: 0, precision: 0, recall: 0, accuracy: 0, fscore: 0, coverage: 0, pages: 0 });
  });
});

describe('normalizeField', () => {
  it('NFKC, lower case, one space, no surrounding quotes or punctuation', () => {
    expect(normalizeField('  «Hello,   World!»  ')).toBe('hello, world');
    expect(normalizeField('ＡＢＣ　Ｄｅｆ')).toBe('abc def');
    expect(normalizeField('"Jane Doe."')).toBe('jane doe');
    expect(normalizeField('【新华社】')).toBe('新华社');
    expect(normalizeField(null)).toBe('');
    expect(normalizeField(undefined)).toBe('');
  });
});

describe('tokenF1', () => {
  it('normalised tokens, with multiplicity', () => {
    expect(tokenF1('Jane Doe', 'jane doe')).toBe(1);
    expect(tokenF1('Jane Doe', 'By Jane Doe')).toBeCloseTo(0.8); // P 2/3, R 1
    expect(tokenF1('a a b', 'a b b')).toBeCloseTo(2 / 3);
    expect(tokenF1('张三', '张三丰')).toBeCloseTo(0.8); // CJK characters are tokens
    expect(tokenF1('Jane Doe', 'John Smith')).toBe(0);
  });

  it('empty gold and empty prediction agree; one empty side scores 0', () => {
    expect(tokenF1('', '')).toBe(1);
    expect(tokenF1('', 'Someone')).toBe(0);
    expect(tokenF1('Someone', '')).toBe(0);
  });
});

describe('fieldScores', () => {
  it('"" gold (the page names none) matches a null or empty prediction', () => {
    expect(fieldScores([{ gold: '', predicted: null }])).toEqual({ exact: 1, tokenF1: 1, pages: 1 });
    expect(fieldScores([{ gold: '', predicted: '' }])).toEqual({ exact: 1, tokenF1: 1, pages: 1 });
    expect(fieldScores([{ gold: '', predicted: 'Jane Doe' }])).toEqual({ exact: 0, tokenF1: 0, pages: 1 });
  });

  it('averages exact match and token F1 over the pages', () => {
    const s = fieldScores([
      { gold: 'Jane Doe', predicted: 'jane  doe' },
      { gold: 'Jane Doe', predicted: 'By Jane Doe' },
      { gold: 'Jane Doe', predicted: null },
      { gold: '', predicted: null },
    ]);
    expect(s.exact).toBeCloseTo(2 / 4);
    expect(s.tokenF1).toBeCloseTo((1 + 0.8 + 0 + 1) / 4);
    expect(s.pages).toBe(4);
  });

  it('no pages: zeros', () => {
    expect(fieldScores([])).toEqual({ exact: 0, tokenF1: 0, pages: 0 });
  });
});
