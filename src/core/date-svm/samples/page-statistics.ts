/**
 * §3.5 The statistics of every candidate: the year of dates written without one, the reading of a
 * numeric date that reads both ways, and the string and page statistics of sample.ts (STRING_STATS,
 * PAGE_STATS, KIND_STATS). They are computed here, once, so that the model only has to read them.
 */
import type { Steps, Ticker } from '../../slicing.ts';
import type { NodeRef } from '../../types.ts';
import type { FoundDate } from '../../dates/date-finder.ts';
import { findUrlDate } from '../../dates/date-values.ts';
import { toIso, toIsoDay } from '../../dates/iso.ts';
import { isCalendarDay } from '../../dates/date-time.ts';
import { isPlausibleDay } from '../../dates/plausible.ts';
import type { DatePageContext } from './context.ts';
import type { Found } from './found.ts';
import type { DateSample } from './sample.ts';
import { CANDIDATE_KINDS } from './sample.ts';

/** `fragmentRepeats` saturates here: a list of 10 or of 100 teasers is a list. */
const MAX_REPEATS = 10;

/**
 * Gives every yearless date the year that puts it closest to the page's latest full date that is not in
 * the future (its year, the one before or the one after), never after "now"; with no full date on the
 * page, the finder's reading against "now" stands.
 */
export function withPageYear(found: Found[], ctx: DatePageContext): Found[] {
  let ref: string | null = null;
  for (const f of found) {
    if (f.date.form === 'yearless' || f.date.form === 'relative') continue;
    const day = toIsoDay(f.date);
    if (isPlausibleDay(day, ctx.latestTime) && (ref === null || day > ref)) ref = day;
  }
  if (ref === null) return found;
  const refMs = Date.parse(ref);
  const refYear = Number(ref.slice(0, 4));
  return found.map((f) => {
    if (f.date.form !== 'yearless') return f;
    const { month, day } = f.date;
    let best: number | null = null;
    for (const year of [refYear - 1, refYear, refYear + 1]) {
      if (!isCalendarDay(year, month, day)) continue;
      const t = Date.UTC(year, month - 1, day);
      if (t > ctx.latestTime) continue;
      if (best === null || Math.abs(t - refMs) < Math.abs(Date.UTC(best, month - 1, day) - refMs)) best = year;
    }
    return best === null ? f : { ...f, date: { ...f.date, year: best } };
  });
}

/** "11/01/2023": day and month both ≤ 12, written with / or - (a dotted date is day-first everywhere). */
const AMBIGUOUS_NUMERIC = /^\s*(\d{1,2})[/-](\d{1,2})[/-]\d{2,4}(?!\d)/;

/**
 * A numeric date that reads both ways (11/01/2023: 11 January or November 1) takes the reading that
 * agrees with a date written unambiguously elsewhere on the page, when only the other reading does;
 * otherwise the finder's choice (by value ranges and the page's language) stands.
 */
export function withPageAgreement(found: Found[]): Found[] {
  const ambiguous = (f: Found): boolean => {
    const m = AMBIGUOUS_NUMERIC.exec(f.text);
    return !!m && m[1] !== m[2] && Number(m[1]) <= 12 && Number(m[2]) <= 12 && f.date.month <= 12 && f.date.day <= 12;
  };
  const flags = found.map(ambiguous);
  if (!flags.some(Boolean)) return found;
  const sure = new Set(found.filter((_, i) => !flags[i]).map((f) => toIsoDay(f.date)));
  return found.map((f, i) => {
    if (!flags[i] || sure.has(toIsoDay(f.date))) return f;
    const swapped = { ...f.date, day: f.date.month, month: f.date.day, form: f.date.form === 'mdy' ? ('dmy' as const) : ('mdy' as const) };
    return sure.has(toIsoDay(swapped)) ? { ...f, date: swapped } : f;
  });
}

/**
 * The fragment's signature: kind, tag names, link counter and attribute tokens (label words left out). A
 * list of teasers, comments or related stories repeats it once per item; the article's own date is
 * usually the only one of its kind on the page.
 */
function fragmentSignature(f: Found): string {
  const tokens = f.tokens.filter((t) => !t.startsWith('w:') && !t.startsWith('lbl'));
  return `${f.kind}|${f.tags.join('<')}|${f.links}|${tokens.join(' ')}`;
}

export function* withStats(found: readonly Found[], ctx: DatePageContext, ticker: Ticker): Steps<DateSample[]> {
  // A holder's path may read every sibling (a dated item of a long list): with checkpoints, before the rest.
  const refs: (NodeRef | null)[] = [];
  for (const f of found) {
    if (ticker.tick()) yield;
    refs.push(f.holder !== null ? ctx.ref(f.holder, f.text) : null);
  }
  const signatures = found.map(fragmentSignature);
  const repeats = new Map<string, number>();
  for (const sig of signatures) repeats.set(sig, (repeats.get(sig) ?? 0) + 1);
  const days = found.map((f) => toIsoDay(f.date));
  const counts = new Map<string, number>();
  for (const d of days) counts.set(d, (counts.get(d) ?? 0) + 1);
  const distinct = [...counts.keys()].sort();
  const maxCount = Math.max(0, ...counts.values());
  const newestIndex = new Map(distinct.map((d, i) => [d, distinct.length - 1 - i]));
  const urlDate = ctx.url ? findUrlDate(ctx.url, ctx.dateOpts) : null;
  const urlDay = urlDate ? toIsoDay(urlDate) : null;
  const structuredDay = ctx.structuredDate?.iso.slice(0, 10) ?? null;
  const blocks = Math.max(1, ctx.model.blocks.length);
  const title = ctx.titleBlock;
  const first = ctx.firstSentence;
  return found.map((f, i): DateSample => {
    const d = f.date;
    const day = days[i] as string;
    const b = f.block;
    const holder = f.holder;
    const count = counts.get(day) ?? 0;
    const inZone = !!(b && title && first && b.index > title.index && b.index < first.index);
    const stats: Record<string, number> = {
      length: f.text.length,
      hasTime: d.hour === null ? 0 : 1,
      hasSeconds: d.second === null ? 0 : 1,
      hasZone: d.offsetMinutes === null ? 0 : 1,
      hasCjkMarks: /[年月日]/.test(f.text) ? 1 : 0,
      year: d.year,
      [`form:${formGroup(d.form)}`]: 1,
      position: b ? b.index / blocks : 0,
      rankNewest: distinct.length > 1 ? (newestIndex.get(day) ?? 0) / (distinct.length - 1) : 0,
      newest: day === distinct[distinct.length - 1] ? 1 : 0,
      oldest: day === distinct[0] ? 1 : 0,
      sameDayCount: Math.min(count, 20),
      sameDayShare: count / found.length,
      mostFrequentDay: count === maxCount ? 1 : 0,
      inZone: inZone ? 1 : 0,
      inLink: f.links > 0 ? 1 : 0,
      inBody: holder !== null && ctx.bodyRoot !== null && ctx.model.contains(ctx.bodyRoot, holder) ? 1 : 0,
      inComments: holder !== null && ctx.commentSections.some((c) => ctx.model.contains(c, holder)) ? 1 : 0,
      beforeTitle: b && title && b.index < title.index ? 1 : 0,
      titleDistance: b && title ? Math.min(Math.abs(b.index - title.index), 50) : 50,
      blockUnits: b ? Math.min(b.units, 200) : 0,
      inSentence: b?.sentence ? 1 : 0,
      future: isPlausibleDay(day, ctx.latestTime) ? 0 : 1,
      urlSameDay: urlDay === day ? 1 : 0,
      structuredSameDay: structuredDay === day ? 1 : 0,
      rulesSameDay: ctx.rulesDay === day ? 1 : 0,
      fragmentRepeats: Math.min((repeats.get(signatures[i] as string) ?? 1) - 1, MAX_REPEATS),
    };
    for (const k of CANDIDATE_KINDS) stats[`kind:${k}`] = f.kind === k ? 1 : 0;
    return {
      iso: toIso(d),
      day,
      text: f.text,
      kind: f.kind,
      tags: f.tags,
      tokens: f.tokens,
      links: f.links,
      stats,
      ...(refs[i] ? { ref: refs[i] } : {}),
      where: f.where,
    };
  });
}

function formGroup(form: FoundDate['form']): string {
  return form === 'name-dmy' || form === 'name-mdy' ? 'name' : form;
}

