/**
 * `article-lens train-date <set-dir>... --out <model.json>` (DESIGN.md "CLI contract"; ALGORITHMS.md §3.3–3.6):
 * extracts every date candidate's sample from the annotated pages of the sets (the same core and engine
 * as `extract`, with a fixed "now"), trains the date SVM and writes the model the extension ships.
 *
 *   --cv K         also print the cross-validated figures: every page predicted by a model trained on the
 *                  other K − 1 folds only (glossary, C and σ included), per set, in htmldate's metrics
 *   --variants     with --cv: the faithful feature set and each extension alone, against all of ours
 *   --cv-deals N   with --cv: repeat it over N deals of the pages into folds and print the mean (and range)
 *                  per set, to tell a change from the noise of one deal
 *   --grid C…:σ…   the C and σ values the inner cross-validation chooses from (default DATE_GRID)
 *   --samples F    read the samples from F (written by --save-samples) instead of extracting the pages
 *   --now DAY      "now" for relative and future dates (default: today); recorded in the model
 */
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { ExtractOptions } from '../core/index.ts';
import { DEFAULT_OPTIONS } from '../core/index.ts';
import type { PageDateSamples } from '../core/date-svm/sample.ts';
import { loadDataset } from '../eval/dataset.ts';
import { decodeHtml } from './decode.ts';
import type { DateScores } from '../eval/metrics.ts';
import { dateScores } from '../eval/metrics.ts';
import type { DateTrainOptions, FeatureVariant, LabelledPage, PagePrediction } from '../train/date-training.ts';
import { crossValidatedPredictions, trainDateModel } from '../train/date-training.ts';
import type { Engine, EngineName } from './engines/engine.ts';
import { defaultEngine, openEngine } from './engines/open-engine.ts';
import { UsageError, optionsFromFlags } from './options-flags.ts';

/**
 * §3.6 The grid for C and σ. The features lie in [0, 1] with a few dozen non-zero, so squared distances
 * between samples run from about 1 to 40. Measured over three deals into folds (fixed C and σ, 5-fold,
 * chromium samples): accuracy is flat for σ 0.7–1.4 and C 2–8 (all sets 0.887–0.890) and falls for σ ≥ 2
 * (0.878 at σ 2); the wider grid this replaced (C 0.5–32, σ 1–8) let the inner folds pick σ 4 or 8 on
 * ties, 0.881 against 0.885 nested.
 */
export const DATE_GRID = { cs: [1, 2, 4, 8], sigmas: [0.7, 1, 1.4, 2] } as const;
/** §3.6 inner folds that choose C and σ. */
export const DATE_GRID_FOLDS = 4;
/** SMO's stopping tolerance (libsvm's default). */
export const DATE_SMO_EPSILON = 1e-3;

export const FAITHFUL: FeatureVariant = {
  attributeCandidates: false,
  pageStatistics: false,
  labelWords: false,
  labelLexicon: false,
  localDay: false,
};
const EXTENSION_NAMES = Object.keys(FAITHFUL) as (keyof FeatureVariant)[];

/** The variant the default options switch on. */
export const DEFAULT_VARIANT: FeatureVariant = variantOf(DEFAULT_OPTIONS);

export function sameVariant(a: FeatureVariant, b: FeatureVariant): boolean {
  return EXTENSION_NAMES.every((k) => a[k] === b[k]);
}

/** The name of the default options' row in the variant tables. */
export const DEFAULT_ROW = `default (${EXTENSION_NAMES.filter((k) => DEFAULT_VARIANT[k]).join(', ')})`;

/**
 * The faithful features, each extension alone, the defaults with each extension switched the other way
 * (without one that is on, with one that is off), and the defaults.
 */
export const VARIANTS: readonly { readonly name: string; readonly variant: FeatureVariant }[] = [
  { name: 'faithful (tags, attribute tokens, links, string statistics)', variant: FAITHFUL },
  ...EXTENSION_NAMES.map((ext) => ({ name: `+ ${ext}`, variant: { ...FAITHFUL, [ext]: true } })),
  ...EXTENSION_NAMES.map((ext) => ({
    name: `default ${DEFAULT_VARIANT[ext] ? 'without' : 'with'} ${ext}`,
    variant: { ...DEFAULT_VARIANT, [ext]: !DEFAULT_VARIANT[ext] },
  })),
  { name: DEFAULT_ROW, variant: DEFAULT_VARIANT },
];

export interface CvFigures {
  readonly variant: string;
  readonly folds: number;
  readonly sets: readonly { readonly set: string; readonly scores: DateScores }[];
  readonly all: DateScores;
  /** Every page's prediction (for `--cv-json`: which pages were missed, and how). */
  readonly pages: readonly {
    readonly set: string;
    readonly id: string;
    readonly gold: string;
    readonly predicted: string;
    readonly method: string | null;
    /** The best-scored candidates (day, decision value, where), to see how a page was missed. */
    readonly top: readonly { readonly iso: string; readonly decision: number | null; readonly where: string }[];
  }[];
}

export async function trainDateCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      engine: { type: 'string' },
      now: { type: 'string' },
      cv: { type: 'string' },
      variants: { type: 'boolean', default: false },
      samples: { type: 'string' },
      'save-samples': { type: 'string' },
      'cv-json': { type: 'string' },
      'cv-deals': { type: 'string' },
      grid: { type: 'string' },
      limit: { type: 'string' },
      concurrency: { type: 'string' },
      option: { type: 'string', multiple: true, default: [] },
    },
  });
  if (!values.out && !values.cv) throw new UsageError('train-date needs --out <model.json> (or --cv K to only measure)');
  if (!values.samples && positionals.length === 0) throw new UsageError('train-date takes one or more set directories (or --samples FILE)');
  const now = values.now ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(now) || Number.isNaN(Date.parse(now))) throw new UsageError(`--now takes a day YYYY-MM-DD, got "${now}"`);
  const options = optionsFromFlags(undefined, values.option);
  const grid = values.grid ? parseGrid(values.grid) : DATE_GRID;
  const ours = variantOf(options);
  const train = { ...trainOptions(options, ours), ...grid };
  const deals = values['cv-deals'] ? Number(values['cv-deals']) : 1;
  if (!Number.isInteger(deals) || deals < 1) throw new UsageError(`--cv-deals takes a whole number ≥ 1, got "${values['cv-deals']}"`);

  const pages = values.samples
    ? await readSamples(values.samples)
    : await collectSamples(positionals, {
        engine: values.engine === 'dom' || values.engine === 'chromium' ? values.engine : values.engine ? badEngine(values.engine) : null,
        now,
        limit: values.limit ? Number(values.limit) : null,
        concurrency: values.concurrency ? Number(values.concurrency) : null,
      });
  if (values['save-samples']) {
    writeFileSync(values['save-samples'], pages.map((p) => JSON.stringify(p)).join('\n') + '\n');
    log(`samples of ${pages.length} pages written to ${values['save-samples']}`);
  }
  log(summary(pages));

  const cvResults: CvFigures[] = [];
  if (values.cv) {
    const folds = Number(values.cv);
    if (!Number.isInteger(folds) || folds < 2) throw new UsageError(`--cv takes a whole number ≥ 2, got "${values.cv}"`);
    const variants = values.variants
      ? VARIANTS
      : [{ name: sameVariant(ours, DEFAULT_VARIANT) ? DEFAULT_ROW : 'the extensions the options leave on', variant: ours }];
    for (const { name, variant } of variants) {
      const start = performance.now();
      const runs: CvFigures[] = [];
      for (let deal = 0; deal < deals; deal++) {
        const predictions = crossValidatedPredictions(
          pages,
          { ...trainOptions(options, variant), ...grid },
          folds,
          (f, k, t) =>
            log(`  ${name}: deal ${deal}, fold ${f + 1}/${k}: C ${t.best.c}, σ ${t.best.sigma}, ${t.model.svm.sv.length} support vectors`),
          [],
          deal,
        );
        runs.push(cvFigures(name, folds, predictions));
      }
      const figures = runs[0] as CvFigures;
      cvResults.push(figures);
      process.stdout.write(`${formatCv(figures)}  (${((performance.now() - start) / 1000).toFixed(0)} s)\n`);
      if (deals > 1) process.stdout.write(`${formatDeals(runs)}\n`);
    }
    if (values['cv-json']) writeFileSync(values['cv-json'], JSON.stringify({ now, cv: cvResults }, null, 2) + '\n');
  }

  if (values.out) {
    const start = performance.now();
    const sets = [...new Set(pages.map((p) => p.set))];
    const trained = trainDateModel(pages, train, { now, sets, ...(cvResults.length ? { crossValidated: cvResults.map(brief) } : {}) });
    const json = JSON.stringify(trained.model);
    writeFileSync(values.out, `${json}\n`);
    process.stdout.write(
      `model: ${values.out} (${(json.length / 1024).toFixed(0)} KiB): C ${trained.best.c}, σ ${trained.best.sigma} (grid accuracy ${trained.best.accuracy.toFixed(3)}), ` +
        `${trained.model.svm.sv.length} support vectors of ${trained.samples.positives + trained.samples.negatives} samples ` +
        `(${trained.samples.positives} positive), ${trained.model.features.tags.length} tags + ${trained.model.features.tokens.length} tokens + ` +
        `${trained.model.features.stats.length} statistics, ${((performance.now() - start) / 1000).toFixed(0)} s${trained.converged ? '' : ', SMO did NOT converge'}\n`,
    );
  }
  return 0;
}

/** `--grid 0.5,2,8:1,2,4`: the C values, then the σ values. */
function parseGrid(text: string): { cs: number[]; sigmas: number[] } {
  const [cs, sigmas] = text.split(':').map((part) => part.split(',').map(Number));
  if (!cs?.length || !sigmas?.length || ![...cs, ...sigmas].every((x) => Number.isFinite(x) && x > 0))
    throw new UsageError(`--grid takes C values and σ values, all > 0: "0.5,2,8:1,2,4", got "${text}"`);
  return { cs, sigmas };
}

/** Accuracy per set over several deals of the pages into folds: mean, and lowest–highest. */
export function formatDeals(runs: readonly CvFigures[]): string {
  const names = [...(runs[0]?.sets.map((s) => s.set) ?? []), 'all'];
  const acc = (f: CvFigures, set: string): number => (set === 'all' ? f.all : f.sets.find((s) => s.set === set)?.scores)?.accuracy ?? 0;
  const lines = names.map((set) => {
    const xs = runs.map((f) => acc(f, set));
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return `  ${set.padEnd(12)} mean accuracy ${mean.toFixed(3)}  (${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)})`;
  });
  return [`over ${runs.length} deals into folds:`, ...lines].join('\n');
}

function badEngine(name: string): never {
  throw new UsageError(`unknown engine "${name}" (dom, chromium)`);
}

/** The variant the options switch on. */
export function variantOf(o: ExtractOptions): FeatureVariant {
  const e = o.dateSvm.extensions;
  return {
    attributeCandidates: e.attributeCandidates,
    pageStatistics: e.pageStatistics,
    labelWords: e.labelWords,
    labelLexicon: e.labelLexicon,
    localDay: e.localDay,
  };
}

export function trainOptions(o: ExtractOptions, variant: FeatureVariant): DateTrainOptions {
  return {
    variant,
    glossaryTags: o.dateSvm.glossaryTags,
    glossaryTokens: o.dateSvm.glossaryTokens,
    weights: o.dateSvm.featureWeights,
    glossaryByPage: o.dateSvm.extensions.glossaryByPage,
    fragmentLevels: o.dateSvm.fragmentLevels,
    negativesPerPositive: o.dateSvm.negativesPerPositive,
    negativesWithoutPositive: o.dateSvm.negativesWithoutPositive,
    cs: DATE_GRID.cs,
    sigmas: DATE_GRID.sigmas,
    folds: DATE_GRID_FOLDS,
    gridTolerance: o.dateSvm.gridTolerance,
    epsilon: DATE_SMO_EPSILON,
    minDecision: o.dateSvm.minDecision,
    structuredFallback: o.dateSvm.structuredFallback,
  };
}

/** Options that make `extract` report every candidate's sample with every extension's data in it. */
export const SAMPLE_OPTIONS = {
  dateSvm: {
    exportSamples: true,
    extensions: { attributeCandidates: true, pageStatistics: true, labelWords: true, labelLexicon: true },
  },
} as const;

interface CollectOptions {
  readonly engine: EngineName | null;
  readonly now: string;
  readonly limit: number | null;
  readonly concurrency: number | null;
}

/** The samples of every annotated page (gold date not null) of the sets, through one engine. */
export async function collectSamples(dirs: readonly string[], opts: CollectOptions): Promise<LabelledPage[]> {
  const engine: Engine = await openEngine(opts.engine ?? defaultEngine());
  const out: LabelledPage[] = [];
  try {
    for (const dir of dirs) {
      const set = loadDataset(dir);
      const annotated = set.pages.filter((p) => set.gold.get(p.id)?.date !== null);
      const pages = opts.limit ? annotated.slice(0, opts.limit) : annotated;
      log(`${set.name}: ${pages.length} annotated pages with the ${engine.name} engine`);
      let next = 0;
      let errors = 0;
      const found: (LabelledPage | null)[] = new Array<LabelledPage | null>(pages.length).fill(null);
      const worker = async (): Promise<void> => {
        while (next < pages.length) {
          const i = next++;
          const page = pages[i] as (typeof pages)[number];
          const gold = set.gold.get(page.id)?.date ?? '';
          let samples: PageDateSamples | undefined;
          try {
            const html = decodeHtml(readFileSync(page.path)).html;
            const r = await engine.extract({ html, url: page.url, linkTitle: null, now: `${opts.now}T12:00:00Z` }, SAMPLE_OPTIONS);
            if (r.ok) samples = r.article.dateSamples;
            else log(`  ${page.id}: ${r.error}`);
          } catch (err) {
            log(`  ${page.id}: ${err instanceof Error ? err.message : String(err)}`);
          }
          if (samples) found[i] = { set: set.name, id: page.id, gold, samples };
          else errors++;
        }
      };
      await Promise.all(Array.from({ length: opts.concurrency ?? (engine.name === 'chromium' ? 2 : 1) }, worker));
      out.push(...found.filter((p): p is LabelledPage => p !== null));
      if (errors) log(`  ${set.name}: ${errors} pages gave no samples`);
    }
  } finally {
    await engine.close();
  }
  return out;
}

async function readSamples(path: string): Promise<LabelledPage[]> {
  const out: LabelledPage[] = [];
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) out.push(JSON.parse(line) as LabelledPage);
  return out;
}

function summary(pages: readonly LabelledPage[]): string {
  const candidates = pages.reduce((n, p) => n + p.samples.samples.length, 0);
  const reachable = pages.filter((p) => p.gold && p.samples.samples.some((s) => s.day === p.gold)).length;
  const dated = pages.filter((p) => p.gold).length;
  return `${pages.length} pages, ${candidates} candidates; the annotated day is among the candidates on ${reachable} of ${dated} dated pages`;
}

export function cvFigures(variant: string, folds: number, predictions: readonly PagePrediction[]): CvFigures {
  const pair = (p: PagePrediction) => ({ gold: p.gold, predicted: p.time.iso ? p.time.iso.slice(0, 10) : null });
  const sets = [...new Set(predictions.map((p) => p.set))].map((set) => ({
    set,
    scores: dateScores(predictions.filter((p) => p.set === set).map(pair)),
  }));
  const pages = predictions.map((p) => ({
    set: p.set,
    id: p.id,
    gold: p.gold,
    predicted: p.time.iso ?? '',
    method: p.time.method,
    top: p.time.candidates.map((c) => ({ iso: c.iso, decision: c.decision ?? null, where: `${c.detail} "${c.text}"` })),
  }));
  return { variant, folds, sets, all: dateScores(predictions.map(pair)), pages };
}

export function formatCv(f: CvFigures): string {
  const line = (name: string, s: DateScores): string =>
    `  ${name.padEnd(12)} accuracy ${s.accuracy.toFixed(3)}  P ${s.precision.toFixed(3)}  R ${s.recall.toFixed(3)}  F ${s.fscore.toFixed(3)}  (${s.pages} pages)`;
  return [`${f.variant}, ${f.folds}-fold cross-validated:`, ...f.sets.map((s) => line(s.set, s.scores)), line('all', f.all)].join('\n');
}

function brief(f: CvFigures): Record<string, unknown> {
  return { variant: f.variant, folds: f.folds, accuracy: Object.fromEntries(f.sets.map((s) => [s.set, round3(s.scores.accuracy)])) };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function log(line: string): void {
  process.stderr.write(`article-lens: ${line}\n`);
}
