/**
 * Extraction options from the command line: `--preset faithful|default` and repeated
 * `--option path=value` (e.g. `--option text.extensions.latinSentence=false`), so that every ablation in
 * BENCHMARKS.md is one command.
 */
import type { ExtractOptions, PartialOptions } from '../core/index.ts';
import { DEFAULT_OPTIONS, resolveOptions } from '../core/index.ts';

export type Preset = 'default' | 'faithful';

export class UsageError extends Error {}

/** Every `extensions` switch off: the methods exactly as published. */
export function faithfulOptions(): PartialOptions {
  return mapExtensions(DEFAULT_OPTIONS, () => false) as PartialOptions;
}

function mapExtensions(value: unknown, set: (current: boolean) => boolean, inExtensions = false): unknown {
  if (typeof value === 'boolean' && inExtensions) return set(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const mapped = mapExtensions(v, set, inExtensions || k === 'extensions');
    if (mapped !== undefined) out[k] = mapped;
  }
  return Object.keys(out).length ? out : undefined;
}

export function optionsFromFlags(preset: string | undefined, assignments: readonly string[]): ExtractOptions {
  if (preset !== undefined && preset !== 'default' && preset !== 'faithful')
    throw new UsageError(`unknown preset "${preset}" (default, faithful)`);
  const base = preset === 'faithful' ? resolveOptions(faithfulOptions()) : DEFAULT_OPTIONS;
  const overrides: Record<string, unknown> = {};
  for (const a of assignments) {
    const eq = a.indexOf('=');
    if (eq <= 0) throw new UsageError(`--option takes path=value, got "${a}"`);
    setPath(overrides, a.slice(0, eq).split('.'), parseValue(a.slice(eq + 1)));
  }
  try {
    return resolveOptions(overrides as PartialOptions, base);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

function parseValue(raw: string): unknown {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (raw !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return raw;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let cur = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) cur[key] = value;
    else {
      const next = (cur[key] ??= {}) as Record<string, unknown>;
      cur = next;
    }
  });
}
