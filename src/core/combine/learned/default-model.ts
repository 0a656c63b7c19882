/**
 * The block model shipped with the extension and the CLI: `body-model.json`, written by
 * `article-lens train-body` (README "The block model" gives the exact command), carried in its packed form
 * (`body-model.packed.json`, written by `article-lens pack-models`: a third of the size, the same trees).
 * Compiled once, on first use, unchecked: the tests check it (every page's first extraction read its
 * 47 000 numbers one by one to learn what the build already knows); a host's own model is checked.
 */
import type { BodyModel, CompiledBodyModel } from './body-model.ts';
import { checkBodyModel, compileBodyModel } from './body-model.ts';
import type { PackedBodyModel } from './packed-model.ts';
import { compilePackedBodyModel } from './packed-model.ts';
import shipped from './body-model.packed.json';

let compiled: CompiledBodyModel | null = null;
const hostModels = new WeakMap<BodyModel, CompiledBodyModel>();

export function defaultBodyModel(): CompiledBodyModel {
  compiled ??= compilePackedBodyModel(shipped as unknown as PackedBodyModel);
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
