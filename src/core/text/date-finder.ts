/**
 * Date finder (ALGORITHMS.md §3.1, used by §1.7 for the time in the title→first-sentence zone and by §0
 * for text units). Finds every date with an optional time of day and zone in a text:
 * - Chinese/Japanese: 2019年05月13日 10:20, 2019年5月7日 下午3:05
 * - numeric Y-M-D with - / . \ separators (ISO 8601 with T, seconds and zone included)
 * - numeric D.M.Y and D/M/Y or M/D/Y (disambiguated by value ranges, then by `dayFirst`)
 * - month names in English, German, French, Spanish, Italian, Portuguese, Dutch, Russian
 *   ("13 May 2019", "May 13, 2019", "13. Mai 2019", "1er mars 2019", "13 de mayo de 2019", "13 мая 2019")
 * Impossible dates (2019-02-30, month 13) and years outside [minYear, maxYear] are rejected.
 */
import { MONTH_NAME_PATTERN, monthFromName } from './month-names.ts';

export interface FoundDate {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number | null;
  readonly minute: number | null;
  readonly second: number | null;
  /** Offset from UTC in minutes when the text states a zone. */
  readonly offsetMinutes: number | null;
}

export interface DateFinderOptions {
  readonly minYear: number;
  readonly maxYear: number;
  /** For ambiguous numeric D/M/Y vs M/D/Y: true reads the first number as the day. */
  readonly dayFirst: boolean;
}

/** Time of day after a date: "10:20", "10:20:05", "下午3:05", "at 3:05 pm", "um 10.20 Uhr", "T10:20:05.123Z". */
const TIME =
  String.raw`(?:(?:\s*[T,]\s*|,?\s+(?:at|um|à|a las|alle|às|om|в)\s+|\s*[-–|·]\s*|\s*)` +
  String.raw`(上午|下午|早上|晚上|中午|凌晨)?\s*(\d{1,2})\s*(?:[:：时時點点]|h(?=\d)|\.(?=\d{2}\s*uhr))\s*(\d{2})(?!\d)(?:\s*[:：分]\s*(\d{2})(?!\d)(?:[.,]\d+)?)?\s*(?:秒)?` +
  String.raw`(?:\s*(am|pm|a\.m\.|p\.m\.)(?![a-z]))?(?:\s*uhr)?` +
  String.raw`(?:\s*(z|[+-]\d{2}:?\d{2}|(?:utc|gmt)(?:\s*[+-]\s*\d{1,2}(?::?\d{2})?)?|cest|cet|bst|est|edt|cst|cdt|pst|pdt|mst|mdt)(?![a-z\d]))?)?`;

const NO_DIGIT_BEFORE = String.raw`(?<!\d)`;
const NO_DIGIT_AFTER = String.raw`(?!\d)`;
const NO_LETTER_BEFORE = String.raw`(?<![\p{L}])`;
const NO_LETTER_AFTER = String.raw`(?![\p{L}])`;

type Order = 'cjk' | 'ymd' | 'numeric-dmy' | 'name-dmy' | 'name-mdy';

interface Pattern {
  readonly order: Order;
  readonly re: RegExp;
}

const PATTERNS: readonly Pattern[] = [
  {
    order: 'cjk',
    re: new RegExp(`${NO_DIGIT_BEFORE}(\\d{4})\\s*年\\s*(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*[日号號]?${TIME}`, 'giud'),
  },
  {
    order: 'ymd',
    re: new RegExp(`${NO_DIGIT_BEFORE}(\\d{4})\\s*([-/.\\\\])\\s*(\\d{1,2})\\s*\\2\\s*(\\d{1,2})${NO_DIGIT_AFTER}${TIME}`, 'giud'),
  },
  {
    order: 'numeric-dmy',
    re: new RegExp(`${NO_DIGIT_BEFORE}(\\d{1,2})\\s*([-/.])\\s*(\\d{1,2})\\s*\\2\\s*(\\d{4})${NO_DIGIT_AFTER}${TIME}`, 'giud'),
  },
  {
    order: 'name-dmy',
    re: new RegExp(
      `${NO_DIGIT_BEFORE}(\\d{1,2})(?:st|nd|rd|th|er|º|°|\\.)?\\s*(?:de\\s+)?${NO_LETTER_BEFORE}(${MONTH_NAME_PATTERN})\\.?${NO_LETTER_AFTER},?\\s*(?:de\\s+)?(\\d{4})${NO_DIGIT_AFTER}(?:\\s*г\\.?)?${TIME}`,
      'giud',
    ),
  },
  {
    order: 'name-mdy',
    re: new RegExp(
      `${NO_LETTER_BEFORE}(${MONTH_NAME_PATTERN})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?${NO_DIGIT_AFTER},?\\s+(\\d{4})${NO_DIGIT_AFTER}${TIME}`,
      'giud',
    ),
  },
];

/** Every date in `text`, in text order, overlapping matches resolved in favour of the earliest, longest. */
export function findDates(text: string, opts: DateFinderOptions): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { order, re } of PATTERNS) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const date = readMatch(order, m, opts);
      if (date) found.push(date);
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: FoundDate[] = [];
  let lastEnd = -1;
  for (const d of found) {
    if (d.start >= lastEnd) {
      out.push(d);
      lastEnd = d.end;
    }
  }
  return out;
}

function readMatch(order: Order, m: RegExpMatchArray, opts: DateFinderOptions): FoundDate | null {
  const g = (i: number): string | undefined => m[i];
  let year: number;
  let month: number | null;
  let day: number;
  let timeAt: number;
  switch (order) {
    case 'cjk':
      [year, month, day, timeAt] = [num(g(1)), num(g(2)), num(g(3)), 4];
      break;
    case 'ymd':
      [year, month, day, timeAt] = [num(g(1)), num(g(3)), num(g(4)), 5];
      break;
    case 'numeric-dmy': {
      const a = num(g(1));
      const b = num(g(3));
      year = num(g(4));
      const dayFirst = g(2) === '.' || a > 12 || (b <= 12 && opts.dayFirst);
      [day, month] = dayFirst ? [a, b] : [b, a];
      timeAt = 5;
      break;
    }
    case 'name-dmy':
      [day, month, year, timeAt] = [num(g(1)), monthFromName(g(2) ?? ''), num(g(3)), 4];
      break;
    case 'name-mdy':
      [month, day, year, timeAt] = [monthFromName(g(1) ?? ''), num(g(2)), num(g(3)), 4];
      break;
  }
  if (month === null || !isValidDate(year, month, day, opts)) return null;
  const time = readTime(m, timeAt);
  const matched = m[0];
  const start = m.index ?? 0;
  const text = time ? matched.trimEnd() : matched.slice(0, dateOnlyLength(m, timeAt)).trimEnd();
  return { start, end: start + text.length, text, year, month, day, ...(time ?? NO_TIME) };
}

const NO_TIME = { hour: null, minute: null, second: null, offsetMinutes: null } as const;

/** Length of the match without its (absent or invalid) time part, from the match indices (`d` flag). */
function dateOnlyLength(m: RegExpMatchArray, timeAt: number): number {
  const start = m.index ?? 0;
  const timeStart = m.indices?.[timeAt]?.[0] ?? m.indices?.[timeAt + 1]?.[0];
  if (timeStart === undefined) return m[0].length;
  return m[0].slice(0, timeStart - start).replace(/(?:\s|[T,\-–|·]|\b(?:at|um|à|a las|alle|às|om|в)\b)+$/iu, '').length;
}

function readTime(
  m: RegExpMatchArray,
  at: number,
): { hour: number; minute: number; second: number | null; offsetMinutes: number | null } | null {
  const hourText = m[at + 1];
  const minuteText = m[at + 2];
  if (hourText === undefined || minuteText === undefined) return null;
  let hour = num(hourText);
  const minute = num(minuteText);
  const secondText = m[at + 3];
  const second = secondText === undefined ? null : num(secondText);
  const cjkHalf = m[at];
  const ampm = m[at + 4]?.toLowerCase();
  if ((ampm?.startsWith('p') || cjkHalf === '下午' || cjkHalf === '晚上') && hour < 12) hour += 12;
  if ((ampm?.startsWith('a') || cjkHalf === '凌晨') && hour === 12) hour = 0;
  if (hour > 23 || minute > 59 || (second !== null && second > 59)) return null;
  return { hour, minute, second, offsetMinutes: readZone(m[at + 5]) };
}

const NAMED_ZONES: Readonly<Record<string, number>> = {
  z: 0,
  utc: 0,
  gmt: 0,
  cet: 60,
  cest: 120,
  bst: 60,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
};

function readZone(zone: string | undefined): number | null {
  if (!zone) return null;
  const z = zone.toLowerCase().replace(/\s+/g, '');
  const named = NAMED_ZONES[z];
  if (named !== undefined) return named;
  const m = /^(?:utc|gmt)?([+-])(\d{1,2}):?(\d{2})?$/.exec(z);
  if (!m) return null;
  const minutes = num(m[2]) * 60 + (m[3] ? num(m[3]) : 0);
  return m[1] === '-' ? -minutes : minutes;
}

function num(s: string | undefined): number {
  return s === undefined ? NaN : parseInt(s, 10);
}

export function isValidDate(year: number, month: number, day: number, opts: Pick<DateFinderOptions, 'minYear' | 'maxYear'>): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < opts.minYear || year > opts.maxYear || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD`. */
export function toIsoDay(d: Pick<FoundDate, 'year' | 'month' | 'day'>): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]` and a `±HH:MM`/`Z` zone when known. */
export function toIso(d: FoundDate): string {
  const day = toIsoDay(d);
  if (d.hour === null || d.minute === null) return day;
  const time = `${pad(d.hour)}:${pad(d.minute)}${d.second === null ? '' : `:${pad(d.second)}`}`;
  return `${day}T${time}${zoneSuffix(d.offsetMinutes)}`;
}

function zoneSuffix(offset: number | null): string {
  if (offset === null) return '';
  if (offset === 0) return 'Z';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A date in a URL path: /2019/10/16/, /2019-10-16-, /20191016/ (the year and month at least with a day). */
export function findUrlDate(url: string, opts: Pick<DateFinderOptions, 'minYear' | 'maxYear'>): FoundDate | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const patterns = [/(?<!\d)((?:19|20)\d{2})[/_-](\d{1,2})[/_-](\d{1,2})(?!\d)/, /(?<!\d)((?:19|20)\d{2})(\d{2})(\d{2})(?!\d)/];
  for (const re of patterns) {
    const m = re.exec(path);
    if (!m) continue;
    const [year, month, day] = [num(m[1]), num(m[2]), num(m[3])];
    if (isValidDate(year, month, day, opts)) {
      return { start: m.index, end: m.index + m[0].length, text: m[0], year, month, day, ...NO_TIME };
    }
  }
  return null;
}
