/** The two ways the CLI runs the core (DESIGN.md "CLI contract"). */
import type {
  Article,
  PageBodySamples,
  PageDateSamples,
  PageFieldSamples,
  PartialOptions,
  TrainingSamplesRequest,
} from '../../core/index.ts';
import type { DateModel } from '../../core/date-svm/date-model.ts';
import type { FieldModel } from '../../core/metadata/field-model/field-model.ts';

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
  /** Author and source models other than the shipped ones (`eval --field-model`). */
  readonly fieldModel?: FieldModel | null;
  /**
   * Runs the core the content script's way, time-sliced (`extractSliced`, pausing between slices), instead
   * of in one call (`--sliced`: the two give the same article; the CLI tests compare them).
   */
  readonly sliced?: boolean;
  /**
   * Also run @mozilla/readability on the same decoded page, after the core (`eval --compare readability`):
   * in the chromium engine in the same tab, on a clone of the document; in the dom engine on a fresh parse
   * of the same HTML, since Readability rewrites the document it is given.
   */
  readonly readability?: boolean;
  /** Method 4: another page of the same site to diff this one against (`extract --similar`, `eval --similar auto`). */
  readonly similar?: SimilarInput | null;
}

/** The similar page as the CLI read it: decoded HTML, its URL (the base of its links) and why it was taken. */
export interface SimilarInput {
  readonly html: string;
  readonly url: string | null;
  /** Why this page: "given with --similar", "same site (gne: 163) as the page". */
  readonly why: string;
}

/**
 * What went wrong with one page, by kind, so that a batch can count its problems (DESIGN.md "CLI contract":
 * bad input never stops the other pages): `input` the file or bytes (empty, binary, corrupt gzip, missing),
 * `charset` a declaration not followed or text that decodes badly, `url` a page URL that cannot be a base,
 * `parse` markup the parser could not take as it is, `memory` the page needed more heap than a pooled worker
 * has (and was run in one of its own), `time-limit` the page's time ran out, `extraction` the engine or the
 * core failed.
 */
export type IssueKind = 'input' | 'charset' | 'url' | 'parse' | 'memory' | 'time-limit' | 'extraction' | 'capture-time';

/** One problem of one page, with its one-line reason. */
export interface PageIssue {
  readonly kind: IssueKind;
  readonly message: string;
}

export type EngineResult = (
  | {
      readonly ok: true;
      readonly article: Article;
      readonly dateSamples?: PageDateSamples;
      readonly bodySamples?: PageBodySamples;
      readonly fieldSamples?: PageFieldSamples;
      readonly ms: number;
      /** What the engine had to work around on this page (also among the article's warnings). */
      readonly issues?: readonly PageIssue[];
    }
  | { readonly ok: false; readonly error: string; readonly kind: 'time-limit' | 'extraction'; readonly ms: number }
) & {
  /** What Readability made of the page, when `PageInput.readability` asked for it (also when the core failed). */
  readonly readability?: ReadabilityOutcome;
};

/**
 * One run of @mozilla/readability on a page (`eval --compare readability`). `ms` is its own time, apart
 * from the core's, which the page's `ms` keeps. A run that threw (`error`), outlived the page's time limit
 * (`time-limit`) or could not be made (`not-run`: the page could not be read or never loaded, or the core's
 * own time ran out in the tab Readability needed) is `ok: false` with its one-line reason; the comparison
 * scores it as an empty body.
 */
export type ReadabilityOutcome =
  | { readonly ok: true; readonly found: boolean; readonly text: string; readonly ms: number }
  | { readonly ok: false; readonly kind: ReadabilityFailure; readonly error: string; readonly ms: number };

export type ReadabilityFailure = 'error' | 'time-limit' | 'not-run';

/** What a training host asks for besides the article: date candidates' samples, blocks' feature rows. */
export type TrainingRequest = TrainingSamplesRequest;

export interface Engine {
  readonly name: EngineName;
  extract(page: PageInput, options: PartialOptions, training?: TrainingRequest): Promise<EngineResult>;
  /**
   * The page under each options object, one result each in their order, from one load of the page (the
   * report's ablations run dozens of variants of every page). Each result is what `extract` gives under
   * the same options; engines without it are asked once per options object (`extractEach`).
   */
  extractVariants?(page: PageInput, variants: readonly PartialOptions[]): Promise<EngineResult[]>;
  close(): Promise<void>;
}

/** The page under each options object: in one load where the engine can, else one `extract` each. */
export async function extractEach(engine: Engine, page: PageInput, variants: readonly PartialOptions[]): Promise<EngineResult[]> {
  if (engine.extractVariants) return engine.extractVariants(page, variants);
  const out: EngineResult[] = [];
  for (const options of variants) out.push(await engine.extract(page, options));
  return out;
}

/**
 * The time one page may take in an engine, by default (`--time-limit` changes it): parsing and extraction
 * in the dom engine, extraction in the chromium engine (its page load has its own limit). Generous, so that
 * a big page on a loaded machine still passes; what it guards against is a page that never ends.
 */
export const DEFAULT_PAGE_TIME_LIMIT_MS = 120_000;

/** The one-line reason of a page stopped by the time limit (its line in a batch, or the error of `extract`). */
export function timeLimitMessage(limitMs: number, during: string): string {
  return `skipped: time limit reached (${formatSeconds(limitMs)} s) during ${during}; nothing was extracted`;
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toPrecision(3)));
}

const CHROMIUM_DEFAULT_PATH = '/usr/bin/chromium';

/** A message's first line (an engine reports one line per page). */
export function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

/** The path of the Chromium binary: $CHROMIUM_PATH, else Debian's. */
export function chromiumPath(): string {
  return process.env['CHROMIUM_PATH'] || CHROMIUM_DEFAULT_PATH;
}
