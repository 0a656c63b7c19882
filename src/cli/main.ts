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
import { DatasetError, loadDataset } from '../eval/dataset.ts';
import { runSet } from '../eval/run.ts';
import { formatScores, predictionLine, scoreSet } from '../eval/score.ts';
import type { Engine, EngineName } from './engines/engine.ts';
import { openEngine, defaultEngine } from './engines/open-engine.ts';
import { benchCommand } from './bench-command.ts';
import { extractCommand } from './extract-command.ts';
import { reportCommand } from './report-command.ts';
import { trainDateCommand } from './train-date-command.ts';
import { optionsTable } from './options-table.ts';
import { DEFAULT_OPTIONS } from '../core/index.ts';
import { UsageError, optionsFromFlags } from './options-flags.ts';

const USAGE = `usage:
  article-lens extract <file.html|url> [--url URL] [--link-title T] [--format json|markdown|text|html]
                       [--engine dom|chromium] [--explain] [--preset faithful|default] [--option path=value]…
  article-lens eval <set-dir> [--out pred.jsonl] [--engine dom|chromium] [--limit N] [--concurrency N]
                    [--preset faithful|default] [--option path=value]… [--json] [--date-model model.json] [--now DAY]
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
  const options = optionsFromFlags(values.preset, values.option);
  const dataset = loadDataset(positionals[0] as string);
  const engine: Engine = await openEngine(engineName);
  process.stderr.write(`article-lens: ${dataset.name}: ${limit ?? dataset.pages.length} pages with the ${engine.name} engine\n`);
  try {
    const tty = process.stderr.isTTY;
    let errors = 0;
    const predictions = await runSet(dataset, engine, {
      limit,
      concurrency,
      options,
      extras: { now: values.now ?? null, dateModel },
      onProgress: (done, total, page, p) => {
        if (p.error) {
          errors++;
          process.stderr.write(`${tty ? '\r\x1b[K' : ''}article-lens: ${page.id}: ${p.error}\n`);
        }
        if (tty) process.stderr.write(`\r\x1b[K[${done}/${total}] ${errors} errors  ${page.id.slice(0, 40)}`);
      },
    });
    if (tty) process.stderr.write('\r\x1b[K');
    if (values.out) writeFileSync(values.out, predictions.map(predictionLine).join('\n') + '\n');
    const scores = scoreSet(dataset, predictions);
    process.stdout.write(values.json ? `${JSON.stringify(scores, null, 2)}\n` : `${formatScores(scores)}\n`);
    return 0;
  } finally {
    await engine.close();
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
