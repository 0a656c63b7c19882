/**
 * Article Lens core: the public API. Pure TypeScript over the standard DOM interfaces; the host passes
 * the document, a RenderProbe and a Clock (STYLE.md §8.5).
 */
import type { ExtractEnv } from './env.ts';
import type { ExtractOptions, PartialOptions } from './options.ts';
import { resolveOptions } from './options.ts';
import type { ExtractInput } from './pipeline.ts';
import { runPipeline } from './pipeline.ts';
import type { Article } from './types.ts';

export type { Article, Explain, Decision, NodeRef, Sourced, PublishedTime, DateCandidate } from './types.ts';
export type { ExtractEnv, RenderProbe, Clock, Box } from './env.ts';
export type { ExtractOptions, PartialOptions } from './options.ts';
export type { ExtractInput } from './pipeline.ts';
export { DEFAULT_OPTIONS, resolveOptions, hashOptions, OptionsError } from './options.ts';
export { systemClock } from './env.ts';

/** Extracts the article from `doc`. Never changes the document. */
export function extract(doc: Document, env: ExtractEnv, input: ExtractInput = {}, options: ExtractOptions | PartialOptions = {}): Article {
  const opts = isResolved(options) ? options : resolveOptions(options);
  return runPipeline(doc, input, env, opts);
}

function isResolved(o: ExtractOptions | PartialOptions): o is ExtractOptions {
  return Object.isFrozen(o) && 'limits' in o && 'trace' in o;
}
