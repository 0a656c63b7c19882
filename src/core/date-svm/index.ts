/**
 * Method 3, publication time by an SVM over date-text fragments (ALGORITHMS.md §3, patent CN108829898B),
 * as one pipeline stage: read every candidate's sample as the model says (samples/), score them with the
 * model (date-model.ts) and choose (choose.ts), recording every score in the Explain trace.
 */
import type { PageModel } from '../model/page-model.ts';
import { findCaptureTime } from '../dates/capture-time.ts';
import { latestPublicationTime } from '../dates/plausible.ts';
import type { Metadata } from '../metadata/index.ts';
import type { PageContext, Stage } from '../stage.ts';
import type { TitleAnchorResult } from '../title-anchor/index.ts';
import type { PublishedTime } from '../types.ts';
import { chooseBySvmSteps } from './choose.ts';
import { DUE } from '../slicing.ts';
import { dateModelFor } from './default-model.ts';
import type { DatePageContext } from './samples/index.ts';
import { findDateSamplesSteps } from './samples/index.ts';

export interface DateSvmInput {
  readonly page: PageModel;
  readonly anchor: TitleAnchorResult;
  readonly meta: Metadata;
}

export const dateSvmStage: Stage<DateSvmInput, PublishedTime> = {
  method: 'date-svm',
  name: 'date-svm',
  *run(ctx, input) {
    const { opts, trace } = ctx;
    // Compiling the model (once per page's script context) is a slice of its own.
    if (ctx.ticker.tick(DUE)) yield;
    const model = dateModelFor(ctx.env.dateModel);
    if (ctx.ticker.tick(DUE)) yield;
    const samples = yield* findDateSamplesSteps(datePageContext(ctx, input), model.spec, opts.dateSvm, ctx.ticker);
    const fb = samples.fallback;
    const fallbackConfidence =
      fb && fb.from in opts.metadata.dateConfidence
        ? opts.metadata.dateConfidence[fb.from as keyof typeof opts.metadata.dateConfidence]
        : 0;
    const time = yield* chooseBySvmSteps(
      samples,
      model,
      {
        minDecision: opts.dateSvm.minDecision,
        structuredFallback: opts.dateSvm.structuredFallback,
        reportCandidates: opts.dateSvm.reportCandidates,
        fallbackConfidence,
        localDay: opts.dateSvm.extensions.localDay,
        urlFallback: opts.dateSvm.extensions.urlFallback,
        urlDayTime: opts.dateSvm.extensions.urlDayTime,
        scriptTime: opts.dateSvm.extensions.scriptTime,
        scriptAgreement: opts.dateSvm.extensions.scriptAgreement,
        confirmedText: opts.dateSvm.extensions.confirmedText,
      },
      ctx.ticker,
    );
    if (trace.enabled) {
      for (const c of time.candidates) {
        if (c.decision === undefined) continue;
        trace.decide('date-svm', {
          rule: '3.7-candidate',
          verdict: c.decision > opts.dateSvm.minDecision ? 'candidate' : 'reject',
          target: c.ref,
          numbers: { decision: c.decision },
          note: `${c.iso} "${c.text}" (${c.detail})`,
        });
      }
      trace.decide('date-svm', {
        rule: '3.7-time',
        verdict: time.method === 'date-svm' ? 'choose' : time.method ? 'fallback' : 'reject',
        numbers: {
          candidates: samples.found,
          scored: samples.samples.length,
          ...(time.decision === null ? {} : { decision: time.decision }),
        },
        note: time.iso ? `${time.method}: ${time.iso} (${time.detail})` : 'no date: no candidate above the margin and no structured date',
      });
    }
    return time;
  },
};

/** What a page's date samples are read against: the page, the anchors of method 1 and the metadata (§6.4). */
export function datePageContext(ctx: PageContext, { page, anchor, meta }: DateSvmInput): DatePageContext {
  return {
    model: page,
    ref: ctx.ref,
    titleBlock: anchor.titleBlock,
    firstSentence: anchor.firstSentence,
    bodyRoot: anchor.bodyRoot,
    commentSections: anchor.commentSections,
    url: ctx.url,
    now: ctx.now,
    captured: ctx.opts.dateSvm.extensions.captureTime ? findCaptureTime(page.documentComments) : null,
    readerOffsetMinutes: ctx.opts.dateSvm.extensions.readerClock ? -ctx.now.getTimezoneOffset() : 0,
    latestTime: latestPublicationTime(ctx.now, ctx.opts.metadata.maxFutureDays),
    dateOpts: ctx.dateOpts,
    looseNumeric: ctx.opts.dateSvm.extensions.looseNumeric,
    jsonLd: meta.jsonLd,
    structuredDate: (meta.structured?.dates ?? []).find((d) => d.from !== 'time-element') ?? null,
    rulesDay: meta.rulesDate.iso?.slice(0, 10) ?? null,
    maxElements: ctx.opts.limits.maxElements,
  };
}
