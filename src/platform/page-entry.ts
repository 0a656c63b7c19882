/**
 * The core as one script for a rendered page (STYLE.md §8.5.7): the CLI's chromium engine and the
 * benchmark inject it into headless Chromium and call `__articleLens.extract(input, options)`; the
 * training hosts call `extractForTraining` to also get every date candidate's sample and every block's
 * feature row; `--sliced` and the
 * long-task tests call `extractSliced`, the content script's way (time slices, the page's thread given
 * back between them).
 */
import {
  buildModelFromDom,
  extract,
  extractForTraining,
  extractSliced,
  featureTree,
  featureTreeLimits,
  resolveOptions,
  systemClock,
} from '../core/index.ts';
import type {
  Article,
  Clock,
  ExtractEnv,
  ExtractInput,
  PageBodySamples,
  PageFieldSamples,
  PageDateSamples,
  PartialOptions,
  SlicedExtraction,
  TrainingSamplesRequest,
} from '../core/index.ts';
import type { DateModel } from '../core/date-svm/date-model.ts';
import type { FieldModel } from '../core/metadata/field-model/field-model.ts';
import type { FeatureTree, SimilarPage } from '../core/index.ts';
import { createLiveProbe } from './live-probe.ts';
import { createPagePause } from './page-pause.ts';

/** What the CLI may pass besides input and options: a fixed "now" (ISO), and date, author and source models of its own. */
export interface PageExtras {
  readonly now?: string | null;
  readonly dateModel?: DateModel | null;
  /** Author and source models of the CLI's own (`eval --field-model`). */
  readonly fieldModel?: FieldModel | null;
  /** For the CLI's chromium engine: call `extractSliced` rather than `extract` (the engine reads it). */
  readonly sliced?: boolean;
  /** Method 4: the similar page's feature tree, built by `featureTree` in another tab or frame. */
  readonly similarPage?: SimilarPage | null;
}

export interface PageApi {
  extract(input: ExtractInput, options: PartialOptions, extras?: PageExtras): Article;
  /** `extract` in time slices of `sliceMs` (default: the options'), yielding to the page between them. */
  extractSliced(input: ExtractInput, options: PartialOptions, extras?: PageExtras, sliceMs?: number): Promise<SlicedExtraction>;
  extractForTraining(
    input: ExtractInput,
    options: PartialOptions,
    extras: PageExtras,
    request: TrainingSamplesRequest,
  ): { article: Article; dateSamples?: PageDateSamples; bodySamples?: PageBodySamples; fieldSamples?: PageFieldSamples };
  /** Method 4 (§4.3): this page's feature tree, with real boxes, to be another page's similar page. */
  featureTree(options: PartialOptions): FeatureTree;
}

const api: PageApi = {
  extract: (input, options, extras = {}) => extract(document, pageEnv(extras), input, options),
  extractSliced: (input, options, extras = {}, sliceMs) =>
    extractSliced(document, pageEnv(extras), input, options, {
      pause: createPagePause(window),
      ...(sliceMs === undefined ? {} : { sliceMs }),
    }),
  extractForTraining: (input, options, extras, request) => extractForTraining(document, pageEnv(extras), input, options, request),
  featureTree: (options) => {
    const opts = resolveOptions(options);
    return featureTree(buildModelFromDom(document, createLiveProbe(window), opts, { boxes: true }), featureTreeLimits(opts));
  },
};

function pageEnv(extras: PageExtras): ExtractEnv {
  const clock: Clock = extras.now ? fixedClock(extras.now) : systemClock;
  return {
    probe: createLiveProbe(window),
    clock,
    timer: () => performance.now(),
    ...(extras.dateModel ? { dateModel: extras.dateModel } : {}),
    ...(extras.fieldModel ? { fieldModel: extras.fieldModel } : {}),
    ...(extras.similarPage ? { similarPage: extras.similarPage } : {}),
  };
}

function fixedClock(iso: string): Clock {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw new Error(`"now" is not a date: ${iso}`);
  return { now: () => new Date(t) };
}

(globalThis as { __articleLens?: PageApi }).__articleLens = api;
