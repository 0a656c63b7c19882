/**
 * `article-lens eval <set-dir|set.zip>` (DESIGN.md "CLI contract"): runs an engine over a set (a folder, or
 * the `.zip` annotation mode exports, which loadDataset unpacks), writes one prediction line per page
 * (`--out`) and prints the public benchmarks' metrics. `--date-model` scores dates with another model,
 * `--field-model` chooses authors and sources with another model (`train-author`'s);
 * `--date-cv K` gives every page the date of a model trained without it.
 * `--compare readability` also runs @mozilla/readability on every page in the same engine and prints its
 * body figures beside ours (compare-readability.ts); `--out` then writes its body in each line too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { DateModel } from '../core/date-svm/date-model.ts';
import { DateModelError, readDateModelJson } from '../core/date-svm/date-model.ts';
import type { FieldModel } from '../core/metadata/field-model/field-model.ts';
import { FieldModelError, checkFieldModel } from '../core/metadata/field-model/field-model.ts';
import { readabilityVersion } from '../bench/environment.ts';
import { DEFAULT_COMPARE_TOP, compareReadability } from '../eval/compare-readability.ts';
import { closeDataset, loadDataset } from '../eval/dataset.ts';
import type { Dataset } from '../eval/dataset.ts';
import type { SimilarPartner } from '../eval/similar-partners.ts';
import { similarPartners } from '../eval/similar-partners.ts';
import type { SimilarScores } from '../eval/similar-scores.ts';
import { formatSimilarScores, scoreSimilar } from '../eval/similar-scores.ts';
import type { PartialOptions } from '../core/index.ts';
import { formatComparison } from '../eval/format-comparison.ts';
import { runSet } from '../eval/run.ts';
import { formatScores, predictionLine, scoreSet } from '../eval/score.ts';
import type { Prediction } from '../eval/score.ts';
import { annotatorVerdicts, formatVerdicts } from '../eval/verdicts.ts';
import type { Engine } from '../node/engines/engine.ts';
import { openEngine } from '../node/engines/open-engine.ts';
import { withCrossValidatedDates } from '../train/cross-validated-dates.ts';
import { DEFAULT_TRAIN_DATE_OPTIONS, shippedModelNow, trainingSampleSpec } from '../train/options.ts';
import { parseEngine, positiveInt, timeLimitMs } from './args.ts';
import { UsageError, optionsFromFlags } from './options-flags.ts';
import { terminalJson, writeErr, writeOut } from '../node/terminal-text.ts';

export async function evalCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      engine: { type: 'string' },
      limit: { type: 'string' },
      concurrency: { type: 'string' },
      preset: { type: 'string' },
      option: { type: 'string', multiple: true, default: [] },
      json: { type: 'boolean', default: false },
      'date-model': { type: 'string' },
      'field-model': { type: 'string' },
      now: { type: 'string' },
      'date-cv': { type: 'string' },
      'date-cv-by': { type: 'string' },
      'date-train': { type: 'string', multiple: true, default: [] },
      sliced: { type: 'boolean', default: false },
      'time-limit': { type: 'string' },
      compare: { type: 'string' },
      'compare-top': { type: 'string' },
      similar: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('eval takes exactly one set: a folder or its .zip');
  if (values.sliced && values['date-cv'] !== undefined) throw new UsageError('--sliced does not go with --date-cv');
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now)))
    throw new UsageError(`--now takes a day YYYY-MM-DD, got "${values.now}"`);
  const dateModel = values['date-model'] ? readDateModel(values['date-model']) : null;
  const fieldModel = values['field-model'] ? readFieldModel(values['field-model']) : null;
  const limit = values.limit === undefined ? null : positiveInt(values.limit, '--limit');
  const engineName = parseEngine(values.engine);
  const concurrency =
    values.concurrency === undefined ? (engineName === 'chromium' ? 2 : 1) : positiveInt(values.concurrency, '--concurrency');
  const dateCv = values['date-cv'] === undefined ? null : positiveInt(values['date-cv'], '--date-cv');
  if (dateCv === 1 && values['date-train'].length === 0)
    throw new UsageError('--date-cv 1 (leave the set out) needs the sets to train on: --date-train <set-dir>');
  if (dateCv !== null && dateModel) throw new UsageError('--date-cv trains its own models: it does not take --date-model');
  if (values['date-train'].length && dateCv === null) throw new UsageError('--date-train goes with --date-cv');
  const dateCvBy = values['date-cv-by'] ?? 'page';
  if (dateCvBy !== 'page' && dateCvBy !== 'site') throw new UsageError(`--date-cv-by takes page or site, got "${dateCvBy}"`);
  if (values['date-cv-by'] !== undefined && dateCv === null) throw new UsageError('--date-cv-by goes with --date-cv');
  if (values.compare !== undefined && values.compare !== 'readability')
    throw new UsageError(`--compare takes "readability", got "${values.compare}"`);
  const compare = values.compare === 'readability';
  if (values['compare-top'] !== undefined && !compare) throw new UsageError('--compare-top goes with --compare readability');
  const compareTop = values['compare-top'] === undefined ? DEFAULT_COMPARE_TOP : positiveInt(values['compare-top'], '--compare-top');
  if (values.similar !== undefined && values.similar !== 'auto')
    throw new UsageError(`--similar takes "auto" (a page of the same site from the set), got "${values.similar}"`);
  if (values.similar !== undefined && dateCv !== null) throw new UsageError('--similar does not go with --date-cv');
  const options = optionsFromFlags(values.preset, values.option);
  const dataset = loadDataset(positionals[0] as string);
  const partners = values.similar === 'auto' ? similarPartners(dataset) : null;
  // With --date-cv every page's date comes from a model trained without it, so "now" must be the one the
  // samples are read against; the shipped model's day keeps the figures comparable.
  const now = values.now ?? (dateCv === null ? null : shippedModelNow());
  const training = DEFAULT_TRAIN_DATE_OPTIONS;
  const engine: Engine = await openEngine(engineName, { timeLimitMs: timeLimitMs(values['time-limit']) });
  writeErr(`article-lens: ${dataset.name}: ${limit ?? dataset.pages.length} pages with the ${engine.name} engine\n`);
  try {
    const tty = process.stderr.isTTY;
    let errors = 0;
    const predictions = await runSet(dataset, engine, {
      limit,
      concurrency,
      options,
      ...(partners ? { partners } : {}),
      extras: { now: now ? `${now.slice(0, 10)}T12:00:00Z` : null, dateModel, fieldModel, sliced: values.sliced, readability: compare },
      ...(dateCv === null ? {} : { training: { dateSamples: trainingSampleSpec(training) } }),
      onProgress: (done, total, page, p) => {
        const fatal = p.error === undefined ? null : p.issues?.at(-1);
        for (const issue of p.issues ?? []) {
          if (issue !== fatal) writeErr(`article-lens: warning: ${page.id}: ${issue.message}\n`, tty);
        }
        if (p.error) {
          errors++;
          writeErr(`article-lens: ${page.id}: ${p.error}\n`, tty);
        }
        if (tty) writeErr(`[${done}/${total}] ${errors} errors  ${page.id.slice(0, 40)}`, true);
      },
    });
    if (tty) writeErr('', true);
    const final =
      dateCv === null
        ? predictions
        : await withCrossValidatedDates(dataset, predictions, {
            folds: dateCv,
            by: dateCvBy,
            trainDirs: values['date-train'],
            engine: engineName,
            now: now ?? shippedModelNow(),
            training,
            choice: options.dateSvm,
            log: (line) => writeErr(`article-lens: ${line}\n`),
          });
    if (values.out) writeFileSync(values.out, final.map(predictionLine).join('\n') + '\n');
    const scores = scoreSet(dataset, final);
    const similar = partners ? await similarBaseline(dataset, final, partners, engine, { concurrency, options }) : null;
    const comparison = compare
      ? compareReadability(dataset, final, { version: readabilityVersion(), engine: engine.name, top: compareTop })
      : null;
    const verdicts = annotatorVerdicts(dataset);
    if (values.json)
      writeOut(
        `${terminalJson(JSON.stringify({ ...scores, ...(comparison ? { comparison } : {}), ...(verdicts ? { annotatorVerdicts: verdicts } : {}), ...(similar ? { similar } : {}) }, null, 2))}\n`,
      );
    else
      writeOut(
        `${formatScores(scores)}\n${similar ? `${formatSimilarScores(similar)}\n` : ''}${verdicts ? `${formatVerdicts(verdicts)}\n` : ''}${comparison ? `${formatComparison(comparison)}\n` : ''}`,
      );
    return 0;
  } finally {
    await engine.close();
    closeDataset(dataset);
  }
}

/**
 * `--similar auto`'s other half: the pages that had a partner, run again without it (same engine, same
 * options), so that the body with and without method 4 is measured on the same pages in one command.
 */
async function similarBaseline(
  dataset: Dataset,
  withSimilar: readonly Prediction[],
  partners: ReadonlyMap<string, SimilarPartner>,
  engine: Engine,
  run: { readonly concurrency: number; readonly options: PartialOptions },
): Promise<SimilarScores> {
  const ids = new Set(withSimilar.filter((p) => partners.has(p.id)).map((p) => p.id));
  writeErr(`article-lens: ${dataset.name}: ${ids.size} pages with a same-site partner, again without it\n`);
  const subset: Dataset = { ...dataset, pages: dataset.pages.filter((p) => ids.has(p.id)) };
  const without = await runSet(subset, engine, { limit: null, concurrency: run.concurrency, options: run.options });
  return scoreSimilar(
    subset,
    without,
    withSimilar.filter((p) => ids.has(p.id)),
  );
}

/** A model file written by `train-author`, checked before any page is read. */
function readFieldModel(path: string): FieldModel {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`--field-model ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return checkFieldModel(raw);
  } catch (err) {
    if (err instanceof FieldModelError) throw new UsageError(`--field-model ${path}: ${err.message}`);
    throw err;
  }
}

/** A model file written by `train-date`, checked before any page is read. */
function readDateModel(path: string): DateModel {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`--date-model ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return readDateModelJson(raw);
  } catch (err) {
    if (err instanceof DateModelError) throw new UsageError(`--date-model ${path}: ${err.message}`);
    throw err;
  }
}
