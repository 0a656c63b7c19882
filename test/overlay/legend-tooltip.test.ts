import { describe, expect, test } from 'vitest';
import { ENGLISH_LABELS, fill } from '../../src/overlay/labels.ts';
import { legendItems, legendNotes } from '../../src/overlay/legend.ts';
import { countKinds } from '../../src/overlay/targets.ts';
import { formatNumbers, tooltipText, tooltipTexts } from '../../src/overlay/tooltip.ts';
import { makeArticle } from '../extension/article-fixture.ts';
import { articleWithNoise, makeNoise, ref } from './noise-fixture.ts';

describe('legendItems', () => {
  test('title, body and link blocks always; other kinds when present; removed count after a noise kind', () => {
    const noise = [makeNoise(), makeNoise(), makeNoise({ removed: false }), makeNoise({ kind: 'template', removed: false })];
    expect(legendItems(countKinds(articleWithNoise(noise)), ENGLISH_LABELS)).toEqual([
      { kind: 'title', text: 'Title 1' },
      { kind: 'body', text: 'Body 1' },
      { kind: 'link-block', text: 'Link blocks 3 (2 removed from the body)' },
      { kind: 'template', text: 'Template blocks 1 (0 removed from the body)' },
    ]);
  });

  test('a page without anchors or noise still says so', () => {
    expect(legendItems(countKinds(makeArticle()), ENGLISH_LABELS).map((i) => i.text)).toEqual(['Title 0', 'Body 0', 'Link blocks 0']);
  });
});

describe('legendNotes', () => {
  test('says how many outlines the cap left out and how many elements were not found', () => {
    expect(legendNotes({ missing: 0, skipped: 0 }, ENGLISH_LABELS)).toEqual([]);
    expect(legendNotes({ missing: 2, skipped: 40 }, ENGLISH_LABELS)).toEqual(['+40 more', '2 not found']);
  });
});

/** The reader's line of each kind (ENGLISH_LABELS), as the tooltip's first line says it. */
const WHY = ENGLISH_LABELS.noiseWhy;

describe('tooltipText', () => {
  test("a noise part: kind and fate, what it is in a reader's words, the preview; the core's reason and numbers behind Shift", () => {
    const block = makeNoise({ numbers: { links: 7, maxGap: 23, dt: 80, ct: 3, lcr: 0.41666 } });
    const target = { kind: 'link-block' as const, selector: '#r', preview: 'Weir repairs', block };
    expect(tooltipText(target, ENGLISH_LABELS)).toEqual({
      heading: 'Link block · removed from the body',
      lines: [WHY['link-block'], '“Weir repairs”'],
    });
    expect(WHY['link-block']).toBe('Mostly links, close together: a menu, a list of other stories or share links, not the article.');
    expect(tooltipText(target, ENGLISH_LABELS, { raw: true }).lines).toEqual([
      WHY['link-block'],
      '6 links ≥ Ct 3, largest gap 23 < dt 80 (code distance), link text 90%',
      'links 7 · maxGap 23 · dt 80 · ct 3 · lcr 0.417',
      '“Weir repairs”',
    ]);
    const kept = makeNoise({ removed: false, numbers: {} });
    expect(tooltipText({ kind: 'link-block', selector: '#r', preview: '', block: kept }, ENGLISH_LABELS).heading).toBe(
      'Link block · kept in the body',
    );
    const outside = makeNoise({ kind: 'template', removed: false, inBody: false });
    expect(tooltipText({ kind: 'template', selector: '#t', preview: '', block: outside }, ENGLISH_LABELS).heading).toBe(
      'Template block · outside the body',
    );
  });

  test("the body: how it was found in a reader's words, then its preview; which method and its figures behind Shift", () => {
    const body = ref('#story', 'The wall held');
    const note = 'block model: the block model keeps 6 of 16 blocks (p ≥ 0.5): 0 the rules left out, 10 of the rules’ body removed';
    const target = { kind: 'body' as const, ...body, block: null, lead: 'learned' as const, note };
    expect(tooltipText(target, ENGLISH_LABELS)).toEqual({
      heading: 'Body',
      lines: ['The article’s text, picked block by block by a model trained on many articles.', '“The wall held”'],
    });
    expect(tooltipText(target, ENGLISH_LABELS, { raw: true }).lines).toEqual([ENGLISH_LABELS.leadWhy.learned, note, '“The wall held”']);
    expect(tooltipTexts([target], ENGLISH_LABELS).lines.at(-1)).toBe(ENGLISH_LABELS.rawHint);
  });

  test('an anchor: its kind and preview', () => {
    const title = ref('#title', 'Flood wall finished');
    expect(tooltipText({ kind: 'title', ...title, block: null }, ENGLISH_LABELS)).toEqual({
      heading: 'Title',
      lines: ['“Flood wall finished”'],
    });
  });

  test('no line of the tooltip speaks the engine until Shift is held', () => {
    const blocks = [
      makeNoise(),
      makeNoise({ kind: 'learned', reason: 'block model: p 0.04 < 0.5 that this block is body', numbers: { p: 0.04 } }),
      makeNoise({ kind: 'path', reason: 'path K 0.6 < 0.75 to the sample path html > body > p', numbers: { leaves: 1 } }),
      makeNoise({ kind: 'template', reason: 'LCS score 0.38 < Ts 0.5', numbers: { score: 0.38 } }),
    ];
    for (const block of blocks) {
      const lines = tooltipTexts([{ kind: block.kind, selector: '#x', preview: 'Share', block }], ENGLISH_LABELS).lines.join('\n');
      expect(lines).not.toMatch(/\bCt\b|\bdt\b|\bp \d|\bK \d|LCS|block model|method \d|maxGap|[≥<]/);
    }
  });
});

describe('tooltipTexts', () => {
  test('one element outlined as two kinds: both explained, the preview once at the end', () => {
    const learned = makeNoise({ kind: 'learned', reason: 'block model: p 0.04 < 0.5 that this block is body', numbers: { p: 0.04 } });
    const path = makeNoise({
      kind: 'path',
      removed: false,
      reason: 'path K 0.6 < 0.75 to the sample path html > body > p',
      numbers: { leaves: 1 },
    });
    const at = { selector: '#share', preview: 'Share this story' };
    const targets = [
      { kind: 'learned' as const, ...at, block: learned },
      { kind: 'path' as const, ...at, block: path },
    ];
    expect(tooltipTexts(targets, ENGLISH_LABELS)).toEqual({
      heading: 'Block-model block · removed from the body',
      lines: [WHY.learned, 'Path-check block · kept in the body', WHY.path, '“Share this story”', ENGLISH_LABELS.rawHint],
    });
    expect(tooltipTexts(targets, ENGLISH_LABELS, { raw: true }).lines).toEqual([
      WHY.learned,
      'block model: p 0.04 < 0.5 that this block is body',
      'p 0.04',
      'Path-check block · kept in the body',
      WHY.path,
      'path K 0.6 < 0.75 to the sample path html > body > p',
      'leaves 1',
      '“Share this story”',
    ]);
  });

  test('one outline: its text and the hint that Shift shows the figures', () => {
    const block = makeNoise({});
    const t = { kind: 'link-block' as const, selector: '#r', preview: 'Weir repairs', block };
    expect(tooltipTexts([t], ENGLISH_LABELS)).toEqual({
      heading: tooltipText(t, ENGLISH_LABELS).heading,
      lines: [...tooltipText(t, ENGLISH_LABELS).lines, ENGLISH_LABELS.rawHint],
    });
  });
});

test('formatNumbers keeps the core order and at most three decimals; fill replaces every $1', () => {
  expect(formatNumbers({ b: 2, a: 1 / 3 })).toBe('b 2 · a 0.333');
  expect(fill('$1 of $1', 4)).toBe('4 of 4');
});

describe('the figures on demand', () => {
  const block = makeNoise({ numbers: { links: 6, maxGap: 23, dt: 80, start: 3553, end: 4400, chars: 847 } });
  const target = { kind: 'link-block' as const, selector: '#r', preview: 'Weir repairs', block };

  test('hidden at first, with a hint that Shift shows them', () => {
    const text = tooltipTexts([target], ENGLISH_LABELS);
    expect(text.lines).toEqual([WHY['link-block'], '“Weir repairs”', ENGLISH_LABELS.rawHint]);
    expect(ENGLISH_LABELS.rawHint).toBe('Hold Shift for the figures behind this');
  });

  test('Shift held: the reason, the numbers, the offsets on a line of their own, no hint', () => {
    const text = tooltipTexts([target], ENGLISH_LABELS, { raw: true });
    expect(text.lines).toEqual([
      WHY['link-block'],
      block.reason,
      'links 6 · maxGap 23 · dt 80 · chars 847',
      'start 3553 · end 4400',
      '“Weir repairs”',
    ]);
  });

  test('no hint for an outline with nothing behind Shift', () => {
    const title = { kind: 'title' as const, selector: '#t', preview: 'Flood wall', block: null };
    expect(tooltipTexts([title], ENGLISH_LABELS).lines).not.toContain(ENGLISH_LABELS.rawHint);
  });
});
