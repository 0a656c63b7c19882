/**
 * The shipped date model in its packed form: the JSON model's parts (date-model.ts `DateModelParts`) with
 * its columns as postings (svm-postings.ts) — strings of character codes and short lists the scorer reads
 * where they lie. The coefficients, norms and value table are the JSON's numbers, written as JSON writes
 * them (the shortest text that reads back to the same double), so the packed model scores every sample as
 * the JSON model does, bit for bit.
 */
import type { CompiledDateModel, DateFeatureSpec } from './date-model.ts';
import { compileDateModelParts } from './date-model.ts';
import type { SvmPostings } from './svm-postings.ts';

export const PACKED_DATE_MODEL_FORMAT = 'article-lens/date-svm-postings';

export interface PackedDateModel {
  readonly format: typeof PACKED_DATE_MODEL_FORMAT;
  readonly features: DateFeatureSpec;
  readonly sigma: number;
  readonly c: number;
  readonly bias: number;
  readonly coef: readonly number[];
  readonly norms: readonly number[];
  readonly postings: SvmPostings;
  readonly training: Readonly<Record<string, unknown>>;
}

/** The packed model made ready to score: nothing to decode, typed copies of its lists of numbers. */
export function compilePackedDateModel(p: PackedDateModel): CompiledDateModel {
  return compileDateModelParts(p);
}
