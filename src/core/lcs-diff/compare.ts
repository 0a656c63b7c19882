/**
 * §4.6 compare(a, b) ∈ [0, 1] of a target node a (S1, the table's columns) and a similar-page node b (S2, the
 * rows), on both feature trees prepared once: every string (tag, id, className, content) is interned into one
 * dictionary shared by the two trees, so that compare is integer work on typed arrays.
 *
 * The rule, in the spec's order: different tag → 0; both BODY → 1; one BODY → 0; parents not similar → 0;
 * both content nodes → 1 when their content is the same, else 0; one content and one structure node → 0;
 * otherwise the fraction of equal features among id, className, depth, width, height, left, top (id,
 * className and depth only when either tree lacks layout). Every zero rule gives the same 0, so the code
 * tests the cheap ones first and the parents (a walk up the trees) last.
 *
 * Gap-fillers (settings of `LcsDiffOptions`): "parents similar" = compare(parents) ≥ Ts, memoised per pair
 * (`extensions.parentSimilarity`; off: the parents have the same tag); box features equal within
 * `boxTolerancePx` (`extensions.boxTolerance`; off: pixel-exact); content = the normalised text and image
 * sources (`extensions.normalisedContent`; off: the raw text, images not compared).
 *
 * Every value of compare is a multiple of 1 / `features` (7 with layout, else 3: content and BODY give the
 * whole), so compare works in integer **units**: `units(a, b) / features = compare(a, b)`. The LCS table adds
 * units, which keeps its sums, ties and differences exact.
 */
import type { LcsDiffOptions } from './options.ts';
import type { FeatureTree } from './types.ts';
import { BOX_STRIDE } from './types.ts';

/** The settings compare reads. */
export type CompareOptions = Pick<LcsDiffOptions, 'replaceThreshold' | 'boxTolerancePx' | 'extensions'>;

/** §4.6 Features of two structure nodes when both trees have layout: id, className, depth, width, height, left, top. */
export const LAYOUT_FEATURES = 7;
/** §4.6 Features when either tree lacks layout (every box is 0): id, className, depth. */
export const PLAIN_FEATURES = 3;
/** Slots of the parent-pair memo per node of the two trees (a power of two at least this large). Speed only: a lost entry is recomputed. */
const MEMO_SLOTS_PER_NODE = 2;

/** One feature tree as interned codes. */
export interface CodedTree {
  readonly size: number;
  readonly tag: Int32Array;
  readonly id: Int32Array;
  readonly className: Int32Array;
  /** The content's code for a content node, −1 for a structure node. */
  readonly content: Int32Array;
  readonly depth: Int32Array;
  readonly parent: Int32Array;
  /** left, top, width, height per node. */
  readonly box: Float64Array;
}

/** §4.6 Both trees of a diff, coded once; `units`/`compare` are the rule. */
export class ComparableTrees {
  readonly target: CodedTree;
  readonly similar: CodedTree;
  /** Units of a whole match (compare = 1): 7 with layout in both trees, else 3. */
  readonly features: number;
  /** Both trees have rendered boxes: the four box features count. */
  readonly layout: boolean;
  /** Ts in units: a pair is similar (a template match, similar parents) when its units reach this. */
  readonly similarUnits: number;
  /** Parent pairs whose compare was computed (memo misses): the memo's work, for tests and traces. */
  parentEvaluations = 0;

  private readonly tolerance: number;
  private readonly parentSimilarity: boolean;
  private readonly memoMask: number;
  private readonly memoA: Int32Array;
  private readonly memoB: Int32Array;
  private readonly memoUnits: Uint8Array;
  private readonly chainA: Int32Array;
  private readonly chainB: Int32Array;
  private readonly chainUnits: Uint8Array;

  constructor(target: FeatureTree, similar: FeatureTree, opts: CompareOptions) {
    const dict = new Map<string, number>();
    const content = opts.extensions.normalisedContent ? 'content' : 'rawContent';
    this.target = codeTree(target, dict, content);
    this.similar = codeTree(similar, dict, content);
    this.layout = target.layout && similar.layout;
    this.features = this.layout ? LAYOUT_FEATURES : PLAIN_FEATURES;
    this.similarUnits = unitsReaching(opts.replaceThreshold, this.features);
    this.tolerance = opts.extensions.boxTolerance ? opts.boxTolerancePx : 0;
    this.parentSimilarity = opts.extensions.parentSimilarity;
    let slots = 1;
    while (slots < MEMO_SLOTS_PER_NODE * (target.size + similar.size)) slots *= 2;
    this.memoMask = slots - 1;
    this.memoA = new Int32Array(slots).fill(-1);
    this.memoB = new Int32Array(slots);
    this.memoUnits = new Uint8Array(slots);
    const chain = chainLength(this.target.parent);
    this.chainA = new Int32Array(chain);
    this.chainB = new Int32Array(chain);
    this.chainUnits = new Uint8Array(chain);
  }

  /** §4.6 compare(a, b) ∈ [0, 1]: a in the target tree, b in the similar page's. */
  compare(a: number, b: number): number {
    return this.units(a, b) / this.features;
  }

  /** §4.6 compare(a, b) in units (0 … `features`). */
  units(a: number, b: number): number {
    const local = this.localUnits(a, b);
    if (local === 0) return 0;
    const pa = this.target.parent[a]!;
    if (pa < 0) return local; // both BODY (one BODY alone gave 0)
    return this.parentsSimilar(pa, this.similar.parent[b]!) ? local : 0;
  }

  /** §4.6 every rule but the parents': tag, BODY, content, feature fraction. */
  private localUnits(a: number, b: number): number {
    const t = this.target;
    const s = this.similar;
    if (t.tag[a] !== s.tag[b]) return 0;
    const rootA = t.parent[a]! < 0;
    const rootB = s.parent[b]! < 0;
    if (rootA || rootB) return rootA && rootB ? this.features : 0;
    const ca = t.content[a]!;
    const cb = s.content[b]!;
    // Both content: equal or not; one content, one structure: never equal (−1 is no content's code).
    if (ca >= 0 || cb >= 0) return ca === cb ? this.features : 0;
    let equal = 0;
    if (t.id[a] === s.id[b]) equal++;
    if (t.className[a] === s.className[b]) equal++;
    if (t.depth[a] === s.depth[b]) equal++;
    if (this.layout) {
      const tol = this.tolerance;
      const ba = a * BOX_STRIDE;
      const bb = b * BOX_STRIDE;
      for (let k = 0; k < BOX_STRIDE; k++) if (Math.abs(t.box[ba + k]! - s.box[bb + k]!) <= tol) equal++;
    }
    return equal;
  }

  /** §4.6 gap-filler "parents similar": compare(pa, pb) ≥ Ts (memoised), or the same tag without the extension. */
  private parentsSimilar(pa: number, pb: number): boolean {
    if (!this.parentSimilarity) return this.target.tag[pa] === this.similar.tag[pb];
    return this.pairUnits(pa, pb) >= this.similarUnits;
  }

  /**
   * compare(x, y) in units with the memo, without recursion: walks up both trees while the pair is not
   * memoised and its own rules give more than 0 (a 0 decides the whole chain below it), then walks back down,
   * each pair keeping its units only when its parents' pair is similar.
   */
  private pairUnits(x: number, y: number): number {
    const pt = this.target.parent;
    const ps = this.similar.parent;
    let len = 0;
    let value: number;
    for (let cx = x, cy = y; ; cx = pt[cx]!, cy = ps[cy]!) {
      const slot = this.slotOf(cx, cy);
      if (this.memoA[slot] === cx && this.memoB[slot] === cy) {
        value = this.memoUnits[slot]!;
        break;
      }
      this.parentEvaluations++;
      const local = this.localUnits(cx, cy);
      if (local === 0 || pt[cx]! < 0) {
        value = local; // 0, or both BODY (compare = 1, no parents to test)
        this.remember(slot, cx, cy, value);
        break;
      }
      this.chainA[len] = cx;
      this.chainB[len] = cy;
      this.chainUnits[len] = local;
      len++;
    }
    for (let i = len - 1; i >= 0; i--) {
      const cx = this.chainA[i]!;
      const cy = this.chainB[i]!;
      value = value >= this.similarUnits ? this.chainUnits[i]! : 0;
      this.remember(this.slotOf(cx, cy), cx, cy, value);
    }
    return value;
  }

  private slotOf(x: number, y: number): number {
    return (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77)) & this.memoMask;
  }

  private remember(slot: number, x: number, y: number, units: number): void {
    this.memoA[slot] = x;
    this.memoB[slot] = y;
    this.memoUnits[slot] = units;
  }
}

/** The least units u with u / features ≥ Ts (features + 1 when none: Ts > 1). */
function unitsReaching(threshold: number, features: number): number {
  for (let u = 0; u <= features; u++) if (u / features >= threshold) return u;
  return features + 1;
}

function codeTree(tree: FeatureTree, dict: Map<string, number>, content: 'content' | 'rawContent'): CodedTree {
  const n = tree.size;
  const code = (s: string): number => {
    let c = dict.get(s);
    if (c === undefined) {
      c = dict.size;
      dict.set(s, c);
    }
    return c;
  };
  const tag = new Int32Array(n);
  const id = new Int32Array(n);
  const className = new Int32Array(n);
  const contentCode = new Int32Array(n);
  const depth = new Int32Array(n);
  const parent = new Int32Array(n);
  const box = new Float64Array(n * BOX_STRIDE);
  for (let i = 0; i < n; i++) {
    tag[i] = code(tree.tag[i]!);
    id[i] = code(tree.id[i]!);
    className[i] = code(tree.className[i]!);
    // A content node is one with `content`; with normalisation off its raw text is what is compared.
    contentCode[i] = tree.content[i] === null ? -1 : code(tree[content][i] ?? '');
    depth[i] = tree.depth[i]!;
    parent[i] = tree.parent[i]!;
  }
  for (let k = 0; k < n * BOX_STRIDE; k++) box[k] = tree.box[k] ?? 0;
  return { size: n, tag, id, className, content: contentCode, depth, parent, box };
}

/** The longest walk up from a node to BODY (the tree's real depth, read from `parent`, parents first), plus one. */
function chainLength(parent: Int32Array): number {
  const depth = new Int32Array(parent.length);
  let max = 0;
  for (let i = 0; i < parent.length; i++) {
    const p = parent[i]!;
    if (p >= 0) depth[i] = depth[p]! + 1;
    if (depth[i]! > max) max = depth[i]!;
  }
  return max + 1;
}
