/**
 * The shipped date model in its packed form (pack/bytes.ts): the feature spec and the SVM's scalars as
 * they are, the support vectors' columns, coefficients and value table as a deflated stream of numbers. It
 * reads back to the model its JSON holds, number for number; the norms ‖svᵢ‖² are summed again on reading,
 * in the same order as at training (feature order), so they are the same too.
 */
import { ByteReader } from '../pack/bytes.ts';
import type { DateFeatureSpec, DateModel } from './date-model.ts';
import { DATE_MODEL_FORMAT, DATE_MODEL_VERSION } from './date-model.ts';

export const PACKED_DATE_MODEL_FORMAT = 'article-lens/date-svm-packed';

export interface PackedDateModel {
  readonly format: typeof PACKED_DATE_MODEL_FORMAT;
  readonly features: DateFeatureSpec;
  readonly sigma: number;
  readonly c: number;
  readonly bias: number;
  /** Support vectors, feature columns, and distinct values of the vectors. */
  readonly vectors: number;
  readonly columns: number;
  readonly values: number;
  readonly training: Readonly<Record<string, unknown>>;
  /**
   * base64 of the deflated stream: the distinct values (float64, most frequent first), the coefficients
   * (float64), then per column the count of its entries and each entry's row (as the gap after the previous
   * row, varint) and value (its index in the table, varint).
   */
  readonly data: string;
}

/** The model a packed model holds. */
export function unpackDateModel(p: PackedDateModel): DateModel {
  const r = new ByteReader(p.data);
  const table = Array.from({ length: p.values }, () => r.f64());
  const coef = Array.from({ length: p.vectors }, () => r.f64());
  const start: number[] = [0];
  const row: number[] = [];
  const value: number[] = [];
  const norms = new Array<number>(p.vectors).fill(0);
  for (let col = 0; col < p.columns; col++) {
    const count = r.varint();
    let prev = -1;
    for (let k = 0; k < count; k++) {
      const at = prev + 1 + r.varint();
      const v = table[r.varint()] as number;
      row.push(at);
      value.push(v);
      norms[at] = (norms[at] as number) + v * v;
      prev = at;
    }
    start.push(row.length);
  }
  if (!r.done) throw new Error('packed date model: bytes left over');
  return {
    format: DATE_MODEL_FORMAT,
    version: DATE_MODEL_VERSION,
    features: p.features,
    svm: { sigma: p.sigma, c: p.c, bias: p.bias, coef, norms, columns: { start, row, value } },
    training: p.training,
  };
}
