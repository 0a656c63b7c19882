/**
 * The shipped block model in its packed form: the feature names and base as they are; the trees' structure
 * as strings of character codes (pack/char-codes.ts) — each node's split feature, each inner node's
 * threshold (an index into the table of distinct thresholds) and children — and the leaves' values as the
 * JSON writes them. It compiles to the typed arrays the JSON compiles to (body-model.ts), but the inner
 * nodes' values, which no score reads.
 */
import { CODE_BASE } from '../../pack/char-codes.ts';
import type { CompiledBodyModel } from './body-model.ts';

export const PACKED_BODY_MODEL_FORMAT = 'article-lens/body-gbdt-codes';

export interface PackedBodyModel {
  readonly format: typeof PACKED_BODY_MODEL_FORMAT;
  readonly features: readonly string[];
  readonly base: number;
  /** Nodes of each tree. */
  readonly sizes: readonly number[];
  /** Per node of every tree, one after another: its split feature + 1, 0 for a leaf. */
  readonly nodes: string;
  /** Per inner node, in the same order: its threshold's index in `thresholds`, its left child, its right child (within its tree). */
  readonly splits: string;
  /** The distinct thresholds, most frequent first. */
  readonly thresholds: readonly number[];
  /** Per leaf, in the same order: its value. */
  readonly leaves: readonly number[];
  readonly training: Readonly<Record<string, unknown>>;
}

/** The packed model in the typed arrays it is scored from: one pass over its 8 000 nodes. */
export function compilePackedBodyModel(p: PackedBodyModel): CompiledBodyModel {
  const total = p.nodes.length;
  const roots = new Int32Array(p.sizes.length);
  const feature = new Int16Array(total);
  const threshold = new Float32Array(total);
  const left = new Int32Array(total);
  const right = new Int32Array(total);
  const value = new Float64Array(total);
  const thresholds = new Float64Array(p.thresholds);
  const leaves = new Float64Array(p.leaves);
  let at = 0;
  let split = 0;
  let leaf = 0;
  for (let t = 0; t < p.sizes.length; t++) {
    roots[t] = at;
    const end = at + (p.sizes[t] as number);
    for (let i = at; i < end; i++) {
      const f = p.nodes.charCodeAt(i) - CODE_BASE - 1;
      feature[i] = f;
      if (f >= 0) {
        threshold[i] = thresholds[p.splits.charCodeAt(split) - CODE_BASE] as number;
        left[i] = at + p.splits.charCodeAt(split + 1) - CODE_BASE;
        right[i] = at + p.splits.charCodeAt(split + 2) - CODE_BASE;
        split += 3;
      } else {
        left[i] = -1;
        right[i] = -1;
        value[i] = leaves[leaf++] as number;
      }
    }
    at = end;
  }
  if (at !== total || split !== p.splits.length || leaf !== leaves.length)
    throw new Error('packed block model: its parts do not fit together');
  return { width: p.features.length, base: p.base, roots, feature, threshold, left, right, value, nodes: total };
}
