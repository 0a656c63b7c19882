/** What the date finder reads: the forms of a date, a found date, the finder's options, and its internal hit. */
import type { DateFields } from './date-time.ts';

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
  /**
   * Numeric dates the finder leaves out by default: a two-digit year without a time, D.M.YY and D/M/YY or
   * M/D/YY ("8.5.12", "26/10/13", read as 20YY, 19YY past `maxYear`), and day, month and year between bars
   * ("26 | 01 | 2022"). "08.03.18" is as often YY.MM.DD, a version or a score, and a bar parts table
   * cells, so only a reader that weighs every candidate (the date SVM, extension `looseNumeric`) asks for them.
   */
  readonly looseNumeric?: boolean;
}

/** Which readings win an overlap: full dates first, then two-digit years, yearless, relative. */
export type Tier = 'full' | 'two-digit-year' | 'yearless' | 'relative';
export const TIER_RANK: Readonly<Record<Tier, number>> = { full: 0, 'two-digit-year': 1, yearless: 2, relative: 3 };

export interface Hit extends DateFields {
  readonly start: number;
  readonly end: number;
  readonly form: DateForm;
  readonly tier: Tier;
}

export type Groups = Readonly<Record<string, string | undefined>>;

export interface Rule {
  /** The date: global, or sticky when `seek` finds where it may match (run through `execRule`, with the time). */
  readonly re: RegExp;
  /** A time of day must follow the date (else the time is read when there is one). */
  readonly timeRequired?: boolean;
  /**
   * For patterns that would be tried at every letter: a cheap global pattern for the places to try `re`, and
   * where the date would start there (null: not a month name, skip).
   */
  readonly seek?: { readonly re: RegExp; readonly startAt: (match: RegExpExecArray, scan: string) => number | null };
  /** A cheap test the text must pass before the pattern runs. */
  readonly needs: RegExp;
  /** The rule is tried only when this finder option is on. */
  readonly option?: 'looseNumeric';
  /** The pattern needs CJK characters: skipped at once in a text without any. */
  readonly cjk?: boolean;
  readonly read: (m: RegExpExecArray, scan: string, opts: DateFinderOptions) => Hit | null;
}
