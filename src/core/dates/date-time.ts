/**
 * Shared pieces of the date finder (ALGORITHMS.md §3.1): the time-of-day pattern that may follow a date,
 * its reading (am/pm, 上午/下午, 午前/午後, 오전/오후, zones), calendar validity, and the digit folding that
 * lets full-width and Arabic-Indic digits be read like ASCII without moving any offset.
 */

/** The fields of a found date, without its place in the text. */
export interface DateFields {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number | null;
  readonly minute: number | null;
  readonly second: number | null;
  readonly offsetMinutes: number | null;
}

export interface TimeOfDay {
  readonly hour: number;
  readonly minute: number;
  readonly second: number | null;
  readonly offsetMinutes: number | null;
}

export const NO_TIME = { hour: null, minute: null, second: null, offsetMinutes: null } as const;

/** Words between a date and its time: "at 3:05", "um 10:20", "à 14h30", "a las", "alle ore", "kl. 10.20"… */
const CONNECTOR_WORDS = [
  'at',
  'um',
  'à',
  'a las',
  'a la',
  'alle ore',
  'alle',
  'ore',
  'ora',
  'às',
  'as',
  'om',
  'в',
  'во',
  'о',
  'o',
  'kl',
  'klo',
  'kello',
  'godz',
  'saat',
  'στις',
  'la',
  'v',
];

/** A weekday between a date and its time: 星期三, 周三, (水), (水曜日), 수요일, (수). */
const WEEKDAY =
  String.raw`(?:[(（]\s*)?(?:星期|礼拜|禮拜|周|週)[一二三四五六七日天](?:\s*[)）])?` +
  String.raw`|[(（]\s*[月火水木金土日](?:曜日?)?\s*[)）]` +
  String.raw`|(?:[(（]\s*)?[월화수목금토일]요일(?:\s*[)）])?` +
  String.raw`|[(（]\s*[월화수목금토일]\s*[)）]`;

/**
 * What joins a date and its time: "T", ",", "-", "|", "•", "@", ":", a word ("at", "um", "à", "a las",
 * "kl."), or only spaces. Every run of spaces is read by exactly one quantifier, right after a character
 * that is not a space, so that a long run of spaces after a date costs linear time (two adjacent `\s*`
 * would not).
 */
const CONNECTOR =
  String.raw`(?:[T,]\s*)?(?:[-–—|·•@/:]\s*)?` +
  String.raw`(?:(?<=[\s,])(?:${CONNECTOR_WORDS.map((w) => w.replace(/ /g, String.raw`\s+`)).join('|')})(?!\p{L})\.?\s*)?`;

/** Zone abbreviations → minutes east of UTC (only unambiguous ones). */
const NAMED_ZONES: Readonly<Record<string, number>> = {
  z: 0,
  utc: 0,
  gmt: 0,
  wet: 0,
  west: 60,
  cet: 60,
  cest: 120,
  mez: 60,
  mesz: 120,
  bst: 60,
  eet: 120,
  eest: 180,
  msk: 180,
  мск: 180,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  akst: -540,
  akdt: -480,
  hst: -600,
  jst: 540,
  kst: 540,
  hkt: 480,
  sgt: 480,
  awst: 480,
  aest: 600,
  aedt: 660,
  nzst: 720,
  nzdt: 780,
};

const ZONE_NAMES = Object.keys(NAMED_ZONES)
  .filter((z) => z !== 'z' && z !== 'utc' && z !== 'gmt')
  .sort((a, b) => b.length - a.length)
  .join('|');

const HALF_DAY = '上午|下午|早上|晚上|中午|凌晨|傍晚|午前|午後|오전|오후';

/**
 * Hour and minute: 10:20, 10时20分, 3시 5분, 14h30, 10.20 Uhr, 10.20 BST, kl. 10.20 (a dot only with such a
 * word around it: "12.50 Euro" is a price); or the hour alone: 3点, 15時, 10 Uhr, 14h, 3 pm.
 */
const HOUR_MINUTE =
  String.raw`(?<hh>\d{1,2})(?!\d)` +
  String.raw`(?:\s*(?:[:：]|[时時点點시]|h(?=\d{2}(?!\d))|\.(?=\d{2}(?!\d)\s*(?:uhr|am|pm|a\.m|p\.m|utc|gmt|${ZONE_NAMES})(?!\p{L}))|(?<=(?:kl|klo|kello|godz)\.?\s*\d{1,2})\.(?=\d{2}(?!\d)))` +
  String.raw`\s*(?<mi>\d{2}|(?<=[时時点點시]\s*)\d)(?!\d)(?:\s*[分분])?` +
  String.raw`(?:\s*(?:[:：]|(?<=[分분])(?=\s*\d{1,2}\s*[秒초]))\s*(?<ss>\d{2}|(?<=[分분]\s*)\d)(?!\d)(?:[.,]\d+)?(?:\s*[秒초])?)?` +
  String.raw`|(?<hsuf>\s*[时時点點시](?!\s*\d)|\s*(?:h|uhr)(?![\p{L}\d]))` +
  // The hour alone only with am/pm after it ("3 pm"): a bare number after a date is not a time.
  String.raw`|(?=\s*(?:am|pm|a\.m|p\.m|π\.?μ|μ\.?μ)(?!\p{L})))`;

const AM_PM = String.raw`(?:\s*(?<ampm>am|pm|a\.m\.?|p\.m\.?|π\.?μ\.?|μ\.?μ\.?)(?!\p{L}))?`;

/**
 * A numeric offset: right after an ISO time with T ("T10:20+08:00", "T10:20:05-05"), right after seconds
 * ("10:20:05+02:00"), or after a space with four digits ("10:20:05 +0200"). Elsewhere "10:00-12:00" is a
 * range of times, not a zone.
 */
const NUMERIC_OFFSET =
  String.raw`(?:(?<=[Tt]\d{1,2}:?\d{2}(?::?\d{2}(?:[.,]\d+)?)?)|(?<=\d:\d{2}:\d{2}(?:[.,]\d+)?))[+-]\d{2}(?::?\d{2})?` +
  String.raw`|(?<=\s)[+-]\d{2}:?\d{2}`;

const ZONE = String.raw`(?:\s*[(（]?(?<zone>z|${NUMERIC_OFFSET}|(?:utc|gmt)(?:\s*[+-]\s*\d{1,2}(?::?\d{2})?)?|${ZONE_NAMES})(?![\p{L}\d])[)）]?)?`;

/**
 * The time of day after a date, as one named group `time` (so the date alone ends where it starts):
 * "10:20", "10:20:05", "下午3:05", "at 3:05 pm", "um 10.20 Uhr", "T10:20:05.123Z", "오후 3시 5분".
 * Optional unless `required`. Groups: time, half, hh, mi, ss, hsuf, ampm, zone.
 */
export function timePattern(required = false): string {
  return (
    `(?<time>\\s*(?:(?:${WEEKDAY})\\s*)?${CONNECTOR}(?:(?<half>${HALF_DAY})\\s*)?${HOUR_MINUTE}${AM_PM}(?:\\s*uhr(?!\\p{L}))?${ZONE})` +
    (required ? '' : '?')
  );
}

type Groups = Readonly<Record<string, string | undefined>>;

/** The time read from a match of `timePattern`, or null when there is none or it is impossible (25:10). */
export function readTime(g: Groups): TimeOfDay | null {
  const hourText = g['hh'];
  if (hourText === undefined) return null;
  const minuteText = g['mi'];
  const ampm = g['ampm']?.toLowerCase().replace(/[.\s]/g, '');
  if (minuteText === undefined && g['hsuf'] === undefined && ampm === undefined) return null;
  let hour = num(hourText);
  const minute = minuteText === undefined ? 0 : num(minuteText);
  const second = g['ss'] === undefined ? null : num(g['ss']);
  const half = g['half'];
  const pm = ampm === 'pm' || ampm === 'μμ' || half === '下午' || half === '晚上' || half === '傍晚' || half === '午後' || half === '오후';
  const am = ampm === 'am' || ampm === 'πμ' || half === '凌晨' || half === '午前' || half === '오전';
  if (ampm !== undefined && (hour < 1 || hour > 12) && minuteText === undefined) return null;
  if (pm && hour < 12) hour += 12;
  else if (half === '中午' && hour < 4) hour += 12;
  else if (am && hour === 12) hour = 0;
  if (hour > 23 || minute > 59 || (second !== null && second > 59)) return null;
  return { hour, minute, second, offsetMinutes: readZone(g['zone']) };
}

function readZone(zone: string | undefined): number | null {
  if (!zone) return null;
  const z = zone.toLowerCase().replace(/\s+/g, '');
  const named = NAMED_ZONES[z];
  if (named !== undefined) return named;
  const m = /^(?:utc|gmt)?([+-])(\d{1,2}):?(\d{2})?$/.exec(z);
  if (!m) return null;
  const hours = num(m[2]);
  const minutes = m[3] ? num(m[3]) : 0;
  if (hours > 14 || minutes > 59) return null;
  const total = hours * 60 + minutes;
  return m[1] === '-' ? -total : total;
}

export function num(s: string | undefined): number {
  return s === undefined ? NaN : parseInt(s, 10);
}

export function isValidDate(
  year: number,
  month: number,
  day: number,
  opts: { readonly minYear: number; readonly maxYear: number },
): boolean {
  return year >= opts.minYear && year <= opts.maxYear && isCalendarDay(year, month, day);
}

/** A day that exists in the calendar (30 February does not), whatever the year. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Characters read as their ASCII twins: full-width digits and punctuation, Arabic-Indic digits, the ideographic space. */
const FOLDABLE = /[\uFF0C-\uFF1A\u3000\u0660-\u0669\u06F0-\u06F9]/;
const FOLDABLE_ALL = /[\uFF0C-\uFF1A\u3000\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * `text` with full-width digits (０-９), full-width － ／ ． ： ，, the ideographic space and Arabic-Indic
 * digits replaced by ASCII. Every replacement is one UTF-16 unit for one, so offsets into the result are
 * offsets into `text`.
 */
export function foldDigits(text: string): string {
  if (!FOLDABLE.test(text)) return text;
  return text.replace(FOLDABLE_ALL, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x3000) return ' ';
    if (code >= 0x0660 && code <= 0x0669) return String.fromCharCode(48 + code - 0x0660);
    if (code >= 0x06f0 && code <= 0x06f9) return String.fromCharCode(48 + code - 0x06f0);
    return String.fromCharCode(code - 0xfee0);
  });
}
