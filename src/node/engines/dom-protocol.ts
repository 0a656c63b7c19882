/** The messages between the dom engine and its worker thread (dom-engine.ts, dom-worker.ts). */
import type { PartialOptions } from '../../core/index.ts';
import type { ReadabilitySummary } from '../../platform/readability-summary.ts';
import type { DomExtraction } from './dom-extract.ts';
import type { PageInput, TrainingRequest } from './engine.ts';

export type DomRequest =
  /** Extract the page with the core. */
  | { readonly type: 'extract'; readonly page: PageInput; readonly options: PartialOptions; readonly training?: TrainingRequest }
  /** Run @mozilla/readability on a fresh parse of the page (`eval --compare readability`). */
  | { readonly type: 'readability'; readonly page: PageInput };

export type DomReply =
  /** The worker has loaded its modules and takes pages. */
  | { readonly type: 'ready' }
  /** The page is parsed; extraction (or Readability) starts. */
  | { readonly type: 'parsed' }
  | ({ readonly type: 'done' } & DomExtraction)
  | { readonly type: 'readability'; readonly summary: ReadabilitySummary }
  | { readonly type: 'failed'; readonly error: string };
