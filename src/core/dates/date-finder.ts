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
import { foldDigits } from './date-time.ts';
import { CJK_CHAR, RULES, YEARLESS_RULES, execRule, makeHit, trimmedEnd } from './date-rules.ts';
import type { DateFinderOptions, FoundDate, Hit, Rule } from './found-date.ts';
import { TIER_RANK } from './found-date.ts';
import { findRelativeDates } from './relative-dates.ts';

export type { DateFinderOptions, DateForm, FoundDate } from './found-date.ts';

/** Every date in `text`, in text order; overlaps go to full dates first, then to the earliest, longest. */
export function findDates(text: string, opts: DateFinderOptions): FoundDate[] {
  const scan = foldDigits(text);
  const hits: Hit[] = [];
  const passed = new Map<RegExp, boolean>();
  const cjk = CJK_CHAR.test(scan);
  for (const rule of RULES) {
    if (rule.cjk && !cjk) continue;
    if (rule.option && !opts[rule.option]) continue;
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
  for (let m = execRule(rule, scan); m !== null; m = execRule(rule, scan)) {
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
    const m = execRule(rule, scan);
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
