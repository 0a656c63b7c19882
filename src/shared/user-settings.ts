/**
 * The extraction settings a reader may change on the options page (src/options): the thresholds that change
 * what a reader sees (which lists count as link blocks, how close a block must be to the title); every
 * other option stays the calibrated default. Stored as `{ "linkBlocks.minLinks": 5, … }`
 * (user-options.ts); checked here, by the options page and by the extraction (which has the core loaded),
 * so a value of an older build or out of range is never used.
 *
 * A setting's range on this page (narrower than what the core accepts: the values a reader may want) is
 * checked as a core option rule (core/option-rules.ts), and the values together by the core's own rules
 * (`resolveOptions`); `refusalOf` says which failed, so that the options page can say why a value was
 * refused as it is typed (issue 40, 15: 0 where the least is 2 was dropped silently beside "Saved.").
 */
import type { PartialOptions } from '../core/index.ts';
import { DEFAULT_OPTIONS, resolveOptions } from '../core/index.ts';
import type { OptionRule } from '../core/option-rules.ts';
import { brokenRule } from '../core/option-rules.ts';
import type { UserValues } from './user-options.ts';

export interface NumberSetting {
  readonly path: string;
  readonly kind: 'number';
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly fallback: number;
}

export interface ChoiceSetting {
  readonly path: string;
  readonly kind: 'choice';
  readonly choices: readonly string[];
  readonly fallback: string;
}

export type UserSetting = NumberSetting | ChoiceSetting;

/** The settings of the options page, in its order, each with its default from DEFAULT_OPTIONS. */
export const USER_SETTINGS: readonly UserSetting[] = [
  { path: 'linkBlocks.distance', kind: 'choice', choices: ['code', 'text'], fallback: DEFAULT_OPTIONS.linkBlocks.distance },
  { path: 'linkBlocks.maxCodeDistance', kind: 'number', min: 1, max: 2000, step: 1, fallback: DEFAULT_OPTIONS.linkBlocks.maxCodeDistance },
  { path: 'linkBlocks.maxTextDistance', kind: 'number', min: 1, max: 1000, step: 1, fallback: DEFAULT_OPTIONS.linkBlocks.maxTextDistance },
  { path: 'linkBlocks.minLinks', kind: 'number', min: 2, max: 100, step: 1, fallback: DEFAULT_OPTIONS.linkBlocks.minLinks },
  { path: 'titleAnchor.simThresholdPct', kind: 'number', min: 0, max: 99, step: 1, fallback: DEFAULT_OPTIONS.titleAnchor.simThresholdPct },
];

/** Why a value of a setting was refused: out of the page's range for it, or broken by the core's rules. */
export type Refusal =
  | { readonly kind: 'range'; readonly min: number; readonly max: number }
  | { readonly kind: 'choice'; readonly choices: readonly string[] }
  | { readonly kind: 'options'; readonly message: string };

/** A setting's range on this page as core option rules: [min, max], in whole steps when `step` is 1. */
function settingRules(s: UserSetting): OptionRule[] {
  if (s.kind === 'choice') return [{ path: s.path, check: 'choice', values: s.choices }];
  const range: OptionRule = { path: s.path, check: 'range', min: s.min, max: s.max };
  return s.step === 1 ? [range, { path: s.path, check: 'integer', min: s.min }] : [range];
}

/** Whether `value` is of the setting's type and within its range on this page. */
function inRange(s: UserSetting, value: unknown): boolean {
  if (typeof value !== (s.kind === 'number' ? 'number' : 'string')) return false;
  const [group, key] = s.path.split('.') as [string, string];
  return brokenRule({ [group]: { [key]: value } }, settingRules(s)) === undefined;
}

/**
 * Why `value` cannot be saved for setting `s` beside the other saved `values`, or null when it can: out of
 * the setting's range, or refused by the core's rules on the options together (their message).
 */
export function refusalOf(s: UserSetting, value: unknown, values: UserValues): Refusal | null {
  if (!inRange(s, value)) return s.kind === 'number' ? { kind: 'range', min: s.min, max: s.max } : { kind: 'choice', choices: s.choices };
  try {
    resolveOptions(toPartialOptions({ ...values, [s.path]: value as number | string }));
    return null;
  } catch (e) {
    return { kind: 'options', message: e instanceof Error ? e.message : String(e) };
  }
}

/** `{ "a.b": 1 }` as `{ a: { b: 1 } }`, for the settings this page offers only. */
export function toPartialOptions(values: UserValues): PartialOptions {
  const out: Record<string, Record<string, unknown>> = {};
  for (const s of USER_SETTINGS) {
    const v = values[s.path];
    if (v === undefined) continue;
    const [group, key] = s.path.split('.') as [string, string];
    (out[group] ??= {})[key] = v;
  }
  return out as PartialOptions;
}

/** The stored values that are still valid settings (a value out of range, or of an older build, is dropped). */
export function validValues(raw: unknown): UserValues {
  if (typeof raw !== 'object' || raw === null) return {};
  const out: Record<string, number | string> = {};
  for (const s of USER_SETTINGS) {
    const v = (raw as Record<string, unknown>)[s.path];
    if ((typeof v === 'number' || typeof v === 'string') && inRange(s, v)) out[s.path] = v;
  }
  try {
    resolveOptions(toPartialOptions(out));
    return out;
  } catch {
    return {};
  }
}
