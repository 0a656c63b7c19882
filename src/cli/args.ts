/** Argument checks the commands share: the engine name, whole numbers, absolute URLs, days. */
import type { EngineName } from '../node/engines/engine.ts';
import { defaultEngine } from '../node/engines/open-engine.ts';
import { UsageError } from './options-flags.ts';

/** `--engine dom|chromium`; without it the default (chromium when the binary is there, said on stderr). */
export function parseEngine(value: string | undefined): EngineName {
  if (value === undefined) return defaultEngine();
  if (value !== 'dom' && value !== 'chromium') throw new UsageError(`unknown engine "${value}" (dom, chromium)`);
  return value;
}

export function positiveInt(raw: string, flag: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} takes a positive whole number, got "${raw}"`);
  return n;
}

export function isHttpUrl(raw: string): boolean {
  try {
    return /^https?:$/.test(new URL(raw).protocol);
  } catch {
    return false;
  }
}
