/**
 * §4.5 table fill, §4.7 backtrack and §4.10 bounds (trimming, subtree splitting, size and time limits) of
 * the LCS diff, on hand-built feature trees.
 */
import { describe, expect, it } from 'vitest';
import { ComparableTrees } from '../../../src/core/lcs-diff/compare.ts';
import type { Alignment, DiffClock, TreeDiff } from '../../../src/core/lcs-diff/lcs-table.ts';
import { LEFT, TOPLEFT, UP, alignSequences, diffTrees, fillTables } from '../../../src/core/lcs-diff/lcs-table.ts';
import type { FeatureTree } from '../../../src/core/lcs-diff/types.ts';
import { CANDIDATE, TEMPLATE } from '../../../src/core/lcs-diff/types.ts';
import type { LcsDiffOptions } from '../../../src/core/options.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import { NO_CHECKPOINTS, drain, everyTicker } from '../../../src/core/slicing.ts';
import type { NodeSpec } from './tree-fixture.ts';
import { buildTree, el } from './tree-fixture.ts';

const T = TEMPLATE;
const C = CANDIDATE;
const NEVER: DiffClock = { now: () => 0, deadline: Number.POSITIVE_INFINITY };

function opts(
  rest: Partial<Omit<LcsDiffOptions, 'extensions'>> = {},
  extensions: Partial<LcsDiffOptions['extensions']> = {},
): LcsDiffOptions {
  return resolveOptions({ lcsDiff: { ...rest, extensions } }).lcsDiff;
}

function body(...children: NodeSpec[]): FeatureTree {
  return buildTree(el('body', {}, ...children));
}

function emptyAlignment(n: number): Alignment {
  return { verdict: new Uint8Array(n), matchedWith: new Int32Array(n).fill(-1), similarity: new Float32Array(n) };
}

/** Rows of a filled table, row 0 first. */
function rowsOf(values: Int32Array | Uint8Array, rows: number, cols: number): number[][] {
  return Array.from({ length: rows + 1 }, (_, r) => Array.from(values.subarray(r * (cols + 1), (r + 1) * (cols + 1))));
}

function diff(target: FeatureTree, similar: FeatureTree, o: LcsDiffOptions, clock: DiffClock = NEVER): TreeDiff {
  return drain(diffTrees(target, similar, o, clock, NO_CHECKPOINTS));
}

describe('§4.5 table fill', () => {
  it('fills scores and pointers; ties prefer topleft, then top', () => {
    // compare(div#a, div#a) = compare(p"x", p"x") = 1 (3 units without layout); every other pair 0.
    const t = body(el('div', { id: 'a' }), el('p', { text: 'x' }));
    const s = body(el('p', { text: 'x' }), el('div', { id: 'a' }));
    const cmp = new ComparableTrees(t, s, opts());
    const filled = fillTables(cmp, Int32Array.of(1, 2), Int32Array.of(1, 2));
    expect([filled.rows, filled.cols, filled.features]).toEqual([2, 2, 3]);
    expect(rowsOf(filled.score, 2, 2)).toEqual([
      [0, 0, 0],
      [0, 0, 3], // (1,1): topleft = top = left = 0 → topleft
      [0, 3, 3], // (2,2): top = left = 3 > topleft = 0 → top
    ]);
    expect(rowsOf(filled.pointer, 2, 2)).toEqual([
      [0, LEFT, LEFT],
      [UP, TOPLEFT, TOPLEFT],
      [UP, TOPLEFT, UP],
    ]);
  });

  it('takes left only when it is strictly the largest', () => {
    // Without layout div#p vs div#q share className and depth: 2 units; the same id: 3.
    const t = body(el('div', { id: 'a' }), el('div', { id: 'b' }), el('div', { id: 'c' }));
    const s = body(el('div', { id: 'b' }), el('div', { id: 'x' }));
    const cmp = new ComparableTrees(t, s, opts());
    const filled = fillTables(cmp, Int32Array.of(1, 2, 3), Int32Array.of(1, 2));
    expect(rowsOf(filled.score, 2, 3)).toEqual([
      [0, 0, 0, 0],
      [0, 2, 3, 3],
      [0, 2, 4, 5],
    ]);
    expect(rowsOf(filled.pointer, 2, 3)).toEqual([
      [0, LEFT, LEFT, LEFT],
      [UP, TOPLEFT, TOPLEFT, LEFT],
      [UP, TOPLEFT, TOPLEFT, TOPLEFT], // (2,1): topleft = top = 2 → topleft
    ]);
  });
});

describe('§4.7 backtrack', () => {
  const bounds = { trim: false, maxCells: Number.POSITIVE_INFINITY };

  it('up steps are ignored, left steps are candidates, equal nodes template', () => {
    const t = body(el('div', { id: 'a' }), el('p', { text: 'x' }));
    const s = body(el('p', { text: 'x' }), el('div', { id: 'a' }));
    const out = emptyAlignment(t.size);
    alignSequences(new ComparableTrees(t, s, opts()), Int32Array.of(1, 2), Int32Array.of(1, 2), out, bounds);
    expect(Array.from(out.verdict)).toEqual([0, C, T]);
    expect(Array.from(out.matchedWith)).toEqual([-1, -1, 1]);
    expect(Array.from(out.similarity)).toEqual([0, 0, 1]);
  });

  it('the similarity of a topleft step is the cell minus its topleft neighbour; below Ts the node was replaced', () => {
    const t = body(el('div', { id: 'a' }), el('div', { id: 'b' }), el('div', { id: 'c' }));
    const s = body(el('div', { id: 'b' }), el('div', { id: 'x' }));
    const run = (ts: number): Alignment => {
      const out = emptyAlignment(t.size);
      alignSequences(new ComparableTrees(t, s, opts({ replaceThreshold: ts })), Int32Array.of(1, 2, 3), Int32Array.of(1, 2), out, bounds);
      return out;
    };
    const loose = run(0.5);
    expect(Array.from(loose.verdict)).toEqual([0, C, T, T]);
    expect(Array.from(loose.matchedWith)).toEqual([-1, -1, 1, 2]);
    expect(loose.similarity[3]).toBeCloseTo(2 / 3, 6);
    const strict = run(0.7);
    expect(Array.from(strict.verdict)).toEqual([0, C, T, C]);
    expect(Array.from(strict.matchedWith)).toEqual([-1, -1, 1, -1]);
    expect(strict.similarity[3]).toBeCloseTo(2 / 3, 6);
  });

  it('column 0 leaves up steps only; row 0 leaves left steps only', () => {
    const t = body(el('div', { id: 'a' }), el('span'), el('em'));
    const s = body(el('div', { id: 'a' }), el('b'));
    const out = emptyAlignment(t.size);
    alignSequences(new ComparableTrees(t, s, opts()), Int32Array.of(1), Int32Array.of(1, 2), out, bounds);
    expect(Array.from(out.verdict)).toEqual([0, T, 0, 0]);
    const out2 = emptyAlignment(t.size);
    alignSequences(new ComparableTrees(t, s, opts()), Int32Array.of(1, 2, 3), Int32Array.of(2), out2, bounds);
    expect(Array.from(out2.verdict)).toEqual([0, C, C, C]);
  });
});

/** An article page and another article of the same site: same header and footer, different content. */
const page = (title: string, paras: string[], second = 'News'): FeatureTree =>
  body(
    el('div', { id: 'header' }, el('ul', { cls: 'nav' }, el('li', {}, el('a', { text: 'Home' })), el('li', {}, el('a', { text: second })))),
    el('div', { id: 'content' }, el('h1', { text: title }), ...paras.map((text) => el('p', { text }))),
    el('div', { id: 'footer' }, el('p', { text: 'Copyright' })),
  );
// Level order: 0 body; 1 header, 2 content, 3 footer; 4 ul; 5 h1, 6 p, 7 p (content); 8 p (footer); 9, 10 li; 11, 12 a.
const target = page('Title A', ['Para a1', 'Para a2']);
const similar = page('Title B', ['Para b1']);
const EXPECTED = [T, T, T, T, T, C, C, C, T, T, T, T, T];

describe('§4.5–4.7 diffTrees', () => {
  it('matches the template and marks the article as candidates', () => {
    const d = diff(target, similar, opts());
    expect(d.status).toBe('ok');
    expect(Array.from(d.verdict)).toEqual(EXPECTED);
    expect(d.matchedWith[8]).toBe(7); // footer p ↔ the similar page's footer p
    expect(d.matchedWith[12]).toBe(11);
    expect(d.matchedWith[7]).toBe(-1);
  });
});

describe('§4.10 a trimming the common ends', () => {
  it('gives the same verdicts as the full table, with fewer cells', () => {
    const trimmed = diff(target, similar, opts());
    const full = diff(target, similar, opts({ trimCommonEnds: false }));
    expect(Array.from(full.verdict)).toEqual(EXPECTED);
    expect(Array.from(trimmed.matchedWith)).toEqual(Array.from(full.matchedWith));
    expect(trimmed.trimmed).toBe(10); // body … ul, and Copyright … the last a
    expect(trimmed.cells).toBe(3 * 2);
    expect(full.trimmed).toBe(0);
    expect(full.cells).toBe(13 * 12);
  });

  it('alignSequences reports what it trimmed', () => {
    const cmp = new ComparableTrees(target, similar, opts());
    const out = emptyAlignment(target.size);
    const seq = (n: number): Int32Array => Int32Array.from({ length: n }, (_, i) => i);
    const r = alignSequences(cmp, seq(target.size), seq(similar.size), out, { trim: true, maxCells: 100 });
    expect(r).toEqual({ status: 'ok', cells: 6, trimmed: 10 });
    expect(Array.from(out.verdict)).toEqual(EXPECTED);
  });
});

describe('§4.10 b splitting by matched subtrees', () => {
  it('splits a table over maxCells into subtree tables, with the same verdicts and smaller tables', () => {
    // The second link of the nav differs too, so the trimmed middle spans from h1 to that link: 8 × 7 cells.
    const nav = page('Title B', ['Para b1'], 'Sport');
    const unsplit = diff(target, nav, opts());
    const split = diff(target, nav, opts({ maxCells: 10 }));
    const expected = [...EXPECTED.slice(0, -1), C];
    expect(unsplit.status).toBe('ok');
    expect(Array.from(unsplit.verdict)).toEqual(expected);
    expect(unsplit.cells).toBe(8 * 7);
    expect(split.status).toBe('ok');
    expect(Array.from(split.verdict)).toEqual(expected);
    expect(Array.from(split.matchedWith)).toEqual(Array.from(unsplit.matchedWith));
    // BODY's three children pairs; each subtree then fits after trimming (header 1 × 1, content 3 × 2, footer 0).
    expect(split.splits).toBe(3);
    expect(split.cells).toBe(3 * 3 + 1 * 1 + 3 * 2);
    expect(unsplit.peakTableBytes).toBe(9 * 8 * 5);
    expect(split.peakTableBytes).toBe(4 * 4 * 5); // BODY's children: 3 × 3
  });

  it('pairs the children in order when even a child list is over maxCells', () => {
    const d = diff(target, similar, opts({ maxCells: 4 }));
    // BODY's children 3 × 3 > 4: paired in order (header, content, footer), each pair then diffed.
    expect(d.status).toBe('ok');
    expect(d.splits).toBe(3);
    const full = diff(target, similar, opts());
    expect(Array.from(d.verdict)).toEqual(Array.from(full.verdict));
  });

  it('holds smaller tables than the unsplit diff', () => {
    const unsplit = diff(target, similar, opts({ trimCommonEnds: false }));
    const split = diff(target, similar, opts({ maxCells: 20, trimCommonEnds: false }));
    expect(split.status).toBe('ok');
    expect(Array.from(split.verdict)).toEqual(EXPECTED);
    expect(split.splits).toBeGreaterThan(0);
    expect(unsplit.peakTableBytes).toBe(14 * 13 * 5);
    expect(split.peakTableBytes).toBe(5 * 4 * 5); // the content subtree: 4 × 3 nodes
  });

  it('a target subtree the similar page lacks is all candidates', () => {
    const t = body(el('div', { id: 'header' }, el('p', { text: 'h' })), el('aside', {}, el('p', { text: 'ad' }), el('p', { text: 'ad2' })));
    const s = body(el('div', { id: 'header' }, el('p', { text: 'h' })));
    const d = diff(t, s, opts({ maxCells: 2, trimCommonEnds: false }));
    expect(d.status).toBe('ok');
    // 0 body; 1 header, 2 aside; 3 p h; 4, 5 aside's p.
    expect(Array.from(d.verdict)).toEqual([T, T, C, T, C, C]);
    expect(d.splits).toBe(2); // BODY's children (header), then header's (p)
  });

  it('splits down chains thousands of levels deep without recursion', () => {
    const chain = (leaf: string): FeatureTree => {
      let node: NodeSpec = el('p', { text: leaf });
      for (let d = 0; d < 2_500; d++) node = el('div', {}, node);
      return body(node);
    };
    const d = diff(chain('one'), chain('two'), opts({ maxCells: 100, trimCommonEnds: false }));
    expect(d.status).toBe('ok');
    expect(d.verdict[d.verdict.length - 1]).toBe(C);
    expect(d.verdict.slice(0, -1).every((v) => v === T)).toBe(true);
  });
});

describe('§4.10 c–d limits', () => {
  it("status 'size' when a table is over maxCells and splitting is off", () => {
    const d = diff(target, similar, opts({ maxCells: 4, splitSubtrees: false }));
    expect(d.status).toBe('size');
    expect(d.cells).toBe(0);
  });

  it("status 'size' when a tree has more than maxNodes nodes", () => {
    expect(diff(target, similar, opts({ maxNodes: 12 })).status).toBe('size');
    expect(diff(target, similar, opts({ maxNodes: 13 })).status).toBe('ok');
  });

  it("status 'budget' with a clock already past the deadline", () => {
    const d = diff(target, similar, opts(), { now: () => 10, deadline: 5 });
    expect(d.status).toBe('budget');
    expect(d.verdict.every((v) => v === 0)).toBe(true);
  });

  it("status 'budget' when the deadline passes while the table is filled", () => {
    let calls = 0;
    const d = diff(target, similar, opts({ trimCommonEnds: false }), { now: () => calls++, deadline: 5 });
    expect(d.status).toBe('budget');
    expect(d.cells).toBe(0);
    expect(calls).toBe(7); // before the diff, before the pair, then rows 1 … 5 (the 5th passes the deadline)
  });

  it('yields at checkpoints and returns the same diff', () => {
    const steps = diffTrees(target, similar, opts({ trimCommonEnds: false }), NEVER, everyTicker(10));
    let yields = 0;
    let r = steps.next();
    while (!r.done) {
      yields++;
      r = steps.next();
    }
    expect(yields).toBeGreaterThan(5);
    expect(Array.from(r.value.verdict)).toEqual(EXPECTED);
  });
});
