/**
 * The date model shipped with the extension and the CLI: `default-model.json`, written by
 * `article-lens train-date` (README "The date model" gives the exact command), carried in its packed form
 * (`default-model.packed.json`, written by `article-lens pack-models`: about a third of the size, the same
 * numbers, read where it lies). Compiled once, on first use, unchecked: the tests check it (a page's first
 * extraction should not read 85 000 numbers to learn what the build already knows); a host's own model is
 * checked.
 */
import type { CompiledDateModel, DateModel } from './date-model.ts';
import { compileDateModel, readDateModelJson } from './date-model.ts';
import type { PackedDateModel } from './packed-model.ts';
import { compilePackedDateModel } from './packed-model.ts';
import shipped from './default-model.packed.json';

let compiled: CompiledDateModel | null = null;
const hostModels = new WeakMap<DateModel, CompiledDateModel>();

export function defaultDateModel(): CompiledDateModel {
  compiled ??= compilePackedDateModel(shipped as unknown as PackedDateModel);
  return compiled;
}

/** The host's own model (`ExtractEnv.dateModel`), compiled once per model object, or the shipped one. */
export function dateModelFor(model: DateModel | undefined): CompiledDateModel {
  if (!model) return defaultDateModel();
  let c = hostModels.get(model);
  if (!c) {
    c = compileDateModel(readDateModelJson(model));
    hostModels.set(model, c);
  }
  return c;
}
