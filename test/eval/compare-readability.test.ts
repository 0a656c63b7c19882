/**
 * `eval --compare readability` on hand-made predictions: both sides are scored with the eval's body metric,
 * a page goes to the side ahead by more than the tie margin, the top pages are the widest margins each way
 * (at most `top`), every page where Readability gave no body scores 0 and is counted by why, and a Chinese
 * set decides by CJK tokens.
 */
import { describe, expect, it } from 'vitest';
import type { ReadabilityOutcome } from '../../src/node/engines/engine.ts';
import type { Dataset } from '../../src/eval/dataset.ts';
import { goldRecord, handSet, prediction as predicted } from '../helpers/eval-fixtures.ts';
import { BODY_START_CHARS, TIE_WITHIN, bodyStart, compareReadability } from '../../src/eval/compare-readability.ts';
import { formatComparison } from '../../src/eval/format-comparison.ts';
import type { Prediction } from '../../src/eval/score.ts';
import { bodyFigure } from '../../src/eval/score.ts';

const SENTENCES = [
  'The council approved the new budget on Monday after a long debate about schools and roads.',
  'Teachers welcomed the extra money but said that the older buildings still need repairs.',
  'The mayor promised a second vote in the spring, once the costs of the repairs are known.',
  'Residents can read the full plan at the town hall or on the council website until June.',
];
const GOLD_TEXT = SENTENCES.join('\n');

function dataset(bodies: Record<string, string | null>, lang = 'en'): Dataset {
  return handSet(
    Object.entries(bodies).map(([id, body]) => goldRecord(id, { lang, body })),
    { cjk: lang === 'zh' },
  );
}

const found = (text: string): ReadabilityOutcome => ({ ok: true, found: true, text, ms: 1 });

function prediction(id: string, body: string, readability?: ReadabilityOutcome): Prediction {
  return predicted(id, { body, ...(readability ? { readability } : {}) });
}

const SETTINGS = { version: '0.6.0', engine: 'dom', top: 10 };

describe('compareReadability', () => {
  it('scores both sides with the eval body metric over the pages with a gold body', () => {
    const set = dataset({ a: GOLD_TEXT, b: GOLD_TEXT, unannotated: null });
    const half = SENTENCES.slice(0, 2).join('\n');
    const preds = [
      prediction('a', GOLD_TEXT, found(half)),
      prediction('b', half, found(GOLD_TEXT)),
      prediction('unannotated', 'x', found('y')),
    ];
    const c = compareReadability(set, preds, SETTINGS);
    expect(c.pages).toBe(2);
    expect(c.ours.body).toEqual(
      bodyFigure(
        [
          { gold: GOLD_TEXT, predicted: GOLD_TEXT },
          { gold: GOLD_TEXT, predicted: half },
        ],
        'word',
      ),
    );
    expect(c.readability.body).toEqual(c.ours.body);
    expect(c.ours.bodyCjk).toBeNull();
    expect(c.perPage.map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('a page goes to the side ahead by more than the tie margin; the top pages are the widest margins, at most `top`', () => {
    const long = Array.from({ length: 10 }, () => GOLD_TEXT).join('\n');
    const bodies = { tie: GOLD_TEXT, near: long, small: GOLD_TEXT, big: GOLD_TEXT, lost: GOLD_TEXT };
    const three = SENTENCES.slice(0, 3).join('\n');
    const one = SENTENCES[0] as string;
    const preds = [
      prediction('tie', GOLD_TEXT, found(GOLD_TEXT)),
      // One word less on a long page (ten times the others): a difference below the tie margin.
      prediction('near', long, found(long.replace(/ until June\.$/, ' June.'))),
      prediction('small', GOLD_TEXT, found(three)),
      prediction('big', GOLD_TEXT, found(one)),
      prediction('lost', one, found(GOLD_TEXT)),
    ];
    const c = compareReadability(dataset(bodies), preds, { ...SETTINGS, top: 1 });
    const near = c.perPage.find((p) => p.id === 'near');
    expect(near && Math.abs(near.ours - near.readability)).toBeLessThanOrEqual(TIE_WITHIN);
    expect(near && near.ours - near.readability).toBeGreaterThan(0);
    expect(c.wins).toEqual({ ours: 2, readability: 1, ties: 2 });
    expect(c.top.ours.map((p) => p.id)).toEqual(['big']);
    expect(c.top.readability.map((p) => p.id)).toEqual(['lost']);
    expect(c.top.ours[0]).toMatchObject({
      oursStart: bodyStart(GOLD_TEXT),
      readabilityStart: bodyStart(one),
      goldStart: bodyStart(GOLD_TEXT),
    });

    const all = compareReadability(dataset(bodies), preds, SETTINGS);
    expect(all.top.ours.map((p) => p.id)).toEqual(['big', 'small']);
  });

  it('Readability giving no body scores 0 and is counted by why; a page it did not answer for is "not run"', () => {
    const set = dataset({ none: GOLD_TEXT, threw: GOLD_TEXT, slow: GOLD_TEXT, skipped: GOLD_TEXT, missing: GOLD_TEXT, ok: GOLD_TEXT });
    const preds = [
      prediction('none', GOLD_TEXT, { ok: true, found: false, text: '', ms: 1 }),
      prediction('threw', GOLD_TEXT, { ok: false, kind: 'error', error: 'TypeError: x is null', ms: 1 }),
      prediction('slow', GOLD_TEXT, {
        ok: false,
        kind: 'time-limit',
        error: 'skipped: time limit reached (1 s) during Readability',
        ms: 1000,
      }),
      prediction('skipped', '', { ok: false, kind: 'not-run', error: 'not run: empty file', ms: 0 }),
      prediction('missing', GOLD_TEXT),
      prediction('ok', GOLD_TEXT, found(GOLD_TEXT)),
    ];
    const c = compareReadability(set, preds, SETTINGS);
    expect(c.readabilityFailures).toEqual({ noArticle: 1, error: 1, 'time-limit': 1, 'not-run': 2 });
    expect(c.perPage.filter((p) => p.id !== 'ok').map((p) => p.readability)).toEqual([0, 0, 0, 0, 0]);
    expect(c.perPage.map((p) => p.readabilityProblem)).toEqual([
      'no article found',
      'TypeError: x is null',
      'skipped: time limit reached (1 s) during Readability',
      'not run: empty file',
      'not run',
      undefined,
    ]);
    expect(c.readability.body.recall).toBeCloseTo(1 / 6, 10);

    const text = formatComparison(c);
    expect(text).toContain(
      '  Readability gave no body on 5 pages (scored as empty): no article found 1, error 1, time limit 1, not run 2\n',
    );
    expect(text).toContain('\n    threw: TypeError: x is null\n');
    expect(text).toContain('      Readability: (empty: no article found)\n');
  });

  it('a Chinese set prints the CJK figures too and decides pages by CJK tokens', () => {
    const gold = '市政府周一通过了新的预算，教师们对此表示欢迎。\n市长承诺春季再次投票。';
    const c = compareReadability(dataset({ a: gold }, 'zh'), [prediction('a', gold, found('市长承诺春季再次投票。'))], SETTINGS);
    expect(c.decidedBy).toBe('cjk');
    expect(c.ours.bodyCjk?.f1).toBe(1);
    expect(c.readability.bodyCjk).toEqual(bodyFigure([{ gold, predicted: '市长承诺春季再次投票。' }], 'cjk'));
    expect(c.perPage[0]?.readability).toBe(c.readability.bodyCjk?.f1);
    const text = formatComparison(c);
    expect(text).toMatch(/^ {2}body \(CJK tokens\) +F1 1\.000 +P 1\.000 +R 1\.000 +F1 \d\.\d{3}/m);
    expect(text).toContain('(page CJK-token F1, a tie within 0.01)');
  });
});

describe('formatComparison', () => {
  it('says so when no page goes either way and Readability gave a body everywhere', () => {
    const c = compareReadability(dataset({ a: GOLD_TEXT }), [prediction('a', GOLD_TEXT, found(GOLD_TEXT))], SETTINGS);
    const text = formatComparison(c);
    expect(text).toContain('  pages won             ours 0, Readability 0, ties 1');
    expect(text).toContain('  Readability gave a body on every page\n');
    expect(text).toContain('  ours ahead most: no page\n  Readability ahead most: no page');
  });
});

describe('bodyStart', () => {
  it('puts the body on one line and cuts it at BODY_START_CHARS characters with an ellipsis', () => {
    expect(bodyStart('  a\n\n b\tc  ')).toBe('a b c');
    const long = 'word '.repeat(50);
    expect(bodyStart(long)).toBe(`${long.slice(0, BODY_START_CHARS)}…`);
    expect(bodyStart('x'.repeat(BODY_START_CHARS))).toBe('x'.repeat(BODY_START_CHARS));
  });

  it('counts characters, not UTF-16 units, so a cut never splits one', () => {
    const emoji = '😀'.repeat(BODY_START_CHARS + 1);
    expect(bodyStart(emoji)).toBe(`${'😀'.repeat(BODY_START_CHARS)}…`);
  });
});
