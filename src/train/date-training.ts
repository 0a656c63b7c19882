/**
 * §3.3–3.6 Training the date classifier from labelled pages: label every candidate (1 when its day is
 * the annotated day), balance each page (§3.4), build the TagGlossary over the training samples (§3.5),
 * choose C and σ by k-fold cross-validation grouped by page (§3.6), train the soft-margin RBF-SVM with
 * SMO, and write the model the extension ships (date-model.ts). Also the cross-validated figures: every
 * page predicted by a model trained without it (its fold), through the product's own `chooseBySvm`.
 *
 * Deterministic: the same pages and options give the same model, byte for byte.
 */
import type { DateFeatureSpec, DateModel, FeatureWeights } from '../core/date-svm/date-model.ts';
import { DATE_MODEL_FORMAT, DATE_MODEL_VERSION, compileDateModel, createVectorizer, svmColumns } from '../core/date-svm/date-model.ts';
import { chooseBySvm } from '../core/date-svm/choose.ts';
import type { CandidateKind, DateSample, PageDateSamples } from '../core/date-svm/samples/sample.ts';
import { CANDIDATE_KINDS, KIND_STATS, PAGE_STATS, STRING_STATS } from '../core/date-svm/samples/sample.ts';
import type { SampleWindows } from '../core/date-svm/samples/spec.ts';
import { DEFAULT_SAMPLE_WINDOWS } from '../core/date-svm/samples/spec.ts';
import { fnv1a } from '../core/hash.ts';
import type { PublishedTime } from '../core/types.ts';
import type { GridPoint, PageSamples } from './cross-validate.ts';
import { assignFolds, gridSearch } from './cross-validate.ts';
import { distanceMatrix, rbfMatrix, toSparse } from './kernel.ts';
import type { SvmSample } from './smo.ts';
import { trainSmo } from './smo.ts';

/** One annotated page and its samples (from `extractWithDateSamples`, every kind and label token). */
export interface LabelledPage {
  readonly set: string;
  readonly id: string;
  /** The annotated day `YYYY-MM-DD`, or "" when the page states none. */
  readonly gold: string;
  readonly samples: PageDateSamples;
  /**
   * The group the page is dealt into folds with (its site: pages of one template never straddle a fold),
   * or absent: the page alone.
   */
  readonly group?: string;
}

/** Which of our extensions the features and the choice use (all false = the method as published). */
export interface FeatureVariant {
  readonly attributeCandidates: boolean;
  readonly pageStatistics: boolean;
  readonly labelWords: boolean;
  readonly labelLexicon: boolean;
  /** §3.7 the choice reports a UTC instant on the page's local day (local-day.ts). */
  readonly localDay: boolean;
}

/** The trainer's whole input besides the pages (from `train-date`'s options: settings.ts `trainerSettings`). */
export interface TrainerSettings {
  readonly variant: FeatureVariant;
  /** §3.5 m and n. */
  readonly glossaryTags: number;
  readonly glossaryTokens: number;
  /** §3.5 the weight of each feature group (written into the model). */
  readonly weights: FeatureWeights;
  /** §3.5 extension: count glossary frequencies per page instead of per sample. */
  readonly glossaryByPage: boolean;
  readonly fragmentLevels: number;
  /** §3.3 the label and token windows the samples were read with (recorded in the model when not the defaults). */
  readonly sampling?: SampleWindows;
  /** §3.4 */
  readonly negativesPerPositive: number;
  readonly negativesWithoutPositive: number;
  /** §3.6 the grid and the folds of the cross-validation that chooses C and σ. */
  readonly cs: readonly number[];
  readonly sigmas: readonly number[];
  readonly folds: number;
  /** §3.6 settings within this inner accuracy of the best count as tied; the largest σ of them wins. */
  readonly gridTolerance: number;
  /** SMO stopping tolerance. */
  readonly epsilon: number;
  /** §3.7 options of the choice, for the cross-validated figures. */
  readonly minDecision: number;
  readonly structuredFallback: boolean;
  /** §3.7 the choice's rules after the classifier (core/date-svm/options.ts); absent: off. */
  readonly choiceRules?: {
    readonly urlFallback: boolean;
    readonly urlDayTime: boolean;
    readonly scriptTime: boolean;
    readonly scriptAgreement: boolean;
    readonly confirmedText?: boolean;
  };
}

export interface TrainedDateModel {
  readonly model: DateModel;
  readonly best: GridPoint;
  readonly grid: readonly GridPoint[];
  readonly samples: { readonly positives: number; readonly negatives: number };
  readonly converged: boolean;
}

/** The kinds of candidate a variant reads. */
function variantKinds(v: FeatureVariant): CandidateKind[] {
  return v.attributeCandidates ? [...CANDIDATE_KINDS] : ['text'];
}

/** The z statistics a variant reads. */
export function variantStats(v: FeatureVariant): string[] {
  return [...STRING_STATS, ...(v.pageStatistics ? PAGE_STATS : []), ...(v.attributeCandidates ? KIND_STATS : [])];
}

/** The page's samples as the variant sees them: other kinds dropped, label words dropped when off, no future dates. */
export function variantSamples(samples: readonly DateSample[], v: FeatureVariant): DateSample[] {
  const kinds = new Set<string>(variantKinds(v));
  return samples
    .filter((s) => kinds.has(s.kind) && !(s.stats['future'] ?? 0))
    .map((s) => (v.labelWords && v.labelLexicon ? s : { ...s, tokens: s.tokens.filter((t) => keepToken(t, v)) }));
}

/** Label words (`w:`) and lexicon labels (`lbl:`, `lbl>:`) are there only when their extension is on. */
function keepToken(t: string, v: FeatureVariant): boolean {
  if (t.startsWith('w:')) return v.labelWords;
  if (t.startsWith('lbl')) return v.labelLexicon;
  return true;
}

/** §3.4 The page's positives, and as many negatives per positive as asked, chosen by a hash of page and position. */
export function balance(pageId: string, samples: readonly DateSample[], gold: string, opts: TrainerSettings): DateSample[] {
  const pos = samples.filter((s) => s.day === gold);
  const neg = samples
    .map((s, i) => ({ s, key: fnv1a(`${pageId}#${i}`) }))
    .filter(({ s }) => s.day !== gold)
    .sort((a, b) => a.key - b.key)
    .map(({ s }) => s);
  const keep = pos.length ? pos.length * opts.negativesPerPositive : opts.negativesWithoutPositive;
  return [...pos, ...neg.slice(0, keep)];
}

/**
 * §3.5 The TagGlossary: the m most frequent tag names and n most frequent tokens (ties by name), and the
 * scaling. Frequency is over samples (faithful), or with `glossaryByPage` over pages: a token counts once
 * per page, so one site's repeated markup (`data-article-list-id` on a hundred list items) cannot push
 * out the words many sites share (发布, published).
 */
export function buildGlossary(pages: readonly (readonly DateSample[])[], v: FeatureVariant, opts: TrainerSettings): DateFeatureSpec {
  const samples = pages.flat();
  const top = (counts: Map<string, number>, k: number): string[] =>
    [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, k)
      .map(([name]) => name);
  const tagCounts = new Map<string, number>();
  const tokenCounts = new Map<string, number>();
  const count = (into: Map<string, number>, names: Iterable<string>): void => {
    for (const t of names) into.set(t, (into.get(t) ?? 0) + 1);
  };
  for (const page of pages) {
    if (opts.glossaryByPage) {
      count(tagCounts, new Set(page.flatMap((s) => s.tags)));
      count(tokenCounts, new Set(page.flatMap((s) => s.tokens)));
    } else {
      for (const s of page) {
        count(tagCounts, new Set(s.tags));
        count(tokenCounts, s.tokens);
      }
    }
  }
  const stats = variantStats(v);
  const statMin = stats.map((name) => Math.min(...samples.map((s) => s.stats[name] ?? 0)));
  const statMax = stats.map((name) => Math.max(...samples.map((s) => s.stats[name] ?? 0)));
  return {
    tags: top(tagCounts, opts.glossaryTags),
    tokens: top(tokenCounts, opts.glossaryTokens),
    stats,
    statMin: statMin.map((x) => (Number.isFinite(x) ? x : 0)),
    statMax: statMax.map((x) => (Number.isFinite(x) ? x : 0)),
    fragmentLevels: opts.fragmentLevels,
    kinds: variantKinds(v),
    weights: opts.weights,
    ...samplingRecord(opts.sampling),
  };
}

/** `features.sampling`: the windows that differ from the defaults every model without one is read with. */
function samplingRecord(windows: SampleWindows | undefined): { sampling?: Partial<SampleWindows> } {
  if (!windows) return {};
  const differ = (Object.keys(DEFAULT_SAMPLE_WINDOWS) as (keyof SampleWindows)[]).filter((k) => windows[k] !== DEFAULT_SAMPLE_WINDOWS[k]);
  return differ.length ? { sampling: Object.fromEntries(differ.map((k) => [k, windows[k]])) } : {};
}

/** Pages that can teach: annotated ("" or a day) and with at least one candidate. */
function usable(pages: readonly LabelledPage[]): LabelledPage[] {
  return pages.filter((p) => p.samples.samples.length > 0);
}

/** Trains one model on `pages`: glossary, grid search by grouped k-fold CV, final SMO on all balanced samples. */
export function trainDateModel(
  pages: readonly LabelledPage[],
  opts: TrainerSettings,
  record: Record<string, unknown> = {},
): TrainedDateModel {
  const v = opts.variant;
  const seen = usable(pages).map((p) => ({ page: p, samples: variantSamples(p.samples.samples, v) }));
  const balanced = seen.map((p) => ({
    id: p.page.id,
    set: p.page.set,
    gold: p.page.gold,
    train: balance(p.page.id, p.samples, p.page.gold, opts),
    all: p.samples,
  }));
  const features = buildGlossary(
    balanced.map((p) => p.train),
    v,
    opts,
  );
  const vectorizer = createVectorizer(features);
  const toSvm = (s: DateSample, gold: string): SvmSample => ({ x: vectorizer.dense(s), y: s.day === gold ? 1 : -1 });
  const pageSamples: PageSamples[] = balanced.map((p) => ({
    page: `${p.set}/${p.id}`,
    train: p.train.map((s) => toSvm(s, p.gold)),
    all: p.all.map((s) => toSvm(s, p.gold)),
  }));
  const train = pageSamples.flatMap((p) => p.train);
  if (!train.some((s) => s.y === 1) || !train.some((s) => s.y === -1))
    throw new Error('training needs pages whose annotated day is among their candidates, and other dates');
  const { best, grid } = gridSearch(pageSamples, {
    cs: opts.cs,
    sigmas: opts.sigmas,
    folds: opts.folds,
    epsilon: opts.epsilon,
    tolerance: opts.gridTolerance,
  });
  const kernelMatrix = rbfMatrix(distanceMatrix(train.map((s) => toSparse(s.x))), best.sigma);
  const smo = trainSmo(train, { c: best.c, sigma: best.sigma, epsilon: opts.epsilon, kernelMatrix });
  const positives = train.filter((s) => s.y === 1).length;
  const model: DateModel = {
    format: DATE_MODEL_FORMAT,
    version: DATE_MODEL_VERSION,
    features: { ...features, statMin: features.statMin.map(sig), statMax: features.statMax.map(sig) },
    svm: {
      sigma: best.sigma,
      c: best.c,
      bias: sig(smo.model.bias),
      coef: smo.model.coefficients.map(sig),
      ...svmColumns(
        smo.model.supportVectors.map((row) => {
          const pairs: number[] = [];
          row.forEach((x, i) => {
            if (x !== 0) pairs.push(i, sig(x));
          });
          return pairs;
        }),
        vectorizer.dimension,
      ),
    },
    training: {
      ...record,
      variant: v,
      pages: pageSamples.length,
      positives,
      negatives: train.length - positives,
      supportVectors: smo.model.supportVectors.length,
      dimension: vectorizer.dimension,
      grid: { cs: opts.cs, sigmas: opts.sigmas, folds: opts.folds, best },
      converged: smo.converged,
    },
  };
  return { model, best, grid, samples: { positives, negatives: train.length - positives }, converged: smo.converged };
}

/** 8 significant digits: the model file stays small and the decision values move by less than 1e-6. */
function sig(x: number): number {
  return x === 0 ? 0 : Number(x.toPrecision(8));
}

export interface PagePrediction {
  readonly set: string;
  readonly id: string;
  readonly gold: string;
  readonly time: PublishedTime;
  readonly fold: number;
}

/**
 * The cross-validated predictions: pages are dealt into `outerFolds` folds (grouped by page, or by the
 * page's `group` — its site — when it has one; the same way on every run); each fold is predicted by a model trained — glossary, C and σ included — on the
 * other folds only.
 */
export function crossValidatedPredictions(
  pages: readonly LabelledPage[],
  opts: TrainerSettings,
  outerFolds: number,
  onFold?: (fold: number, of: number, trained: TrainedDateModel) => void,
  /** Pages that are always in the training side and never predicted ("train on the other sets"). */
  alwaysTrain: readonly LabelledPage[] = [],
  /** Which deal of the pages into folds (0: the standard one; others to see how much the figures move). */
  deal = 0,
): PagePrediction[] {
  const key = (p: LabelledPage): string => (p.group === undefined ? `${p.set}/${p.id}` : `${p.set}#${p.group}`);
  const fold = assignFolds([...new Set(pages.map(key))], outerFolds, deal);
  const k = Math.max(...fold.values()) + 1;
  const out: PagePrediction[] = [];
  for (let f = 0; f < k; f++) {
    const trained = trainDateModel([...alwaysTrain, ...pages.filter((p) => fold.get(key(p)) !== f)], opts);
    onFold?.(f, k, trained);
    const compiled = compileDateModel(trained.model);
    for (const p of pages) {
      if (fold.get(key(p)) !== f) continue;
      const time = chooseFor(p.samples, compiled, opts);
      out.push({ set: p.set, id: p.id, gold: p.gold, time, fold: f });
    }
  }
  return out;
}

/**
 * Leave-one-set-out: every page of `pages` predicted by one model trained on `trainOn` only (the other
 * sets), through the product's own choice (`eval --date-cv 1 --date-train …`).
 */
export function leftOutPredictions(
  pages: readonly LabelledPage[],
  opts: TrainerSettings,
  trainOn: readonly LabelledPage[],
): PagePrediction[] {
  const compiled = compileDateModel(trainDateModel(trainOn, opts).model);
  const out: PagePrediction[] = [];
  for (const p of pages) out.push({ set: p.set, id: p.id, gold: p.gold, time: chooseFor(p.samples, compiled, opts), fold: 0 });
  return out;
}

/** The product's choice as the trainer's settings say (§3.7 and its rules). */
function chooseFor(samples: PageDateSamples, compiled: ReturnType<typeof compileDateModel>, opts: TrainerSettings): PublishedTime {
  return chooseBySvm(samples, compiled, {
    minDecision: opts.minDecision,
    structuredFallback: opts.structuredFallback,
    reportCandidates: 5,
    fallbackConfidence: 0,
    localDay: opts.variant.localDay,
    ...opts.choiceRules,
  });
}
