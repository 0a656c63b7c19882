/**
 * The shipped block model in its packed form (pack/bytes.ts): the feature names and base as they are, the
 * trees as a deflated stream of numbers. Each tree reads back with the structure, split features, thresholds
 * and leaf values of its JSON, bit for bit; the values of inner nodes, which no score reads, are not kept.
 */
import { ByteReader } from '../../pack/bytes.ts';
import type { BodyModel, BodyTree } from './body-model-format.ts';
import { BODY_MODEL_FORMAT, BODY_MODEL_VERSION } from './body-model-format.ts';

export const PACKED_BODY_MODEL_FORMAT = 'article-lens/body-gbdt-packed';

export interface PackedBodyModel {
  readonly format: typeof PACKED_BODY_MODEL_FORMAT;
  readonly features: readonly string[];
  readonly base: number;
  readonly trees: number;
  /** Distinct split thresholds. */
  readonly thresholds: number;
  readonly training: Readonly<Record<string, unknown>>;
  /**
   * base64 of the deflated stream: the distinct thresholds (float64), then per tree its node count and per
   * node its feature + 1 (varint; 0 for a leaf), then for an inner node its threshold's index, left and right
   * child (varints), for a leaf its value (float64).
   */
  readonly data: string;
}

/** The model a packed model holds (inner nodes' values 0). */
export function unpackBodyModel(p: PackedBodyModel): BodyModel {
  const r = new ByteReader(p.data);
  const thresholds = Array.from({ length: p.thresholds }, () => r.f64());
  const trees: BodyTree[] = [];
  for (let t = 0; t < p.trees; t++) {
    const n = r.varint();
    const tree = { feature: [] as number[], threshold: [] as number[], left: [] as number[], right: [] as number[], value: [] as number[] };
    for (let i = 0; i < n; i++) {
      const f = r.varint() - 1;
      tree.feature.push(f);
      if (f >= 0) {
        tree.threshold.push(thresholds[r.varint()] as number);
        tree.left.push(r.varint());
        tree.right.push(r.varint());
        tree.value.push(0);
      } else {
        tree.threshold.push(0);
        tree.left.push(-1);
        tree.right.push(-1);
        tree.value.push(r.f64());
      }
    }
    trees.push(tree);
  }
  if (!r.done) throw new Error('packed body model: bytes left over');
  return { format: BODY_MODEL_FORMAT, version: BODY_MODEL_VERSION, features: p.features, base: p.base, trees, training: p.training };
}
