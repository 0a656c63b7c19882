/** The author and source models' file format (issue 41, `train-author`): types only, for the hosts' env. */
import type { BodyTree } from '../../combine/learned/body-model-format.ts';

export const FIELD_MODEL_FORMAT = 'article-lens/field-gbdt';
export const FIELD_MODEL_VERSION = 1;

export type FieldName = 'author' | 'source';

/** One field's trees, in the block model's layout (combine/learned/body-model-format.ts). */
export interface FieldTrees {
  readonly base: number;
  readonly trees: readonly BodyTree[];
}

export interface FieldModel {
  readonly format: typeof FIELD_MODEL_FORMAT;
  readonly version: typeof FIELD_MODEL_VERSION;
  readonly features: readonly string[];
  readonly author: FieldTrees;
  readonly source: FieldTrees;
  /** How it was trained: sets, pages, settings, the cross-validated figures. */
  readonly training: Readonly<Record<string, unknown>>;
}
