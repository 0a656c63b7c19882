/**
 * Options for unit tests that must not move when a default changes: every `extensions` switch off (the
 * methods as published), then the test's own overrides. Built from DEFAULT_OPTIONS, so a new switch is
 * covered without editing this file.
 */
import type { ExtractOptions, PartialOptions } from '../../src/core/options.ts';
import { DEFAULT_OPTIONS, resolveOptions } from '../../src/core/options.ts';

function switchesOff(value: unknown, inExtensions: boolean): unknown {
  if (typeof value === 'boolean') return inExtensions ? false : undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const mapped = switchesOff(v, inExtensions || key === 'extensions');
    if (mapped !== undefined) out[key] = mapped;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Every extension switched off. */
export const FAITHFUL_BASE: ExtractOptions = resolveOptions((switchesOff(DEFAULT_OPTIONS, false) ?? {}) as PartialOptions);

/** The faithful base with `overrides` on top (e.g. `{ text: { extensions: { latinSentence: true } } }`). */
export function faithfulOptions(overrides: PartialOptions = {}): ExtractOptions {
  return resolveOptions(overrides, FAITHFUL_BASE);
}

/**
 * The defaults with the block model of the learned combination off (the body as the rules of §6.1–6.3
 * choose it), then `overrides`: for the tests of a rule, which the model's decision would hide.
 */
export const RULES_BASE: ExtractOptions = resolveOptions({ combine: { extensions: { learnedBlocks: false } } });

export function rulesOptions(overrides: PartialOptions = {}): ExtractOptions {
  return resolveOptions(overrides, RULES_BASE);
}
