/**
 * `article-lens` — the command line (DESIGN.md "CLI contract"):
 *   article-lens extract <file.html|url> [--url URL] [--link-title T] [--format json|markdown|text|html]
 *                        [--engine dom|chromium] [--explain]
 *   article-lens eval <set-dir> [--out pred.jsonl] [--engine dom|chromium] [--limit N]
 *   article-lens report [--out BENCHMARKS.md] [--datasets DIR]
 * Exit codes: 0 ok; 1 extraction failed for the input (the message says why); 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import type { DateModel } from '../core/date-svm/date-model.ts';
import { DateModelError, checkDateModel } from '../core/date-svm/date-model.ts';
import type { Dataset } from '../eval/dataset.ts';
import { DatasetError, loadDataset } from '../eval/dataset.ts';
import type { Prediction } from '../eval/score.ts';
import { defaultDateModel } from '../core/date-svm/default-model.ts';
import type { LabelledPage } from '../train/date-training.ts';
import { crossValidatedPredictions } from '../train/date-training.ts';
import { collectSamples, trainOptions, variantOf } from './train-date-command.ts';
import type { ExtractOptions } from '../core/index.ts';
import { runSet } from '../eval/run.ts';
import { formatScores, predictionLine, scoreSet } from '../eval/score.ts';
import type { Engine, EngineName } from './engines/engine.ts';
import { openEngine, defaultEngine } from './engines/open-engine.ts';
import { benchCommand } from './bench-command.ts';
import { extractCommand } from './extract-command.ts';
import { reportCommand } from './report-command.ts';
import { trainDateCommand } from './train-date-command.ts';
import { optionsTable } from './options-table.ts';
import { DEFAULT_OPTIONS, resolveOptions } from '../core/index.ts';
import { UsageError, optionsFromFlags } from './options-flags.ts';

const USAGE = `usage:
  article-lens extract <file.html|url> [--url URL] [--link-title T] [--format json|markdown|text|html]
                       [--engine dom|chromium] [--explain] [--preset faithful|default] [--option path=value]…
  article-lens eval <set-dir> [--out pred.jsonl] [--engine dom|chromium] [--limit N] [--concurrency N]
                    [--preset faithful|default] [--option path=value]… [--json] [--date-model model.json] [--now DAY]
                    [--date-cv K [--date-train <set-dir>]...]
  article-lens report [--out BENCHMARKS.md] [--datasets DIR] [--engines chromium,dom]
                      [--sets a,b] [--skip-ablations] [--skip-bench] [--bench-sets gne,scrapinghub]
  article-lens bench <set-dir>... [--limit N] [--runs R] [--out FILE] [--json] [--engine chromium]
  article-lens train-date <set-dir>... --out <model.json> [--engine dom|chromium] [--now YYYY-MM-DD]
                          [--cv K [--variants] [--cv-json FILE]] [--samples FILE] [--save-samples FILE]
  article-lens options [--markdown]`;

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'extract':
        return await extractCommand(parseExtract(rest));
      case 'eval':
        return await evalCommand(rest);
      case 'report':
        return await reportCommand(rest);
      case 'bench':
        return await benchCommand(rest);
      case 'train-date':
        return await trainDateCommand(rest);
      case 'options':
        process.stdout.write(
          rest.includes('--markdown') ? `${optionsTable(DEFAULT_OPTIONS)}\n` : `${JSON.stringify(DEFAULT_OPTIONS, null, 2)}\n`,
        );
        return 0;
      case undefined:
        throw new UsageError('no command given');
      case '-h':
      case '--help':
      case 'help':
        process.stdout.write(`${USAGE}\n`);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`article-lens: ${err.message}\n${USAGE}\n`);
      return 2;
    }
    if (err instanceof DatasetError) {
      process.stderr.write(`article-lens: ${err.message}\n`);
      return 1;
    }
    process.stderr.write(`article-lens: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
    return 1;
  }
}

function parseEngine(value: string | undefined): EngineName {
  if (value === undefined) return defaultEngine();
  if (value !== 'dom' && value !== 'chromium') throw new UsageError(`unknown engine "${value}" (dom, chromium)`);
  return value;
}

function parseExtract(args: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      'link-title': { type: 'string' },
      format: { type: 'string', default: 'json' },
      engine: { type: 'string' },
      explain: { type: 'boolean', default: false },
      preset: { type: 'string' },
      option: { type: 'string', multiple: true, default: [] },
    },
  });
  if (positionals.length !== 1) throw new UsageError('extract takes exactly one file or URL');
  const format = values.format;
  if (format !== 'json' && format !== 'markdown' && format !== 'text' && format !== 'html')
    throw new UsageError(`unknown format "${format}" (json, markdown, text, html)`);
  if (values.url !== undefined && !isHttpUrl(values.url)) throw new UsageError(`--url takes an absolute http(s) URL, got "${values.url}"`);
  const options = optionsFromFlags(values.preset, values.option);
  return {
    input: positionals[0] as string,
    url: values.url ?? null,
    linkTitle: values['link-title'] ?? null,
    format,
    engine: parseEngine(values.engine),
    explain: values.explain,
    options: values.explain ? { ...options, trace: { enabled: true } } : options,
  } as const;
}

async function evalCommand(args: readonly string[]): Promise<number> {
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
      now: { type: 'string' },
      'date-cv': { type: 'string' },
      'date-train': { type: 'string', multiple: true, default: [] },
    },
  });
  if (positionals.length !== 1) throw new UsageError('eval takes exactly one set directory');
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now)))
    throw new UsageError(`--now takes a day YYYY-MM-DD, got "${values.now}"`);
  const dateModel = values['date-model'] ? readDateModel(values['date-model']) : null;
  const limit = values.limit === undefined ? null : positiveInt(values.limit, '--limit');
  const engineName = parseEngine(values.engine);
  const concurrency =
    values.concurrency === undefined ? (engineName === 'chromium' ? 2 : 1) : positiveInt(values.concurrency, '--concurrency');
  const dateCv = values['date-cv'] === undefined ? null : positiveInt(values['date-cv'], '--date-cv');
  if (dateCv !== null && dateCv < 2) throw new UsageError('--date-cv takes a number of folds ≥ 2');
  if (dateCv !== null && dateModel) throw new UsageError('--date-cv trains its own models: it does not take --date-model');
  if (values['date-train'].length && dateCv === null) throw new UsageError('--date-train goes with --date-cv');
  const flagged = optionsFromFlags(values.preset, values.option);
  const options = dateCv === null ? flagged : resolveOptions({ dateSvm: { exportSamples: true } }, flagged);
  const dataset = loadDataset(positionals[0] as string);
  // With --date-cv every page's date comes from a model trained without it, so "now" must be the one the
  // samples are read against; the shipped model's day keeps the figures comparable.
  const now = values.now ?? (dateCv === null ? null : shippedNow());
  const engine: Engine = await openEngine(engineName);
  process.stderr.write(`article-lens: ${dataset.name}: ${limit ?? dataset.pages.length} pages with the ${engine.name} engine\n`);
  try {
    const tty = process.stderr.isTTY;
    let errors = 0;
    const predictions = await runSet(dataset, engine, {
      limit,
      concurrency,
      options,
      extras: { now: now ? `${now.slice(0, 10)}T12:00:00Z` : null, dateModel },
      onProgress: (done, total, page, p) => {
        if (p.error) {
          errors++;
          process.stderr.write(`${tty ? '\r\x1b[K' : ''}article-lens: ${page.id}: ${p.error}\n`);
        }
        if (tty) process.stderr.write(`\r\x1b[K[${done}/${total}] ${errors} errors  ${page.id.slice(0, 40)}`);
      },
    });
    if (tty) process.stderr.write('\r\x1b[K');
    const final =
      dateCv === null
        ? predictions
        : await withCrossValidatedDates(dataset, predictions, dateCv, values['date-train'], engineName, now ?? shippedNow(), flagged);
    if (values.out) writeFileSync(values.out, final.map(predictionLine).join('\n') + '\n');
    const scores = scoreSet(dataset, final);
    process.stdout.write(values.json ? `${JSON.stringify(scores, null, 2)}\n` : `${formatScores(scores)}\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

/** The day the shipped date model was trained against (its `training.now`), else today. */
function shippedNow(): string {
  const now = defaultDateModel().model.training['now'];
  return typeof now === 'string' ? now : new Date().toISOString().slice(0, 10);
}

/**
 * `eval --date-cv K`: each page's date from a model trained without it — the set's pages dealt into K
 * folds, each fold predicted by a model trained on the others (and on the `--date-train` sets, always) —
 * through the product's own choice; the other fields are the engine's.
 */
async function withCrossValidatedDates(
  dataset: Dataset,
  predictions: readonly Prediction[],
  folds: number,
  trainDirs: readonly string[],
  engineName: EngineName,
  now: string,
  options: ExtractOptions,
): Promise<Prediction[]> {
  const pages: LabelledPage[] = [];
  for (const p of predictions) {
    const gold = dataset.gold.get(p.id)?.date;
    if (gold !== null && gold !== undefined && p.dateSamples) pages.push({ set: dataset.name, id: p.id, gold, samples: p.dateSamples });
  }
  const extra = trainDirs.length ? await collectSamples(trainDirs, { engine: engineName, now, limit: null, concurrency: null }) : [];
  process.stderr.write(
    `article-lens: ${dataset.name}: dates by ${folds}-fold cross-validation over its ${pages.length} annotated pages` +
      `${extra.length ? `, with ${extra.length} pages of ${trainDirs.length} other sets always in training` : ''}\n`,
  );
  const byId = new Map(
    crossValidatedPredictions(pages, trainOptions(options, variantOf(options)), folds, undefined, extra).map((c) => [c.id, c.time.iso]),
  );
  return predictions.map((p) => {
    if (!byId.has(p.id)) return p;
    const iso = byId.get(p.id) ?? null;
    return { ...p, date: iso ? iso.slice(0, 10) : '', datetime: iso };
  });
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
    checkDateModel(raw as DateModel);
  } catch (err) {
    if (err instanceof DateModelError) throw new UsageError(`--date-model ${path}: ${err.message}`);
    throw err;
  }
  return raw as DateModel;
}

function isHttpUrl(raw: string): boolean {
  try {
    return /^https?:$/.test(new URL(raw).protocol);
  } catch {
    return false;
  }
}

function positiveInt(raw: string, flag: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} takes a positive whole number, got "${raw}"`);
  return n;
}
