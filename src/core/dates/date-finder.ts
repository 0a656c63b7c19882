/**
 * Date finder (ALGORITHMS.md §3.1, used by §1.7 for the time in the title→first-sentence zone and by §0
 * for text units). Finds every date with an optional time of day and zone in a text:
 * - Chinese/Japanese/Korean: 2019年05月13日 10:20, 2019年5月7日 下午3:05, 2019년 5월 13일 오후 3:05,
 *   令和元年5月1日, Chinese numerals 二〇一九年五月十三日; full-width digits are read like ASCII
 * - numeric Y-M-D with - / . \ separators (ISO 8601 with T, seconds and zone included; Korean "2019. 5. 13.")
 * - numeric D.M.Y and D/M/Y or M/D/Y (disambiguated by value ranges, then by `dayFirst`)
 * - two-digit years Y-M-D / Y/M/D followed by a time: "18-03-08 23:16" (D.M.YY is never read: "08.03.18"
 *   is as often YY.MM.DD, a version or a score, and no rule tells them apart)
 * - month names in some twenty languages (see month-names.ts): "13 May 2019", "May 13, 2019", "13. Mai 2019",
 *   "1er mars 2019", "13 de mayo de 2019", "13 мая 2019", "13 maja 2019 r.", "2019. május 13."
 * - with `yearlessReference`: dates without a year ("5月20日", "May 20", "20 мая", "10-08 12:00")
 * - with `now`: relative dates ("3小时前", "5 minutes ago", "gestern, 10:20 Uhr"; see relative-dates.ts)
 * Impossible dates (2019-02-30, month 13) and years outside [minYear, maxYear] are rejected; an impossible
 * time (25:10) is dropped and the date kept without it.
 *
 * Every pattern is compiled once at load and is linear: no two quantifiers can share a run of the same
 * characters (a long run of spaces after a date is read by one `\s*`), and the patterns that would start
 * with a word (month names, "yesterday", "ago"…) are only tried where a cheap search finds a candidate. A
 * 1 MB text is one pass per pattern.
 */
import type { DateFields } from './date-time.ts';
import { NO_TIME, foldDigits, isValidDate, num, readTime, timePattern } from './date-time.ts';
import { AMBIGUOUS_MONTH_NAMES, MONTH_LETTERS, MONTH_NAME_MAX_LENGTH, monthFromName } from './month-names.ts';
import { findRelativeDates } from './relative-dates.ts';

export { isValidDate } from './date-time.ts';

/**
 * How a date was written: 'cjk' 2019年5月13日 (also Korean 년월일 and Japanese eras); 'ymd' 2019-05-13;
 * 'iso' Y-M-D with a T time; 'dmy'/'mdy' the numeric order actually read; 'name-dmy' 13 May 2019;
 * 'name-mdy' May 13, 2019 (and Hungarian 2019. május 13.); 'two-digit-year' 18-03-08 23:16; 'yearless'
 * 5月20日 / May 20; 'relative' 3小时前 / yesterday at 10:20; 'compact' 20191016; 'chinese-numerals'
 * 二〇一九年五月十三日.
 */
export type DateForm =
  | 'cjk'
  | 'ymd'
  | 'iso'
  | 'dmy'
  | 'mdy'
  | 'name-dmy'
  | 'name-mdy'
  | 'two-digit-year'
  | 'yearless'
  | 'relative'
  | 'compact'
  | 'chinese-numerals';

/** A date found in a text: its fields (date-time.ts), where it stands, and the form it was read in. */
export interface FoundDate extends DateFields {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly form: DateForm;
}

export interface DateFinderOptions {
  readonly minYear: number;
  readonly maxYear: number;
  /** For ambiguous numeric D/M/Y vs M/D/Y: true reads the first number as the day. */
  readonly dayFirst: boolean;
  /**
   * When set, relative dates (刚刚, 3小时前, 昨天 09:27, "5 minutes ago", "yesterday at 10:20", "vor 2 Tagen"…)
   * are found and resolved against it, reading its UTC fields as the page's clock. Absent: none are found.
   */
  readonly now?: Date | null;
  /**
   * When set, dates without a year are found (5月20日, "May 20", "20 мая", "10-08 12:00" with a time) and
   * given the year that puts them on or before this day. Absent: none are found.
   */
  readonly yearlessReference?: { readonly year: number; readonly month: number; readonly day: number } | null;
}

/** Which readings win an overlap: full dates first, then two-digit years, yearless, relative. */
type Tier = 'full' | 'two-digit-year' | 'yearless' | 'relative';
const TIER_RANK: Readonly<Record<Tier, number>> = { full: 0, 'two-digit-year': 1, yearless: 2, relative: 3 };

interface Hit extends DateFields {
  readonly start: number;
  readonly end: number;
  readonly form: DateForm;
  readonly tier: Tier;
}

type Groups = Readonly<Record<string, string | undefined>>;

interface Rule {
  /** Global, or sticky when `seek` finds where it may match. */
  readonly re: RegExp;
  /**
   * For patterns that would be tried at every letter: a cheap global pattern for the places to try `re`, and
   * where the date would start there (null: not a month name, skip).
   */
  readonly seek?: { readonly re: RegExp; readonly startAt: (match: RegExpExecArray, scan: string) => number | null };
  /** A cheap test the text must pass before the pattern runs. */
  readonly needs: RegExp;
  /** The pattern needs CJK characters: skipped at once in a text without any. */
  readonly cjk?: boolean;
  readonly read: (m: RegExpExecArray, scan: string, opts: DateFinderOptions) => Hit | null;
}

const TIME = timePattern();
const TIME_REQUIRED = timePattern(true);
/** A word that may be a month name (checked with `monthFromName`): a class is far faster than the alternation of 500 names. */
const MONTH_WORD = `[${MONTH_LETTERS}]{3,${MONTH_NAME_MAX_LENGTH + 2}}`;
const MONTH = `(?<mn>${MONTH_WORD})`;
/** What may stand between a day and its month name: 13th, 1er, 13., "13 de", "13th of", "16 d'". */
const DAY_SUFFIX = String.raw`(?:st|nd|rd|th|er|re|º|°|ª|\.)?\s*(?:(?:de|of)\s+|d['’])?`;
const FLAGS = 'giu';
const DIGIT = /\d/;
/** Han, kana, Hangul, CJK punctuation and full-width forms. */
const CJK_CHAR = /[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]/;

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

const RULES: readonly Rule[] = [
  {
    // 2019年05月13日 10:20, 2019년 5월 13일 오후 3:05
    re: new RegExp(String.raw`(?<!\d)(?<y>\d{4})\s*[年년]\s*(?<mo>\d{1,2})\s*[月월]\s*(?<d>\d{1,2})(?!\d)(?:\s*[日号號일])?${TIME}`, FLAGS),
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
      String.raw`(?<era>令和|平成|昭和|民國|民国)\s*(?<ey>元|\d{1,3})\s*年\s*(?<mo>\d{1,2})\s*月\s*(?<d>\d{1,2})(?!\d)(?:\s*日)?${TIME}`,
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
        String.raw`(?:\.(?=\s*(?:오전|오후|午前|午後|\d{1,2}:\d{2})))?${TIME}`,
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
    re: new RegExp(String.raw`(?<!\d)(?<a>\d{1,2})\s*(?<sep>[-/.])\s*(?<b>\d{1,2})\s*\k<sep>\s*(?<y>\d{4})(?!\d)${TIME}`, FLAGS),
    needs: DIGIT,
    read: (m, scan, opts) => {
      const g = groups(m);
      const a = num(g['a']);
      const b = num(g['b']);
      const dayFirst = g['sep'] === '.' || a > 12 || (b <= 12 && opts.dayFirst);
      const [day, month] = dayFirst ? [a, b] : [b, a];
      return hit(m, scan, opts, { year: num(g['y']), month, day }, dayFirst ? 'dmy' : 'mdy', 'full');
    },
  },
  {
    // 13 May 2019, 13th of May 2019, 13. Mai 2019, 1er mars 2019, 13 de mayo de 2019, 13 мая 2019 г.,
    // 16 d'octubre de 2019, 13 maja 2019 r.; without the year (yearless): 20 May, 20 мая в 10:20
    re: new RegExp(
      String.raw`(?<!\d)(?<d>\d{1,2})${DAY_SUFFIX}${MONTH}\.?(?!\p{L})` +
        String.raw`(?:(?:,|\.)?\s*(?:(?:de|del)\s+)?(?<y>\d{4})(?!\d)(?:\s*(?:г|р|r)\.|\s*(?:года|року|roku|г|р)(?!\p{L}))?)?${TIME}`,
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
    re: new RegExp(String.raw`(?<!\p{L})${MONTH}\.?\s+(?<d>\d{1,2})(?:st|nd|rd|th)?(?![\p{L}\d])(?:,?\s+(?<y>\d{4})(?!\d))?${TIME}`, 'iuy'),
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
    re: new RegExp(
      String.raw`(?<!\d)(?<y>\d{4})(?:\.\s*|,?\s+)${MONTH}\.?\s*(?<d>\d{1,2})(?!\d)(?:\.|-\p{L}{1,4}(?!\p{L}))?${TIME}`,
      FLAGS,
    ),
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
        String.raw`(?<cd>三十一?|二十[一二三四五六七八九]?|十[一二三四五六七八九]?|[一二三四五六七八九])\s*[日号號]${TIME}`,
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
    re: new RegExp(
      String.raw`(?<![A-Za-z\d\-/.])(?<yy>\d{2})(?<sep>[-/])(?<mo>\d{1,2})\k<sep>(?<d>\d{1,2})(?![\d\-/.])${TIME_REQUIRED}`,
      FLAGS,
    ),
    needs: DIGIT,
    read: (m, scan, opts) => {
      const g = groups(m);
      const yy = num(g['yy']);
      const year = 2000 + yy <= opts.maxYear ? 2000 + yy : 1900 + yy;
      return hit(m, scan, opts, { year, month: num(g['mo']), day: num(g['d']) }, 'two-digit-year', 'two-digit-year', true);
    },
  },
  {
    // yearless 5月20日, 5月20日 10:20, 5월 20일
    re: new RegExp(String.raw`(?<!(?:\d|[年년])\s{0,4})(?<mo>\d{1,2})\s*[月월]\s*(?<d>\d{1,2})(?!\d)\s*[日号號일]${TIME}`, FLAGS),
    needs: /[月월]/u,
    cjk: true,
    read: (m, scan, opts) => {
      const g = groups(m);
      return yearless(m, scan, opts, num(g['mo']), num(g['d']), false);
    },
  },
  {
    // yearless 10-08 12:00, 10/08 12:00 (month-day; a time of day must follow)
    re: new RegExp(String.raw`(?<![A-Za-z\d\-/.])(?<mo>\d{1,2})(?<sep>[-/])(?<d>\d{1,2})(?![\d\-/.])${TIME_REQUIRED}`, FLAGS),
    needs: DIGIT,
    read: (m, scan, opts) => {
      const g = groups(m);
      return yearless(m, scan, opts, num(g['mo']), num(g['d']), true);
    },
  },
];

const YEARLESS_RULES = new Set<Rule>(RULES.slice(-2));

/** Every date in `text`, in text order; overlaps go to full dates first, then to the earliest, longest. */
export function findDates(text: string, opts: DateFinderOptions): FoundDate[] {
  const scan = foldDigits(text);
  const hits: Hit[] = [];
  const passed = new Map<RegExp, boolean>();
  const cjk = CJK_CHAR.test(scan);
  for (const rule of RULES) {
    if (rule.cjk && !cjk) continue;
    let pass = passed.get(rule.needs);
    if (pass === undefined) passed.set(rule.needs, (pass = rule.needs.test(scan)));
    if (!pass) continue;
    if (!opts.yearlessReference && YEARLESS_RULES.has(rule)) continue;
    if (rule.seek) seekMatches(rule, rule.seek, scan, opts, hits);
    else allMatches(rule, scan, opts, hits);
  }
  if (opts.now) {
    for (const r of findRelativeDates(scan, opts.now, opts, cjk)) {
      const end = trimmedEnd(scan, r.start, r.end);
      hits.push(makeHit(r.start, end, r.year, r.month, r.day, r, 'relative', 'relative'));
    }
  }
  return select(hits).map((h) => toFoundDate(h, text));
}

function allMatches(rule: Rule, scan: string, opts: DateFinderOptions, hits: Hit[]): void {
  const re = rule.re;
  re.lastIndex = 0;
  for (let m = re.exec(scan); m !== null; m = re.exec(scan)) {
    const h = rule.read(m, scan, opts);
    if (h) hits.push(h);
    // Rescan right after a rejected match or a dropped time: a date may start inside it.
    re.lastIndex = h ? Math.max(h.end, m.index + 1) : m.index + 1;
  }
  re.lastIndex = 0;
}

function seekMatches(rule: Rule, seek: NonNullable<Rule['seek']>, scan: string, opts: DateFinderOptions, hits: Hit[]): void {
  const re = rule.re;
  seek.re.lastIndex = 0;
  let lastEnd = 0;
  for (let s = seek.re.exec(scan); s !== null; s = seek.re.exec(scan)) {
    const start = seek.startAt(s, scan);
    if (start === null || start < lastEnd) continue;
    re.lastIndex = start;
    const m = re.exec(scan);
    const h = m && rule.read(m, scan, opts);
    if (h) {
      hits.push(h);
      lastEnd = h.end;
      seek.re.lastIndex = Math.max(seek.re.lastIndex, h.end);
    }
  }
  seek.re.lastIndex = 0;
  re.lastIndex = 0;
}

/** Every hit built the same way, so that all have one shape. */
function makeHit(
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

function toFoundDate(h: Hit, text: string): FoundDate {
  return {
    start: h.start,
    end: h.end,
    text: text.slice(h.start, h.end),
    year: h.year,
    month: h.month,
    day: h.day,
    hour: h.hour,
    minute: h.minute,
    second: h.second,
    offsetMinutes: h.offsetMinutes,
    form: h.form,
  };
}

/** Non-overlapping hits: tier by tier, each tier's earliest and then longest first. */
function select(hits: Hit[]): Hit[] {
  if (hits.length <= 1) return hits;
  hits.sort((a, b) => TIER_RANK[a.tier] - TIER_RANK[b.tier] || a.start - b.start || b.end - a.end);
  let kept: Hit[] = [];
  let i = 0;
  while (i < hits.length) {
    const tier = hits[i]?.tier;
    const added: Hit[] = [];
    let lastEnd = -1;
    for (; i < hits.length && hits[i]?.tier === tier; i++) {
      const h = hits[i] as Hit;
      if (h.start < lastEnd || overlaps(kept, h)) continue;
      added.push(h);
      lastEnd = h.end;
    }
    kept = kept.length === 0 ? added : merge(kept, added);
  }
  return kept;
}

/** Whether `h` overlaps any of `sorted` (non-overlapping, by start). */
function overlaps(sorted: readonly Hit[], h: Hit): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as Hit).start < h.end) lo = mid + 1;
    else hi = mid;
  }
  // sorted[lo - 1] is the last one starting before h ends; ends grow with starts.
  return lo > 0 && (sorted[lo - 1] as Hit).end > h.start;
}

function merge(a: readonly Hit[], b: readonly Hit[]): Hit[] {
  const out: Hit[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x.start <= y.start)) {
      out.push(x as Hit);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  return out;
}

function groups(m: RegExpExecArray): Groups {
  return m.groups ?? {};
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
  // The time is the last group of every pattern: without it the date ends where the time text starts.
  const end = trimmedEnd(scan, start, start + m[0].length - (time ? 0 : (g['time']?.length ?? 0)));
  const iso = time !== null && form === 'ymd' && /^\s*t/i.test(g['time'] ?? '');
  return makeHit(start, end, date.year, date.month, date.day, time, iso ? 'iso' : form, tier);
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

function trimmedEnd(scan: string, start: number, end: number): number {
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

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD`. */
export function toIsoDay(d: Pick<FoundDate, 'year' | 'month' | 'day'>): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]` and a `±HH:MM`/`Z` zone when known. */
export function toIso(d: Pick<FoundDate, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'offsetMinutes'>): string {
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
  return null;
}

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
