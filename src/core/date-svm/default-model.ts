/**
 * The date model shipped with the extension and the CLI: `default-model.json`, written by
 * `article-lens train-date` (README "Training the date model" gives the exact command). Compiled once,
 * on first use.
 */
import type { CompiledDateModel, DateModel } from './date-model.ts';
import { compileDateModel } from './date-model.ts';
import shipped from './default-model.json';

let compiled: CompiledDateModel | null = null;

export function defaultDateModel(): CompiledDateModel {
  compiled ??= compileDateModel(shipped as unknown as DateModel);
  return compiled;
}
