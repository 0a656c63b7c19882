/**
 * The author and source models shipped with the extension and the CLI: `field-model.json`, written by
 * `article-lens train-author` (README "The author and source models" gives the exact command). Compiled once,
 * on first use, unchecked (the tests check it); a host's own model (`ExtractEnv.fieldModel`) is checked.
 */
import type { CompiledFieldModel, FieldModel } from './field-model.ts';
import { checkFieldModel, compileFieldModel } from './field-model.ts';
import shipped from './field-model.json';

let compiled: CompiledFieldModel | null = null;
const hostModels = new WeakMap<FieldModel, CompiledFieldModel>();

export function defaultFieldModel(): CompiledFieldModel {
  compiled ??= compileFieldModel(shipped as unknown as FieldModel);
  return compiled;
}

/** The host's own model, compiled once per model object, or the shipped one. */
export function fieldModelFor(model: FieldModel | undefined): CompiledFieldModel {
  if (!model) return defaultFieldModel();
  let c = hostModels.get(model);
  if (!c) {
    c = compileFieldModel(checkFieldModel(model));
    hostModels.set(model, c);
  }
  return c;
}
