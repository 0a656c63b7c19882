/**
 * Long texts in slices (issue 16, "no main-thread task over 50 ms"): on a page whose link block is the whole
 * page (60 000 links), decoding the block's HTML, counting its text units and normalising its white space
 * were each one step of 100 ms or more. The stepwise versions cut the work into chunks with a checkpoint
 * between them; these tests hold that they give exactly what the one-step versions give, on chunk bounds
 * that fall inside tags, entities, dates, words and runs of white space, and that they do check in.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../src/bench/seeded-random.ts';
import { fragmentText, fragmentTextSteps } from '../../../src/core/link-blocks/scan.ts';
import type { Ticker } from '../../../src/core/slicing.ts';
import { drain, everyTicker } from '../../../src/core/slicing.ts';
import { normalizeSpace, normalizeSpaceSteps } from '../../../src/core/text/normalize.ts';
import { countTextUnits, countTextUnitsSteps } from '../../../src/core/text/text-units.ts';

/** Runs a stepwise helper with a checkpoint at every tick, and counts how often it suspended. */
function stepped<T>(run: (ticker: Ticker) => Generator<void, T, undefined>): { value: T; pauses: number } {
  const steps = run(everyTicker(1));
  let pauses = 0;
  for (;;) {
    const r = steps.next();
    if (r.done) return { value: r.value, pauses };
    pauses++;
  }
}

const PIECES = [
  '<li><a href="/item/1?a=1&amp;b=2">Item 1</a></li>',
  'Tom &amp; Jerry &#x4e2d;&#25991; &nbsp; ',
  '2014年3月28日 12:30 ',
  '   \n\t\u3000\u00a0  ',
  'supercalifragilistic',
  '1,234.5 ',
  '!!!???',
  '新闻，来源：新华社。',
  '< not a tag < <b>bold</b>',
  '&unknown; &#0; &#x110000;',
];

function randomHtml(seed: number, length: number): string {
  const next = seededRandom(seed);
  const parts: string[] = [];
  let n = 0;
  while (n < length) {
    const piece = PIECES[Math.floor(next() * PIECES.length)] as string;
    parts.push(piece);
    n += piece.length;
  }
  return parts.join('');
}

describe('fragmentTextSteps', () => {
  it.each([1, 2, 3])('gives what fragmentText gives on 300 000 characters of mixed HTML (seed %i)', (seed) => {
    const html = randomHtml(seed, 300_000);
    const { value, pauses } = stepped((t) => fragmentTextSteps(html, t));
    expect(value).toBe(fragmentText(html));
    expect(pauses).toBeGreaterThanOrEqual(4);
  });

  it('keeps a short fragment in one step', () => {
    const { value, pauses } = stepped((t) => fragmentTextSteps('<a href="x">A &amp; B</a>', t));
    expect(value).toBe(' A & B ');
    expect(pauses).toBe(0);
  });

  it('reads a long fragment without any "<" as one chunk', () => {
    const text = 'word &amp; '.repeat(20_000);
    expect(drain(fragmentTextSteps(text, everyTicker(1)))).toBe(fragmentText(text));
  });
});

describe('normalizeSpaceSteps', () => {
  it.each([4, 5])('gives what normalizeSpace gives on 300 000 characters (seed %i)', (seed) => {
    const text = `  \n ${randomHtml(seed, 300_000)}\u3000 `;
    const { value, pauses } = stepped((t) => normalizeSpaceSteps(text, t));
    expect(value).toBe(normalizeSpace(text));
    expect(pauses).toBeGreaterThanOrEqual(4);
  });

  it('does not cut a run of white space that spans a chunk bound', () => {
    const text = `${'a'.repeat(65_530)}${' \n\t'.repeat(10)}b${' '.repeat(70_000)}c`;
    expect(drain(normalizeSpaceSteps(text, everyTicker(1)))).toBe(normalizeSpace(text));
  });
});

describe('countTextUnitsSteps', () => {
  it.each([6, 7])('counts what countTextUnits counts on 200 000 characters of text (seed %i)', (seed) => {
    const text = fragmentText(randomHtml(seed, 200_000));
    const { value, pauses } = stepped((t) => countTextUnitsSteps(text, t));
    expect(value).toBe(countTextUnits(text));
    expect(pauses).toBe(value);
  });

  it('stops at the cap as countTextUnits does', () => {
    const text = 'one two three four five six';
    expect(drain(countTextUnitsSteps(text, everyTicker(1), 4))).toBe(countTextUnits(text, 4));
    expect(countTextUnits(text, 4)).toBe(4);
  });

  it('is not disturbed by another count while it is suspended', () => {
    const text = 'alpha beta 2014年3月28日 gamma 1,234.5 delta';
    const steps = countTextUnitsSteps(text, everyTicker(1));
    steps.next();
    expect(countTextUnits('x y z')).toBe(3);
    let r = steps.next();
    while (!r.done) {
      countTextUnits('another text with words');
      r = steps.next();
    }
    expect(r.value).toBe(countTextUnits(text));
  });
});
