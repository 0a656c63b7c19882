/**
 * Method 3, publication time by an SVM over date-text fragments (ALGORITHMS.md §3, patent CN108829898B),
 * as one pipeline stage: find every candidate with its sample (candidates.ts), score them with the
 * model (date-model.ts) and choose (choose.ts), recording every score in the Explain trace.
 */
import type { ExtractOptions } from '../options.ts';
import type { Trace } from '../trace.ts';
import type { PublishedTime } from '../types.ts';
import type { DatePageContext } from './candidates.ts';
import { findDateSamples } from './candidates.ts';
import { chooseBySvm } from './choose.ts';
import type { CompiledDateModel } from './date-model.ts';
import type { PageDateSamples } from './sample.ts';

export interface DateSvmResult {
  readonly time: PublishedTime;
  readonly samples: PageDateSamples;
}

export function findPublishedTime(ctx: DatePageContext, model: CompiledDateModel, opts: ExtractOptions, trace: Trace): DateSvmResult {
  const samples = findDateSamples(ctx, opts.dateSvm);
  const fb = samples.fallback;
  const fallbackConfidence =
    fb && fb.from in opts.metadata.dateConfidence
      ? opts.metadata.dateConfidence[fb.from as keyof ExtractOptions['metadata']['dateConfidence']]
      : 0;
  const time = chooseBySvm(samples, model, {
    minDecision: opts.dateSvm.minDecision,
    structuredFallback: opts.dateSvm.structuredFallback,
    reportCandidates: opts.dateSvm.reportCandidates,
    fallbackConfidence,
    localDay: opts.dateSvm.extensions.localDay,
  });
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
  return { time, samples };
}
