/**
 * The date finder's patterns (date-finder.ts): one rule per way of writing a date, each with a cheap test
 * the text must pass, and how a match becomes a hit (a valid date, with its time of day when valid).
 */
import { isValidDate, num, readTime, timePattern } from './date-time.ts';
import type { DateFinderOptions, DateForm, Groups, Hit, Rule, Tier } from './found-date.ts';
import { AMBIGUOUS_MONTH_NAMES, MONTH_LETTERS, MONTH_NAME_MAX_LENGTH, monthFromName } from './month-names.ts';

/**
 * The time of day after a date, tried where each rule's date ends (`execRule`). It was the last group of
 * every rule's pattern, so each of the eleven patterns carried its 1 400 characters, and compiling them
 * (case-insensitive Unicode: every `\p{L}` case-closed) took 2–5 ms each on the first run in a new tab,
 * 25 ms of it; compiled once now. The same matches: the time was an optional (or required) last group,
 * so the pattern's first match of the date stands whether or not a time follows it.
 */
const TIME_AT = new RegExp(timePattern(true), 'iuy');
/** A word that may be a month name (checked with `monthFromName`): a class is far faster than the alternation of 500 names. */
const MONTH_WORD = `[${MONTH_LETTERS}]{3,${MONTH_NAME_MAX_LENGTH + 2}}`;
const MONTH = `(?<mn>${MONTH_WORD})`;
/** What may stand between a day and its month name: 13th, 1er, 13., "13 de", "13th of", "16 d'". */
const DAY_SUFFIX = String.raw`(?:st|nd|rd|th|er|re|º|°|ª|\.)?\s*(?:(?:de|of)\s+|d['’])?`;
const FLAGS = 'giu';
const DIGIT = /\d/;
/** Han, kana, Hangul, CJK punctuation and full-width forms. */
export const CJK_CHAR = /[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]/;

const CN_YEAR_DIGIT = '〇○零OＯ一二三四五六七八九';
const CN_DIGIT_VALUE: Readonly<Record<string, number>> = {
  〇: 0,
  '○': 0,
  零: 0,
  o: 0,
  O: 0,
  Ｏ: 0,
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

const CN_NUMERAL = new RegExp(`[${CN_YEAR_DIGIT}十]`, 'u');
const MONTH_LETTER = new RegExp(`[${MONTH_LETTERS}]`, 'u');
const LETTER = /\p{L}/u;

/** The start of the month name that ends at `end` (exclusive), or null when the word there is not one. */
function monthWordBefore(scan: string, end: number): number | null {
  let start = end;
  while (start > 0 && end - start <= MONTH_NAME_MAX_LENGTH + 2 && MONTH_LETTER.test(scan[start - 1] ?? '')) start--;
  if (end - start < 3 || (start > 0 && LETTER.test(scan[start - 1] ?? ''))) return null;
  return monthFromName(scan.slice(start, end)) === null ? null : start;
}

const ERA_START: Readonly<Record<string, number>> = { 令和: 2018, 平成: 1988, 昭和: 1925, 民國: 1911, 民国: 1911 };

export const RULES: readonly Rule[] = [
  {
    // 2019年05月13日 10:20, 2019년 5월 13일 오후 3:05
    re: new RegExp(String.raw`(?<!\d)(?<y>\d{4})\s*[年년]\s*(?<mo>\d{1,2})\s*[月월]\s*(?<d>\d{1,2})(?!\d)(?:\s*[日号號일])?`, FLAGS),
    needs: /[年년]/u,
    cjk: true,
    read: (m, scan, opts) => {
      const g = groups(m);
      return hit(m, scan, opts, { year: num(g['y']), month: num(g['mo']), day: num(g['d']) }, 'cjk', 'full');
    },
  },
  {
    // 令和元年5月1日, 平成31年4月30日, 民國108年5月13日
    re: new RegExp(
      String.raw`(?<era>令和|平成|昭和|民國|民国)\s*(?<ey>元|\d{1,3})\s*年\s*(?<mo>\d{1,2})\s*月\s*(?<d>\d{1,2})(?!\d)(?:\s*日)?`,
      FLAGS,
    ),
    needs: /[令平昭民]/u,
    cjk: true,
    read: (m, scan, opts) => {
      const g = groups(m);
      const eraYear = g['ey'] === '元' ? 1 : num(g['ey']);
      const year = (ERA_START[g['era'] ?? ''] ?? NaN) + eraYear;
      return hit(m, scan, opts, { year, month: num(g['mo']), day: num(g['d']) }, 'cjk', 'full');
    },
  },
  {
    // 2019-05-13, 2019/5/7, 2019.05.13, 2019\05\13, 2019-05-13T10:20:05+08:00, 2019. 5. 13. 오후 3:05
    re: new RegExp(
      String.raw`(?<!\d)(?<y>\d{4})\s*(?<sep>[-/.\\])\s*(?<mo>\d{1,2})\s*\k<sep>\s*(?<d>\d{1,2})(?!\d)` +
        String.raw`(?:\.(?=\s*(?:오전|오후|午前|午後|\d{1,2}:\d{2})))?`,
      FLAGS,
    ),
    needs: DIGIT,
    read: (m, scan, opts) => {
      const g = groups(m);
      return hit(m, scan, opts, { year: num(g['y']), month: num(g['mo']), day: num(g['d']) }, 'ymd', 'full');
    },
  },
  {
    // 13.05.2019, 13/05/2019, 05/13/2019, 13-05-2019
    re: new RegExp(String.raw`(?<!\d)(?<a>\d{1,2})\s*(?<sep>[-/.])\s*(?<b>\d{1,2})\s*\k<sep>\s*(?<y>\d{4})(?!\d)`, FLAGS),
    needs: DIGIT,
    read: (m, scan, opts) => {
      const g = groups(m);
      const { day, month, dayFirst } = dayAndMonth(g, opts);
      return hit(m, scan, opts, { year: num(g['y']), month, day }, dayFirst ? 'dmy' : 'mdy', 'full');
    },
  },
  {
    // 13 May 2019, 13th of May 2019, 13. Mai 2019, 1er mars 2019, 13 de mayo de 2019, 13 мая 2019 г.,
    // 16 d'octubre de 2019, 13 maja 2019 r.; without the year (yearless): 20 May, 20 мая в 10:20
    re: new RegExp(
      String.raw`(?<!\d)(?<d>\d{1,2})${DAY_SUFFIX}${MONTH}\.?(?!\p{L})` +
        String.raw`(?:(?:,|\.)?\s*(?:(?:de|del)\s+)?(?<y>\d{4})(?!\d)(?:\s*(?:г|р|r)\.|\s*(?:года|року|roku|г|р)(?!\p{L}))?)?`,
      'iuy',
    ),
    seek: {
      re: new RegExp(String.raw`\d{1,2}${DAY_SUFFIX}(?<mn>${MONTH_WORD})(?![${MONTH_LETTERS}])`, 'giu'),
      startAt: (s) => (monthFromName(s.groups?.['mn'] ?? '') === null ? null : s.index),
    },
    needs: DIGIT,
    read: (m, scan, opts) => readNamed(m, scan, opts, 'name-dmy'),
  },
  {
    // May 13, 2019; Sept. 3, 2019; October 16th, 2019 at 3:05 pm; without the year (yearless): May 20
    re: new RegExp(String.raw`(?<!\p{L})${MONTH}\.?\s+(?<d>\d{1,2})(?:st|nd|rd|th)?(?![\p{L}\d])(?:,?\s+(?<y>\d{4})(?!\d))?`, 'iuy'),
    seek: {
      // The last letter of a word, then a day: the word (the month name) is read backwards in code.
      re: new RegExp(String.raw`[${MONTH_LETTERS}]\.?\s+\d`, 'gu'),
      startAt: (s, scan) => monthWordBefore(scan, s.index + 1),
    },
    needs: DIGIT,
    read: (m, scan, opts) => readNamed(m, scan, opts, 'name-mdy'),
  },
  {
    // Hungarian 2019. május 13., 2019. máj. 13-án; 2019 May 13
    re: new RegExp(String.raw`(?<!\d)(?<y>\d{4})(?:\.\s*|,?\s+)${MONTH}\.?\s*(?<d>\d{1,2})(?!\d)(?:\.|-\p{L}{1,4}(?!\p{L}))?`, FLAGS),
    needs: DIGIT,
    read: (m, scan, opts) => {
      const g = groups(m);
      const month = monthFromName(g['mn'] ?? '');
      if (month === null) return null;
      return hit(m, scan, opts, { year: num(g['y']), month, day: num(g['d']) }, 'name-mdy', 'full');
    },
  },
  {
    // 二〇一九年五月十三日, 二○○七年八月二十日, 二零一九年十二月三十一日
    re: new RegExp(
      String.raw`(?<cy>[〇○零一二三四五六七八九][${CN_YEAR_DIGIT}]{3})\s*年\s*(?<cm>十[一二]?|[一二三四五六七八九])\s*月\s*` +
        String.raw`(?<cd>三十一?|二十[一二三四五六七八九]?|十[一二三四五六七八九]?|[一二三四五六七八九])\s*[日号號]`,
      FLAGS,
    ),
    needs: /[〇○零OＯ一二三四五六七八九]年/u,
    cjk: true,
    read: (m, scan, opts) => {
      // Four numerals and no more ("十二〇一九年" is not a year); checked here, a leading lookbehind is slow.
      if (CN_NUMERAL.test(scan[m.index - 1] ?? '')) return null;
      const g = groups(m);
      let year = 0;
      for (const c of g['cy'] ?? '') year = year * 10 + (CN_DIGIT_VALUE[c] ?? NaN);
      const date = { year, month: chineseNumber(g['cm'] ?? ''), day: chineseNumber(g['cd'] ?? '') };
      return hit(m, scan, opts, date, 'chinese-numerals', 'full');
    },
  },
  {
    // 18-03-08 23:16, 18/03/08 23:16 (a time of day must follow)
    re: new RegExp(String.raw`(?<![A-Za-z\d\-/.])(?<yy>\d{2})(?<sep>[-/])(?<mo>\d{1,2})\k<sep>(?<d>\d{1,2})(?![\d\-/.])`, FLAGS),
    timeRequired: true,
    needs: DIGIT,
    read: (m, scan, opts) => {
      const g = groups(m);
      const year = fullYear(num(g['yy']), opts);
      // With `looseNumeric`, slashes are read day (or month) first when that reading is a date ("26/10/13, 03:48 pm"):
      // the year-first form is written with dashes ("18-03-08 23:16").
      if (opts.looseNumeric && g['sep'] === '/' && isDayMonth(num(g['yy']), num(g['mo']), num(g['d']), opts)) return null;
      return hit(m, scan, opts, { year, month: num(g['mo']), day: num(g['d']) }, 'two-digit-year', 'two-digit-year', true);
    },
  },
  {
    // With `looseNumeric`: 8.5.12, 26.10.13, 26/10/13, 03:48 pm, 10/26/13 (day and month, then a two-digit year; a
    // dot is day-first everywhere, a slash by value ranges, then `dayFirst`). Never inside a longer run of
    // numbers and dots ("1.2.10.4", a version "v2.4.10") nor before a letter or digit.
    re: new RegExp(String.raw`(?<![\p{L}\d\-/.,:])(?<a>\d{1,2})(?<sep>[./])(?<b>\d{1,2})\k<sep>(?<yy>\d{2})(?![\p{L}\d\-/]|[.,]\d)`, FLAGS),
    needs: /\d[./]\d{1,2}[./]\d{2}/,
    option: 'looseNumeric',
    read: (m, scan, opts) => {
      const g = groups(m);
      const { day, month } = dayAndMonth(g, opts);
      const year = fullYear(num(g['yy']), opts);
      return hit(m, scan, opts, { year, month, day }, 'two-digit-year', 'two-digit-year');
    },
  },
  {
    // With `looseNumeric`: 26 | 01 | 2022 (day first, as the dotted and dashed forms when the day > 12 or `dayFirst`).
    re: new RegExp(String.raw`(?<![\d|])(?<a>\d{1,2}) ?\| ?(?<b>\d{1,2}) ?\| ?(?<y>\d{4})(?![\d|])`, FLAGS),
    needs: /\d ?\| ?\d/,
    option: 'looseNumeric',
    read: (m, scan, opts) => {
      const g = groups(m);
      const { day, month, dayFirst } = dayAndMonth(g, opts);
      return hit(m, scan, opts, { year: num(g['y']), month, day }, dayFirst ? 'dmy' : 'mdy', 'full');
    },
  },
  {
    // yearless 5月20日, 5月20日 10:20, 5월 20일
    re: new RegExp(String.raw`(?<!(?:\d|[年년])\s{0,4})(?<mo>\d{1,2})\s*[月월]\s*(?<d>\d{1,2})(?!\d)\s*[日号號일]`, FLAGS),
    needs: /[月월]/u,
    cjk: true,
    read: (m, scan, opts) => {
      const g = groups(m);
      return yearless(m, scan, opts, num(g['mo']), num(g['d']), false);
    },
  },
  {
    // yearless 10-08 12:00, 10/08 12:00 (month-day; a time of day must follow)
    re: new RegExp(String.raw`(?<![A-Za-z\d\-/.])(?<mo>\d{1,2})(?<sep>[-/])(?<d>\d{1,2})(?![\d\-/.])`, FLAGS),
    timeRequired: true,
    needs: DIGIT,
    read: (m, scan, opts) => {
      const g = groups(m);
      return yearless(m, scan, opts, num(g['mo']), num(g['d']), true);
    },
  },
];

/**
 * The next match of `rule` from its pattern's `lastIndex`: the date, then the time of day that follows it
 * (`TIME_AT`), joined into one match as when the time was the pattern's last group (its text appended to
 * `m[0]`, its groups to `m.groups`). A rule whose time is required moves on to the next date when none
 * follows (a sticky pattern, tried at one place, gives null).
 */
export function execRule(rule: Rule, scan: string): RegExpExecArray | null {
  const re = rule.re;
  for (;;) {
    const m = re.exec(scan);
    if (m === null) return null;
    TIME_AT.lastIndex = m.index + m[0].length;
    const t = TIME_AT.exec(scan);
    if (t !== null) {
      m[0] += t[0];
      m.groups = { ...m.groups, ...t.groups };
      re.lastIndex = TIME_AT.lastIndex;
      return m;
    }
    if (!rule.timeRequired) return m;
    if (re.sticky) return null;
    re.lastIndex = m.index + 1;
  }
}

export const YEARLESS_RULES = new Set<Rule>(RULES.slice(-2));

function groups(m: RegExpExecArray): Groups {
  return m.groups ?? {};
}

/**
 * Day and month from two numbers `a` and `b` written in that order: day first after a dot (day-first
 * everywhere), when `a` cannot be a month, or by `opts.dayFirst` when both could be either.
 */
function dayAndMonth(g: Groups, opts: DateFinderOptions): { day: number; month: number; dayFirst: boolean } {
  const a = num(g['a']);
  const b = num(g['b']);
  const dayFirst = g['sep'] === '.' || a > 12 || (b <= 12 && opts.dayFirst);
  return dayFirst ? { day: a, month: b, dayFirst } : { day: b, month: a, dayFirst };
}

/**
 * A hit for a date read from match `m`, with the time of day when valid. The hit ends after the time, or
 * after the date alone when the time is missing or impossible. Null for an impossible date or, when
 * `timeRequired`, a missing time.
 */
function hit(
  m: RegExpExecArray,
  scan: string,
  opts: DateFinderOptions,
  date: { year: number; month: number; day: number },
  form: DateForm,
  tier: Tier,
  timeRequired = false,
): Hit | null {
  if (!isValidDate(date.year, date.month, date.day, opts)) return null;
  const g = groups(m);
  const time = readTime(g);
  if (timeRequired && !time) return null;
  const start = m.index;
  // The time follows the date (execRule): without it the date ends where the time text starts.
  const end = trimmedEnd(scan, start, start + m[0].length - (time ? 0 : (g['time']?.length ?? 0)));
  const iso = time !== null && form === 'ymd' && /^\s*t/i.test(g['time'] ?? '');
  return makeHit(start, end, date.year, date.month, date.day, time, iso ? 'iso' : form, tier);
}

/** A two-digit year's century: 20YY, or 19YY when 20YY would be past `opts.maxYear`. */
function fullYear(yy: number, opts: DateFinderOptions): number {
  return 2000 + yy <= opts.maxYear ? 2000 + yy : 1900 + yy;
}

/** Whether D/M/YY (or M/D/YY) reads as a valid date, the two-digit year taken as 20YY. */
function isDayMonth(a: number, b: number, yy: number, opts: DateFinderOptions): boolean {
  const year = fullYear(yy, opts);
  return isValidDate(year, b, a, opts) || isValidDate(year, a, b, opts);
}

/** A month-name date, with its year (name-dmy / name-mdy) or, when the reference is set, without (yearless). */
function readNamed(m: RegExpExecArray, scan: string, opts: DateFinderOptions, form: 'name-dmy' | 'name-mdy'): Hit | null {
  const g = groups(m);
  const name = g['mn'] ?? '';
  const month = monthFromName(name);
  if (month === null) return null;
  const day = num(g['d']);
  if (g['y'] !== undefined) return hit(m, scan, opts, { year: num(g['y']), month, day }, form, 'full');
  const capitalised = name[0] !== undefined && name[0] !== name[0].toLowerCase();
  // "May 20" is English or German, both capitalise months: "may 20" is the verb.
  if (form === 'name-mdy' && !capitalised) return null;
  const found = yearless(m, scan, opts, month, day, false);
  if (!found) return null;
  const after = scan.slice(found.end, found.end + 8);
  // "20 May" followed by a long number is not a date without a year ("20 May 20190"); "the top 20 may be".
  if (found.hour === null && /^\s*[,.]?\s*\d{3}/u.test(after)) return null;
  if (found.hour === null && !capitalised && AMBIGUOUS_MONTH_NAMES.has(name.toLowerCase()) && /^\s*\p{L}/u.test(after)) return null;
  // "… on 20 mai." ends a sentence: the full stop is not part of the date.
  if (found.hour === null && form === 'name-dmy' && scan[found.end - 1] === '.') {
    return makeHit(found.start, found.end - 1, found.year, month, day, null, 'yearless', 'yearless');
  }
  return found;
}

/** A date without a year, given the year that puts it on or before the reference day. */
function yearless(
  m: RegExpExecArray,
  scan: string,
  opts: DateFinderOptions,
  month: number,
  day: number,
  timeRequired: boolean,
): Hit | null {
  const ref = opts.yearlessReference;
  if (!ref) return null;
  const year = month < ref.month || (month === ref.month && day <= ref.day) ? ref.year : ref.year - 1;
  return hit(m, scan, opts, { year, month, day }, 'yearless', 'yearless', timeRequired);
}

export function trimmedEnd(scan: string, start: number, end: number): number {
  let e = end;
  while (e > start && isSpace(scan.charCodeAt(e - 1))) e--;
  return e;
}

function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x3000 || c === 0x2009 || c === 0x202f;
}

/** 一 … 三十一 as a number (十 = 10, 十三 = 13, 二十 = 20, 二十一 = 21). */
function chineseNumber(s: string): number {
  const ten = s.indexOf('十');
  if (ten < 0) return CN_DIGIT_VALUE[s] ?? NaN;
  const tens = ten === 0 ? 1 : (CN_DIGIT_VALUE[s.slice(0, ten)] ?? NaN);
  const units = ten === s.length - 1 ? 0 : (CN_DIGIT_VALUE[s.slice(ten + 1)] ?? NaN);
  return tens * 10 + units;
}

/** Every hit built the same way, so that all have one shape. */
export function makeHit(
  start: number,
  end: number,
  year: number,
  month: number,
  day: number,
  time: {
    readonly hour: number | null;
    readonly minute: number | null;
    readonly second: number | null;
    readonly offsetMinutes: number | null;
  } | null,
  form: DateForm,
  tier: Tier,
): Hit {
  return {
    start,
    end,
    year,
    month,
    day,
    hour: time ? time.hour : null,
    minute: time ? time.minute : null,
    second: time ? time.second : null,
    offsetMinutes: time ? time.offsetMinutes : null,
    form,
    tier,
  };
}
