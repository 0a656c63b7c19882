/**
 * Kernel matrices for training the date SVM. The date samples are sparse (a few tag and token features
 * of a few hundred are 1), so the squared distances are computed by merging the non-zero entries of two
 * vectors; the zero terms a dense loop would add are exactly 0, so the result is the same, bit for bit,
 * as `rbfKernel` over the dense vectors. One distance matrix serves every σ of a grid search.
 */

export interface SparseRow {
  readonly index: Int32Array;
  readonly value: Float64Array;
}

export function toSparse(x: readonly number[]): SparseRow {
  const idx: number[] = [];
  for (let k = 0; k < x.length; k++) if ((x[k] ?? 0) !== 0) idx.push(k);
  return { index: Int32Array.from(idx), value: Float64Array.from(idx, (k) => x[k] as number) };
}

/** ‖a − b‖², summed in index order like the dense loop. */
export function squaredDistance(a: SparseRow, b: SparseRow): number {
  let d = 0;
  let i = 0;
  let j = 0;
  while (i < a.index.length || j < b.index.length) {
    const ia = i < a.index.length ? (a.index[i] as number) : Infinity;
    const ib = j < b.index.length ? (b.index[j] as number) : Infinity;
    let diff: number;
    if (ia === ib) diff = (a.value[i++] as number) - (b.value[j++] as number);
    else if (ia < ib) diff = a.value[i++] as number;
    else diff = -(b.value[j++] as number);
    d += diff * diff;
  }
  return d;
}

/** Row-major n × n matrix of squared distances. */
export function distanceMatrix(rows: readonly SparseRow[]): Float64Array {
  const n = rows.length;
  const out = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const d = squaredDistance(rows[a] as SparseRow, rows[b] as SparseRow);
      out[a * n + b] = d;
      out[b * n + a] = d;
    }
  }
  return out;
}

/** K = exp(−D / 2σ²), elementwise. */
export function rbfMatrix(distances: Float64Array, sigma: number): Float64Array {
  const out = new Float64Array(distances.length);
  const s2 = 2 * sigma * sigma;
  for (let k = 0; k < distances.length; k++) out[k] = Math.exp(-(distances[k] as number) / s2);
  return out;
}
