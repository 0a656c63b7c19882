/**
 * The extraction settings a reader may change on the options page (src/options): the thresholds that change
 * what a reader sees (which lists count as link blocks, how close a block must be to the title); every
 * other option stays the calibrated default. Stored as `{ "linkBlocks.minLinks": 5, … }`
 * (user-options.ts); checked here, by the options page and by the extraction (which has the core loaded),
 * so a value of an older build or out of range is never used.
 */
import type { PartialOptions } from '../core/index.ts';
import { DEFAULT_OPTIONS, resolveOptions } from '../core/index.ts';
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
    if (s.kind === 'number' && typeof v === 'number' && Number.isFinite(v) && v >= s.min && v <= s.max) out[s.path] = v;
    if (s.kind === 'choice' && typeof v === 'string' && s.choices.includes(v)) out[s.path] = v;
  }
  try {
    resolveOptions(toPartialOptions(out));
    return out;
  } catch {
    return {};
  }
}
