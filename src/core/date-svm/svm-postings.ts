/**
 * The support vectors as the scorer reads them: by feature, each feature's posting list of the vectors that
 * have it (compressed sparse columns), in a form that is read where it lies — the shipped model's packed form
 * is this form itself, strings and short lists of numbers the bundle carries as they are (pack/char-codes.ts),
 * so that a page's first extraction decodes nothing. A model from JSON (a host's own, training's) is turned
 * into it once, when compiled.
 *
 * Most features are worth one value in every vector that has it (a tag, a token: 211 of the shipped model's
 * 228); their lists hold rows only. The others' values are indexes into one table of the distinct values.
 */
import { CODE_BASE, toCodes } from '../pack/char-codes.ts';

/**
 * The support vectors by feature (compressed sparse columns): feature i's nonzero values are
 * `value[start[i]]…value[start[i + 1] − 1]`, of the support vectors `row[…]` (ascending). The layout of the
 * JSON model (date-model.ts).
 */
export interface SvmColumns {
  readonly start: readonly number[];
  readonly row: readonly number[];
  readonly value: readonly number[];
}

export interface SvmPostings {
  /** Feature i's entries are `start[i]`…`start[i + 1] − 1` (features + 1 numbers). */
  readonly start: readonly number[];
  /**
   * One character per entry: its row's step from the previous entry's row of the same feature (the first
   * entry's from row −1), as a character code (char-codes.ts).
   */
  readonly rows: string;
  /** Per feature: the index in `table` of the one value all its entries have, or −1 when they differ. */
  readonly single: readonly number[];
  /** Per feature whose values differ: where its entries' value codes begin in `values`; −1 otherwise. */
  readonly valueAt: readonly number[];
  /** One character per entry of a feature whose values differ: its value's index in `table`, as a code. */
  readonly values: string;
  /** The distinct values, most frequent first (ties in order of first use). */
  readonly table: readonly number[];
}

/** The postings of a model's columns. */
export function postingsOf(columns: SvmColumns): SvmPostings {
  const counts = new Map<number, number>();
  for (const v of columns.value) counts.set(v, (counts.get(v) ?? 0) + 1);
  const table = [...counts.keys()].sort((a, b) => (counts.get(b) as number) - (counts.get(a) as number));
  const index = new Map(table.map((v, i) => [v, i]));
  const steps: number[] = [];
  const valueIndexes: number[] = [];
  const single: number[] = [];
  const valueAt: number[] = [];
  const features = columns.start.length - 1;
  for (let i = 0; i < features; i++) {
    const from = columns.start[i] as number;
    const to = columns.start[i + 1] as number;
    let prev = -1;
    for (let p = from; p < to; p++) {
      const r = columns.row[p] as number;
      steps.push(r - prev);
      prev = r;
    }
    const first = columns.value[from];
    const one = to > from && columns.value.slice(from, to).every((v) => v === first);
    single.push(one ? (index.get(first as number) as number) : -1);
    valueAt.push(one || to === from ? -1 : valueIndexes.length);
    if (!one) for (let p = from; p < to; p++) valueIndexes.push(index.get(columns.value[p] as number) as number);
  }
  return { start: [...columns.start], rows: toCodes(steps), single, valueAt, values: toCodes(valueIndexes), table };
}

/** The postings ready to read: their lists of numbers as typed arrays (native copies, no loop of ours). */
export interface PostingReader {
  readonly start: Int32Array;
  readonly rows: string;
  readonly single: Int32Array;
  readonly valueAt: Int32Array;
  readonly values: string;
  readonly table: Float64Array;
}

export function postingReader(p: SvmPostings): PostingReader {
  return {
    start: new Int32Array(p.start),
    rows: p.rows,
    single: new Int32Array(p.single),
    valueAt: new Int32Array(p.valueAt),
    values: p.values,
    table: new Float64Array(p.table),
  };
}

/**
 * dot[r] += v · (value of feature i in vector r), over feature i's posting list: the same products, summed in
 * the same order, as over the JSON model's columns.
 */
export function addPostings(dot: Float64Array, v: number, p: PostingReader, i: number): void {
  const from = p.start[i] as number;
  const to = p.start[i + 1] as number;
  const one = p.single[i] as number;
  if (one >= 0) addSingle(dot, v * (p.table[one] as number), p.rows, from, to);
  else addValued(dot, v, p.rows, p.values, p.table, p.valueAt[i] as number, from, to);
}

/*
 * The loops are functions of their own: as inner loops of one function, V8 optimised the innermost on its own
 * (on-stack replacement) and threw that code away at every exit from it (`--trace-deopt`: "exit from OSR'd
 * inner loop").
 */

function addSingle(dot: Float64Array, w: number, rows: string, from: number, to: number): void {
  let r = -1;
  for (let q = from; q < to; q++) {
    r += rows.charCodeAt(q) - CODE_BASE;
    dot[r] = (dot[r] as number) + w;
  }
}

function addValued(
  dot: Float64Array,
  v: number,
  rows: string,
  values: string,
  table: Float64Array,
  at: number,
  from: number,
  to: number,
): void {
  let r = -1;
  for (let q = from; q < to; q++) {
    r += rows.charCodeAt(q) - CODE_BASE;
    dot[r] = (dot[r] as number) + v * (table[values.charCodeAt(at + q - from) - CODE_BASE] as number);
  }
}
