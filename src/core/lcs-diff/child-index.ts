/**
 * A feature tree's children lists and subtree sizes (§4.4 level order: parents come before their children),
 * built once from `FeatureTree.parent`: the LCS split walks subtrees with it, the clusters' metrics (§4.9)
 * their candidates' subtrees.
 */
import type { FeatureTree } from './types.ts';

/** Children lists (CSR) and subtree sizes of a feature tree, built once from `parent` (parents first). */
export interface ChildIndex {
  /** Children of p: `list[start[p]] … list[start[p + 1] − 1]`, in index (level) order. */
  readonly start: Int32Array;
  readonly list: Int32Array;
  /** Nodes in the subtree of each node, itself included. */
  readonly subtreeSize: Int32Array;
}

export function buildChildIndex(parent: FeatureTree['parent']): ChildIndex {
  const n = parent.length;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) if (parent[i]! >= 0) start[parent[i]! + 1] = start[parent[i]! + 1]! + 1;
  for (let p = 0; p < n; p++) start[p + 1] = start[p + 1]! + start[p]!;
  const list = new Int32Array(start[n]!);
  const next = start.slice(0, n);
  for (let i = 0; i < n; i++) {
    const p = parent[i]!;
    if (p >= 0) list[next[p]!++] = i;
  }
  const subtreeSize = new Int32Array(n).fill(1);
  for (let i = n - 1; i >= 0; i--) if (parent[i]! >= 0) subtreeSize[parent[i]!] = subtreeSize[parent[i]!]! + subtreeSize[i]!;
  return { start, list, subtreeSize };
}

/** §4.4 The sequence of a subtree: its nodes in level order (breadth first), `root` first. */
export function subtreeOrder(index: ChildIndex, root: number): Int32Array {
  const out = new Int32Array(index.subtreeSize[root]!);
  out[0] = root;
  for (let head = 0, tail = 1; head < tail; head++) {
    const v = out[head]!;
    for (let k = index.start[v]!; k < index.start[v + 1]!; k++) out[tail++] = index.list[k]!;
  }
  return out;
}
