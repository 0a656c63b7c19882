/**
 * Options for unit tests that must not move when a default changes: every `extensions` switch off (the
 * methods as published), then the test's own overrides. Built from DEFAULT_OPTIONS, so a new switch is
 * covered without editing this file.
 */
import type { ExtractOptions, PartialOptions } from '../../src/core/options.ts';
import { DEFAULT_OPTIONS, resolveOptions, withExtensions } from '../../src/core/options.ts';

/** Every extension switched off. */
export const FAITHFUL_BASE: ExtractOptions = resolveOptions(withExtensions(DEFAULT_OPTIONS, () => false));

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
