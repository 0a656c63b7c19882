/**
 * `article-lens report`: writes BENCHMARKS.md, so that the published numbers always come from a command.
 * Its sections (`--sections`, all by default):
 *   results   every set with each engine under the default options, @mozilla/readability's body beside
 *             ours on the same decoded pages in the same engine, the issues' targets, link blocks, and
 *             what layout changes;
 *   methods   method 1 alone, method 2 alone, the combination, and each body extension switched off, on
 *             every set with a body gold (dom engine);
 *   metadata  the faithful preset and each title, author and date extension switched off, on the sets
 *             annotated with them;
 *   loso      leave-one-set-out over the calibrated body thresholds (src/eval/loso.ts);
 *   dates     the date SVM's cross-validated figures;
 *   blocks    the block model's cross-validated figures (grouped by site, and leave-one-set-out);
 *   speed     ours and Readability side by side in one Chromium (bench).
 * The dom runs are child processes of this command (`--worker`), `--jobs` at a time, one (variant, set)
 * each; a Chromium run loads its pages in one browser in this process, as `eval` does. Part of the
 * sections makes a partial document, written beside BENCHMARKS.md (`--out`), never over it.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { readabilityVersion } from '../bench/environment.ts';
import { renderBenchMarkdown } from '../bench/render-bench.ts';
import { DEFAULT_BENCH_RUNS, runBench } from '../bench/run-bench.ts';
import { DEFAULT_OPTIONS, hashOptions } from '../core/index.ts';
import { compareReadability } from '../eval/compare-readability.ts';
import type { Dataset } from '../eval/dataset.ts';
import { loadDataset } from '../eval/dataset.ts';
import { markdownTable } from '../eval/markdown-table.ts';
import { sweepCandidates } from '../eval/loso.ts';
import type { ReadabilityFigures, ScoreLookup } from '../eval/report-sections.ts';
import {
  f3,
  layoutSection,
  linkBlocksSection,
  losoSection,
  metadataSection,
  readabilityFigures,
  methodsSection,
  readabilitySection,
  resultsSection,
  targetsSection,
} from '../eval/report-sections.ts';
import type { Gold, VariantSpec } from '../eval/report-variants.ts';
import { DEFAULT_VARIANT, bodyVariants, metadataVariants, sweepVariant } from '../eval/report-variants.ts';
import { runSet, runSetVariants } from '../eval/run.ts';
import type { SetScores } from '../eval/score.ts';
import { scoreSet } from '../eval/score.ts';
import type { Engine, EngineName } from '../node/engines/engine.ts';
import { chromiumPath } from '../node/engines/engine.ts';
import { chromiumVersion } from '../node/engines/chromium-version.ts';
import { openEngine } from '../node/engines/open-engine.ts';
import {
  DEFAULT_BOOST,
  FIGURE_THRESHOLD,
  bodyFigures,
  bodyMatrix,
  crossValidatedProbabilities,
  foldsOf,
  formatFigures,
} from '../train/body/body-training.ts';
import { collectBodySamples, collectSamples } from '../train/collect-samples.ts';
import type { CvFigures } from '../train/cv-figures.ts';
import { cvFigures } from '../train/cv-figures.ts';
import { crossValidatedPredictions } from '../train/date-training.ts';
import {
  DATE_GRID,
  DATE_GRID_FOLDS,
  DEFAULT_TRAIN_DATE_OPTIONS,
  shippedModelNow,
  trainerSettings,
  trainingSampleSpec,
} from '../train/options.ts';
import { DEFAULT_ROW, VARIANTS } from '../train/variants.ts';
import { parseEngine, positiveInt } from './args.ts';
import { UsageError, optionsFromFlags } from './options-flags.ts';
import { terminalJson, writeErr, writeOut } from '../node/terminal-text.ts';

/** Every dev set: the article sets, the body-only ones (daniel, big9, dragnet), then dates and index pages. */
const DEFAULT_SETS = ['scrapinghub', 'cwce', 'gne', 'readability', 'daniel', 'big9', 'dragnet', 'htmldate', 'indexpages'];
const SECTIONS = ['results', 'methods', 'metadata', 'loso', 'dates', 'blocks', 'speed'] as const;
type Section = (typeof SECTIONS)[number];
/** The sets with annotated dates the date SVM is trained and cross-validated on (issue 4). */
const DATE_SETS = ['htmldate', 'cwce', 'gne', 'readability'];
/** Outer folds of the date SVM's cross-validated figures. */
const DATE_CV_FOLDS = 5;

/** Folds of the block model's site-grouped cross-validation (as the shipped model's `--cv 5`). */
const BLOCK_CV_FOLDS = 5;

/** Issue 4's targets for the date SVM, cross-validated (every page predicted by a model that never saw it). */
const DATE_TARGETS: readonly { readonly set: string; readonly bound: number }[] = [
  { set: 'htmldate', bound: 0.93 },
  { set: 'cwce', bound: 0.9 },
  { set: 'gne', bound: 0.95 },
];

/**
 * One child process: a variant over its sets in an engine (with Readability on every page too, for the
 * results). A process per variant, not per set: starting one (Node, jsdom, the dom engine's worker) costs
 * seconds of CPU, which hundreds of (variant, set) runs would pay again and again.
 */
interface Job {
  readonly engine: EngineName;
  readonly variant: VariantSpec;
  readonly hash: string;
  readonly sets: Dataset[];
  readability: boolean;
}

/** What a run gives: our figures, and Readability's when it ran too. */
interface RunResult {
  readonly scores: SetScores;
  readonly readability: ReadabilityFigures | null;
}

export async function reportCommand(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      out: { type: 'string' },
      datasets: { type: 'string', default: '../shared/datasets' },
      engines: { type: 'string', default: 'chromium,dom' },
      sets: { type: 'string', default: DEFAULT_SETS.join(',') },
      sections: { type: 'string' },
      jobs: { type: 'string', default: '2' },
      'skip-ablations': { type: 'boolean', default: false },
      'skip-bench': { type: 'boolean', default: false },
      'bench-sets': { type: 'string', default: 'gne,scrapinghub' },
      'skip-date-cv': { type: 'boolean', default: false },
      // One variant in a child process (internal): its sets, engine, options and whether Readability runs too.
      worker: { type: 'boolean', default: false },
      set: { type: 'string', multiple: true, default: [] },
      engine: { type: 'string' },
      preset: { type: 'string' },
      option: { type: 'string', multiple: true, default: [] },
      readability: { type: 'boolean', default: false },
      // Instead of one variant, several over one set from one parse per page (JSON: [{preset, options}]).
      variants: { type: 'string' },
    },
  });
  if (values.worker && values.variants !== undefined)
    return variantsWorker(values.set, parseEngine(values.engine ?? 'dom'), values.variants);
  if (values.worker) return worker(values.set, parseEngine(values.engine ?? 'dom'), values.preset, values.option, values.readability);

  const engines = values.engines.split(',').map((e) => {
    if (e !== 'dom' && e !== 'chromium') throw new UsageError(`unknown engine "${e}"`);
    return e as EngineName;
  });
  const asked = values.sections === undefined ? [...SECTIONS] : values.sections.split(',').map(parseSection);
  const sections = new Set<Section>(
    asked.filter(
      (s) =>
        !(values['skip-ablations'] && (s === 'methods' || s === 'metadata' || s === 'loso')) &&
        !(values['skip-bench'] && s === 'speed') &&
        !(values['skip-date-cv'] && s === 'dates'),
    ),
  );
  const partial = values.sections !== undefined && SECTIONS.some((s) => !asked.includes(s));
  const out = values.out ?? (partial ? `BENCHMARKS-${[...sections].join('-')}.md` : 'BENCHMARKS.md');
  if (partial && basename(out) === 'BENCHMARKS.md')
    throw new UsageError('--sections writes part of the report: give it another --out than BENCHMARKS.md (the whole report)');
  const jobs = positiveInt(values.jobs, '--jobs');
  const setNames = values.sets.split(',');
  const sets = setNames.map((name) => loadDataset(join(values.datasets, name)));
  // Ablations run on the dom engine when it is part of the run: no layout, deterministic, and ~10× faster
  // than loading every page in Chromium for each of dozens of variants.
  const ablationEngine: EngineName = engines.includes('dom') ? 'dom' : (engines[0] as EngineName);
  const started = Date.now();

  const plan = new RunPlan();
  if (sections.has('results')) for (const engine of engines) plan.add(engine, DEFAULT_VARIANT, sets, true);
  const body = bodyVariants();
  const metadata = metadataVariants();
  const sweep = sweepCandidates();
  if (sections.has('methods')) for (const v of body) plan.add(ablationEngine, v, sets);
  if (sections.has('metadata')) for (const v of metadata) plan.add(ablationEngine, v, sets);
  // Leaving one set out takes two body sets at least: with fewer the section says so, and the sweep is not run.
  if (sections.has('loso') && sets.filter((s) => hasGold(s, 'body')).length >= 2)
    for (const c of sweep.candidates) plan.add(ablationEngine, sweepVariant(c), sets);
  const failures = await plan.run(jobs);
  const scores: ScoreLookup = (engine, variant, set) => plan.result(engine, variant, set)?.scores;
  const readability = (engine: string, set: string): ReadabilityFigures | undefined =>
    plan.result(engine, DEFAULT_VARIANT.name, set)?.readability ?? undefined;

  const dateCv = sections.has('dates') ? await dateCrossValidation(values.datasets, setNames, engines[0] as EngineName) : [];
  const blockCv = sections.has('blocks') ? await blockModelCrossValidation(sets, jobs) : [];

  // Speed: ours and @mozilla/readability side by side in one Chromium, on the sets the issues name.
  let speed: string[] = [];
  if (sections.has('speed')) {
    const benchSets = values['bench-sets'].split(',').map((name) => loadDataset(join(values.datasets, name)));
    const bench = await runBench(benchSets, { limit: null, runs: DEFAULT_BENCH_RUNS });
    speed = [renderBenchMarkdown(bench)];
    writeErr('article-lens: report: bench done\n');
  }

  const parts: string[][] = [];
  if (sections.has('results')) {
    parts.push(resultsSection(engines, setNames, scores, readability));
    parts.push(readabilitySection(engines, setNames, readability));
    parts.push(targetsSection(scores));
    parts.push(linkBlocksSection(engines, setNames, scores));
  }
  if (sections.has('dates') && dateCv.length) parts.push(renderDateCv(dateCv, engines[0] as EngineName));
  if (sections.has('blocks') && blockCv.length) parts.push(blockCv);
  if (sections.has('results') && engines.includes('chromium') && engines.includes('dom')) parts.push(layoutSection(setNames, scores));
  if (sections.has('methods')) parts.push(methodsSection(ablationEngine, setNames, body, scores));
  if (sections.has('metadata')) parts.push(metadataSection(ablationEngine, setNames, metadata, scores));
  if (sections.has('loso')) parts.push(losoSection(ablationEngine, setNames, sweep, scores));
  if (failures.length) parts.push(['## Runs that failed', '', ...failures.map((f) => `- ${f}`)]);
  const header = renderHeader(partial ? [...sections] : null, (Date.now() - started) / 60_000);
  const markdown = [header, ...parts.filter((p) => p.length).map((p) => p.join('\n'))].join('\n\n') + '\n';
  const output = speed.length ? `${markdown}\n${speed.join('\n')}` : markdown;
  const tmp = `${out}.tmp`;
  writeFileSync(tmp, output);
  renameSync(tmp, out);
  writeErr(`article-lens: wrote ${out}\n`);
  return failures.length ? 1 : 0;
}

function parseSection(s: string): Section {
  if (!(SECTIONS as readonly string[]).includes(s)) throw new UsageError(`unknown section "${s}" (${SECTIONS.join(', ')})`);
  return s as Section;
}

/** Whether a set has gold of a kind on any page: a variant runs only on the sets where it has a figure. */
function hasGold(set: Dataset, gold: Gold): boolean {
  for (const g of set.gold.values()) {
    if (gold === 'body' ? g.body !== null : g.title !== null || g.author !== null || g.date !== null) return true;
  }
  return false;
}

/**
 * The runs the sections need, each made once: two variants that resolve to the same options (the
 * default of every table, the sweep's default) share one run per set and engine.
 */
class RunPlan {
  private readonly jobs = new Map<string, Job>();
  private readonly hashes = new Map<string, string>();
  private readonly results = new Map<string, RunResult>();

  add(engine: EngineName, variant: VariantSpec, sets: readonly Dataset[], readability = false): void {
    const hash = hashOptions(optionsFromFlags(variant.preset, variant.options));
    const known = this.hashes.get(variant.name);
    if (known !== undefined && known !== hash) throw new Error(`two report variants are named "${variant.name}"`);
    this.hashes.set(variant.name, hash);
    const k = `${engine}|${hash}`;
    const job = this.jobs.get(k) ?? { engine, variant, hash, sets: [], readability };
    this.jobs.set(k, job);
    job.readability ||= readability;
    for (const set of sets) {
      if (!readability && !variant.measures.some((g) => hasGold(set, g))) continue;
      if (!job.sets.includes(set)) job.sets.push(set);
    }
  }

  result(engine: string, variant: string, set: string): RunResult | undefined {
    const hash = this.hashes.get(variant);
    return hash === undefined ? undefined : this.results.get(runKey(engine, hash, set));
  }

  /**
   * Every run (Chromium's and, with `--jobs 1`, all of them in this process; the others in `jobs` child
   * processes); the runs that failed, one line each. The dom engine's variants without Readability (the
   * ablations and the sweep) run a set at a time, every variant of it on each page from one parse
   * (`runSetVariants`): parsing is about half of a page's time in the dom engine.
   */
  async run(jobs: number): Promise<string[]> {
    const failures: string[] = [];
    const all = [...this.jobs.values()].filter((j) => j.sets.length);
    const batched = (j: Job): boolean => j.engine === 'dom' && !j.readability;
    const single = all.filter((j) => !batched(j));
    const batches = setBatches(all.filter(batched));
    const total = single.length + batches.length;
    let done = 0;
    const say = (what: string, r: unknown): void => {
      done++;
      writeErr(`article-lens: report: [${done}/${total}] ${what} ${r instanceof Error ? `failed: ${r.message}` : 'done'}\n`);
    };
    const finish = (job: Job, r: RunResult[] | Error): void => {
      const what = `${job.engine} ${job.variant.name} (${job.sets.map((s) => s.name).join(', ')})`;
      if (r instanceof Error) failures.push(`${what}: ${r.message}`);
      else r.forEach((x, i) => this.results.set(runKey(job.engine, job.hash, (job.sets[i] as Dataset).name), x));
      say(what, r);
    };
    const finishBatch = (batch: Batch, r: RunResult[] | Error): void => {
      const what = `dom ${batch.set.name} (${batch.jobs.length} variants)`;
      if (r instanceof Error) failures.push(`${what}: ${r.message}`);
      else r.forEach((x, i) => this.results.set(runKey('dom', (batch.jobs[i] as Job).hash, batch.set.name), x));
      say(what, r);
    };
    // Chromium loads pages in one browser here, as `eval` does; with `--jobs 1` the dom runs stay here too.
    const here = (j: Job): boolean => j.engine === 'chromium' || jobs === 1;
    for (const name of ['chromium', 'dom'] as const) {
      const inProcess = single.filter((j) => here(j) && j.engine === name);
      const batchesHere = name === 'dom' && jobs === 1 ? batches : [];
      if (!inProcess.length && !batchesHere.length) continue;
      const engine = await openEngine(name);
      try {
        for (const job of inProcess) {
          const run = async (): Promise<RunResult[]> => {
            const out: RunResult[] = [];
            const concurrency = name === 'chromium' ? 2 : 1;
            for (const set of job.sets)
              out.push(await runInEngine(engine, set, job.variant.preset, job.variant.options, job.readability, concurrency));
            return out;
          };
          finish(job, await run().catch(asError));
        }
        for (const batch of batchesHere)
          finishBatch(
            batch,
            await runVariantsInEngine(
              engine,
              batch.set,
              batch.jobs.map((j) => j.variant),
            ).catch(asError),
          );
      } finally {
        await engine.close();
      }
    }
    // Most pages first, so that the last runs to finish are short ones.
    const pages = (j: Job): number => j.sets.reduce((n, s) => n + s.pages.length, 0);
    type Unit = { readonly size: number; readonly go: () => Promise<void> };
    const units: Unit[] = [
      ...single.filter((j) => !here(j)).map((j) => ({ size: pages(j), go: async () => finish(j, await runInChild(j).catch(asError)) })),
      ...(jobs === 1 ? [] : batches).map((b) => ({
        size: b.set.pages.length * b.jobs.length,
        go: async () => finishBatch(b, await runBatchInChild(b).catch(asError)),
      })),
    ].sort((a, b) => b.size - a.size);
    let next = 0;
    const one = async (): Promise<void> => {
      while (next < units.length) await (units[next++] as Unit).go();
    };
    await Promise.all(Array.from({ length: Math.min(jobs, units.length) }, one));
    return failures;
  }
}

/** The dom engine's variants of one set, run together from one parse per page. */
interface Batch {
  readonly set: Dataset;
  readonly jobs: Job[];
}

/** The variants grouped by set: a batch per set with every job that runs on it. */
function setBatches(jobs: readonly Job[]): Batch[] {
  const bySet = new Map<Dataset, Job[]>();
  for (const job of jobs) for (const set of job.sets) bySet.set(set, [...(bySet.get(set) ?? []), job]);
  return [...bySet].map(([set, js]) => ({ set, jobs: js }));
}

const runKey = (engine: string, hash: string, set: string): string => `${engine}|${hash}|${set}`;
const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/** One variant in a child process of this command (`report --worker --set DIR…`), its RunResults (one per set). */
function runInChild(job: Job): Promise<RunResult[]> {
  return runWorker([
    ...job.sets.flatMap((s) => ['--set', resolve(s.dir)]),
    '--engine',
    job.engine,
    '--preset',
    job.variant.preset,
    ...job.variant.options.flatMap((o) => ['--option', o]),
    ...(job.readability ? ['--readability'] : []),
  ]);
}

/** A set's variants in a child process (`report --worker --set DIR --variants JSON`), their RunResults (one per variant). */
function runBatchInChild(batch: Batch): Promise<RunResult[]> {
  const variants = batch.jobs.map((j) => ({ preset: j.variant.preset, options: j.variant.options }));
  return runWorker(['--set', resolve(batch.set.dir), '--engine', 'dom', '--variants', JSON.stringify(variants)]);
}

/** `article-lens report --worker <args>` in a child process, its RunResults read from stdout; its last stderr line is the error. */
async function runWorker(args: readonly string[]): Promise<RunResult[]> {
  const bin = process.argv[1];
  if (!bin) throw new Error('cannot find the article-lens command to run the sets');
  const { stdout } = await promisify(execFile)(process.execPath, [bin, 'report', '--worker', ...args], {
    maxBuffer: 256 * 1024 * 1024,
  }).catch((err: { stderr?: string; message: string }) => {
    throw new Error((err.stderr ?? '').trim().split('\n').pop() || err.message);
  });
  return JSON.parse(stdout) as RunResult[];
}

/** `report --worker --set DIR…`: one variant over its sets, printed as RunResults (JSON, in the sets' order) on stdout. */
async function worker(
  dirs: readonly string[],
  engineName: EngineName,
  preset: string | undefined,
  option: readonly string[],
  readability: boolean,
): Promise<number> {
  const datasets = dirs.map((dir) => loadDataset(dir));
  const engine = await openEngine(engineName);
  try {
    const results: RunResult[] = [];
    for (const dataset of datasets) {
      results.push(await runInEngine(engine, dataset, preset, option, readability, engineName === 'chromium' ? 2 : 1));
    }
    writeOut(terminalJson(JSON.stringify(results)));
    return 0;
  } finally {
    await engine.close();
  }
}

/** `report --worker --set DIR --variants JSON`: the variants over one set, printed as RunResults (JSON, in the variants' order). */
async function variantsWorker(dirs: readonly string[], engineName: EngineName, json: string): Promise<number> {
  const [dir, ...more] = dirs;
  if (dir === undefined || more.length) throw new UsageError('--variants takes one --set');
  const variants = JSON.parse(json) as { preset: string; options: string[] }[];
  const engine = await openEngine(engineName);
  try {
    const results = await runVariantsInEngine(engine, loadDataset(dir), variants);
    writeOut(terminalJson(JSON.stringify(results)));
    return 0;
  } finally {
    await engine.close();
  }
}

/** Variants over one set in an open engine, each page loaded once for all of them where the engine can; scored per variant. */
async function runVariantsInEngine(
  engine: Engine,
  dataset: Dataset,
  variants: readonly { readonly preset: string; readonly options: readonly string[] }[],
): Promise<RunResult[]> {
  const predictions = await runSetVariants(dataset, engine, {
    variants: variants.map((v) => optionsFromFlags(v.preset, v.options)),
    concurrency: 1,
  });
  return predictions.map((p) => ({ scores: scoreSet(dataset, p), readability: null }));
}

/** A variant over a set in an open engine, scored; with `readability`, Readability's body on the same pages too. */
async function runInEngine(
  engine: Engine,
  dataset: Dataset,
  preset: string | undefined,
  option: readonly string[],
  readability: boolean,
  concurrency: number,
): Promise<RunResult> {
  const predictions = await runSet(dataset, engine, {
    limit: null,
    concurrency,
    options: optionsFromFlags(preset, option),
    ...(readability ? { extras: { readability: true } } : {}),
  });
  const scores = scoreSet(dataset, predictions);
  if (!readability) return { scores, readability: null };
  const comparison = compareReadability(dataset, predictions, { version: readabilityVersion(), engine: engine.name, top: 0 });
  return { scores, readability: readabilityFigures(comparison) };
}

/** Method 3: cross-validated figures of the faithful feature set and each extension, with the "now" the shipped model was trained with. */
async function dateCrossValidation(datasets: string, setNames: readonly string[], engine: EngineName): Promise<CvFigures[]> {
  const dirs = DATE_SETS.filter((name) => setNames.includes(name)).map((name) => join(datasets, name));
  if (!dirs.length) return [];
  const pages = await collectSamples(dirs, {
    engine,
    now: shippedModelNow(),
    spec: trainingSampleSpec(DEFAULT_TRAIN_DATE_OPTIONS),
    limit: null,
    concurrency: null,
    log: (line) => writeErr(`article-lens: ${line}\n`),
  });
  const out: CvFigures[] = [];
  try {
    for (const { name, variant } of VARIANTS) {
      out.push(
        cvFigures(
          name,
          DATE_CV_FOLDS,
          crossValidatedPredictions(pages, trainerSettings(DEFAULT_TRAIN_DATE_OPTIONS, variant), DATE_CV_FOLDS),
        ),
      );
      writeErr(`article-lens: report: date SVM cross-validation, ${name} done\n`);
    }
  } catch (err) {
    // Too few annotated pages to train a fold (a small test set): the section says so instead.
    writeErr(`article-lens: report: date SVM cross-validation skipped: ${err instanceof Error ? err.message : String(err)}\n`);
    return [];
  }
  return out;
}

/**
 * The block model's honest figures (it is trained on these very pages, so the results table measures it
 * in-sample): every page scored by a model trained without its site (`BLOCK_CV_FOLDS` folds), then without
 * its whole set, from one collection of the samples (dom engine, the learned step off), with the shipped
 * model's boosting settings. The lines of the section, or none when there is too little to train on.
 */
async function blockModelCrossValidation(sets: readonly Dataset[], jobs: number): Promise<string[]> {
  const dirs = sets.filter((s) => hasGold(s, 'body')).map((s) => s.dir);
  if (dirs.length < 2) return [];
  const log = (line: string): void => void writeErr(`article-lens: ${line}\n`);
  const pages = await collectBodySamples(dirs, { engine: 'dom', now: shippedModelNow(), limit: null, concurrency: jobs, log });
  const matrix = bodyMatrix(pages);
  const lines = [
    '## Body: the block model (learned combination, §6), cross-validated',
    '',
    `The shipped block model is trained on the dev pages, so the results table measures it in-sample. Here every page is scored by a model that saw none of its site, then none of its set (the same ${DEFAULT_BOOST.rounds} trees of depth ≤ ${DEFAULT_BOOST.depth}; samples from the dom engine with the learned step off; body F1 with CJK tokens on the Chinese sets). "rules" is the body of §6.1–6.3 alone; "best the blocks allow" keeps exactly the blocks labelled body.`,
    '',
  ];
  for (const [by, folds, title] of [
    ['site', BLOCK_CV_FOLDS, `${BLOCK_CV_FOLDS}-fold, grouped by site (the gold's site, big9's outlet, else the URL's host)`],
    ['set', 0, 'leave-one-set-out (each set scored by a model trained on the others)'],
  ] as const) {
    const { fold, count } = foldsOf(pages, by, folds);
    const p = crossValidatedProbabilities(matrix, fold, count, DEFAULT_BOOST, log);
    lines.push(formatFigures(`${title}, p ≥ ${FIGURE_THRESHOLD}:`, bodyFigures(matrix, p, FIGURE_THRESHOLD)), '');
    log(`report: block model cross-validation by ${by} done`);
  }
  return lines;
}

/** The title, provenance and metric lines; for a partial run (`sections`), which part this is. */
function renderHeader(sections: readonly Section[] | null, minutes: number): string {
  const lines: string[] = [];
  if (sections) {
    lines.push(`# Benchmarks: ${sections.join(', ')}`, '');
    lines.push(
      `Part of BENCHMARKS.md, written by \`npx article-lens report --sections ${sections.join(',')}\` (do not edit by hand); the whole report is \`npx article-lens report\`.`,
    );
  } else {
    lines.push('# Benchmarks', '');
    lines.push('Written by `npx article-lens report` (do not edit by hand). Dev split of `../shared/datasets`;');
  }
  lines.push('the published figures come from the held-out split of the same sources.', '');
  lines.push(`- revision: \`${gitRevision()}\`, options hash \`${hashOptions(DEFAULT_OPTIONS)}\` (DEFAULT_OPTIONS)`);
  lines.push(`- node ${process.version}, ${chromiumLabel()}, ${new Date().toISOString().slice(0, 10)}, ${minutes.toFixed(1)} min`);
  lines.push('- metrics: body = Zyte article-extraction-benchmark 4-gram shingle F1 (`\\w+` tokens; CJK: one token per character);');
  lines.push('  date = htmldate day-level accuracy/precision/recall (coverage = predicted / pages with a gold date);');
  lines.push('  title/author = normalised exact match and token F1 over pages whose gold is not null.');
  return lines.join('\n');
}

/** Method 3's section: the cross-validated figures per feature set, and the issue's targets. */
function renderDateCv(cv: readonly CvFigures[], engine: EngineName): string[] {
  const lines = ['## Publication time: the date SVM (method 3), cross-validated', ''];
  const folds = cv[0]?.folds ?? DATE_CV_FOLDS;
  lines.push(
    `Every page is predicted by a model trained on the other ${folds - 1} of ${folds} folds of all four sets (pages dealt into folds by a hash of their id), ` +
      `glossary, C and σ included (C ∈ {${DATE_GRID.cs.join(', ')}}, σ ∈ {${DATE_GRID.sigmas.join(', ')}} by ${DATE_GRID_FOLDS}-fold cross-validation ` +
      `inside the training folds), through the product's own choice (largest positive decision value, structured fallback). Samples from the ${engine} engine. ` +
      "Metrics: htmldate's day-level accuracy / precision / recall. htmldate's own published figures on its full 1000-page set: " +
      'extensive mode accuracy 0.903, F 0.949; fast mode 0.861 / 0.925.',
    '',
  );
  const sets = DATE_SETS.filter((set) => cv.some((f) => f.sets.some((s) => s.set === set)));
  const cvRows = cv.map((f) => [
    f.variant,
    ...sets.map((set) => {
      const s = f.sets.find((x) => x.set === set)?.scores;
      return s ? `${s.accuracy.toFixed(3)} (${s.precision.toFixed(3)} / ${s.recall.toFixed(3)})` : '—';
    }),
    f.all.accuracy.toFixed(3),
  ]);
  lines.push(markdownTable(['features', ...sets.map((s) => `${s} acc (P / R)`), 'all acc'], cvRows));
  const ours = cv.find((f) => f.variant === DEFAULT_ROW);
  if (ours) {
    const targetRows = DATE_TARGETS.map((t) => {
      const v = ours.sets.find((s) => s.set === t.set)?.scores.accuracy ?? null;
      return [t.set, f3(v), `≥ ${t.bound.toFixed(2)}`, v === null ? 'not run' : v >= t.bound ? 'met' : '**missed**'];
    });
    lines.push('', markdownTable(['set', 'cross-validated date accuracy', 'target', ''], targetRows));
  }
  return lines;
}

function gitRevision(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() ? '+changes' : '';
    return sha + dirty;
  } catch {
    return 'unknown';
  }
}

/** The Chromium the figures were measured with, as the report's header line names it. */
function chromiumLabel(): string {
  const path = chromiumPath();
  if (!existsSync(path)) return 'no chromium';
  return chromiumVersion(path) ?? 'chromium (version unknown)';
}
