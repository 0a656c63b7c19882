/**
 * `article-lens gate [--datasets DIR] [--baseline FILE] [--sets a,b] [--jobs N] [--option path=value]…
 *                    [--update [--allow-regression]]` (`npm run eval:gate`, part of `npm test`):
 * runs every set of the baseline with the dom engine (fast, no browser, deterministic) at the shipped
 * date model's "now", and fails when a figure falls below its floor (src/eval/gate.ts). Each set runs in
 * a child process of this same command (`--worker`), `--jobs` at a time. A set is the datasets folder's
 * `<name>/`, or `<name>.zip` when only that is there (annotation mode's export; loadDataset reads both).
 * Without the datasets it says so in one line and skips; where they are, it never passes without checking.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { hashOptions } from '../core/index.ts';
import { closeDataset, loadDataset } from '../eval/dataset.ts';
import type { Baseline, BaselinePages, SetRun } from '../eval/gate.ts';
import { checkGate, fingerprintOf, formatGate, updateBaseline } from '../eval/gate.ts';
import { runSet } from '../eval/run.ts';
import { pageScores, scoreSet } from '../eval/score.ts';
import { createDomEngine } from '../node/engines/dom-engine.ts';
import { shippedModelNow } from '../train/options.ts';
import { positiveInt } from './args.ts';
import { UsageError, optionsFromFlags } from './options-flags.ts';
import { terminalJson, writeErr, writeOut } from '../node/terminal-text.ts';

const DEFAULT_BASELINE = 'eval/baseline.json';
const DEFAULT_DATASETS = '../shared/datasets';
/** The dev sets the first baseline pins. */
const DEFAULT_SETS = ['scrapinghub', 'readability', 'cwce', 'gne', 'htmldate', 'indexpages', 'daniel', 'big9', 'dragnet'];

export async function gateCommand(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      datasets: { type: 'string' },
      baseline: { type: 'string', default: DEFAULT_BASELINE },
      sets: { type: 'string' },
      jobs: { type: 'string', default: '2' },
      option: { type: 'string', multiple: true, default: [] },
      update: { type: 'boolean', default: false },
      'allow-regression': { type: 'boolean', default: false },
      worker: { type: 'string' },
    },
  });
  const options = optionsFromFlags(undefined, values.option);
  if (values.worker !== undefined) return worker(values.worker, values.option);
  if (values['allow-regression'] && !values.update) throw new UsageError('--allow-regression goes with --update');
  const datasets = resolve(values.datasets ?? process.env['ARTICLE_LENS_DATASETS'] ?? DEFAULT_DATASETS);
  if (!existsSync(datasets)) {
    writeOut(`eval gate: skipped: no datasets at ${datasets} (give --datasets DIR or ARTICLE_LENS_DATASETS)\n`);
    return 0;
  }
  const baselinePath = values.baseline;
  const baseline = existsSync(baselinePath) ? (JSON.parse(readFileSync(baselinePath, 'utf8')) as Baseline) : null;
  const pagesPath = baselinePath.replace(/\.json$/, '-pages.json');
  const basePages = existsSync(pagesPath) ? (JSON.parse(readFileSync(pagesPath, 'utf8')) as BaselinePages) : {};
  if (!baseline && !values.update) throw new UsageError(`no baseline at ${baselinePath}: create it with --update`);
  const sets = values.sets ? values.sets.split(',') : baseline ? Object.keys(baseline.sets) : DEFAULT_SETS;
  const now = baseline?.now ?? shippedModelNow();
  const started = Date.now();
  const runs = await runSets(
    sets.map((s) => setPath(datasets, s)),
    now,
    values.option,
    positiveInt(values.jobs, '--jobs'),
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(0);

  if (values.update) {
    const updated = updateBaseline(runs, baseline, basePages, { now, optionsHash: hashOptions(options) }, values['allow-regression']);
    if ('lowered' in updated) {
      writeErr(
        `eval gate: --update would lower these floors; fix the change, or pass --allow-regression in a reviewed commit that says why:\n${updated.lowered.map((l) => `  ${l}`).join('\n')}\n`,
      );
      return 1;
    }
    writeAtomic(baselinePath, `${JSON.stringify(updated.baseline, null, 2)}\n`);
    writeAtomic(pagesPath, `${JSON.stringify(updated.pages)}\n`);
    writeOut(`eval gate: wrote ${baselinePath} and ${pagesPath} (${runs.length} sets, ${seconds} s)\n`);
    return 0;
  }
  const report = checkGate(runs, baseline as Baseline, basePages, sets);
  writeOut(`${formatGate(report)} (${runs.length} sets, dom engine, ${seconds} s)\n`);
  return report.passed ? 0 : 1;
}

/**
 * Each set in a child process (`gate --worker DIR`), `jobs` at a time, the largest first (by the bytes of
 * its pages: parsing and extraction time grow with them), so that no large set starts last and runs alone;
 * their JSON results in set order.
 */
async function runSets(dirs: readonly string[], now: string, option: readonly string[], jobs: number): Promise<SetRun[]> {
  const bin = process.argv[1];
  if (!bin) throw new Error('cannot find the article-lens command to run the sets');
  const out: SetRun[] = new Array<SetRun>(dirs.length);
  const sizes = dirs.map(pagesBytes);
  const order = dirs.map((_, i) => i).sort((a, b) => (sizes[b] ?? 0) - (sizes[a] ?? 0) || a - b);
  let next = 0;
  const one = async (): Promise<void> => {
    while (next < order.length) {
      const i = order[next++] as number;
      const dir = dirs[i] as string;
      const args = [bin, 'gate', '--worker', dir, ...option.flatMap((o) => ['--option', o])];
      const { stdout } = await promisify(execFile)(process.execPath, args, {
        maxBuffer: 256 * 1024 * 1024,
        env: { ...process.env, ARTICLE_LENS_GATE_NOW: now },
      }).catch((err: { stderr?: string; message: string }) => {
        throw new Error(`${dir}: ${(err.stderr ?? '').trim().split('\n').pop() || err.message}`);
      });
      out[i] = JSON.parse(stdout) as SetRun;
      writeErr(`eval gate: ${out[i]?.set} done\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, dirs.length) }, one));
  return out;
}

/** The set called `name` in the datasets folder: its folder, or its `.zip` when only that is there. */
function setPath(datasets: string, name: string): string {
  const dir = join(datasets, name);
  return existsSync(dir) || !existsSync(`${dir}.zip`) ? dir : `${dir}.zip`;
}

/**
 * The bytes of a set's saved pages (a zip's own size: packed, but it still ranks the sets), 0 when it has
 * no `pages/` directory: the worker says what is wrong.
 */
function pagesBytes(dir: string): number {
  const zip = statSync(dir, { throwIfNoEntry: false });
  if (zip?.isFile()) return zip.size;
  const pages = join(dir, 'pages');
  if (!existsSync(pages)) return 0;
  let total = 0;
  for (const name of readdirSync(pages)) {
    try {
      total += statSync(join(pages, name)).size;
    } catch {
      // unreadable here: the worker reports it
    }
  }
  return total;
}

/** `gate --worker DIR` (or a set's .zip): one set through the dom engine, printed as a SetRun (JSON) on stdout. */
async function worker(dir: string, option: readonly string[]): Promise<number> {
  const dataset = loadDataset(dir);
  const now = process.env['ARTICLE_LENS_GATE_NOW'] ?? shippedModelNow();
  const engine = createDomEngine();
  try {
    const predictions = await runSet(dataset, engine, {
      limit: null,
      concurrency: 1,
      options: optionsFromFlags(undefined, option),
      extras: { now: `${now}T12:00:00Z`, dateModel: null },
    });
    const run: SetRun = {
      set: dataset.name,
      fingerprint: fingerprintOf(dataset),
      scores: scoreSet(dataset, predictions),
      pages: pageScores(dataset, predictions),
    };
    writeOut(terminalJson(JSON.stringify(run)));
    return 0;
  } finally {
    await engine.close();
    closeDataset(dataset);
  }
}

function writeAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}
