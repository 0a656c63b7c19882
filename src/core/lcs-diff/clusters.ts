/**
 * §4.8 Clusters of candidates and §4.9 their scores: which candidate regions of the target page are its
 * information blocks.
 */
import type { LcsDiffOptions } from './options.ts';
import type { ChildIndex } from './child-index.ts';
import type { FeatureTree } from './types.ts';
import { BOX_STRIDE, CANDIDATE } from './types.ts';

/** §4.9 Points of the top clusters of a metric's ranking, best first (link rate: the same, negative). */
export const RANK_POINTS: readonly number[] = [5, 3, 1];
/** Offsets of width and height in a node's entries of `FeatureTree.box` (left, top, width, height). */
const BOX_WIDTH = 2;
const BOX_HEIGHT = 3;

/** §4.9 What is measured of a cluster, over the subtrees of its top-most candidates. */
export interface ClusterMetrics {
  /** Text length: characters of text in the subtrees. */
  readonly textChars: number;
  /** Area: the top-most candidates' boxes, w × h summed (0 without layout). */
  readonly area: number;
  /** Effective area: the boxes of the content nodes that hold text or an image (outermost ones, so nested boxes count once). */
  readonly effectiveArea: number;
  /** Number of content tags: content nodes in the subtrees. */
  readonly contentTags: number;
  /** Link rate: link characters / text characters, 0 without text. */
  readonly linkRate: number;
  /** Text-to-code ratio: text characters / markup characters, 0 without markup. */
  readonly textToCode: number;
}

export type ClusterMetricName = keyof ClusterMetrics;

/** §4.9 metrics, in the order they are scored; link rate scores negative points. */
export const CLUSTER_METRICS: readonly ClusterMetricName[] = [
  'textChars',
  'area',
  'effectiveArea',
  'contentTags',
  'linkRate',
  'textToCode',
];

export interface ClusterScores {
  /** Per cluster: the sum of its points. */
  readonly scores: readonly number[];
  /** Per cluster: an information block (score ≥ best − `closeToBestMargin`). */
  readonly kept: readonly boolean[];
  /** The best score (−Infinity without clusters). */
  readonly best: number;
  /** Per cluster: the points each metric gave it. */
  readonly points: readonly Readonly<Record<ClusterMetricName, number>>[];
}

/**
 * §4.8 Drops the candidates whose ancestor is a candidate, then, in level order, takes the first remaining
 * candidate and gathers the remaining candidates that share its parent or whose grandparent is its parent;
 * repeats for the rest. Each cluster lists its top-most candidates in level order (their subtrees belong to it).
 */
export function clusterCandidates(tree: FeatureTree, verdict: Uint8Array): number[][] {
  const n = tree.size;
  const parent = tree.parent;
  const covered = new Uint8Array(n); // 1: the node or an ancestor is a candidate
  const tops: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = parent[i]!;
    const above = p >= 0 && covered[p] === 1;
    if (verdict[i] === CANDIDATE && !above) tops.push(i);
    covered[i] = above || verdict[i] === CANDIDATE ? 1 : 0;
  }
  const byParent = new Map<number, number[]>();
  const byGrandparent = new Map<number, number[]>();
  for (const c of tops) {
    const p = parent[c]!;
    if (p < 0) continue;
    listOf(byParent, p).push(c);
    const g = parent[p]!;
    if (g >= 0) listOf(byGrandparent, g).push(c);
  }
  const taken = new Uint8Array(n);
  const clusters: number[][] = [];
  for (const seed of tops) {
    if (taken[seed]) continue;
    const p = parent[seed]!;
    const cluster = [seed];
    taken[seed] = 1;
    if (p >= 0) {
      for (const c of [...(byParent.get(p) ?? []), ...(byGrandparent.get(p) ?? [])]) {
        if (taken[c]) continue;
        taken[c] = 1;
        cluster.push(c);
      }
    }
    clusters.push(cluster.sort((a, b) => a - b));
  }
  return clusters;
}

/** §4.9 The metrics of one cluster; `kids` is the tree's child index (child-index.ts). */
export function clusterMetrics(tree: FeatureTree, kids: ChildIndex, cluster: readonly number[]): ClusterMetrics {
  let textChars = 0;
  let linkChars = 0;
  let codeChars = 0;
  let contentTags = 0;
  let area = 0;
  let effectiveArea = 0;
  const stack: number[] = [];
  for (const top of cluster) {
    area += boxArea(tree, top);
    stack.push(top);
    while (stack.length > 0) {
      const v = stack.pop()!;
      textChars += tree.textChars[v]!;
      linkChars += tree.linkChars[v]!;
      codeChars += tree.codeChars[v]!;
      const content = tree.content[v]!;
      if (content !== null) {
        contentTags++;
        const p = tree.parent[v]!;
        const outermost = v === top || p < 0 || tree.content[p] === null;
        if (outermost && content.length > 0) effectiveArea += boxArea(tree, v);
      }
      for (let k = kids.start[v]!; k < kids.start[v + 1]!; k++) stack.push(kids.list[k]!);
    }
  }
  return {
    textChars,
    area,
    effectiveArea,
    contentTags,
    linkRate: textChars > 0 ? linkChars / textChars : 0,
    textToCode: codeChars > 0 ? textChars / codeChars : 0,
  };
}

/**
 * §4.9 For each metric the clusters are ranked from large to small; the i-th of the top `rankedClusters` gets
 * the i-th of `RANK_POINTS` (+5, +3, +1; link rate −5, −3, −1). Only a positive value ranks (a metric that is 0,
 * such as the areas without layout, gives no points); equal values share the better place. The clusters whose
 * score is at least the best minus `closeToBestMargin` are kept: the page's information blocks.
 */
export function scoreClusters(
  metrics: readonly ClusterMetrics[],
  opts: Pick<LcsDiffOptions, 'rankedClusters' | 'closeToBestMargin'>,
): ClusterScores {
  const points = metrics.map(() => ({ textChars: 0, area: 0, effectiveArea: 0, contentTags: 0, linkRate: 0, textToCode: 0 }));
  const places = Math.min(opts.rankedClusters, RANK_POINTS.length);
  for (const name of CLUSTER_METRICS) {
    const sign = name === 'linkRate' ? -1 : 1;
    const ranked = metrics
      .map((m, k) => k)
      .filter((k) => metrics[k]![name] > 0)
      .sort((a, b) => metrics[b]![name] - metrics[a]![name] || a - b);
    let place = 0;
    for (let i = 0; i < ranked.length; i++) {
      const k = ranked[i]!;
      if (i > 0 && metrics[k]![name] < metrics[ranked[i - 1]!]![name]) place = i;
      if (place >= places) break;
      points[k]![name] = sign * RANK_POINTS[place]!;
    }
  }
  const scores = points.map((p) => CLUSTER_METRICS.reduce((sum, name) => sum + p[name], 0));
  const best = scores.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
  const kept = scores.map((s) => s >= best - opts.closeToBestMargin);
  return { scores, kept, best, points };
}

function boxArea(tree: FeatureTree, node: number): number {
  const at = node * BOX_STRIDE;
  return (tree.box[at + BOX_WIDTH] ?? 0) * (tree.box[at + BOX_HEIGHT] ?? 0);
}

function listOf(map: Map<number, number[]>, key: number): number[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}
