/**
 * Dates of machine-written values (ALGORITHMS.md §3.1 extension): the page's URL path, and attribute
 * values (`time[datetime]`, `meta[content]`, JSON-LD) in ISO 8601, compact, RFC 2822 or Unix-time form.
 */
import type { DateFields } from './date-time.ts';
import { NO_TIME, isValidDate, num, readTime } from './date-time.ts';
import type { DateFinderOptions, DateForm, FoundDate } from './date-finder.ts';
import { findDates } from './date-finder.ts';

/**
 * A date in a URL path: /2019/10/16/, /2017/7/12/, /2019-10-16-, /20191016/, and (day first, when no
 * year-first date is there) /29-10-2021, /29.10.2021 — read only when the day cannot be the month.
 */
export function findUrlDate(url: string, opts: Pick<DateFinderOptions, 'minYear' | 'maxYear'>): FoundDate | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const patterns: readonly [RegExp, DateForm][] = [
    [/(?<!\d)((?:19|20)\d{2})[/_-](\d{1,2})[/_-](\d{1,2})(?!\d)/, 'ymd'],
    [/(?<!\d)((?:19|20)\d{2})(\d{2})(\d{2})(?!\d)/, 'compact'],
  ];
  for (const [re, form] of patterns) {
    const m = re.exec(path);
    if (!m) continue;
    const [year, month, day] = [num(m[1]), num(m[2]), num(m[3])];
    if (isValidDate(year, month, day, opts)) {
      return { start: m.index, end: m.index + m[0].length, text: m[0], year, month, day, ...NO_TIME, form };
    }
  }
  const dmy = URL_DMY.exec(path);
  if (dmy) {
    const [day, month, year] = [num(dmy[1]), num(dmy[3]), num(dmy[4])];
    if (day > 12 && isValidDate(year, month, day, opts))
      return { start: dmy.index, end: dmy.index + dmy[0].length, text: dmy[0], year, month, day, ...NO_TIME, form: 'dmy' };
  }
  return null;
}

const URL_DMY = /(?<![\d.])(\d{1,2})([-_.])(\d{1,2})\2((?:19|20)\d{2})(?![\d])/;
const TIMESTAMP = /^(?:\d{10}|\d{13})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const BASIC_ISO = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(?:[.,]\d+)?(z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** A value that states a time after its date: an impossible time makes the whole value unusable. */
const ISO_DATE_TIME = /^\d{4}-\d{1,2}-\d{1,2}(?:T|\s+)\d/i;

/**
 * The date of an attribute value (time[datetime], meta content, JSON-LD): ISO 8601 in its common shapes
 * (2019-10-16, 2019-10-16T10:20:05.123+02:00, 2019-10-16 10:20:05, 20191016T102005Z), compact 20191016
 * (the whole value), RFC 2822 ("Wed, 16 Oct 2019 10:20:05 +0200"), any text form `findDates` reads, and
 * Unix timestamps in seconds (10 digits) or milliseconds (13 digits) within [minYear, maxYear] (UTC).
 * The first date of the value, or null. Offsets index into `value`.
 */
export function parseDateValue(value: string, opts: DateFinderOptions): FoundDate | null {
  const trimmed = value.trim();
  const lead = value.length - value.trimStart().length;
  const whole = (fields: DateFields, form: DateForm): FoundDate | null =>
    isValidDate(fields.year, fields.month, fields.day, opts)
      ? { start: lead, end: lead + trimmed.length, text: trimmed, ...fields, form }
      : null;

  if (TIMESTAMP.test(trimmed)) {
    const ms = Number(trimmed) * (trimmed.length === 10 ? 1000 : 1);
    const t = new Date(ms);
    const fields = {
      year: t.getUTCFullYear(),
      month: t.getUTCMonth() + 1,
      day: t.getUTCDate(),
      hour: t.getUTCHours(),
      minute: t.getUTCMinutes(),
      second: t.getUTCSeconds(),
      offsetMinutes: 0,
    };
    return whole(fields, 'iso');
  }
  const compact = COMPACT.exec(trimmed);
  if (compact) return whole({ year: num(compact[1]), month: num(compact[2]), day: num(compact[3]), ...NO_TIME }, 'compact');
  const basic = BASIC_ISO.exec(trimmed);
  if (basic) {
    const time = readTime({ hh: basic[4], mi: basic[5], ss: basic[6], zone: basic[7] });
    if (!time) return null;
    return whole({ year: num(basic[1]), month: num(basic[2]), day: num(basic[3]), ...time }, 'iso');
  }
  const found = findDates(value, opts)[0];
  if (!found) return null;
  if (found.hour === null && found.start === lead && ISO_DATE_TIME.test(trimmed)) return null;
  return found;
}
