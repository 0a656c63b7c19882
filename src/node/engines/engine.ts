/** The two ways the CLI runs the core (DESIGN.md "CLI contract"). */
import type { Article, PageDateSamples, PartialOptions, SampleSpec } from '../../core/index.ts';
import type { DateModel } from '../../core/date-svm/date-model.ts';

export type EngineName = 'dom' | 'chromium';

export interface PageInput {
  /** Decoded HTML. */
  readonly html: string;
  readonly url: string | null;
  readonly linkTitle: string | null;
  /** "Now" for relative and future dates (ISO); the system clock when absent (`train-date --now` fixes it). */
  readonly now?: string | null;
  /** A date model other than the shipped one (`eval --date-model`). */
  readonly dateModel?: DateModel | null;
  /**
   * Runs the core the content script's way, time-sliced (`extractSliced`, pausing between slices), instead
   * of in one call (`--sliced`: the two give the same article; the CLI tests compare them).
   */
  readonly sliced?: boolean;
}

export type EngineResult =
  | { readonly ok: true; readonly article: Article; readonly dateSamples?: PageDateSamples; readonly ms: number }
  | { readonly ok: false; readonly error: string; readonly ms: number };

/** What a training host asks for besides the article: every date candidate's sample, read as `spec` says. */
export interface TrainingRequest {
  readonly dateSamples: SampleSpec;
}

export interface Engine {
  readonly name: EngineName;
  extract(page: PageInput, options: PartialOptions, training?: TrainingRequest): Promise<EngineResult>;
  close(): Promise<void>;
}

const CHROMIUM_DEFAULT_PATH = '/usr/bin/chromium';

/** The path of the Chromium binary: $CHROMIUM_PATH, else Debian's. */
export function chromiumPath(): string {
  return process.env['CHROMIUM_PATH'] || CHROMIUM_DEFAULT_PATH;
}
