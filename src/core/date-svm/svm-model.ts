/**
 * §3.6–3.7 The date classifier's model as shipped with the extension (a JSON file) and its decision
 * function: a soft-margin SVM with the RBF kernel `K(x, y) = exp(−‖x − y‖² / 2σ²)`.
 *
 *   f(x) = Σᵢ coefᵢ · K(svᵢ, x) + bias,   coefᵢ = αᵢ · yᵢ
 *
 * A positive value marks the publication time; the value itself is the confidence (§3.7). Plain
 * TypeScript over arrays: no WebAssembly, nothing to load in the page but the JSON.
 */

export interface SvmModel {
  readonly kernel: 'rbf';
  /** σ of the RBF kernel. */
  readonly sigma: number;
  /** The soft-margin penalty the model was trained with (for the record; prediction does not use it). */
  readonly c: number;
  readonly bias: number;
  /** Support vectors, one row per vector, all of the same length. */
  readonly supportVectors: readonly (readonly number[])[];
  /** αᵢ · yᵢ for each support vector. */
  readonly coefficients: readonly number[];
}

export function rbfKernel(a: readonly number[], b: readonly number[], sigma: number): number {
  let d = 0;
  for (let k = 0; k < a.length; k++) {
    const diff = (a[k] ?? 0) - (b[k] ?? 0);
    d += diff * diff;
  }
  return Math.exp(-d / (2 * sigma * sigma));
}

/** f(x): positive on the publication-time side of the margin. */
export function decisionValue(model: SvmModel, x: readonly number[]): number {
  let f = model.bias;
  for (let i = 0; i < model.supportVectors.length; i++) {
    f += (model.coefficients[i] ?? 0) * rbfKernel(model.supportVectors[i] ?? [], x, model.sigma);
  }
  return f;
}
