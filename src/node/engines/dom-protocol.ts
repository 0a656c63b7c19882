/** The messages between the dom engine and its worker thread (dom-engine.ts, dom-worker.ts). */
import type { PartialOptions } from '../../core/index.ts';
import type { ReadabilitySummary } from '../../platform/readability-summary.ts';
import type { DomExtraction, VariantExtraction } from './dom-extract.ts';
import type { PageInput, TrainingRequest } from './engine.ts';

export type DomRequest =
  /** Extract the page with the core. */
  | { readonly type: 'extract'; readonly page: PageInput; readonly options: PartialOptions; readonly training?: TrainingRequest }
  /**
   * Extract the page once per options object from one parse (the report's ablations: dozens of variants
   * of the same page, where parsing is half of each run). Extraction only reads the document.
   */
  | { readonly type: 'extract-variants'; readonly page: PageInput; readonly variants: readonly PartialOptions[] }
  /** Run @mozilla/readability on a fresh parse of the page (`eval --compare readability`). */
  | { readonly type: 'readability'; readonly page: PageInput };

export type DomReply =
  /** The worker has loaded its modules and takes pages. */
  | { readonly type: 'ready' }
  /** The page is parsed; extraction (or Readability) starts. */
  | { readonly type: 'parsed' }
  | ({ readonly type: 'done' } & DomExtraction)
  /** One result per options object of an `extract-variants` request, in its order. */
  | { readonly type: 'variants'; readonly results: readonly VariantExtraction[] }
  | { readonly type: 'readability'; readonly summary: ReadabilitySummary }
  | { readonly type: 'failed'; readonly error: string };
