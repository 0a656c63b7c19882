/**
 * §4.6 compare(a, b), branch by branch, with the gap-fillers on and off.
 */
import { describe, expect, it } from 'vitest';
import { ComparableTrees } from '../../../src/core/lcs-diff/compare.ts';
import type { FeatureTree } from '../../../src/core/lcs-diff/types.ts';
import type { LcsDiffOptions } from '../../../src/core/options.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import type { NodeSpec } from './tree-fixture.ts';
import { buildTree, el } from './tree-fixture.ts';

type Extensions = Partial<LcsDiffOptions['extensions']>;

function opts(extensions: Extensions = {}, rest: Partial<Omit<LcsDiffOptions, 'extensions'>> = {}): LcsDiffOptions {
  return resolveOptions({ lcsDiff: { ...rest, extensions } }).lcsDiff;
}

function cmpOf(target: FeatureTree, similar: FeatureTree, extensions: Extensions = {}): ComparableTrees {
  return new ComparableTrees(target, similar, opts(extensions));
}

/** Both trees as BODY > the given children. */
function pair(target: NodeSpec[], similar: NodeSpec[], layout?: boolean): [FeatureTree, FeatureTree] {
  return [buildTree(el('body', {}, ...target), layout), buildTree(el('body', {}, ...similar), layout)];
}

describe('§4.6 compare: tag and BODY', () => {
  it('different tag → 0', () => {
    const [t, s] = pair([el('div', { id: 'a' })], [el('span', { id: 'a' })]);
    expect(cmpOf(t, s).compare(1, 1)).toBe(0);
  });

  it('both BODY → 1', () => {
    const [t, s] = pair([el('div')], [el('span')]);
    expect(cmpOf(t, s).compare(0, 0)).toBe(1);
  });

  it('one BODY → 0, even against a node tagged body', () => {
    const [t, s] = pair([el('body')], [el('body')]);
    const cmp = cmpOf(t, s);
    expect(cmp.compare(0, 1)).toBe(0);
    expect(cmp.compare(1, 0)).toBe(0);
    expect(cmp.compare(1, 1)).toBe(1); // both non-root, parents both BODY, same (empty) features
  });
});

describe('§4.6 compare: parents', () => {
  // Parents: same tag, different id and class, same depth → compare(parents) = 1/3 < Ts = 0.5.
  const [t, s] = pair(
    [el('div', { id: 'a', cls: 'x' }, el('div', { id: 'k', cls: 'k' }))],
    [el('div', { id: 'b', cls: 'y' }, el('div', { id: 'k', cls: 'k' }))],
  );

  it('parents not similar (compare(parents) < Ts) → 0', () => {
    const cmp = cmpOf(t, s);
    expect(cmp.compare(1, 1)).toBeCloseTo(1 / 3, 10);
    expect(cmp.compare(2, 2)).toBe(0);
  });

  it('parents similar when compare(parents) ≥ Ts', () => {
    const cmp = new ComparableTrees(t, s, opts({}, { replaceThreshold: 0.3 }));
    expect(cmp.compare(2, 2)).toBe(1);
  });

  it('without parentSimilarity: parents are similar when their tags are', () => {
    expect(cmpOf(t, s, { parentSimilarity: false }).compare(2, 2)).toBe(1);
    const [t2, s2] = pair([el('div', {}, el('p', { text: 'x' }))], [el('section', {}, el('p', { text: 'x' }))]);
    expect(cmpOf(t2, s2, { parentSimilarity: false }).compare(2, 2)).toBe(0);
    expect(cmpOf(t2, s2).compare(2, 2)).toBe(0);
  });

  it('a dissimilar grandparent makes the parents dissimilar, and the child', () => {
    const [t3, s3] = pair(
      [el('div', { id: 'g1', cls: 'g' }, el('div', { cls: 'p' }, el('span', { text: 'same' })))],
      [el('div', { id: 'g2', cls: 'h' }, el('div', { cls: 'p' }, el('span', { text: 'same' })))],
    );
    const cmp = cmpOf(t3, s3);
    expect(cmp.compare(1, 1)).toBeCloseTo(1 / 3, 10); // grandparents: depth only
    expect(cmp.compare(2, 2)).toBe(0); // parents equal on their own, but their parents are not similar
    expect(cmp.compare(3, 3)).toBe(0);
    expect(cmpOf(t3, s3, { parentSimilarity: false }).compare(3, 3)).toBe(1);
  });

  it('memoises parent pairs: a second compare and a sibling reuse them', () => {
    const [t4, s4] = pair(
      [el('div', { id: 'm' }, el('p', { text: 'one' }), el('p', { text: 'two' }))],
      [el('div', { id: 'm' }, el('p', { text: 'one' }), el('p', { text: 'two' }))],
    );
    const cmp = cmpOf(t4, s4);
    expect(cmp.compare(2, 2)).toBe(1);
    const evaluations = cmp.parentEvaluations;
    expect(evaluations).toBe(2); // (div, div), then (BODY, BODY)
    expect(cmp.compare(2, 2)).toBe(1);
    expect(cmp.compare(3, 3)).toBe(1);
    expect(cmp.compare(3, 2)).toBe(0);
    expect(cmp.parentEvaluations).toBe(evaluations);
  });

  it('walks up chains thousands of levels deep without recursion', () => {
    const chain = (depth: number, topId: string): FeatureTree => {
      let node: NodeSpec = el('p', { text: 'leaf' });
      for (let d = depth; d > 1; d--) node = el('div', d === 2 ? { id: topId } : {}, node);
      return buildTree(el('body', {}, node));
    };
    const depth = 3_000;
    const t5 = chain(depth, 'top');
    const deepest = t5.size - 1;
    expect(t5.depth[deepest]).toBe(depth);
    expect(cmpOf(t5, chain(depth, 'top')).compare(deepest, deepest)).toBe(1);
    // Top-most divs differ in id only: 2/3 ≥ Ts, so the chain stays similar; with Ts = 0.9 the leaf gets 0.
    const other = chain(depth, 'other');
    expect(cmpOf(t5, other).compare(deepest, deepest)).toBe(1);
    expect(new ComparableTrees(t5, other, opts({}, { replaceThreshold: 0.9 })).compare(deepest, deepest)).toBe(0);
  });
});

describe('§4.6 compare: content nodes', () => {
  it('both content: 1 when the content is the same, else 0', () => {
    const [t, s] = pair(
      [el('p', { text: 'Hello world' }), el('p', { text: 'Hello' })],
      [el('p', { text: 'Hello world' }), el('p', { text: 'Bye' })],
    );
    const cmp = cmpOf(t, s);
    expect(cmp.compare(1, 1)).toBe(1);
    expect(cmp.compare(2, 2)).toBe(0);
    expect(cmp.compare(2, 1)).toBe(0);
  });

  it('normalised text is compared with normalisedContent, the raw text without', () => {
    const [t, s] = pair([el('p', { text: 'Hello   world ' })], [el('p', { text: 'Hello world' })]);
    expect(cmpOf(t, s).compare(1, 1)).toBe(1);
    expect(cmpOf(t, s, { normalisedContent: false }).compare(1, 1)).toBe(0);
  });

  it('image sources count with normalisedContent only', () => {
    const [t, s] = pair([el('p', { img: 'a.png' })], [el('p', { img: 'b.png' })]);
    expect(cmpOf(t, s).compare(1, 1)).toBe(0);
    expect(cmpOf(t, s, { normalisedContent: false }).compare(1, 1)).toBe(1);
  });

  it('one content node, one structure node → 0', () => {
    const [t, s] = pair([el('p', { text: '' })], [el('p')]);
    expect(cmpOf(t, s).compare(1, 1)).toBe(0);
    expect(cmpOf(s, t).compare(1, 1)).toBe(0);
  });
});

describe('§4.6 compare: the fraction of equal features', () => {
  it('without layout: id, className, depth (3 features)', () => {
    const [t, s] = pair([el('div', { id: 'a', cls: 'x' })], [el('div', { id: 'a', cls: 'y' })]);
    const cmp = cmpOf(t, s);
    expect(cmp.features).toBe(3);
    expect(cmp.compare(1, 1)).toBeCloseTo(2 / 3, 10);
    expect(cmp.units(1, 1)).toBe(2);
  });

  it('with layout in both trees: 7 features, boxes equal within the tolerance', () => {
    const [t, s] = pair([el('div', { id: 'a', cls: 'x', box: [0, 0, 100, 50] })], [el('div', { id: 'a', cls: 'y', box: [1, 0, 100, 60] })]);
    const cmp = cmpOf(t, s);
    expect(cmp.features).toBe(7);
    // id, depth, left (1 px off, within 2), top, width equal; className and height (10 px off) not.
    expect(cmp.compare(1, 1)).toBeCloseTo(5 / 7, 10);
    // Pixel-exact without the boxTolerance extension: left differs too.
    expect(cmpOf(t, s, { boxTolerance: false }).compare(1, 1)).toBeCloseTo(4 / 7, 10);
    // A wider tolerance takes the height in.
    expect(new ComparableTrees(t, s, opts({}, { boxTolerancePx: 10 })).compare(1, 1)).toBeCloseTo(6 / 7, 10);
  });

  it('when either tree lacks layout: 3 features, boxes ignored', () => {
    const t = buildTree(el('body', {}, el('div', { id: 'a', cls: 'x', box: [0, 0, 100, 50] })));
    const s = buildTree(el('body', {}, el('div', { id: 'a', cls: 'y', box: [500, 500, 1, 1] })), false);
    const cmp = cmpOf(t, s);
    expect(cmp.layout).toBe(false);
    expect(cmp.compare(1, 1)).toBeCloseTo(2 / 3, 10);
  });

  it('a node with nothing equal but its tag scores 0', () => {
    const [t, s] = pair(
      [el('div', { id: 'a' }, el('div', { id: 'b' }))],
      [el('div', { id: 'a', cls: 'z' }, el('div', { id: 'c', cls: 'x' }))],
    );
    // target node 2 (depth 2) against similar node 1 (depth 1): id, class, depth all differ.
    expect(cmpOf(t, s).compare(2, 1)).toBe(0);
    expect(cmpOf(t, s).compare(2, 2)).toBeCloseTo(1 / 3, 10);
  });
});
