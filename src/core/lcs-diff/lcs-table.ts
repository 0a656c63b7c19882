/**
 * §4.5 LCS with similarity, §4.7 backtrack, §4.10 memory and time: the diff of the target page's feature tree
 * (S1, the columns) against the similar page's (S2, the rows).
 *
 * Tables are typed arrays: `score` (Int32Array, in compare units — see compare.ts: every compare value is a
 * multiple of 1 / features, so sums, ties and the backtrack's differences are exact) and `pointer`
 * (Uint8Array), both (m + 1) × (n + 1), cell (row, col) at `row * (cols + 1) + col`. One allocation is
 * reused by every table of a diff and grows only when a larger table comes.
 *
 * §4.10 bounds, in order: (a) the common prefix and suffix of identical nodes (compare = 1) are matched as
 * template before the table is filled (`trimCommonEnds`); (b) a table still over `maxCells` is
 * split by matched subtrees (`splitSubtrees`): the pair's own nodes are compared, their child lists
 * are aligned by an LCS of their own over compare ≥ Ts (lists too long for a table: paired in order), and
 * each matched child pair's subtrees (level order within the subtree) are diffed on their own, splitting
 * again when still too large; a target child left unmatched is a candidate with its whole subtree; (c) with
 * splitting off, a table over `maxCells` stops the diff with status 'size'; (d) past `clock.deadline` (read
 * at every row and every subtree pair) it stops with status 'budget'.
 */
import type { LcsDiffOptions } from './options.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';
import type { ChildIndex } from './child-index.ts';
import { buildChildIndex, subtreeOrder } from './child-index.ts';
import { ComparableTrees } from './compare.ts';
import type { FeatureTree } from './types.ts';
import { CANDIDATE, TEMPLATE } from './types.ts';

/** §4.5 pointer: the similar page has a node the target lacks (first column). */
export const UP = 1;
/** §4.5 pointer: the target has a node the similar page lacks (first row). */
export const LEFT = 2;
/** §4.5 pointer: the two nodes are aligned. */
export const TOPLEFT = 3;

/** Bytes of one cell: an Int32 score and a Uint8 pointer. */
const CELL_BYTES = Int32Array.BYTES_PER_ELEMENT + Uint8Array.BYTES_PER_ELEMENT;

export type DiffStatus = 'ok' | 'budget' | 'size';

/** §4.10 (d) The host's clock (ms) and the time the diff must stop by. */
export interface DiffClock {
  now(): number;
  readonly deadline: number;
}

/** What the backtrack writes, per target node. */
export interface Alignment {
  /** TEMPLATE, CANDIDATE, or 0 when not decided. */
  readonly verdict: Uint8Array;
  /** The similar node a template node matched, −1 for none. */
  readonly matchedWith: Int32Array;
  /** Similarity of the node's topleft step (1 for trimmed ends, 0 for left steps). */
  readonly similarity: Float32Array;
}

export interface TreeDiff extends Alignment {
  /** 'ok', or why the diff stopped: the verdicts decided so far are kept but must not be used. */
  readonly status: DiffStatus;
  /** Table cells filled in all (the diff's tables and the split's child alignments). */
  readonly cells: number;
  /** Largest score + pointer tables held at once (the reused allocation at its largest). */
  readonly peakTableBytes: number;
  /** Nodes matched as common prefix or suffix (§4.10 a). */
  readonly trimmed: number;
  /** Subtree tables the split made (§4.10 b): matched child pairs diffed on their own. */
  readonly splits: number;
}

/** The filled tables of one pair of sequences: cell (row, col) at `row * (cols + 1) + col`. */
export interface FilledTables {
  readonly score: Int32Array;
  readonly pointer: Uint8Array;
  /** m: the similar page's sequence length. */
  readonly rows: number;
  /** n: the target's sequence length. */
  readonly cols: number;
  /** Score units per compare value of 1 (`ComparableTrees.features`). */
  readonly features: number;
}

/** §4.10 One score + pointer allocation reused by the tables of a diff; grows to the largest table only. */
export class LcsTables {
  score = new Int32Array(0);
  pointer = new Uint8Array(0);
  /** Largest score + pointer bytes held. */
  peakBytes = 0;

  /** Makes room for a table of (rows + 1) × (cols + 1) cells. */
  reserve(rows: number, cols: number): void {
    const cells = (rows + 1) * (cols + 1);
    if (cells <= this.score.length) return;
    this.score = new Int32Array(cells);
    this.pointer = new Uint8Array(cells);
    this.peakBytes = Math.max(this.peakBytes, cells * CELL_BYTES);
  }
}

/** §4.5 Fills the tables of S1 = `s1` (target nodes, columns) and S2 = `s2` (similar nodes, rows). */
export function fillTables(cmp: ComparableTrees, s1: Int32Array, s2: Int32Array, tables = new LcsTables()): FilledTables {
  startTables(tables, s2.length, s1.length);
  for (let row = 1; row <= s2.length; row++) fillRow(cmp, s1, s2, tables, row);
  return { score: tables.score, pointer: tables.pointer, rows: s2.length, cols: s1.length, features: cmp.features };
}

/**
 * §4.5 + §4.7 (+ §4.10 a when `trim`) on one pair of sequences, at once: writes the target nodes' verdicts
 * into `out`. Status 'size' (nothing written) when the table would exceed `maxCells`.
 */
export function alignSequences(
  cmp: ComparableTrees,
  s1: Int32Array,
  s2: Int32Array,
  out: Alignment,
  bounds: { readonly trim: boolean; readonly maxCells: number },
  tables = new LcsTables(),
): { readonly status: DiffStatus; readonly cells: number; readonly trimmed: number } {
  const run: RunCounts = { cells: 0, trimmed: 0 };
  const clock: DiffClock = { now: () => 0, deadline: Number.POSITIVE_INFINITY };
  const status = drain(alignSteps(cmp, s1, s2, out, tables, bounds, clock, NO_CHECKPOINTS, run));
  return { status, ...run };
}

/** §4.5–4.10 The whole diff of the target tree against the similar page's, with checkpoints. */
export function* diffTrees(
  target: FeatureTree,
  similar: FeatureTree,
  opts: LcsDiffOptions,
  clock: DiffClock,
  ticker: Ticker,
): Steps<TreeDiff> {
  const n = target.size;
  const out: Alignment = { verdict: new Uint8Array(n), matchedWith: new Int32Array(n).fill(-1), similarity: new Float32Array(n) };
  const run: RunCounts = { cells: 0, trimmed: 0 };
  const tables = new LcsTables();
  let splits = 0;
  const finish = (status: DiffStatus): TreeDiff => ({ status, ...out, ...run, peakTableBytes: tables.peakBytes, splits });
  if (n > opts.maxNodes || similar.size > opts.maxNodes) return finish('size');
  if (clock.now() > clock.deadline) return finish('budget');
  if (n === 0) return finish('ok');
  const cmp = new ComparableTrees(target, similar, opts);
  const kidsA = buildChildIndex(target.parent);
  const kidsB = buildChildIndex(similar.parent);
  if (similar.size === 0) {
    markSubtree(kidsA, 0, out);
    return finish('ok');
  }
  if (ticker.tick(n + similar.size)) yield;
  const bounds = { trim: opts.trimCommonEnds, maxCells: opts.maxCells };
  const pairs: number[] = [0, 0]; // (target root, similar root) pairs still to diff: a stack, not recursion
  while (pairs.length > 0) {
    const y = pairs.pop()!;
    const x = pairs.pop()!;
    if (clock.now() > clock.deadline) return finish('budget');
    const s1 = subtreeOrder(kidsA, x);
    const s2 = subtreeOrder(kidsB, y);
    if (ticker.tick(s1.length + s2.length)) yield;
    const status = yield* alignSteps(cmp, s1, s2, out, tables, bounds, clock, ticker, run);
    if (status === 'ok') continue;
    if (status === 'budget' || !opts.splitSubtrees) return finish(status);
    // §4.10 b: split. The pair's own nodes are a topleft step; their children are aligned by key.
    decide(cmp, x, y, cmp.units(x, y), out);
    const matched = alignChildren(cmp, kidsA, kidsB, x, y, tables, opts.maxCells, run);
    let next = 0;
    for (let k = kidsA.start[x]!; k < kidsA.start[x + 1]!; k++) {
      const child = kidsA.list[k]!;
      if (next < matched.length && matched[next] === child) next += 2;
      else markSubtree(kidsA, child, out);
    }
    for (let k = matched.length - 2; k >= 0; k -= 2) pairs.push(matched[k]!, matched[k + 1]!); // first pair on top
    splits += matched.length / 2;
    if (ticker.tick(matched.length)) yield;
  }
  return finish('ok');
}

interface RunCounts {
  cells: number;
  trimmed: number;
}

/** §4.10 a, §4.5, §4.7 on one pair of sequences, stopping at the deadline; 'size' (nothing written) when too large. */
function* alignSteps(
  cmp: ComparableTrees,
  s1: Int32Array,
  s2: Int32Array,
  out: Alignment,
  tables: LcsTables,
  bounds: { readonly trim: boolean; readonly maxCells: number },
  clock: DiffClock,
  ticker: Ticker,
  run: RunCounts,
): Steps<DiffStatus> {
  const n = s1.length;
  const m = s2.length;
  const whole = cmp.features;
  let prefix = 0;
  let suffix = 0;
  if (bounds.trim) {
    while (prefix < n && prefix < m && cmp.units(s1[prefix]!, s2[prefix]!) === whole) prefix++;
    while (suffix < n - prefix && suffix < m - prefix && cmp.units(s1[n - 1 - suffix]!, s2[m - 1 - suffix]!) === whole) suffix++;
  }
  const cols = n - prefix - suffix;
  const rows = m - prefix - suffix;
  if (rows * cols > bounds.maxCells) return 'size';
  for (let i = 0; i < prefix; i++) decide(cmp, s1[i]!, s2[i]!, whole, out);
  for (let i = 1; i <= suffix; i++) decide(cmp, s1[n - i]!, s2[m - i]!, whole, out);
  run.trimmed += prefix + suffix;
  const c1 = s1.subarray(prefix, n - suffix);
  const c2 = s2.subarray(prefix, m - suffix);
  startTables(tables, rows, cols);
  for (let row = 1; row <= rows; row++) {
    if (clock.now() > clock.deadline) return 'budget';
    fillRow(cmp, c1, c2, tables, row);
    if (ticker.tick(cols)) yield;
  }
  run.cells += rows * cols;
  backtrack(cmp, c1, c2, tables, out);
  return 'ok';
}

/** §4.5 init: scores 0; the first row points left, the first column up (set row by row in `fillRow`). */
function startTables(tables: LcsTables, rows: number, cols: number): void {
  tables.reserve(rows, cols);
  tables.score.fill(0, 0, cols + 1);
  tables.pointer[0] = 0;
  tables.pointer.fill(LEFT, 1, cols + 1);
}

/**
 * §4.5 one row: top = score[row−1][col], left = score[row][col−1], topleft = score[row−1][col−1] +
 * compare(S1[col−1], S2[row−1]); the score is the largest, ties prefer topleft, then top, then left.
 */
function fillRow(cmp: ComparableTrees, s1: Int32Array, s2: Int32Array, tables: LcsTables, row: number): void {
  const { score, pointer } = tables;
  const cols = s1.length;
  const base = row * (cols + 1);
  const prev = base - cols - 1;
  const b = s2[row - 1]!;
  const tagA = cmp.target.tag;
  const tagB = cmp.similar.tag[b]!;
  score[base] = 0;
  pointer[base] = UP;
  let left = 0;
  let topLeft = score[prev]!;
  for (let col = 1; col <= cols; col++) {
    const a = s1[col - 1]!;
    const top = score[prev + col]!;
    // A different tag is compare's first 0: tested here so that most cells make no call.
    const diag = tagA[a] === tagB ? topLeft + cmp.units(a, b) : topLeft;
    topLeft = top;
    let dir = LEFT;
    if (diag >= top && diag >= left) {
      left = diag;
      dir = TOPLEFT;
    } else if (top >= left) {
      left = top;
      dir = UP;
    }
    score[base + col] = left;
    pointer[base + col] = dir;
  }
}

/**
 * §4.7 backtrack from the bottom-right cell: up → ignored; left → the target node is a candidate; topleft →
 * the similarity is the cell minus its topleft neighbour: below Ts a replaced node (candidate), else a
 * template match. Row 0 leaves only left steps, column 0 only up steps.
 */
function backtrack(cmp: ComparableTrees, s1: Int32Array, s2: Int32Array, tables: LcsTables, out: Alignment): void {
  const { score, pointer } = tables;
  const w = s1.length + 1;
  let row = s2.length;
  let col = s1.length;
  while (col > 0) {
    const cell = row * w + col;
    const dir = row === 0 ? LEFT : pointer[cell]!;
    if (dir === TOPLEFT) {
      decide(cmp, s1[col - 1]!, s2[row - 1]!, score[cell]! - score[cell - w - 1]!, out);
      row--;
      col--;
    } else if (dir === UP) {
      row--;
    } else {
      const a = s1[col - 1]!;
      out.verdict[a] = CANDIDATE;
      out.matchedWith[a] = -1;
      out.similarity[a] = 0;
      col--;
    }
  }
}

/** §4.7 a topleft step of `units` similarity: template (matched with b) at Ts or more, else replaced (candidate). */
function decide(cmp: ComparableTrees, a: number, b: number, units: number, out: Alignment): void {
  const match = units >= cmp.similarUnits;
  out.verdict[a] = match ? TEMPLATE : CANDIDATE;
  out.matchedWith[a] = match ? b : -1;
  out.similarity[a] = units / cmp.features;
}

/** §4.10 b a target subtree the similar page lacks: every node a candidate. */
function markSubtree(index: ChildIndex, root: number, out: Alignment): void {
  for (const a of subtreeOrder(index, root)) {
    out.verdict[a] = CANDIDATE;
    out.matchedWith[a] = -1;
    out.similarity[a] = 0;
  }
}

/** How far ahead in the similar page's child list `alignChildrenInOrder` looks for a child like the target's. */
const IN_ORDER_WINDOW = 32;

/**
 * §4.10 b for child lists too long for a table of their own (thousands of list items or comments under one
 * node): the children are paired in order, each target child with the first similar one (≥ Ts) within the
 * next `IN_ORDER_WINDOW` of the similar list, else left unmatched (a candidate subtree). Linear in the
 * lists' length, so that no page is refused for its shape.
 */
function alignChildrenInOrder(cmp: ComparableTrees, a: Int32Array, b: Int32Array, run: RunCounts): Int32Array {
  const found: number[] = [];
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const end = Math.min(b.length, j + IN_ORDER_WINDOW);
    for (let k = j; k < end; k++) {
      run.cells++;
      if (cmp.units(a[i]!, b[k]!) >= cmp.similarUnits) {
        found.push(a[i]!, b[k]!);
        j = k + 1;
        break;
      }
    }
  }
  return Int32Array.from(found);
}

/**
 * §4.10 b the children of a matched pair aligned by an LCS of their own: a pair of children counts when
 * compare() finds them similar (≥ Ts), with its similarity as weight, so that a wrapper whose class changed
 * from one page to the other still leads the split into its subtree. The matched (target child, similar
 * child) pairs in order, flat; lists too long for a table are paired in order (`alignChildrenInOrder`).
 */
function alignChildren(
  cmp: ComparableTrees,
  kidsA: ChildIndex,
  kidsB: ChildIndex,
  x: number,
  y: number,
  tables: LcsTables,
  maxCells: number,
  run: RunCounts,
): Int32Array {
  const a = kidsA.list.subarray(kidsA.start[x]!, kidsA.start[x + 1]!);
  const b = kidsB.list.subarray(kidsB.start[y]!, kidsB.start[y + 1]!);
  const cols = a.length;
  const rows = b.length;
  if (rows * cols > maxCells) return alignChildrenInOrder(cmp, a, b, run);
  startTables(tables, rows, cols);
  const { score, pointer } = tables;
  const w = cols + 1;
  for (let row = 1; row <= rows; row++) {
    score[row * w] = 0;
    pointer[row * w] = UP;
    for (let col = 1; col <= cols; col++) {
      const cell = row * w + col;
      const top = score[cell - w]!;
      const left = score[cell - 1]!;
      const units = cmp.units(a[col - 1]!, b[row - 1]!);
      const diag = units >= cmp.similarUnits ? score[cell - w - 1]! + units : -1;
      if (diag >= top && diag >= left) {
        score[cell] = diag;
        pointer[cell] = TOPLEFT;
      } else {
        score[cell] = top >= left ? top : left;
        pointer[cell] = top >= left ? UP : LEFT;
      }
    }
  }
  run.cells += rows * cols;
  const found: number[] = [];
  for (let row = rows, col = cols; row > 0 && col > 0;) {
    const dir = pointer[row * w + col]!;
    if (dir === TOPLEFT) {
      found.push(b[row - 1]!, a[col - 1]!);
      row--;
      col--;
    } else if (dir === UP) row--;
    else col--;
  }
  return Int32Array.from(found.reverse());
}
