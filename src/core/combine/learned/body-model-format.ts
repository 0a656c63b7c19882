/**
 * The block model's file format (one JSON file written by `article-lens train-body`): plain types and the
 * format's name and version, importing nothing, so that the host's environment (env.ts) can name a model
 * without depending on the code that checks and scores it (body-model.ts).
 */
export const BODY_MODEL_FORMAT = 'article-lens/body-gbdt';
export const BODY_MODEL_VERSION = 1;

export interface BodyTree {
  readonly feature: readonly number[];
  readonly threshold: readonly number[];
  readonly left: readonly number[];
  readonly right: readonly number[];
  readonly value: readonly number[];
}

export interface BodyModel {
  readonly format: typeof BODY_MODEL_FORMAT;
  readonly version: typeof BODY_MODEL_VERSION;
  /** The feature columns the model was trained on, by name, in order (block-features.ts). */
  readonly features: readonly string[];
  /** The log-odds every tree adds to. */
  readonly base: number;
  readonly trees: readonly BodyTree[];
  /** How it was made (sets, pages, blocks, the boosting settings, cross-validated figures): for people. */
  readonly training: Readonly<Record<string, unknown>>;
}
