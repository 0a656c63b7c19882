/**
 * §3.7 Prediction: every candidate is vectorised and scored; a decision value above `minDecision` (0)
 * marks the publication time; with several, the largest wins; with none, "no date" unless a structured
 * source (JSON-LD/meta) gives one. Dates in the future are never chosen. The decision value is reported
 * as the confidence, with the runner-ups.
 *
 * The same function scores a page in the extension and in `train-date`'s cross-validation, so the
 * figures measured in Node are the figures of the product.
 */
import type { DateCandidate, Provenance, PublishedTime } from '../types.ts';
import type { CompiledDateModel } from './date-model.ts';
import type { CandidateKind, DateSample, PageDateSamples } from './samples/sample.ts';
import { localReading } from './local-day.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';

export interface ChooseOptions {
  readonly minDecision: number;
  readonly structuredFallback: boolean;
  readonly reportCandidates: number;
  /** Confidence reported for the structured fallback (metadata.dateConfidence of its source). */
  readonly fallbackConfidence: number;
  /** Extension `localDay`: a UTC choice is reported on the day the page shows (local-day.ts). */
  readonly localDay: boolean;
  /** Extension `urlFallback` (options.ts): with nothing chosen and no structured date, the URL's day. */
  readonly urlFallback?: boolean;
  /** Extension `urlDayTime` (options.ts): the URL's day keeps the time of day a candidate of that day states. */
  readonly urlDayTime?: boolean;
  /** Extension `scriptTime` (options.ts): a relative choice gives way to the page's absolute time; the script time as a fallback. */
  readonly scriptTime?: boolean;
  /** Extension `scriptAgreement` (options.ts): the script time, confirmed by a machine-written candidate, beats a text choice. */
  readonly scriptAgreement?: boolean;
  /** Extension `confirmedText` (options.ts): a text choice that a machine-written candidate confirms on its day stands against the script time. */
  readonly confirmedText?: boolean;
}

const MACHINE_KINDS: ReadonlySet<CandidateKind> = new Set(['meta', 'json-ld', 'time-attr']);

export interface ScoredSample {
  readonly sample: DateSample;
  readonly decision: number;
}

const KIND_FROM: Readonly<Record<CandidateKind, Provenance>> = {
  text: 'page-text',
  'time-attr': 'time-element',
  meta: 'meta',
  attr: 'attribute',
  'json-ld': 'json-ld',
  url: 'url',
};

/** Every candidate the model knows how to read (its kinds, never a future date), scored, best first. */
export function scoreSamples(page: PageDateSamples, model: CompiledDateModel): ScoredSample[] {
  return drain(scoreSamplesSteps(page, model, NO_CHECKPOINTS));
}

/** `scoreSamples` with a checkpoint per `ticker` between samples (each is scored against every support vector). */
export function* scoreSamplesSteps(page: PageDateSamples, model: CompiledDateModel, ticker: Ticker): Steps<ScoredSample[]> {
  const kinds = new Set(model.features.kinds);
  const scored: ScoredSample[] = [];
  for (const sample of page.samples) {
    if (ticker.tick()) yield;
    if (!kinds.has(sample.kind) || (sample.stats['future'] ?? 0) > 0) continue;
    scored.push({ sample, decision: model.decision(sample) });
  }
  // Stable: equal values keep document order (attribute candidates come first).
  return scored
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s.decision - a.s.decision || a.i - b.i)
    .map(({ s }) => s);
}

export function chooseBySvm(page: PageDateSamples, model: CompiledDateModel, opts: ChooseOptions): PublishedTime {
  return drain(chooseBySvmSteps(page, model, opts, NO_CHECKPOINTS));
}

/** `chooseBySvm` with a checkpoint per `ticker` in the scoring. */
export function* chooseBySvmSteps(
  page: PageDateSamples,
  model: CompiledDateModel,
  opts: ChooseOptions,
  ticker: Ticker,
): Steps<PublishedTime> {
  const time = yield* choose(page, model, opts, ticker);
  return page.captured ? { ...time, captured: page.captured } : time;
}

function* choose(page: PageDateSamples, model: CompiledDateModel, opts: ChooseOptions, ticker: Ticker): Steps<PublishedTime> {
  const scored = yield* scoreSamplesSteps(page, model, ticker);
  const candidates: DateCandidate[] = scored.slice(0, opts.reportCandidates).map(toCandidate);
  const best = scored[0];
  if (best && best.decision > opts.minDecision) {
    const absolute = pageAbsoluteTime(best.sample, page, scored, opts);
    const kept = absolute && 'kept' in absolute ? `; ${absolute.kept}` : '';
    if (absolute && 'candidate' in absolute) {
      return {
        iso: absolute.candidate.iso,
        confidence: logistic(best.decision),
        decision: best.decision,
        method: 'date-svm',
        from: absolute.candidate.from,
        detail: `${absolute.candidate.detail}: ${absolute.reason} (${best.sample.where})`,
        chosen: absolute.candidate,
        candidates,
        found: page.found,
      };
    }
    const local = opts.localDay ? localReading(best.sample, page.samples) : null;
    const shown = local?.sample ?? best.sample;
    const timed = opts.urlDayTime && shown.kind === 'url' ? timeOfDay(shown, scored) : null;
    return {
      iso: timed?.iso ?? shown.iso,
      confidence: logistic(best.decision),
      decision: best.decision,
      method: 'date-svm',
      from: KIND_FROM[shown.kind],
      detail:
        (local ? `${shown.where}: ${local.reason} (${best.sample.where})` : shown.where) +
        (timed ? `, the time of day from ${timed.where}` : '') +
        kept,
      chosen: toCandidate({ sample: shown, decision: best.decision }),
      candidates,
      found: page.found,
    };
  }
  const fb = page.fallback;
  if (fb && opts.structuredFallback) {
    return {
      iso: fb.iso,
      confidence: opts.fallbackConfidence,
      decision: null,
      method: 'structured-fallback',
      from: fb.from,
      detail: fb.detail,
      chosen: fb,
      candidates: [fb, ...candidates],
      found: page.found,
    };
  }
  const script = opts.scriptTime ? page.scriptTime : null;
  if (script) {
    return {
      iso: script.iso,
      confidence: opts.fallbackConfidence,
      decision: best?.decision ?? null,
      method: 'structured-fallback',
      from: script.from,
      detail: script.detail,
      chosen: script,
      candidates: [script, ...candidates],
      found: page.found,
    };
  }
  const url = opts.urlFallback ? page.samples.find((s) => s.kind === 'url' && (s.stats['future'] ?? 0) === 0) : undefined;
  if (url) {
    const timed = opts.urlDayTime ? timeOfDay(url, scored) : null;
    const chosen = toCandidate({ sample: url, decision: scored.find((s) => s.sample === url)?.decision ?? 0 });
    return {
      iso: timed?.iso ?? url.iso,
      confidence: logistic(chosen.decision ?? 0),
      decision: best?.decision ?? null,
      method: 'url-fallback',
      from: 'url',
      detail: `no candidate above the margin: the URL's day${timed ? `, the time of day from ${timed.where}` : ''}`,
      chosen,
      candidates,
      found: page.found,
    };
  }
  return {
    iso: null,
    confidence: 0,
    decision: best?.decision ?? null,
    method: null,
    from: null,
    detail: '',
    chosen: null,
    candidates,
    found: page.found,
  };
}

function toCandidate(s: ScoredSample): DateCandidate {
  return {
    iso: s.sample.iso,
    text: s.sample.text,
    from: KIND_FROM[s.sample.kind],
    detail: s.sample.where,
    decision: round(s.decision),
    ...(s.sample.ref ? { ref: s.sample.ref } : {}),
  };
}

function logistic(f: number): number {
  return 1 / (1 + Math.exp(-f));
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/**
 * Extension `urlDayTime`: the best-scored candidate on the URL's day that states a time of day (scored
 * best first), its time kept with its zone, or null.
 */
function timeOfDay(url: DateSample, scored: readonly ScoredSample[]): DateSample | null {
  for (const { sample } of scored) {
    if (sample === url || sample.day !== url.day || sample.iso.length <= 10) continue;
    if ((sample.stats['form:relative'] ?? 0) > 0) continue;
    return sample;
  }
  return null;
}

/**
 * Extensions `scriptTime`, `scriptAgreement` and `confirmedText`: the page's own absolute time in place of the
 * classifier's choice, with the reason; or why the choice was kept over the script time; or null (the choice stands).
 */
function pageAbsoluteTime(
  chosen: DateSample,
  page: PageDateSamples,
  scored: readonly ScoredSample[],
  opts: ChooseOptions,
): { readonly candidate: DateCandidate; readonly reason: string } | { readonly kept: string } | null {
  const script = page.scriptTime ?? null;
  if (opts.scriptTime && (chosen.stats['form:relative'] ?? 0) > 0) {
    const absolute = page.fallback ?? script;
    if (absolute) return { candidate: absolute, reason: `the page's absolute time in place of the relative "${chosen.text}"` };
  }
  if (opts.scriptAgreement && script && chosen.kind === 'text' && chosen.day !== script.iso.slice(0, 10)) {
    const day = script.iso.slice(0, 10);
    const agrees = scored.find((s) => MACHINE_KINDS.has(s.sample.kind) && s.sample.day === day);
    const confirmed = opts.confirmedText ? scored.find((s) => MACHINE_KINDS.has(s.sample.kind) && s.sample.day === chosen.day) : undefined;
    if (agrees && confirmed)
      return {
        kept: `kept over the script time ${script.iso} (on the day of ${agrees.sample.where}): ${confirmed.sample.where} confirms its day`,
      };
    if (agrees) return { candidate: script, reason: `the publisher's script time, on the day of ${agrees.sample.where}` };
  }
  return null;
}
