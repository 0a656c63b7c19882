/**
 * ALGORITHMS.md §6 as a flat list of stages: each one call from one typed input to one typed output,
 * timed and traced in this order. A new method is a new stage here and a new rule in combine/. The
 * pipeline is a generator (slicing.ts): the synchronous and the sliced driver run the very same stages.
 */
import { combineStage } from './combine/index.ts';
import type { BodyPlan } from './combine/index.ts';
import { dateSvmStage } from './date-svm/index.ts';
import type { PageModel } from './model/page-model.ts';
import type { PageSource } from './dom/preprocess.ts';
import { preprocessStage } from './dom/preprocess.ts';
import { lcsDiffStage } from './lcs-diff/index.ts';
import type { LcsDiffResult } from './lcs-diff/index.ts';
import { linkBlocksStage, serializeStage } from './link-blocks/index.ts';
import type { LinkBlockResult } from './link-blocks/index.ts';
import { metadataStage } from './metadata/index.ts';
import type { Metadata } from './metadata/index.ts';
import { outputStage } from './output/body.ts';
import { punctPathStage } from './punct-path/index.ts';
import type { PunctPathResult } from './punct-path/index.ts';
import type { BodyOutput } from './output/body.ts';
import type { ExtractEnv } from './env.ts';
import type { ExtractOptions } from './options.ts';
import type { StageSteps, Ticker } from './slicing.ts';
import type { ExtractInput, PageContext } from './stage.ts';
import type { ArticlePreview } from './types.ts';
import { pageContext, runStage, startRun } from './stage.ts';
import { titleAnchorStage } from './title-anchor/index.ts';
import type { TitleAnchorResult } from './title-anchor/index.ts';
import type { PublishedTime } from './types.ts';

export type { ExtractInput } from './stage.ts';

/** Every stage's output of one run, for the assembly of the `Article` (assemble.ts). */
export interface PipelineRun {
  readonly ctx: PageContext;
  readonly page: PageModel;
  readonly anchor: TitleAnchorResult;
  readonly path: PunctPathResult;
  readonly meta: Metadata;
  readonly publishedTime: PublishedTime;
  readonly links: LinkBlockResult;
  readonly lcs: LcsDiffResult;
  readonly body: BodyPlan;
  readonly output: BodyOutput | null;
}

/** The stages' names in the order they run (the trace's steps, and a sliced run's progress). */
export const PIPELINE_STAGES = [
  'preprocess',
  'title-anchor',
  'punct-path',
  'metadata',
  'date-svm',
  'serialize',
  'link-blocks',
  'lcs-diff',
  'combine',
  'output',
] as const;

export function* runPipeline(
  source: PageSource,
  input: ExtractInput,
  env: ExtractEnv,
  opts: ExtractOptions,
  ticker: Ticker,
  onPreview?: (preview: ArticlePreview) => void,
): StageSteps<PipelineRun> {
  const run = startRun(input, env, opts, ticker);
  const page = yield* runStage(run, preprocessStage, source); // §0, §1.2–1.3: the page read once into the model
  const ctx = pageContext(run, page);
  const anchor = yield* runStage(ctx, titleAnchorStage, page); // §1.1–1.5: query title → candidate scan → LCA → descent
  const path = yield* runStage(ctx, punctPathStage, { page, anchor }); // §2: full stops, sample path, leaves by path similarity
  const meta = yield* runStage(ctx, metadataStage, { page, anchor }); // §1.7: zone, structured data, final choices
  const publishedTime = opts.dateSvm.enabled // §3, §6.4: every date scored by the SVM, else the §1.7 rule chain
    ? yield* runStage(ctx, dateSvmStage, { page, anchor, meta })
    : meta.rulesDate;
  onPreview?.({
    title: meta.title.chosen?.value ?? null,
    author: meta.author.chosen?.value ?? null,
    source: meta.source.chosen?.value ?? null,
    site: meta.site.chosen?.value ?? null,
    publishedTime,
  });
  const serialized = yield* runStage(ctx, serializeStage, page); // §5.1–5.2: the rendered page as a string with offsets
  const links = yield* runStage(ctx, linkBlocksStage, { page, serialized, anchor }); // §5.3–5.8: logical link blocks
  const lcs = yield* runStage(ctx, lcsDiffStage, { page, anchor }); // §4: the diff against a similar page, when the host gave one
  const body = yield* runStage(ctx, combineStage, { page, anchor, meta, links, path, lcs }); // §6: what leaves or joins the body
  const output =
    body.root !== null // §1.6: text, clean HTML, images, tables, documents
      ? yield* runStage(ctx, outputStage, { page, root: body.root, excluded: body.excluded, author: meta.author.chosen?.value ?? null })
      : null;
  return { ctx, page, anchor, path, meta, publishedTime, links, lcs, body, output };
}
