/** Argument checks the commands share: the engine name, whole numbers, probabilities, a training day, absolute URLs, time limits. */
import type { EngineName } from '../node/engines/engine.ts';
import { DEFAULT_PAGE_TIME_LIMIT_MS } from '../node/engines/engine.ts';
import { defaultEngine } from '../node/engines/open-engine.ts';
import { MAX_INPUT_BYTES } from '../platform/decode-html.ts';
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

/** A probability from 0 to 1 (`--thresholds P,…` of the trainers). */
export function probability(raw: string, flag: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new UsageError(`${flag} takes probabilities from 0 to 1, got "${raw}"`);
  return n;
}

/** The trainers' `--now YYYY-MM-DD` (the day a model records; relative dates read against it), today by default. */
export function trainingDay(raw: string | undefined): string {
  const now = raw ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(now) || Number.isNaN(Date.parse(now))) throw new UsageError(`--now takes a day YYYY-MM-DD, got "${now}"`);
  return now;
}

export { isHttpUrl } from '../node/page-url.ts';

/** `--time-limit SECONDS`: the time one page may take in an engine, in ms (fractions allowed: 0.5). */
export function timeLimitMs(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PAGE_TIME_LIMIT_MS;
  const s = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(s) || s <= 0) throw new UsageError(`--time-limit takes a number of seconds > 0, got "${raw}"`);
  return Math.round(s * 1000);
}

/** `--max-record-mb N`: a WARC record's payload larger than this is skipped as too large (at most the page limit, 64). */
export function maxRecordBytes(raw: string | undefined): number {
  const limitMb = MAX_INPUT_BYTES / (1024 * 1024);
  if (raw === undefined) return MAX_INPUT_BYTES;
  const n = positiveInt(raw, '--max-record-mb');
  if (n > limitMb) throw new UsageError(`--max-record-mb takes at most ${limitMb} (the page limit), got "${raw}"`);
  return n * 1024 * 1024;
}
