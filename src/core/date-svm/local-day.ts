/**
 * Extension `localDay` (§3.7, ours): the day a reader sees. Sites write their metadata in UTC
 * (`2020-02-25T02:25:54Z`) while the page shows the local time ("February 24, 2020 | 9:25pm") and the URL
 * the local day (`/2020/02/24/`); a time stamp late in the evening in America or early in the morning in
 * Asia then falls on another day in UTC. When the classifier's choice is a UTC instant, this finds the
 * page's own local reading of the same instant:
 * - a candidate with a time of day and no zone (or a non-zero offset) that is the same instant: the same
 *   minute (and second, when both state one), a whole number of hours from −12 to +14 away;
 * - else the URL's day, when it is the day before or after and a zone from −12 to +14 hours explains it.
 * The chosen instant is unchanged; only the day (and the wall-clock time, when a local reading states one)
 * is reported as the page shows it.
 */
import type { DateSample } from './samples/sample.ts';

const HOUR_MS = 3_600_000;
const MIN_OFFSET_H = -12;
const MAX_OFFSET_H = 14;

interface Reading {
  /** Wall-clock fields read as if UTC, in ms. */
  readonly wall: number;
  readonly hasTime: boolean;
  readonly hasSeconds: boolean;
  /** Offset in minutes, or null when the value states none. */
  readonly offset: number | null;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?)?$/;

function readIso(iso: string): Reading | null {
  const m = ISO.exec(iso);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, zone] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
  let offset: number | null = null;
  if (zone === 'Z') offset = 0;
  else if (zone) {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  }
  // Times are written with seconds always (iso.ts): ":00" may be a time stated to the minute.
  return { wall, hasTime: h !== undefined, hasSeconds: s !== undefined && s !== '00', offset };
}

export interface LocalReading {
  readonly sample: DateSample;
  /** "same instant as …" / "URL day of …": for the Explain trace and the popup's "why". */
  readonly reason: string;
}

/** The page's local reading of `chosen` when `chosen` is a UTC instant that the page shows on another day, else null. */
export function localReading(chosen: DateSample, samples: readonly DateSample[]): LocalReading | null {
  const a = readIso(chosen.iso);
  if (!a || !a.hasTime || a.offset !== 0) return null;
  const utc = a.wall;
  for (const b of samples) {
    if (b === chosen || b.day === chosen.day) continue;
    const r = readIso(b.iso);
    if (!r || !r.hasTime) continue;
    if (r.offset !== null && r.offset !== 0) {
      if (Math.abs(r.wall - r.offset * 60_000 - utc) < 60_000)
        return { sample: b, reason: `the same instant as ${chosen.iso} in its own zone` };
      continue;
    }
    if (r.offset === 0) continue;
    // To the second when both state seconds, else to the minute.
    const diff = r.hasSeconds && a.hasSeconds ? r.wall - utc : r.wall - (utc - (utc % 60_000)) - (r.wall % 60_000);
    const wholeHours = diff / HOUR_MS;
    if (Number.isInteger(wholeHours) && wholeHours >= MIN_OFFSET_H && wholeHours <= MAX_OFFSET_H)
      return { sample: b, reason: `the local time of ${chosen.iso} (UTC${wholeHours >= 0 ? '+' : ''}${wholeHours})` };
  }
  const url = samples.find((s) => s.kind === 'url');
  if (url) {
    const u = readIso(url.iso);
    if (u && !u.hasTime) {
      const fromMidnight = utc - u.wall; // ms from the URL day's midnight to the instant, in UTC
      // The URL day's local midnight lies between UTC−12 and UTC+14 of the instant's wall clock.
      const earliest = -MAX_OFFSET_H * HOUR_MS;
      const latest = 24 * HOUR_MS - MIN_OFFSET_H * HOUR_MS;
      if (url.day !== chosen.day && fromMidnight >= earliest && fromMidnight < latest)
        return { sample: url, reason: `the URL's day for ${chosen.iso} (UTC)` };
    }
  }
  return null;
}
