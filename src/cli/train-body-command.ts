/**
 * `article-lens train-body <set-dir>... --out <model.json>` (ALGORITHMS.md §6, the learned combination):
 * reads every text block's feature row from the pages with a gold body (the same core and engine as
 * `extract`, with the learned step off, so the rows are read from the rules' body as the combine stage reads
 * them), labels the blocks against the gold, trains the block model and writes the model the extension ships.
 *
 *   --cv K           also print grouped cross-validated figures per set (every page scored by a model that
 *                    saw no page of its site, in K folds); with --by set, leave-one-set-out instead
 *   --by site|set    how --cv groups the pages (default site)
 *   --cv-out F       write each page's cross-validated body (one JSON line a page: set, id, body)
 *   --samples F      read the samples from F (written by --save-samples) instead of extracting the pages
 *   --save-samples F write the samples to F
 *   --rounds, --depth, --learning-rate  the boosting settings (defaults in body-training.ts)
 *   --thresholds P,…  with --cv, the figures also at these block probabilities (the same out-of-fold
 *                    probabilities: how `combine.learnedMinProbability` is chosen without scoring in-sample)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BLOCK_FEATURES } from '../core/combine/learned/block-features.ts';
import type { BodySamplePage } from '../train/collect-samples.ts';
import { collectBodySamples, readSamples } from '../train/collect-samples.ts';
import type { BodyFigures, CvGrouping } from '../train/body/body-training.ts';
import {
  DEFAULT_BOOST,
  FIGURE_THRESHOLD,
  bodyFigures,
  bodyMatrix,
  crossValidatedProbabilities,
  foldsOf,
  formatFigures,
  keptBody,
  trainBodyModel,
} from '../train/body/body-training.ts';
import { parseEngine, positiveInt, probability, trainingDay } from './args.ts';
import { UsageError } from './options-flags.ts';
import { writeErr, writeOut } from '../node/terminal-text.ts';

export async function trainBodyCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      engine: { type: 'string' },
      now: { type: 'string' },
      cv: { type: 'string' },
      by: { type: 'string' },
      samples: { type: 'string' },
      'save-samples': { type: 'string' },
      'cv-json': { type: 'string' },
      'cv-out': { type: 'string' },
      rounds: { type: 'string' },
      depth: { type: 'string' },
      'learning-rate': { type: 'string' },
      thresholds: { type: 'string' },
      limit: { type: 'string' },
      concurrency: { type: 'string' },
    },
  });
  if (!values.out && !values.cv) throw new UsageError('train-body needs --out <model.json> (or --cv K to only measure)');
  if (!values.samples && positionals.length === 0)
    throw new UsageError('train-body takes one or more sets, each a folder or its .zip (or --samples FILE)');
  const k = values.cv === undefined ? null : positiveInt(values.cv, '--cv');
  if (values.thresholds !== undefined && k === null) throw new UsageError('--thresholds goes with --cv K');
  const thresholds = values.thresholds === undefined ? [] : values.thresholds.split(',').map((t) => probability(t, '--thresholds'));
  if (k !== null && k < 2) throw new UsageError(`--cv takes a whole number ≥ 2, got "${values.cv}"`);
  const by = (values.by ?? 'site') as CvGrouping;
  if (by !== 'site' && by !== 'set') throw new UsageError(`--by takes site or set, got "${values.by}"`);
  const now = trainingDay(values.now);
  const settings = {
    ...DEFAULT_BOOST,
    ...(values.rounds ? { rounds: positiveInt(values.rounds, '--rounds') } : {}),
    ...(values.depth ? { depth: positiveInt(values.depth, '--depth') } : {}),
    ...(values['learning-rate'] ? { learningRate: positiveNumber(values['learning-rate'], '--learning-rate') } : {}),
  };
  const engine = values.engine === undefined ? null : parseEngine(values.engine);
  const pages = values.samples
    ? await readSamples<BodySamplePage>(values.samples)
    : await collectBodySamples(positionals, {
        engine,
        now,
        limit: values.limit ? positiveInt(values.limit, '--limit') : null,
        concurrency: values.concurrency ? positiveInt(values.concurrency, '--concurrency') : null,
        log,
      });
  if (values['save-samples']) {
    writeFileSync(values['save-samples'], pages.map((p) => JSON.stringify(p)).join('\n') + '\n');
    log(`samples of ${pages.length} pages written to ${values['save-samples']}`);
  }
  const matrix = bodyMatrix(pages);
  log(`${pages.length} pages, ${matrix.y.length} blocks (${matrix.y.reduce((n, v) => n + v, 0)} labelled body)`);

  let figures: BodyFigures[] | null = null;
  if (k !== null) {
    const start = performance.now();
    const { fold, count } = foldsOf(pages, by, k);
    const p = crossValidatedProbabilities(matrix, fold, count, settings, log);
    figures = bodyFigures(matrix, p, FIGURE_THRESHOLD);
    const title =
      by === 'set'
        ? `leave-one-set-out (each set scored by a model trained on the others), p ≥ ${FIGURE_THRESHOLD}`
        : `${k}-fold cross-validation grouped by site (no page's site in its model's training), p ≥ ${FIGURE_THRESHOLD}`;
    writeOut(`${formatFigures(title, figures)}\n(${((performance.now() - start) / 1000).toFixed(0)} s)\n`);
    for (const t of thresholds) writeOut(`${formatFigures(`the same out-of-fold probabilities, p ≥ ${t}`, bodyFigures(matrix, p, t))}\n`);
    if (values['cv-json']) writeFileSync(values['cv-json'], JSON.stringify({ by, folds: count, settings, figures }, null, 2) + '\n');
    if (values['cv-out']) {
      const lines = pages.map((page, i) => JSON.stringify({ set: page.set, id: page.id, body: keptBody(matrix, p, i, FIGURE_THRESHOLD) }));
      writeFileSync(values['cv-out'], lines.join('\n') + '\n');
    }
  }

  if (values.out) {
    const start = performance.now();
    const crossValidated = figures
      ? {
          by,
          folds: k,
          f1: Object.fromEntries(figures.map((f) => [f.set, { rules: round(f.rules.f1), model: round(f.model.f1) }])),
        }
      : null;
    const { model, gain } = trainBodyModel(matrix, settings, { now, ...(crossValidated ? { crossValidated } : {}) });
    const json = JSON.stringify(model);
    writeFileSync(values.out, `${json}\n`);
    const top = [...gain]
      .map((g, i) => [g, BLOCK_FEATURES[i] ?? String(i)] as const)
      .sort((a, b) => b[0] - a[0])
      .slice(0, 8)
      .map(([, name]) => name);
    writeOut(
      `model: ${values.out} (${(json.length / 1024).toFixed(0)} KiB): ${model.trees.length} trees of depth ≤ ${settings.depth}, ` +
        `${((performance.now() - start) / 1000).toFixed(0)} s; most used features: ${top.join(', ')}\n`,
    );
  }
  return 0;
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

function positiveNumber(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} takes a number > 0, got "${text}"`);
  return n;
}

function log(line: string): void {
  writeErr(`article-lens: ${line}\n`);
}
