/**
 * `article-lens train-author <set-dir|set.zip>... --out <model.json>` (issue 41): reads every author and
 * source candidate's feature row from the pages with an author or source gold — the dev sets', or an
 * annotations export's (a field marked right has the extracted value as its gold, a corrected one the
 * annotator's) — through the same core and engine as `extract`, labels them against the gold, trains the
 * author and source models and writes the model file the extension ships.
 *
 *   --cv K           also print grouped cross-validated figures per set (every page chosen by a model that
 *                    saw no page of its site), in K folds; with --by set, leave-one-set-out instead
 *   --by site|set    how --cv groups the pages (default site)
 *   --thresholds P,… with --cv, the figures also at these least probabilities (the same out-of-fold
 *                    probabilities: how `metadata.authorMinProbability` is chosen without scoring in-sample)
 *   --samples F      read the samples from F (written by --save-samples) instead of extracting the pages
 *   --save-samples F write the samples to F
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_OPTIONS } from '../core/index.ts';
import type { FieldSamplePage } from '../train/collect-samples.ts';
import { collectFieldSamples, readSamples } from '../train/collect-samples.ts';
import type { CvGrouping } from '../train/body/body-training.ts';
import type { FieldFigures } from '../train/field/field-training.ts';
import {
  FIELDS,
  FIELD_BOOST,
  crossValidated,
  fieldFigures,
  fieldMatrix,
  formatFieldFigures,
  trainFieldModel,
} from '../train/field/field-training.ts';
import { parseEngine, positiveInt, probability, trainingDay } from './args.ts';
import { UsageError } from './options-flags.ts';
import { writeErr, writeOut } from '../node/terminal-text.ts';

export async function trainAuthorCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      engine: { type: 'string' },
      now: { type: 'string' },
      cv: { type: 'string' },
      by: { type: 'string' },
      thresholds: { type: 'string' },
      samples: { type: 'string' },
      'save-samples': { type: 'string' },
      limit: { type: 'string' },
      concurrency: { type: 'string' },
    },
  });
  if (!values.out && !values.cv) throw new UsageError('train-author needs --out <model.json> (or --cv K to only measure)');
  if (!values.samples && positionals.length === 0)
    throw new UsageError('train-author takes one or more sets, each a folder or its .zip (or --samples FILE)');
  const k = values.cv === undefined ? null : positiveInt(values.cv, '--cv');
  if (k !== null && k < 2) throw new UsageError(`--cv takes a whole number ≥ 2, got "${values.cv}"`);
  if (values.thresholds !== undefined && k === null) throw new UsageError('--thresholds goes with --cv K');
  const thresholds = values.thresholds === undefined ? [] : values.thresholds.split(',').map((t) => probability(t, '--thresholds'));
  const by = (values.by ?? 'site') as CvGrouping;
  if (by !== 'site' && by !== 'set') throw new UsageError(`--by takes site or set, got "${values.by}"`);
  const now = trainingDay(values.now);
  const engine = values.engine === undefined ? null : parseEngine(values.engine);
  const pages = values.samples
    ? await readSamples<FieldSamplePage>(values.samples)
    : await collectFieldSamples(positionals, {
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
  const min = { author: DEFAULT_OPTIONS.metadata.authorMinProbability, source: DEFAULT_OPTIONS.metadata.sourceMinProbability };
  const cv: Record<string, Record<string, { rules: number; learned: number }>> = {};
  for (const field of FIELDS) {
    const m = fieldMatrix(pages, field);
    let labelled = 0;
    for (const v of m.y) labelled += v;
    log(`${field}: ${m.pages.length} pages with a gold, ${m.y.length} candidates (${labelled} labelled the page's)`);
    if (k === null || m.pages.length === 0) continue;
    const p = crossValidated(m, by, k, FIELD_BOOST);
    const title =
      by === 'set'
        ? `${field}, leave-one-set-out (each set chosen by a model trained on the others), p ≥ ${min[field]}`
        : `${field}, ${k}-fold cross-validation grouped by site (no page's site in its model's training), p ≥ ${min[field]}`;
    const figures: FieldFigures[] = fieldFigures(m, p, min[field]);
    writeOut(`${formatFieldFigures(title, figures)}\n`);
    cv[field] = Object.fromEntries(figures.map((f) => [f.set, { rules: round(f.rules), learned: round(f.learned) }]));
    for (const t of thresholds) writeOut(`${formatFieldFigures(`the same out-of-fold probabilities, p ≥ ${t}`, fieldFigures(m, p, t))}\n`);
  }
  if (values.out) {
    const model = trainFieldModel(pages, FIELD_BOOST, { now, ...(k !== null ? { crossValidated: { by, folds: k, exact: cv } } : {}) });
    const json = JSON.stringify(model);
    writeFileSync(values.out, `${json}\n`);
    writeOut(
      `model: ${values.out} (${(json.length / 1024).toFixed(0)} KiB): author ${model.author.trees.length} trees, source ${model.source.trees.length}\n`,
    );
  }
  return 0;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function log(line: string): void {
  writeErr(`${line}\n`);
}
