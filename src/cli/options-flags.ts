/**
 * Options from the command line: `--preset faithful|default` and repeated `--option path=value` (e.g.
 * `--option text.extensions.latinSentence=false`), so that every ablation in BENCHMARKS.md is one
 * command; `train-date` takes `--option` for its training options the same way
 * (`--option extensions.labelLexicon=false`).
 */
import type { ExtractOptions, PartialOptions } from '../core/index.ts';
import { DEFAULT_OPTIONS, resolveOptions, withExtensions } from '../core/index.ts';
import { isRecord } from '../core/json-object.ts';
import type { TrainDateOptions } from '../train/options.ts';
import { DEFAULT_TRAIN_DATE_OPTIONS, resolveTrainDateOptions } from '../train/options.ts';

export type Preset = 'default' | 'faithful';

export class UsageError extends Error {}

/** Every `extensions` switch off: the methods exactly as published. */
export function faithfulOptions(): PartialOptions {
  return withExtensions(DEFAULT_OPTIONS, () => false);
}

export function optionsFromFlags(preset: string | undefined, assignments: readonly string[]): ExtractOptions {
  if (preset !== undefined && preset !== 'default' && preset !== 'faithful')
    throw new UsageError(`unknown preset "${preset}" (default, faithful)`);
  const base = preset === 'faithful' ? resolveOptions(faithfulOptions()) : DEFAULT_OPTIONS;
  const overrides = overridesFromFlags(assignments, base);
  try {
    return resolveOptions(overrides as PartialOptions, base);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** `train-date`'s training options (src/train/options.ts) with the `--option` assignments. */
export function trainOptionsFromFlags(assignments: readonly string[]): TrainDateOptions {
  const overrides = overridesFromFlags(assignments, DEFAULT_TRAIN_DATE_OPTIONS);
  try {
    return resolveTrainDateOptions(overrides);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

function overridesFromFlags(assignments: readonly string[], base: object): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const a of assignments) {
    const eq = a.indexOf('=');
    if (eq <= 0) throw new UsageError(`--option takes path=value, got "${a}"`);
    const path = a.slice(0, eq).split('.');
    setPath(overrides, path, parseValue(path, a.slice(eq + 1), base));
  }
  return overrides;
}

/**
 * The value of `--option path=raw`, typed after the option's current value: true/false for a switch, a
 * number for a threshold, a comma-separated list for a list, the raw text for a string. An unknown path,
 * a group of options or a value of the wrong type is a usage error (a mistyped switch must not be
 * silently truthy, and `__proto__` is no option).
 */
function parseValue(path: readonly string[], raw: string, base: object): unknown {
  const name = path.join('.');
  let current: unknown = base;
  for (const key of path) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) throw new UsageError(`unknown option "${name}"`);
    current = current[key];
  }
  if (isRecord(current)) throw new UsageError(`"${name}" is a group of options: set one of ${Object.keys(current).join(', ')}`);
  if (typeof current === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw new UsageError(`${name} takes true or false, got "${raw}"`);
    return raw === 'true';
  }
  if (typeof current === 'number') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${name} takes a number, got "${raw}"`);
    return n;
  }
  if (Array.isArray(current))
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return raw;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let cur = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) cur[key] = value;
    else {
      const next = (cur[key] ??= {}) as Record<string, unknown>;
      cur = next;
    }
  });
}
