/**
 * The block model shipped with the extension and the CLI: `body-model.json`, written by
 * `article-lens train-body` (README "The block model" gives the exact command). Checked and compiled once,
 * on first use.
 */
import type { BodyModel, CompiledBodyModel } from './body-model.ts';
import { checkBodyModel, compileBodyModel } from './body-model.ts';
import shipped from './body-model.json';

let compiled: CompiledBodyModel | null = null;
const hostModels = new WeakMap<BodyModel, CompiledBodyModel>();

export function defaultBodyModel(): CompiledBodyModel {
  compiled ??= compileBodyModel(checkBodyModel(shipped));
  return compiled;
}

/** The host's own model (`ExtractEnv.bodyModel`), compiled once per model object, or the shipped one. */
export function bodyModelFor(model: BodyModel | undefined): CompiledBodyModel {
  if (!model) return defaultBodyModel();
  let c = hostModels.get(model);
  if (!c) {
    c = compileBodyModel(checkBodyModel(model));
    hostModels.set(model, c);
  }
  return c;
}
