/**
 * What every stage of the pipeline shares (STYLE.md §8.1 "pipeline.ts: a flat list of stages"): one run's
 * context, and the stage shape — a method slug and a name for the trace and the timings, and one call
 * from one typed input to one typed output. A stage records its decisions in `ctx.trace` as it makes
 * them, so the Explain trace is in stage order. A stage's call is a generator (slicing.ts): it yields at
 * the checkpoints of its heavy loops, where a sliced run may give the page its thread back.
 */
import type { DateFinderOptions } from './dates/date-finder.ts';
import { attributeOf, dom } from './dom/dom-read.ts';
import type { ExtractEnv } from './env.ts';
import type { ExtractOptions } from './options.ts';
import type { StageSteps, Steps, Ticker } from './slicing.ts';
import { Trace } from './trace.ts';
import type { Method } from './types.ts';

export interface ExtractInput {
  /**
   * The page's URL (base for relative links, and the URL-date gap-filler). Undefined: the document's
   * own URL; null: unknown.
   */
  readonly url?: string | null;
  /** The anchor text of the link the reader followed to get here (§1 "Input"). */
  readonly linkTitle?: string | null;
  /**
   * Rank the page's links as similar pages (§4.1) into `Article.similarPage.candidates`, for a host that will
   * fetch the best one and extract again with it. Default false (the ranking reads every link of the page).
   */
  readonly rankSimilarUrls?: boolean;
}

/** One extraction's fixed facts: the page, the host, the options, "now", and the trace being written. */
export interface RunContext {
  readonly doc: Document;
  readonly env: ExtractEnv;
  readonly opts: ExtractOptions;
  readonly trace: Trace;
  /** The page's URL, or null when unknown. */
  readonly url: string | null;
  readonly linkTitle: string | null;
  readonly rankSimilarUrls: boolean;
  readonly now: Date;
  /** How dates are read on this page (year range, day-first order by the page's language). */
  readonly dateOpts: DateFinderOptions;
  /** Says when a checkpoint is due in a stage's loop (never, in a synchronous run). */
  readonly ticker: Ticker;
}

export interface Stage<I, O> {
  readonly method: Method;
  /** The step's name in the trace and in `Article.timings`. */
  readonly name: string;
  run(ctx: RunContext, input: I): Steps<O>;
}

export function startRun(doc: Document, input: ExtractInput, env: ExtractEnv, opts: ExtractOptions, ticker: Ticker): RunContext {
  const now = env.clock.now();
  return {
    doc,
    env,
    opts,
    trace: new Trace(opts.trace.enabled, env.timer ?? Date.now, opts.limits.maxDecisions),
    url: input.url === undefined ? documentUrl(doc) : input.url,
    linkTitle: input.linkTitle ?? null,
    rankSimilarUrls: input.rankSimilarUrls ?? false,
    now,
    dateOpts: {
      minYear: opts.metadata.minYear,
      maxYear: now.getUTCFullYear() + 1,
      dayFirst: !/^en-us/i.test(attributeOf(dom.documentElement(doc), 'lang') ?? ''),
    },
    ticker,
  };
}

/** Runs one stage, timed in the trace under its method and name. */
export function runStage<I, O>(ctx: RunContext, stage: Stage<I, O>, input: I): StageSteps<O> {
  return ctx.trace.step(stage.method, stage.name, stage.run(ctx, input));
}

function documentUrl(doc: Document): string | null {
  const url = dom.URL(doc);
  return url && /^https?:/i.test(url) ? url : null;
}
