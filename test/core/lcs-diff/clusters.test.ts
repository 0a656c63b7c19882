/**
 * §4.8 clustering of candidates and §4.9 cluster metrics and scores.
 */
import { describe, expect, it } from 'vitest';
import type { ClusterMetrics } from '../../../src/core/lcs-diff/clusters.ts';
import { buildChildIndex } from '../../../src/core/lcs-diff/child-index.ts';
import { clusterCandidates, clusterMetrics, scoreClusters } from '../../../src/core/lcs-diff/clusters.ts';
import { CANDIDATE, TEMPLATE } from '../../../src/core/lcs-diff/types.ts';
import type { FeatureTree } from '../../../src/core/lcs-diff/types.ts';
import { buildTree, el } from './tree-fixture.ts';

/**
 * Level order: 0 body; 1 A, 2 B; 3 a1, 4 a2, 5 C (A's); 6 b1 (B's); 7 c1, 8 c2 (C's); 9 link in c1.
 */
const tree: FeatureTree = buildTree(
  el(
    'body',
    { box: [0, 0, 1000, 2000] },
    el(
      'div',
      { id: 'A', box: [0, 0, 800, 1000] },
      el('p', { text: 'Hello world', box: [0, 0, 800, 100] }),
      el('p', { text: 'Second  para here', box: [0, 100, 800, 100] }),
      el(
        'div',
        { id: 'C', box: [0, 200, 800, 300] },
        el('p', { text: 'abc', box: [0, 200, 800, 50] }, el('a', { text: 'go', box: [0, 200, 20, 20] })),
        el('p', { img: 'x.png', box: [0, 250, 800, 250] }),
      ),
    ),
    el('div', { id: 'B', box: [800, 0, 200, 1000] }, el('a', { text: 'More links', box: [800, 0, 200, 50] })),
  ),
);

function verdictOf(candidates: number[]): Uint8Array {
  const v = new Uint8Array(tree.size).fill(TEMPLATE);
  for (const c of candidates) v[c] = CANDIDATE;
  return v;
}

describe('§4.8 clusterCandidates', () => {
  it('the fixture is in the documented level order', () => {
    expect(tree.tag).toEqual(['body', 'div', 'div', 'p', 'p', 'div', 'a', 'p', 'p', 'a']);
    expect(tree.parent).toEqual([-1, 0, 0, 1, 1, 1, 2, 5, 5, 7]);
  });

  it('drops candidates below a candidate and gathers the seed’s siblings', () => {
    // 7, 8, 9 lie under the candidate 5; 3, 4, 5 share the parent A; 6 is B's.
    expect(clusterCandidates(tree, verdictOf([3, 4, 5, 6, 7, 8, 9]))).toEqual([[3, 4, 5], [6]]);
  });

  it('gathers the candidates whose grandparent is the seed’s parent, not further', () => {
    // 7 and 8: grandparent A = the parent of 3. 9: great-grandchild of A, its own cluster.
    expect(clusterCandidates(tree, verdictOf([3, 7, 8]))).toEqual([[3, 7, 8]]);
    expect(clusterCandidates(tree, verdictOf([3, 9]))).toEqual([[3], [9]]);
    // 6's parent B has no candidate grandchildren; 3 is not B's grandchild.
    expect(clusterCandidates(tree, verdictOf([6, 3]))).toEqual([[3], [6]]);
  });

  it('the gathering does not chain: a seed takes its siblings and nephews only', () => {
    // Seed 3 (parent A) takes 8 (grandparent A). 9's grandparent is C, 8's parent: it would join a cluster
    // seeded by 8, but 8 joined 3's, so 9 seeds its own.
    expect(clusterCandidates(tree, verdictOf([3, 8, 9]))).toEqual([[3, 8], [9]]);
    // A candidate ancestor hides the whole subtree: 5 lies under 1.
    expect(clusterCandidates(tree, verdictOf([1, 2, 5]))).toEqual([[1, 2]]);
  });

  it('no candidates, no clusters', () => {
    expect(clusterCandidates(tree, verdictOf([]))).toEqual([]);
  });
});

describe('§4.9 clusterMetrics', () => {
  it('measures the subtrees of a cluster', () => {
    const m = clusterMetrics(tree, buildChildIndex(tree.parent), [3, 4, 5]);
    // text: "Hello world" 11 + "Second para here" 16 + "abc" 3 + "go" 2.
    expect(m.textChars).toBe(32);
    // area: the top nodes' boxes, 800×100 + 800×100 + 800×300.
    expect(m.area).toBe(400_000);
    // effective area: the outermost content nodes 3, 4, 7 (800×50) and 8 (800×250, an image); not the link 9 inside 7.
    expect(m.effectiveArea).toBe(80_000 + 80_000 + 40_000 + 200_000);
    expect(m.contentTags).toBe(5);
    expect(m.linkRate).toBeCloseTo(2 / 32, 10);
    // code: <p></p> 7 + 11, 7 + 16, <div id="C"></div> 18, 7 + 3, 7, <a></a> 7 + 2.
    expect(m.textToCode).toBeCloseTo(32 / (18 + 23 + 18 + 10 + 7 + 9), 10);
  });

  it('link rate of a link cluster; 0 without text', () => {
    expect(clusterMetrics(tree, buildChildIndex(tree.parent), [6]).linkRate).toBe(1);
    const noText = clusterMetrics(tree, buildChildIndex(tree.parent), [8]);
    expect(noText.linkRate).toBe(0);
    expect(noText.textChars).toBe(0);
    expect(noText.effectiveArea).toBe(200_000);
  });

  it('without layout the areas are 0', () => {
    const plain = buildTree(el('body', {}, el('div', {}, el('p', { text: 'text' }))));
    const m = clusterMetrics(plain, buildChildIndex(plain.parent), [1]);
    expect([m.area, m.effectiveArea, m.textChars, m.contentTags]).toEqual([0, 0, 4, 1]);
  });
});

describe('§4.9 scoreClusters', () => {
  const metric = (
    textChars: number,
    area: number,
    effectiveArea: number,
    contentTags: number,
    linkRate: number,
    textToCode: number,
  ): ClusterMetrics => ({
    textChars,
    area,
    effectiveArea,
    contentTags,
    linkRate,
    textToCode,
  });
  const metrics = [
    metric(1000, 500, 400, 10, 0.05, 2),
    metric(200, 900, 0, 3, 0.9, 0.5),
    metric(500, 100, 300, 10, 0, 1),
    metric(0, 0, 0, 0, 0, 0),
  ];

  it('gives +5, +3, +1 per metric (−5, −3, −1 for link rate); zeros rank nobody; ties share a place', () => {
    const s = scoreClusters(metrics, { rankedClusters: 3, closeToBestMargin: 3 });
    expect(s.points[0]).toEqual({ textChars: 5, area: 3, effectiveArea: 5, contentTags: 5, linkRate: -3, textToCode: 5 });
    expect(s.points[1]).toEqual({ textChars: 1, area: 5, effectiveArea: 0, contentTags: 1, linkRate: -5, textToCode: 1 });
    expect(s.points[2]).toEqual({ textChars: 3, area: 1, effectiveArea: 3, contentTags: 5, linkRate: 0, textToCode: 3 });
    expect(s.points[3]).toEqual({ textChars: 0, area: 0, effectiveArea: 0, contentTags: 0, linkRate: 0, textToCode: 0 });
    expect(s.scores).toEqual([20, 3, 15, 0]);
    expect(s.best).toBe(20);
    expect(s.kept).toEqual([true, false, false, false]);
  });

  it('keeps every cluster within the margin of the best', () => {
    expect(scoreClusters(metrics, { rankedClusters: 3, closeToBestMargin: 5 }).kept).toEqual([true, false, true, false]);
    expect(scoreClusters(metrics, { rankedClusters: 3, closeToBestMargin: 4.9 }).kept).toEqual([true, false, false, false]);
  });

  it('rankedClusters limits how many places score', () => {
    const s = scoreClusters(metrics, { rankedClusters: 1, closeToBestMargin: 0 });
    expect(s.scores).toEqual([20, 0, 5, 0]);
    expect(s.points[1]).toEqual({ textChars: 0, area: 5, effectiveArea: 0, contentTags: 0, linkRate: -5, textToCode: 0 });
  });

  it('no clusters: nothing kept', () => {
    const s = scoreClusters([], { rankedClusters: 3, closeToBestMargin: 3 });
    expect(s).toEqual({ scores: [], kept: [], best: Number.NEGATIVE_INFINITY, points: [] });
  });
});
