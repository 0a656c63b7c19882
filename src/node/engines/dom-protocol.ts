/** The messages between the dom engine and its worker thread (dom-engine.ts, dom-worker.ts). */
import type { PartialOptions } from '../../core/index.ts';
import type { DomExtraction } from './dom-extract.ts';
import type { PageInput, TrainingRequest } from './engine.ts';

export interface DomRequest {
  readonly page: PageInput;
  readonly options: PartialOptions;
  readonly training?: TrainingRequest;
}

export type DomReply =
  /** The worker has loaded its modules and takes pages. */
  | { readonly type: 'ready' }
  /** The page is parsed; extraction starts. */
  | { readonly type: 'parsed' }
  | ({ readonly type: 'done' } & DomExtraction)
  | { readonly type: 'failed'; readonly error: string };
