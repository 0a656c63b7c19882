/**
 * The settings of `train-date` (ALGORITHMS.md §3.2–3.6): which features a date model is built from, its
 * TagGlossary, the balance of the samples and the choice of C and σ. They shape the model file the
 * extension ships; the core never reads them: it reads a page as the model's own feature description says
 * (core/date-svm/samples/spec.ts `sampleSpecOf`), so that a setting changed here cannot silently mismatch
 * a model. `--option path=value` of `train-date` sets them; `article-lens options --markdown --train`
 * prints the table in the README.
 */
import type { FeatureWeights } from '../core/date-svm/date-model.ts';
import { defaultDateModel } from '../core/date-svm/default-model.ts';
import type { SampleSpec, SampleWindows } from '../core/date-svm/samples/spec.ts';
import { DEFAULT_SAMPLE_WINDOWS, fullSampleSpec } from '../core/date-svm/samples/spec.ts';
import type { DateSvmOptions, DeepPartial } from '../core/options.ts';
import { DEFAULT_OPTIONS, OptionsError, deepFreeze, mergeOptionTree } from '../core/options.ts';
import type { FeatureVariant, TrainerSettings } from './date-training.ts';

export interface TrainDateOptions {
  /** §3.2 faithful: levels of a candidate's fragment, the element holding the date included. Default 4. */
  readonly fragmentLevels: number;
  /** §3.5 m: the TagGlossary keeps the m most frequent tag names of the training samples. Default 24. */
  readonly glossaryTags: number;
  /** §3.5 n: …and the n most frequent attribute tokens. Default 160. */
  readonly glossaryTokens: number;
  /**
   * §3.5–3.6 training: the weight of each group of the vector (tag counts, attribute tokens, link counter,
   * statistics), that is its share of the RBF distance; written into the model. The faithful vector has
   * all 1 (then the n binary tokens, most of them one site's class names, outweigh the z statistics).
   */
  readonly featureWeights: FeatureWeights;
  /**
   * §3.6 training: the (C, σ) whose inner cross-validated page accuracy is within this of the best count
   * as tied, and the largest σ of them wins (the patent penalises a small σ, which over-fits). Default 0.005.
   */
  readonly gridTolerance: number;
  /** §3.4 faithful: negatives kept per positive on a training page (deterministic sampling). Default 1. */
  readonly negativesPerPositive: number;
  /**
   * §3.4 gap-filler: negatives kept from a training page with no positive (no date on the page, or the
   * annotated one not among its candidates); the faithful "equal number" keeps none. Default 1.
   */
  readonly negativesWithoutPositive: number;
  /**
   * §3.3 the windows of the label extensions and the token bound of one attribute value; a model trained
   * with other values than the defaults records them (`features.sampling`), so prediction reads alike.
   */
  readonly sampling: SampleWindows;
  readonly extensions: {
    /**
     * §3.1 extension: `time[datetime]`, `meta[content]`, `content`/`data-*date*` attributes, JSON-LD date
     * keys and the URL's date are candidates too, each with its own fragment and a `kind:` statistic.
     * These switches shape the model `train-date` writes; they are measured by 5-fold cross-validation
     * (BENCHMARKS.md; chromium samples, date accuracy htmldate / cwce / gne / readability): faithful
     * features 0.807 / 0.700 / 0.862 / 0.667, the defaults 0.888 / 0.833 / 0.966 / 0.848. This one alone
     * 0.851 / 0.700 / 0.966 / 0.727; the defaults without it 0.874 / 0.800 / 0.862 / 0.758.
     */
    readonly attributeCandidates: boolean;
    /**
     * §3.5 extension: the page statistics of sample.ts PAGE_STATS (position, rank, zone, body, link, and
     * agreement with the URL, the structured data and the §1.7 rules). Alone: 0.878 / 0.800 / 0.862 / 0.758;
     * the defaults without it 0.857 / 0.700 / 1.000 / 0.758.
     */
    readonly pageStatistics: boolean;
    /**
     * Extension, off: the words right before a date on its line ("发布时间", "Updated") as `w:` tokens.
     * Alone 0.813 / 0.667 / 0.862 / 0.667 (faithful: 0.807 / 0.700 / 0.862 / 0.667); the defaults with it
     * 0.884 / 0.833 / 0.966 / 0.848, and over three deals into folds 0.887 / 0.833 / 0.954 / 0.838 against
     * 0.889 / 0.833 / 0.954 / 0.848 without: the label lexicon reads the same labels in every language.
     */
    readonly labelWords: boolean;
    /**
     * Extension: the words around a date on its line looked up in one multilingual label lexicon
     * (label-lexicon.ts): "发布时间", "Veröffentlicht am", "Publié le" and "Posted on" are all `lbl:published`;
     * likewise updated, comment, copyright, byline, source, range (events) and a bare "Date:"/"时间". A model
     * trained mostly on German and English pages can then read a Chinese label. Alone 0.821 / 0.767 /
     * 0.862 / 0.667 (faithful 0.807 / 0.700 / 0.862 / 0.667). Beside the other defaults it ties: over
     * three deals 0.889 / 0.833 / 0.954 / 0.848 with it, 0.891 / 0.833 / 0.954 / 0.838 without.
     */
    readonly labelLexicon: boolean;
    /**
     * §3.7 extension, measured here with the choice of the cross-validated figures; the product switches
     * it with the extraction option `dateSvm.extensions.localDay` (core/date-svm/options.ts, where its
     * figures are).
     */
    readonly localDay: boolean;
    /**
     * §3.5 extension (training): the glossary counts a tag or token once per page, not once per sample,
     * so one site's repeated markup (`data-article-list-id` on a hundred list items) cannot fill the n
     * slots; the glossary then holds published/updated/veröffentlicht label words. Dom samples, all
     * extensions: 0.870 / 0.767 / 0.931 / 0.818 against 0.872 / 0.767 / 0.931 / 0.788 counting samples.
     */
    readonly glossaryByPage: boolean;
  };
}

export const DEFAULT_TRAIN_DATE_OPTIONS = {
  fragmentLevels: 4,
  glossaryTags: 24,
  glossaryTokens: 160,
  featureWeights: { tags: 1, tokens: 1, links: 1, stats: 1 },
  gridTolerance: 0.005,
  negativesPerPositive: 1,
  negativesWithoutPositive: 1,
  sampling: DEFAULT_SAMPLE_WINDOWS,
  extensions: {
    attributeCandidates: true,
    pageStatistics: true,
    labelWords: false,
    labelLexicon: true,
    localDay: true,
    glossaryByPage: true,
  },
} as const satisfies TrainDateOptions;

/** A partial `TrainDateOptions` merged into the defaults and checked (`--option` of `train-date`). */
export function resolveTrainDateOptions(partial: DeepPartial<TrainDateOptions> = {}): TrainDateOptions {
  const o = mergeOptionTree<TrainDateOptions>(DEFAULT_TRAIN_DATE_OPTIONS, partial);
  const wholes: [string, number][] = [
    ['fragmentLevels', o.fragmentLevels],
    ['glossaryTags', o.glossaryTags],
    ['glossaryTokens', o.glossaryTokens],
    ['negativesPerPositive', o.negativesPerPositive],
    ['negativesWithoutPositive', o.negativesWithoutPositive],
    ...Object.entries(o.sampling).map(([k, v]): [string, number] => [`sampling.${k}`, v]),
  ];
  for (const [name, v] of wholes) if (!Number.isInteger(v) || v < 0) throw new OptionsError(`${name} must be a whole number ≥ 0, got ${v}`);
  if (o.fragmentLevels < 1) throw new OptionsError(`fragmentLevels must be a whole number ≥ 1, got ${o.fragmentLevels}`);
  for (const [k, v] of Object.entries(o.featureWeights))
    if (!Number.isFinite(v) || v < 0) throw new OptionsError(`featureWeights.${k} must be a number ≥ 0, got ${v}`);
  if (!(o.gridTolerance >= 0)) throw new OptionsError(`gridTolerance must be a number ≥ 0, got ${o.gridTolerance}`);
  return deepFreeze(o);
}

/**
 * §3.6 The grid for C and σ. The features lie in [0, 1] with a few dozen non-zero, so squared distances
 * between samples run from about 1 to 40. Measured over three deals into folds (fixed C and σ, 5-fold,
 * chromium samples): accuracy is flat for σ 0.7–1.4 and C 2–8 (all sets 0.887–0.890) and falls for σ ≥ 2
 * (0.878 at σ 2); the wider grid this replaced (C 0.5–32, σ 1–8) let the inner folds pick σ 4 or 8 on
 * ties, 0.881 against 0.885 nested. The inner choice itself moves the figures: on the dom samples of
 * 2026-12-04 with the looseNumeric candidates it picked σ 2 (C 8), and the site-grouped 5-fold figures
 * (the other three sets in training) were htmldate / cwce / gne / readability 0.894 / 0.800 / 0.931 / 0.909
 * against 0.898 / 0.800 / 1.000 / 0.939 at C 2, σ 1.4 fixed — gne's two baijiahao pages (one candidate,
 * meta dateUpdate) fell just below the margin, readability's JSON-LD dateModified beat datePublished. So
 * the grid is the one point C 2, σ 1.4 (the inner folds' choice for the shipped models before it);
 * `--grid` still searches a grid.
 */
export const DATE_GRID = { cs: [2], sigmas: [1.4] } as const;
/** §3.6 inner folds that choose C and σ. */
export const DATE_GRID_FOLDS = 4;
/** SMO's stopping tolerance (libsvm's default). */
const DATE_SMO_EPSILON = 1e-3;

/**
 * The trainer's settings for one feature variant: the training options, the grid, and the choice of the
 * cross-validated figures as the product makes it (`dateSvm.minDecision`, `structuredFallback`).
 */
export function trainerSettings(
  o: TrainDateOptions,
  variant: FeatureVariant,
  choice: Pick<DateSvmOptions, 'minDecision' | 'structuredFallback'> &
    Partial<Pick<DateSvmOptions, 'extensions'>> = DEFAULT_OPTIONS.dateSvm,
): TrainerSettings {
  return {
    variant,
    glossaryTags: o.glossaryTags,
    glossaryTokens: o.glossaryTokens,
    weights: o.featureWeights,
    glossaryByPage: o.extensions.glossaryByPage,
    fragmentLevels: o.fragmentLevels,
    sampling: o.sampling,
    negativesPerPositive: o.negativesPerPositive,
    negativesWithoutPositive: o.negativesWithoutPositive,
    cs: DATE_GRID.cs,
    sigmas: DATE_GRID.sigmas,
    folds: DATE_GRID_FOLDS,
    gridTolerance: o.gridTolerance,
    epsilon: DATE_SMO_EPSILON,
    minDecision: choice.minDecision,
    structuredFallback: choice.structuredFallback,
    ...(choice.extensions
      ? {
          choiceRules: {
            urlFallback: choice.extensions.urlFallback,
            urlDayTime: choice.extensions.urlDayTime,
            scriptTime: choice.extensions.scriptTime,
            scriptAgreement: choice.extensions.scriptAgreement,
            confirmedText: choice.extensions.confirmedText,
          },
        }
      : {}),
  };
}

/** How `train-date` reads the pages: every kind and label token, with the training's levels and windows. */
export function trainingSampleSpec(o: TrainDateOptions): SampleSpec {
  return fullSampleSpec(o.fragmentLevels, o.sampling);
}

/** The day the shipped date model was trained against (its `training.now`; README's command sets it), else today. */
export function shippedModelNow(): string {
  const now = defaultDateModel().training['now'];
  return typeof now === 'string' ? now : new Date().toISOString().slice(0, 10);
}
