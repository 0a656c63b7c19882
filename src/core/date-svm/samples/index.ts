/**
 * §3.1–3.5 Every date on the page as a sample, read as the model's `SampleSpec` says:
 * - faithful: every text block with a date the date finder reads (text-candidates.ts);
 * - extension `attributeCandidates`: `time[datetime]`, `meta[content]`, other `content`/`data-*date*`
 *   attributes, JSON-LD date keys and the date in the URL, each with its own context
 *   (attribute-candidates.ts).
 * The list is cut at `maxCandidates` (attribute candidates first, then text in document order), so an
 * archive or calendar page costs bounded time; a date without a year then takes the page's year, and every
 * statistic is computed (page-statistics.ts) so that the model only has to read them.
 */
import type { DateFinderOptions } from '../../dates/date-finder.ts';
import { parseDateValue } from '../../dates/date-values.ts';
import { toIso } from '../../dates/iso.ts';
import type { DateCandidate } from '../../types.ts';
import { attributeCandidates } from './attribute-candidates.ts';
import type { DatePageContext, DateSampleBounds } from './context.ts';
import { withPageAgreement, withPageYear, withStats } from './page-statistics.ts';
import type { PageDateSamples } from './sample.ts';
import type { SampleSpec } from './spec.ts';
import { readsAttributes } from './spec.ts';
import { textCandidates } from './text-candidates.ts';
import type { Steps, Ticker } from '../../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../../slicing.ts';

export type { DatePageContext, DateSampleBounds } from './context.ts';

export function findDateSamples(ctx: DatePageContext, spec: SampleSpec, bounds: DateSampleBounds): PageDateSamples {
  return drain(findDateSamplesSteps(ctx, spec, bounds, NO_CHECKPOINTS));
}

/** `findDateSamples` with a checkpoint per `ticker` in its walks. */
export function* findDateSamplesSteps(ctx: DatePageContext, spec: SampleSpec, bounds: DateSampleBounds, ticker: Ticker): Steps<PageDateSamples> {
  const now = ctx.captured?.time ?? readerClock(ctx.now, ctx.readerOffsetMinutes ?? 0);
  const finderOpts: DateFinderOptions = { ...ctx.dateOpts, now, yearlessReference: dayOf(now), looseNumeric: ctx.looseNumeric ?? false };
  const attrs = readsAttributes(spec) ? (yield* attributeCandidates(ctx, spec, bounds, ticker)).filter((f) => spec.kinds.includes(f.kind)) : [];
  const texts = spec.kinds.includes('text') ? yield* textCandidates(ctx, spec, finderOpts, bounds.maxCandidates, ticker) : [];
  const all = [...attrs, ...texts];
  const kept = withPageAgreement(withPageYear(all.slice(0, bounds.maxCandidates), ctx));
  return {
    samples: yield* withStats(kept, ctx, ticker),
    fallback: ctx.structuredDate,
    found: all.length,
    scriptTime: scriptTime(ctx),
    captured: ctx.captured ? { iso: ctx.captured.time.toISOString().slice(0, 19), from: ctx.captured.from } : null,
  };
}

/** The first of the page's script time variables that reads as a date, not in the future. */
function scriptTime(ctx: DatePageContext): DateCandidate | null {
  for (const { key, value } of ctx.model.scriptTimes) {
    const d = parseDateValue(value, ctx.dateOpts);
    if (!d || (d.form === 'relative')) continue;
    if (Date.UTC(d.year, d.month - 1, d.day) > ctx.latestTime) continue;
    return { iso: toIso(d), text: `${key}: ${value}`.slice(0, 80), from: 'script', detail: `script ${key}` };
  }
  return null;
}

function dayOf(d: Date): { year: number; month: number; day: number } {
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * Extension `readerClock`: `now` as a Date whose UTC fields are the reader's wall clock `offsetMinutes`
 * east of UTC (the date finder reads relative dates by "now"'s UTC fields and writes them without a zone).
 */
export function readerClock(now: Date, offsetMinutes: number): Date {
  return offsetMinutes === 0 ? now : new Date(now.getTime() + offsetMinutes * 60_000);
}
