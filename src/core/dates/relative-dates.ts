/**
 * Relative dates (ALGORITHMS.md §3.1, extension): "3小时前", "5 minutes ago", "vor 2 Tagen", "il y a 3 jours",
 * "昨天 09:27", "yesterday at 10:20", "вчера в 10:20"…, resolved against a given "now" (its UTC fields are
 * read as the page's wall clock, so a resolved time carries no zone unless the text states one).
 *
 * "yesterday"/"today" and their translations count only with a time of day after them: alone they are
 * too common in prose. Chinese 昨天/前天/今天 and 刚刚 count alone too, where they stand as a time stamp
 * (not joined to the letters of a sentence).
 */
import type { DateFields } from './date-time.ts';
import { NO_TIME, isValidDate, readTime, timePattern } from './date-time.ts';

export interface RelativeHit extends DateFields {
  readonly start: number;
  /** End of the match in the scanned text (before trimming). */
  readonly end: number;
}

type Unit = 's' | 'mi' | 'h' | 'd' | 'w';
const UNITS: readonly Unit[] = ['s', 'mi', 'h', 'd', 'w'];
const UNIT_MS: Readonly<Record<Unit, number>> = { s: 1000, mi: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
import { DAY_MS } from './plausible.ts';

/** The number before a unit: digits (group n), a word for one (group one), Chinese numerals (group cn), 半 (half). */
interface AgoRule {
  /**
   * The rule's fixed words ("ago", "vor", "前"), found first by one search for all rules: the rule itself
   * runs only there, sticky at the word when the word starts the date ("vor 5 Minuten"), or on the few
   * characters before it when it ends the date ("5 minutes ago").
   */
  readonly keys: readonly string[];
  readonly keyAt: 'start' | 'end';
  readonly re: RegExp;
  /** Units that may stand without a number (Russian "час назад" = an hour ago). */
  readonly bareUnits?: RegExp;
  /** What may not follow the key of an 'end' rule (a letter: "ago" in "agony"). */
  readonly notAfter?: RegExp;
  /** The last character of a unit, which the key of an 'end' rule follows (spaces apart): a cheap first test. */
  readonly unitEnd?: RegExp;
}

const LETTER = /\p{L}/u;
const LETTER_NEXT = /^\p{L}/u;
const NOT_NUMBER_BEFORE = String.raw`(?<![\p{L}\d.,])`;
const WORD_END = String.raw`(?!\p{L})`;

/** A rule whose date starts with its key ("vor 5 Minuten"); `source` starts with the key too. */
function agoAfter(key: string, source: string, bareUnits?: RegExp): AgoRule {
  return { keys: [key], keyAt: 'start', re: new RegExp(source, 'iuy'), ...(bareUnits ? { bareUnits } : {}) };
}

/** A rule whose date ends with one of its keys ("5 minutes ago"). */
function agoBefore(keys: string, source: string, more: { bareUnits?: RegExp; notAfter?: RegExp; unitEnd?: RegExp } = {}): AgoRule {
  return { keys: keys.split('|'), keyAt: 'end', re: new RegExp(source, 'giu'), notAfter: LETTER_NEXT, unitEnd: LETTER, ...more };
}

const AGO_RULES: readonly AgoRule[] = [
  // English: "5 minutes ago", "an hour ago", "2h ago", "3 weeks ago".
  agoBefore(
    'ago',
    String.raw`${NOT_NUMBER_BEFORE}(?:(?<n>\d{1,3})\s*|(?<one>an?|one)\s+)(?:(?<s>seconds?|secs?)|(?<mi>minutes?|mins?|m)|(?<h>hours?|hrs?|h)|(?<d>days?|d)|(?<w>weeks?|wks?|w))${WORD_END}\s+ago${WORD_END}`,
  ),
  // German: "vor 5 Minuten", "vor einer Stunde", "vor 2 Tagen".
  agoAfter(
    'vor',
    String.raw`vor\s+(?:(?<n>\d{1,3})\s*|(?<one>einer|einem|eins|ein)\s+)(?:(?<s>sekunden?|sek\.?)|(?<mi>minuten?|min\.?)|(?<h>stunden?|std\.?)|(?<d>tagen|tag)|(?<w>wochen?))${WORD_END}`,
  ),
  // French: "il y a 5 minutes", "il y a une heure", "il y a 2h".
  agoAfter(
    'il y a',
    String.raw`il\s+y\s+a\s+(?:(?<n>\d{1,3})\s*|(?<one>une?)\s+)(?:(?<s>secondes?|s)|(?<mi>minutes?|mn|min)|(?<h>heures?|h)|(?<d>jours?|j)|(?<w>semaines?))${WORD_END}`,
  ),
  // Spanish: "hace 5 minutos", "hace una hora", "hace 3 días".
  agoAfter(
    'hace',
    String.raw`hace\s+(?:(?<n>\d{1,3})\s*|(?<one>una?)\s+)(?:(?<s>segundos?|s)|(?<mi>minutos?|min)|(?<h>horas?|h)|(?<d>d[ií]as?)|(?<w>semanas?))${WORD_END}`,
  ),
  // Italian: "5 minuti fa", "un'ora fa", "3 giorni fa".
  agoBefore(
    'fa',
    String.raw`${NOT_NUMBER_BEFORE}(?:(?<n>\d{1,3})\s*|(?<one>una?|un['’])\s*)(?:(?<s>secondi|secondo)|(?<mi>minuti|minuto|min)|(?<h>ore|ora)|(?<d>giorni|giorno|gg)|(?<w>settimane|settimana))\s+fa${WORD_END}`,
  ),
  // Portuguese: "há 5 minutos", "há uma hora", "há 3 dias"; Brazilian "3 horas atrás".
  agoAfter(
    'há',
    String.raw`há\s+(?:(?<n>\d{1,3})\s*|(?<one>uma?)\s+)(?:(?<s>segundos?)|(?<mi>minutos?|min)|(?<h>horas?|h)|(?<d>dias?)|(?<w>semanas?))${WORD_END}(?:\s+atrás${WORD_END})?`,
  ),
  agoBefore(
    'atrás',
    String.raw`${NOT_NUMBER_BEFORE}(?:(?<n>\d{1,3})\s*|(?<one>uma?)\s+)(?:(?<s>segundos?)|(?<mi>minutos?|min)|(?<h>horas?)|(?<d>dias?)|(?<w>semanas?))\s+atrás${WORD_END}`,
  ),
  // Dutch: "5 minuten geleden", "1 uur geleden", "3 dagen geleden".
  agoBefore(
    'geleden',
    String.raw`${NOT_NUMBER_BEFORE}(?:(?<n>\d{1,3})\s*|(?<one>een|één)\s+)(?:(?<s>seconden?|sec)|(?<mi>minuten|minuut|min)|(?<h>uur|uren)|(?<d>dagen|dag)|(?<w>weken|week))\s+geleden${WORD_END}`,
  ),
  // Russian: "5 минут назад", "2 часа назад", "3 дня назад", "час назад".
  agoBefore(
    'назад',
    String.raw`${NOT_NUMBER_BEFORE}(?:(?<n>\d{1,3})\s*)?(?:(?<s>секунд[уы]?|сек\.?)|(?<mi>минут[уы]?|мин\.?)|(?<h>час(?:а|ов)?)|(?<d>дн(?:я|ей)|день|сутки|суток)|(?<w>недел[юиь]))\s+назад${WORD_END}`,
    { bareUnits: /^(?:секунду|минуту|час|день|сутки|неделю)$/iu },
  ),
  // Ukrainian: "5 хвилин тому", "2 години тому", "3 дні тому".
  agoBefore(
    'тому',
    String.raw`${NOT_NUMBER_BEFORE}(?:(?<n>\d{1,3})\s*)?(?:(?<s>секунд[уи]?)|(?<mi>хвилин[уи]?)|(?<h>годин[уи]?)|(?<d>дн(?:і|ів)|день|добу)|(?<w>тиждень|тижн(?:і|ів)))\s+тому${WORD_END}`,
    { bareUnits: /^(?:секунду|хвилину|годину|день|добу|тиждень)$/iu },
  ),
  // Polish: "5 minut temu", "2 godziny temu", "3 dni temu", "godzinę temu".
  agoBefore(
    'temu',
    String.raw`${NOT_NUMBER_BEFORE}(?:(?<n>\d{1,3})\s*)?(?:(?<s>sekund[ęy]?)|(?<mi>minut[ęy]?)|(?<h>godzin[ęy]?)|(?<d>dni|dzień)|(?<w>tygodnie|tygodni|tydzień))\s+temu${WORD_END}`,
    { bareUnits: /^(?:sekundę|minutę|godzinę|dzień|tydzień)$/iu },
  ),
  // Czech: "před 5 minutami", "před 2 hodinami", "před 3 dny", "před hodinou".
  agoAfter(
    'před',
    String.raw`před\s+(?:(?<n>\d{1,3})\s*)?(?:(?<s>sekundou|sekundami)|(?<mi>minutou|minutami)|(?<h>hodinou|hodinami)|(?<d>dnem|dny)|(?<w>týdnem|týdny))${WORD_END}`,
    /^(?:sekundou|minutou|hodinou|dnem|týdnem)$/iu,
  ),
  // Turkish: "5 dakika önce", "2 saat önce", "3 gün önce".
  agoBefore(
    'önce',
    String.raw`${NOT_NUMBER_BEFORE}(?<n>\d{1,3})\s*(?:(?<s>saniye|sn\.?)|(?<mi>dakika|dk\.?)|(?<h>saat|sa\.?)|(?<d>gün)|(?<w>hafta))\s+önce${WORD_END}`,
  ),
  // Swedish "för 5 minuter sedan", Danish/Norwegian "for 5 minutter siden".
  agoBefore(
    'sedan|siden',
    String.raw`(?<!\p{L})f[öo]r\s+(?:(?<n>\d{1,3})\s*|(?<one>en|ett|et)\s+)(?:(?<s>sekund(?:er)?)|(?<mi>minutter|minutt|minuter|minut)|(?<h>timmar|timme|timer|time)|(?<d>dagar|dager|dage|dag|døgn)|(?<w>veckor|vecka|uger|uge|uker|uke))\s+(?:sedan|siden)${WORD_END}`,
  ),
  // Chinese and Japanese: "3小时前", "5分钟前", "半小时前", "两天前", "3時間前", "5分前", "2日前", "1週間前".
  agoBefore(
    '前',
    String.raw`(?<![\d年月.\-/])(?:(?<n>\d{1,3})|(?<cn>[一二两兩三四五六七八九十]{1,3})|(?<half>半))\s*(?:[个個箇]\s*)?(?:(?<s>秒钟|秒鐘|秒)|(?<mi>分钟|分鐘|分)|(?<h>小时|小時|時間|钟头|鐘頭)|(?<d>天|日)|(?<w>星期|週間|周|週))\s*之?前`,
    { notAfter: /^[后後]/u, unitEnd: /[秒钟鐘分时時间間头頭天日周週期之]/u },
  ),
  // Korean: "5분 전", "3시간 전", "2일 전".
  agoBefore('전', String.raw`(?<![\d.\-/])(?<n>\d{1,3})\s*(?:(?<s>초)|(?<mi>분)|(?<h>시간)|(?<d>일)|(?<w>주))\s*전`, {
    notAfter: /^(?!에)[가-힣]/u,
  }),
];

/** "just now": 刚刚, 剛剛, 방금. */
const JUST_NOW = /刚刚|剛剛|방금(?:\s*전)?/gu;

/** Yesterday, today and the day before in Latin and Cyrillic scripts ("i går" is Danish/Norwegian/Swedish). */
const DAY_WORDS: Readonly<Record<'d2' | 'd1' | 'd0', readonly string[]>> = {
  d2: [
    'vorgestern',
    'avant-hier',
    'anteayer',
    'antier',
    "l'altro ieri",
    'altroieri',
    'anteontem',
    'eergisteren',
    'позавчера',
    'позавчора',
    'przedwczoraj',
    'předevčírem',
    'i förrgår',
    'i forgårs',
  ],
  d1: ['yesterday', 'gestern', 'hier', 'ayer', 'ieri', 'ontem', 'gisteren', 'вчера', 'вчора', 'wczoraj', 'včera', 'dün', 'igår', 'i går'],
  d0: [
    'today',
    'heute',
    "aujourd'hui",
    'hoy',
    'oggi',
    'hoje',
    'vandaag',
    'сегодня',
    'сьогодні',
    'dzisiaj',
    'dziś',
    'dnes',
    'bugün',
    'idag',
    'i dag',
  ],
};

/** A word as a regex source: spaces as \s+, either apostrophe. */
const wordSource = (w: string): string => w.replace(/ /g, String.raw`\s+`).replace(/'/g, "['’]");
/** The same with its first letter in either case, for a case-sensitive search (much faster than the i flag). */
const capitalisable = (w: string): string => `[${w[0] ?? ''}${(w[0] ?? '').toUpperCase()}]${wordSource(w.slice(1))}`;

/** Where a day word may start (a letter right before it is checked in code). */
const DAY_WORD_SEEK = new RegExp(Object.values(DAY_WORDS).flat().map(capitalisable).join('|'), 'gu');

/** A day word at a given place (sticky), followed by the time of day it needs. */
const DAY_WORD_AT = new RegExp(
  Object.entries(DAY_WORDS)
    .map(([group, words]) => `(?<${group}>${words.map(wordSource).join('|')})`)
    .join('|')
    .replace(/^/, '(?:')
    .concat(String.raw`)(?!\p{L})`, timePattern(true)),
  'iuy',
);

/** The same in Chinese, Japanese and Korean: 昨天/前天/今天 may stand alone, 昨日/今日/어제/오늘 need a time. */
const CJK_DAY_WORDS = new RegExp(
  String.raw`(?:(?<d2>前天|一昨日|그저께|그제)|(?<d1>昨天|昨日|어제)|(?<d0>今天|今日|오늘))` + timePattern(),
  'gu',
);

const NOT_BEFORE_QIANTIAN = /[之以目提事当當面眼空向从從此日生年先]/u;

const CJK_BARE_OK = new Set(['前天', '昨天', '今天']);

/** How far before its fixed word a date like "123 minutes ago" may start. */
const BEFORE_KEY_CHARS = 32;
/** How far before its time of day a day word may start ("l'altro ieri, alle ore 10:20"). */
const BEFORE_TIME_CHARS = 40;

/** Which rule each key belongs to (lower case, spaces single). */
const RULE_OF_KEY = new Map<string, AgoRule>();
for (const rule of AGO_RULES) for (const key of rule.keys) RULE_OF_KEY.set(key, rule);

/** Every key of every ago rule, found in one pass (first letter in either case). */
const AGO_KEYS = new RegExp(
  [...RULE_OF_KEY.keys()]
    .sort((a, b) => b.length - a.length)
    .map(capitalisable)
    .join('|'),
  'gu',
);

/** Where a time of day may be: what a day word ("yesterday", "gestern") needs after it. */
const TIME_ANCHOR = /\d{1,2}\s*(?:[:：.h時时시]\s*\d|[aApP]\.?[mM](?!\p{L})|[uU]hr|[时時点點시])/gu;

const SPACE = /\s/u;
const LATIN_KEY = /^[\p{sc=Latin}\p{sc=Cyrillic}]/u;
const CUT = /[\p{L}\p{N}.,]/u;

/** Every relative date in `text` (already digit-folded), resolved against `now`. */
export function findRelativeDates(
  text: string,
  now: Date,
  bounds: { readonly minYear: number; readonly maxYear: number },
  /** Whether the text has CJK characters at all (false skips the CJK words). */
  cjk = true,
): RelativeHit[] {
  const base = now.getTime();
  if (!Number.isFinite(base)) return [];
  const out: RelativeHit[] = [];
  const push = (start: number, end: number, f: DateFields): void => {
    if (!isValidDate(f.year, f.month, f.day, bounds)) return;
    const { year, month, day, hour, minute, second, offsetMinutes } = f;
    out.push({ start, end, year, month, day, hour, minute, second, offsetMinutes });
  };

  for (const { m, start, rule } of agoMatches(text)) {
    const g = m.groups ?? {};
    const unit = UNITS.find((u) => g[u] !== undefined);
    if (!unit) continue;
    const count = countOf(g, unit, rule);
    if (count === null) continue;
    push(start, start + m[0].length, instant(base - count * UNIT_MS[unit], unit !== 'd' && unit !== 'w'));
  }

  if (cjk && /[刚剛방]/u.test(text)) {
    for (const m of execAll(JUST_NOW, text)) {
      const start = m.index ?? 0;
      if (!standsAlone(text, start, start + m[0].length)) continue;
      push(start, start + m[0].length, instant(base, true));
    }
  }

  for (const { m, start } of dayWordMatches(text)) {
    const g = m.groups ?? {};
    const time = readTime(g);
    if (!time) continue;
    const word = (g['d1'] ?? '').toLowerCase();
    // German and Dutch "hier" means "here": "hier um 10 Uhr" is not yesterday.
    if (word === 'hier' && /\b(?:um|om|uhr)\b/iu.test(g['time'] ?? '')) continue;
    const back = g['d2'] !== undefined ? 2 : g['d1'] !== undefined ? 1 : 0;
    push(start, start + m[0].length, { ...day(base - back * DAY_MS), ...time });
  }

  if (cjk && /[昨今前어오그]/u.test(text)) {
    for (const m of execAll(CJK_DAY_WORDS, text)) {
      const g = m.groups ?? {};
      const word = g['d2'] ?? g['d1'] ?? g['d0'] ?? '';
      const start = m.index ?? 0;
      // 前天 inside 之前天气, 以前, 目前, 提前… is not "the day before yesterday".
      if (word === '前天' && NOT_BEFORE_QIANTIAN.test(text[start - 1] ?? '')) continue;
      const time = readTime(g);
      if (!time && !CJK_BARE_OK.has(word)) continue;
      const end = time ? start + m[0].length : start + word.length;
      if (!time && !standsAlone(text, start, end)) continue;
      const back = g['d2'] !== undefined ? 2 : g['d1'] !== undefined ? 1 : 0;
      push(start, end, { ...day(base - back * DAY_MS), ...(time ?? NO_TIME) });
    }
  }
  return out;
}

/**
 * A relative word without a time of day (刚刚, 昨天) is a date only where it stands as a time stamp, not
 * joined to the letters of a sentence: "刚刚 来源：新华网" and "昨天 · 评论" are dates, "就像刚刚开始" and
 * "昨天的比赛" are prose.
 */
function standsAlone(text: string, start: number, end: number): boolean {
  return !LETTER.test(text[start - 1] ?? '') && !LETTER.test(text[end] ?? '');
}

/** Every match of a global regex (without the copy of the regex that `matchAll` makes on each call). */
function execAll(re: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push(m);
  re.lastIndex = 0;
  return out;
}

interface RuleMatch {
  readonly m: RegExpExecArray;
  readonly start: number;
  readonly rule: AgoRule;
}

/** The matches of the ago rules, each found from its fixed word. */
function agoMatches(text: string): RuleMatch[] {
  const out: RuleMatch[] = [];
  AGO_KEYS.lastIndex = 0;
  for (let k = AGO_KEYS.exec(text); k !== null; k = AGO_KEYS.exec(text)) {
    const rule = RULE_OF_KEY.get(k[0]) ?? RULE_OF_KEY.get(k[0].toLowerCase().replace(/\s+/g, ' '));
    if (!rule) continue;
    const index = k.index;
    const end = index + k[0].length;
    if (rule.keyAt === 'start') {
      if (LETTER.test(text[index - 1] ?? '')) continue;
      rule.re.lastIndex = index;
      const m = rule.re.exec(text);
      if (m) out.push({ m, start: index, rule });
      continue;
    }
    if (rule.notAfter?.test(text.slice(end, end + 1))) continue;
    let unit = index - 1;
    while (unit >= 0 && SPACE.test(text[unit] ?? '')) unit--;
    if (rule.unitEnd && !rule.unitEnd.test(text[unit] ?? '')) continue;
    // A Latin or Cyrillic key follows a space ("5 minutes ago"); "fa" in "sofa" is no key.
    if (LATIN_KEY.test(k[0]) && !SPACE.test(text[index - 1] ?? '')) continue;
    const from = Math.max(0, end - BEFORE_KEY_CHARS);
    const part = text.slice(from, end);
    rule.re.lastIndex = 0;
    let last: RegExpExecArray | null = null;
    for (let m = rule.re.exec(part); m !== null; m = rule.re.exec(part)) last = m;
    rule.re.lastIndex = 0;
    // The date must end with this key and must not be cut by the window ("1234 minutes ago").
    if (!last || last.index + last[0].length !== part.length) continue;
    if (last.index === 0 && from > 0 && CUT.test(text[from - 1] ?? '')) continue;
    out.push({ m: last, start: from + last.index, rule });
  }
  AGO_KEYS.lastIndex = 0;
  return out;
}

/** Day words ("yesterday at 10:20"), looked for only in the few characters before each time of day. */
function dayWordMatches(text: string): { m: RegExpExecArray; start: number }[] {
  const out: { m: RegExpExecArray; start: number }[] = [];
  let lastEnd = 0;
  TIME_ANCHOR.lastIndex = 0;
  for (let t = TIME_ANCHOR.exec(text); t !== null; t = TIME_ANCHOR.exec(text)) {
    const from = Math.max(lastEnd, t.index - BEFORE_TIME_CHARS);
    const part = text.slice(from, t.index);
    DAY_WORD_SEEK.lastIndex = 0;
    for (let s = DAY_WORD_SEEK.exec(part); s !== null; s = DAY_WORD_SEEK.exec(part)) {
      const start = from + s.index;
      if (start > 0 && LETTER.test(text[start - 1] ?? '')) continue;
      DAY_WORD_AT.lastIndex = start;
      const m = DAY_WORD_AT.exec(text);
      if (!m || start + m[0].length <= t.index) continue;
      out.push({ m, start });
      lastEnd = start + m[0].length;
      break;
    }
    DAY_WORD_SEEK.lastIndex = 0;
  }
  TIME_ANCHOR.lastIndex = 0;
  DAY_WORD_AT.lastIndex = 0;
  return out;
}

function countOf(g: Readonly<Record<string, string | undefined>>, unit: Unit, rule: AgoRule): number | null {
  const n = g['n'];
  if (n !== undefined) return parseInt(n, 10);
  const unitText = g[unit] ?? '';
  if (g['one'] !== undefined) return unitText.length <= 1 ? null : 1;
  const cn = g['cn'];
  if (cn !== undefined) return chineseCount(cn);
  if (g['half'] !== undefined) return unit === 'h' ? 0.5 : null;
  return rule.bareUnits?.test(unitText) ? 1 : null;
}

const CN_DIGITS: Readonly<Record<string, number>> = { 一: 1, 二: 2, 两: 2, 兩: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** 一 … 九十九 as a number; null for anything else. */
function chineseCount(s: string): number | null {
  const m = /^([一二两兩三四五六七八九])?(十)?([一二三四五六七八九])?$/u.exec(s);
  if (!m || s === '') return null;
  const [, a, ten, b] = m;
  if (!ten) return b === undefined && a !== undefined ? (CN_DIGITS[a] ?? null) : null;
  return (a === undefined ? 1 : (CN_DIGITS[a] ?? 0)) * 10 + (b === undefined ? 0 : (CN_DIGITS[b] ?? 0));
}

function instant(ms: number, withTime: boolean): DateFields {
  const t = new Date(ms);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    ...(withTime ? { hour: t.getUTCHours(), minute: t.getUTCMinutes(), second: null, offsetMinutes: null } : NO_TIME),
  };
}

function day(ms: number): { year: number; month: number; day: number } {
  const t = new Date(ms);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}
