/** A found date as ISO 8601 text: the day, and the time with its zone when the page states them. */
import type { FoundDate } from './date-finder.ts';

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD`. */
export function toIsoDay(d: Pick<FoundDate, 'year' | 'month' | 'day'>): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/**
 * `YYYY-MM-DD`, or one form for every time: `YYYY-MM-DDTHH:MM:SS` (`:00` when the page states no seconds)
 * and a `±HH:MM`/`Z` zone only when the page states one. Two forms ("…T08:00Z" beside "…T14:00:00Z") made
 * front matter and JSON differ by where the time was read.
 */
export function toIso(d: Pick<FoundDate, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'offsetMinutes'>): string {
  const day = toIsoDay(d);
  if (d.hour === null || d.minute === null) return day;
  const time = `${pad(d.hour)}:${pad(d.minute)}:${pad(d.second ?? 0)}`;
  return `${day}T${time}${zoneSuffix(d.offsetMinutes)}`;
}

function zoneSuffix(offset: number | null): string {
  if (offset === null) return '';
  if (offset === 0) return 'Z';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
