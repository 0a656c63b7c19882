/**
 * `eval --date-cv K`: each page's date from a model trained without it — the set's pages dealt into K
 * folds, each fold predicted by a model trained on the others (and on the `--date-train` sets, always) —
 * through the product's own choice; the other fields are the engine's. The shipped model was trained on
 * the dev sets themselves, so this is the fair figure. `--date-cv 1` deals no folds: every page is dated by
 * one model trained on the `--date-train` sets only (leave-one-set-out).
 */
import type { DateSvmOptions } from '../core/options.ts';
import type { Dataset } from '../eval/dataset.ts';
import type { Prediction } from '../eval/score.ts';
import type { EngineName } from '../node/engines/engine.ts';
import { collectSamples } from './collect-samples.ts';
import type { LabelledPage } from './date-training.ts';
import { crossValidatedPredictions, leftOutPredictions } from './date-training.ts';
import type { TrainDateOptions } from './options.ts';
import { trainerSettings, trainingSampleSpec } from './options.ts';
import { variantOf } from './variants.ts';

export interface DateCvRequest {
  readonly folds: number;
  /**
   * How pages are dealt into folds: `page` one by one, or `site` — the pages of one site together (gold
   * `site`, else the host of gold `url` without `www.`, else the page alone), so that no fold is predicted
   * by a model that saw its site's template. The issue's deciding figures are site-grouped.
   */
  readonly by: 'page' | 'site';
  /** Sets whose pages are always on the training side. */
  readonly trainDirs: readonly string[];
  readonly engine: EngineName;
  /** "Now" (YYYY-MM-DD) the samples are read against. */
  readonly now: string;
  readonly training: TrainDateOptions;
  /** The product's choice (minimum decision value, structured fallback). */
  readonly choice: Pick<DateSvmOptions, 'minDecision' | 'structuredFallback' | 'extensions'>;
  readonly log: (line: string) => void;
}

/** The predictions with every annotated page's date replaced by its cross-validated one (needs `dateSamples`). */
export async function withCrossValidatedDates(
  dataset: Dataset,
  predictions: readonly Prediction[],
  req: DateCvRequest,
): Promise<Prediction[]> {
  const pages: LabelledPage[] = [];
  for (const p of predictions) {
    const gold = dataset.gold.get(p.id)?.date;
    if (gold === null || gold === undefined || !p.dateSamples) continue;
    const group = req.by === 'site' ? siteOf(dataset.gold.get(p.id)) : undefined;
    pages.push({ set: dataset.name, id: p.id, gold, samples: p.dateSamples, ...(group === undefined ? {} : { group }) });
  }
  const extra = req.trainDirs.length
    ? await collectSamples(req.trainDirs, {
        engine: req.engine,
        now: req.now,
        spec: trainingSampleSpec(req.training),
        limit: null,
        concurrency: null,
        log: req.log,
      })
    : [];
  req.log(
    (req.folds === 1
      ? `${dataset.name}: dates of its ${pages.length} annotated pages by one model trained on the other sets only (leave-one-set-out)`
      : `${dataset.name}: dates by ${req.folds}-fold cross-validation over its ${pages.length} annotated pages`) +
      (req.by === 'site' ? ` (folds by site: ${new Set(pages.map((p) => p.group)).size} sites)` : '') +
      (req.folds === 1
        ? ` (${extra.length} pages of ${req.trainDirs.length} other sets)`
        : `${extra.length ? `, with ${extra.length} pages of ${req.trainDirs.length} other sets always in training` : ''}`),
  );
  const settings = trainerSettings(req.training, variantOf(req.training), req.choice);
  const predicted =
    req.folds === 1 ? leftOutPredictions(pages, settings, extra) : crossValidatedPredictions(pages, settings, req.folds, undefined, extra);
  const byId = new Map(predicted.map((c) => [c.id, c.time.iso]));
  return predictions.map((p) => {
    if (!byId.has(p.id)) return p;
    const iso = byId.get(p.id) ?? null;
    return { ...p, date: iso ? iso.slice(0, 10) : '', datetime: iso };
  });
}

/** The page's site for site-grouped folds: gold `site`, else its URL's host without `www.`; undefined: the page alone. */
export function siteOf(gold: { readonly site: string | null; readonly url: string | null } | undefined): string | undefined {
  if (!gold) return undefined;
  if (gold.site) return gold.site;
  if (!gold.url) return undefined;
  try {
    return new URL(gold.url).hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}
