/**
 * What every stage of the pipeline shares (STYLE.md §8.1 "pipeline.ts: a flat list of stages"): one run's
 * context, and the stage shape — a method slug and a name for the trace and the timings, and one call
 * from one typed input to one typed output. A stage records its decisions in `ctx.trace` as it makes
 * them, so the Explain trace is in stage order. A stage's call is a generator (slicing.ts): it yields at
 * the checkpoints of its heavy loops, where a sliced run may give the page its thread back.
 *
 * The first stage reads the page into the model (preprocess); every later one runs with the page's context
 * (`PageContext`): the model, "now", how dates are read on the page, and its element references.
 */
import type { DateFinderOptions } from './dates/date-finder.ts';
import type { ExtractEnv } from './env.ts';
import { CssPaths, nodeRef } from './model/node-ref.ts';
import type { PageModel } from './model/page-model.ts';
import type { ExtractOptions } from './options.ts';
import type { StageSteps, Steps, Ticker } from './slicing.ts';
import { Trace } from './trace.ts';
import type { Method, NodeRef } from './types.ts';

export interface ExtractInput {
  /**
   * The page's URL (base for relative links, and the URL-date gap-filler). Undefined: the document's own
   * URL; null: unknown.
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

/** One extraction's fixed facts before the page is read: the host, the options, "now", and the trace being written. */
export interface RunContext {
  readonly env: ExtractEnv;
  readonly opts: ExtractOptions;
  readonly trace: Trace;
  readonly input: ExtractInput;
  readonly linkTitle: string | null;
  readonly rankSimilarUrls: boolean;
  readonly now: Date;
  /** Says when a checkpoint is due in a stage's loop (never, in a synchronous run). */
  readonly ticker: Ticker;
}

/** One extraction's facts once the page is read: the run's, the page model and what follows from it. */
export interface PageContext extends RunContext {
  readonly page: PageModel;
  /** The page's URL, or null when unknown. */
  readonly url: string | null;
  /** How dates are read on this page (year range, day-first order by the page's language). */
  readonly dateOpts: DateFinderOptions;
  /** A reference to element `el` for the trace and the Article (its CSS path is computed once per element). */
  ref(el: number, preview?: string): NodeRef;
}

export interface Stage<I, O, C extends RunContext = PageContext> {
  readonly method: Method;
  /** The step's name in the trace and in `Article.timings`. */
  readonly name: string;
  run(ctx: C, input: I): Steps<O>;
}

export function startRun(input: ExtractInput, env: ExtractEnv, opts: ExtractOptions, ticker: Ticker): RunContext {
  return {
    env,
    opts,
    trace: new Trace(opts.trace.enabled, env.timer ?? Date.now, opts.limits.maxDecisions),
    input,
    linkTitle: input.linkTitle ?? null,
    rankSimilarUrls: input.rankSimilarUrls ?? false,
    now: env.clock.now(),
    ticker,
  };
}

/** The run's context on the page read into `page`. */
export function pageContext(ctx: RunContext, page: PageModel): PageContext {
  const paths = new CssPaths(page);
  const lang = page.size > 0 ? page.attr(0, 'lang') : null;
  return {
    ...ctx,
    page,
    url: ctx.input.url === undefined ? page.url : ctx.input.url,
    dateOpts: {
      minYear: ctx.opts.metadata.minYear,
      maxYear: ctx.now.getUTCFullYear() + 1,
      dayFirst: !/^en-us/i.test(lang ?? ''),
    },
    ref: (el, preview) => nodeRef(paths, page, el, preview),
  };
}

/** Runs one stage, timed in the trace under its method and name. */
export function runStage<I, O, C extends RunContext>(ctx: C, stage: Stage<I, O, C>, input: I): StageSteps<O> {
  return ctx.trace.step(stage.method, stage.name, stage.run(ctx, input));
}
