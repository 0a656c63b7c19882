/**
 * Article Lens core: the public API. Pure TypeScript over the standard DOM interfaces; the host passes
 * the document, a RenderProbe and a Clock (STYLE.md §8.5).
 */
import type { ExtractEnv } from './env.ts';
import type { ExtractOptions, PartialOptions } from './options.ts';
import { resolveOptions } from './options.ts';
import { assembleArticle } from './assemble.ts';
import { datePageContext } from './date-svm/index.ts';
import { findDateSamples } from './date-svm/samples/index.ts';
import type { PageDateSamples } from './date-svm/samples/sample.ts';
import type { SampleSpec } from './date-svm/samples/spec.ts';
import type { ExtractInput } from './pipeline.ts';
import { runPipeline } from './pipeline.ts';
import type { Article } from './types.ts';

export type { Article, Explain, Decision, NodeRef, Sourced, PublishedTime, DateCandidate } from './types.ts';
export type { ExtractEnv, RenderProbe, Clock, Box } from './env.ts';
export type { ExtractOptions, PartialOptions } from './options.ts';
export type { ExtractInput } from './pipeline.ts';
export type { PageDateSamples, DateSample } from './date-svm/samples/sample.ts';
export type { SampleSpec, SampleWindows } from './date-svm/samples/spec.ts';
export { fullSampleSpec } from './date-svm/samples/spec.ts';
export { DEFAULT_OPTIONS, resolveOptions, hashOptions, OptionsError } from './options.ts';
export { systemClock } from './env.ts';

/** Extracts the article from `doc`. Never changes the document. */
export function extract(doc: Document, env: ExtractEnv, input: ExtractInput = {}, options: ExtractOptions | PartialOptions = {}): Article {
  return assembleArticle(runPipeline(doc, input, env, resolved(options)));
}

/**
 * For the training hosts (`train-date`, `eval --date-cv`), not the product: the article, and every date
 * candidate's sample (§3.3) read as `spec` says — usually every kind and every label token
 * (`fullSampleSpec`), so that each feature variant can be cut from one extraction.
 */
export function extractWithDateSamples(
  doc: Document,
  env: ExtractEnv,
  input: ExtractInput,
  options: ExtractOptions | PartialOptions,
  spec: SampleSpec,
): { readonly article: Article; readonly dateSamples: PageDateSamples } {
  const run = runPipeline(doc, input, env, resolved(options));
  const dateSamples = findDateSamples(datePageContext(run.ctx, run), spec, run.ctx.opts.dateSvm);
  return { article: assembleArticle(run), dateSamples };
}

function resolved(options: ExtractOptions | PartialOptions): ExtractOptions {
  return isResolved(options) ? options : resolveOptions(options);
}

function isResolved(o: ExtractOptions | PartialOptions): o is ExtractOptions {
  return Object.isFrozen(o) && 'limits' in o && 'trace' in o;
}
