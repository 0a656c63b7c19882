/**
 * Article Lens core: the public API. Pure TypeScript; the host passes the page — a DOM document (read once
 * into the page model with the host's RenderProbe) or a page model it built itself — and a Clock (STYLE.md §8.5).
 */
import type { FieldLearning } from './metadata/choose.ts';
import type { ExtractEnv } from './env.ts';
import type { ExtractOptions, PartialOptions } from './options.ts';
import { resolveOptions } from './options.ts';
import { assembleArticle } from './assemble.ts';
import { forgetRecentPrototypes } from './dom/dom-read.ts';
import { datePageContext } from './date-svm/index.ts';
import { findDateSamples } from './date-svm/samples/index.ts';
import type { PageDateSamples } from './date-svm/samples/sample.ts';
import type { SampleSpec } from './date-svm/samples/spec.ts';
import type { ExtractInput, PipelineRun } from './pipeline.ts';
import type { PageSource } from './dom/preprocess.ts';
import { PIPELINE_STAGES, runPipeline } from './pipeline.ts';
import type { PageBodySamples } from './combine/learned/block-features.ts';
import { blockFeatureRows } from './combine/learned/block-features.ts';
import type { SliceControl, SliceReport, StageSteps, Ticker } from './slicing.ts';
import { NO_CHECKPOINTS, drain, driveSliced, everyTicker } from './slicing.ts';
import type { Article, ArticlePreview } from './types.ts';

export type { Article, ArticlePreview, Explain, Decision, NodeRef, Sourced, PublishedTime, DateCandidate } from './types.ts';
export type { ExtractEnv, RenderProbe, Clock, Box } from './env.ts';
export type { ExtractOptions, PartialOptions, ExtensionSwitch } from './options.ts';
export type { ExtractInput } from './pipeline.ts';
export type { PageDateSamples, DateSample } from './date-svm/samples/sample.ts';
export type { PageBodySamples } from './combine/learned/block-features.ts';
export type { BodyModel } from './combine/learned/body-model.ts';
export type { SampleSpec, SampleWindows } from './date-svm/samples/spec.ts';
export { fullSampleSpec } from './date-svm/samples/spec.ts';
export { DEFAULT_OPTIONS, resolveOptions, hashOptions, OptionsError, extensionSwitches, withExtensions } from './options.ts';
export { systemClock } from './env.ts';
export type { SliceControl, SliceReport, ExtractProgress } from './slicing.ts';
export { PIPELINE_STAGES } from './pipeline.ts';
export type { FeatureTree, SimilarPage } from './lcs-diff/types.ts';
export type { FeatureTreeLimits } from './lcs-diff/feature-tree.ts';
export type { SimilarPageReport, SimilarUrlChoice } from './types.ts';
export type { PageLink, SimilarUrl } from './lcs-diff/similar-urls.ts';
export { featureTree, featureTreeLimits } from './lcs-diff/feature-tree.ts';
export { PageModel } from './model/page-model.ts';
export type { TextBlock } from './model/page-model.ts';
export { buildModelFromDom, buildModelFromDomSteps } from './dom/dom-source.ts';
export type { PageSource } from './dom/preprocess.ts';
export { rankSimilarUrls } from './lcs-diff/similar-urls.ts';

/** Extracts the article from `source` (a document, or its page model). Never changes the document. */
export function extract(
  source: PageSource,
  env: ExtractEnv,
  input: ExtractInput = {},
  options: ExtractOptions | PartialOptions = {},
): Article {
  return drain(articleSteps(source, env, input, resolved(options), NO_CHECKPOINTS));
}

/** A sliced extraction's article and how the slicing went. */
export interface SlicedExtraction {
  readonly article: Article;
  readonly slices: SliceReport;
}

/**
 * Extracts the article from `doc` as `extract` does — the same stages, the same result — in slices of
 * about `slicing.sliceMs` (or `control.sliceMs`), giving the host its thread back between them through
 * `control.pause`, so that a huge page does not freeze its tab. Rejects with the signal's reason when
 * `control.signal` aborts. The stage timings count the work only, not the pauses.
 */
export async function extractSliced(
  source: PageSource,
  env: ExtractEnv,
  input: ExtractInput,
  options: ExtractOptions | PartialOptions,
  control: SliceControl,
): Promise<SlicedExtraction> {
  const opts = resolved(options);
  const steps = articleSteps(source, env, input, opts, everyTicker(opts.slicing.checkEvery), control.onPreview);
  const { value, report } = await driveSliced(
    steps,
    env.timer ?? Date.now,
    control.sliceMs ?? opts.slicing.sliceMs,
    control,
    PIPELINE_STAGES,
  );
  return { article: value, slices: report };
}

function* articleSteps(
  source: PageSource,
  env: ExtractEnv,
  input: ExtractInput,
  opts: ExtractOptions,
  ticker: Ticker,
  onPreview?: (preview: ArticlePreview) => void,
): StageSteps<Article> {
  try {
    return assembleArticle(yield* runPipeline(source, input, env, opts, ticker, onPreview));
  } finally {
    forgetRecentPrototypes();
  }
}

/**
 * For the training hosts (`train-date`, `eval --date-cv`), not the product: the article, and every date
 * candidate's sample (§3.3) read as `spec` says — usually every kind and every label token
 * (`fullSampleSpec`), so that each feature variant can be cut from one extraction.
 */
export function extractWithDateSamples(
  source: PageSource,
  env: ExtractEnv,
  input: ExtractInput,
  options: ExtractOptions | PartialOptions,
  spec: SampleSpec,
): { readonly article: Article; readonly dateSamples: PageDateSamples } {
  const { article, dateSamples } = extractForTraining(source, env, input, options, { dateSamples: spec });
  if (!dateSamples) throw new Error('extractForTraining read no date samples though a spec was given');
  return { article, dateSamples };
}

/** What a training host asks for besides the article (`train-date`, `train-body`, `eval --date-cv`). */
export interface TrainingSamplesRequest {
  /** Every date candidate's sample, read as this spec says. */
  readonly dateSamples?: SampleSpec;
  /** Every text block's feature row and text, as the block model reads them (learned combination, §6). */
  readonly bodySamples?: boolean;
  /** Every author and source candidate's feature row and value, in the rules' order (issue 41, `train-author`). */
  readonly fieldSamples?: boolean;
}

/** One field's candidates as `train-author` reads them: `FIELD_FEATURES.length` numbers a row. */
export interface FieldSamples {
  readonly rows: number[];
  readonly values: string[];
}

/** The author's and the source's candidates of one page (null: the page gave none). */
export interface PageFieldSamples {
  readonly author: FieldSamples | null;
  readonly source: FieldSamples | null;
}

/**
 * For the training hosts, not the product: the article, and the samples `request` asks for. The body
 * samples are read from the rules' body (`BodyPlan.rules`), exactly as the combine stage reads them.
 */
export function extractForTraining(
  source: PageSource,
  env: ExtractEnv,
  input: ExtractInput,
  options: ExtractOptions | PartialOptions,
  request: TrainingSamplesRequest,
): {
  readonly article: Article;
  readonly dateSamples?: PageDateSamples;
  readonly bodySamples?: PageBodySamples;
  readonly fieldSamples?: PageFieldSamples;
} {
  try {
    const run = drain(runPipeline(source, input, env, resolved(options), NO_CHECKPOINTS));
    const dateSamples = request.dateSamples
      ? findDateSamples(datePageContext(run.ctx, run), request.dateSamples, run.ctx.opts.dateSvm)
      : undefined;
    const bodySamples = request.bodySamples ? bodySamplesOf(run) : undefined;
    const fieldSamples = request.fieldSamples ? fieldSamplesOf(run) : undefined;
    return {
      article: assembleArticle(run),
      ...(dateSamples ? { dateSamples } : {}),
      ...(bodySamples ? { bodySamples } : {}),
      ...(fieldSamples ? { fieldSamples } : {}),
    };
  } finally {
    forgetRecentPrototypes();
  }
}

function bodySamplesOf(run: PipelineRun): PageBodySamples {
  const { page, anchor, meta, path, links, body } = run;
  const zone = new Set([...(anchor.titleBlock ? [anchor.titleBlock] : []), ...meta.zone.metadataBlocks]);
  const { rows, width } = drain(
    blockFeatureRows(
      { page, anchor, zone, path, linkCover: links.pageCoveredShare, ruleRoot: body.rules.root, ruleExcluded: body.rules.excluded },
      NO_CHECKPOINTS,
    ),
  );
  return { width, rows: Array.from(rows), texts: page.blocks.map((b) => b.text) };
}

function fieldSamplesOf(run: PipelineRun): PageFieldSamples {
  const one = (l: FieldLearning | undefined): FieldSamples | null =>
    l && l.values.length ? { rows: Array.from(l.rows), values: [...l.values] } : null;
  return { author: one(run.meta.author.learning), source: one(run.meta.source.learning) };
}

function resolved(options: ExtractOptions | PartialOptions): ExtractOptions {
  return isResolved(options) ? options : resolveOptions(options);
}

function isResolved(o: ExtractOptions | PartialOptions): o is ExtractOptions {
  return Object.isFrozen(o) && 'limits' in o && 'trace' in o;
}
