/**
 * `article-lens train-date <set-dir|set.zip>... --out <model.json>` (DESIGN.md "CLI contract";
 * ALGORITHMS.md §3.3–3.6): extracts every date candidate's sample from the annotated pages of the sets
 * (folders, or the `.zip` annotation mode exports: collect-samples.ts reads both through loadDataset; the
 * same core and engine as `extract`, with a fixed "now"), trains the date SVM and writes the model the
 * extension ships.
 *
 *   --cv K         also print the cross-validated figures: every page predicted by a model trained on the
 *                  other K − 1 folds only (glossary, C and σ included), per set, in htmldate's metrics
 *   --variants     with --cv: the faithful feature set and each extension alone, against all of ours
 *   --cv-deals N   with --cv: repeat it over N deals of the pages into folds and print the mean (and range)
 *                  per set, to tell a change from the noise of one deal
 *   --grid C…:σ…   the C and σ values the inner cross-validation chooses from (default DATE_GRID)
 *   --samples F    read the samples from F (written by --save-samples) instead of extracting the pages
 *   --now DAY      "now" for relative and future dates (default: today); recorded in the model
 *   --option P=V   a training option (src/train/options.ts), e.g. `extensions.labelLexicon=false`
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { LabelledPage } from '../train/date-training.ts';
import { crossValidatedPredictions, trainDateModel } from '../train/date-training.ts';
import { collectSamples, readSamples } from '../train/collect-samples.ts';
import type { CvFigures } from '../train/cv-figures.ts';
import { brief, cvFigures, formatCv, formatDeals } from '../train/cv-figures.ts';
import { DATE_GRID, trainerSettings, trainingSampleSpec } from '../train/options.ts';
import { DEFAULT_ROW, DEFAULT_VARIANT, VARIANTS, sameVariant, variantOf } from '../train/variants.ts';
import { UsageError, trainOptionsFromFlags } from './options-flags.ts';
import { trainingDay } from './args.ts';
import { writeErr, writeOut } from '../node/terminal-text.ts';

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
  if (!values.samples && positionals.length === 0)
    throw new UsageError('train-date takes one or more sets, each a folder or its .zip (or --samples FILE)');
  const now = trainingDay(values.now);
  const options = trainOptionsFromFlags(values.option);
  const grid = values.grid ? parseGrid(values.grid) : DATE_GRID;
  const ours = variantOf(options);
  const train = { ...trainerSettings(options, ours), ...grid };
  const deals = values['cv-deals'] ? Number(values['cv-deals']) : 1;
  if (!Number.isInteger(deals) || deals < 1) throw new UsageError(`--cv-deals takes a whole number ≥ 1, got "${values['cv-deals']}"`);

  const pages = values.samples
    ? await readSamples(values.samples)
    : await collectSamples(positionals, {
        engine: values.engine === 'dom' || values.engine === 'chromium' ? values.engine : values.engine ? badEngine(values.engine) : null,
        now,
        spec: trainingSampleSpec(options),
        limit: values.limit ? Number(values.limit) : null,
        concurrency: values.concurrency ? Number(values.concurrency) : null,
        log,
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
          { ...trainerSettings(options, variant), ...grid },
          folds,
          (f, k, t) =>
            log(
              `  ${name}: deal ${deal}, fold ${f + 1}/${k}: C ${t.best.c}, σ ${t.best.sigma}, ${t.model.svm.coef.length} support vectors`,
            ),
          [],
          deal,
        );
        runs.push(cvFigures(name, folds, predictions));
      }
      const figures = runs[0] as CvFigures;
      cvResults.push(figures);
      writeOut(`${formatCv(figures)}  (${((performance.now() - start) / 1000).toFixed(0)} s)\n`);
      if (deals > 1) writeOut(`${formatDeals(runs)}\n`);
    }
    if (values['cv-json']) writeFileSync(values['cv-json'], JSON.stringify({ now, cv: cvResults }, null, 2) + '\n');
  }

  if (values.out) {
    const start = performance.now();
    const sets = [...new Set(pages.map((p) => p.set))];
    const trained = trainDateModel(pages, train, { now, sets, ...(cvResults.length ? { crossValidated: cvResults.map(brief) } : {}) });
    const json = JSON.stringify(trained.model);
    writeFileSync(values.out, `${json}\n`);
    writeOut(
      `model: ${values.out} (${(json.length / 1024).toFixed(0)} KiB): C ${trained.best.c}, σ ${trained.best.sigma} (grid accuracy ${trained.best.accuracy.toFixed(3)}), ` +
        `${trained.model.svm.coef.length} support vectors of ${trained.samples.positives + trained.samples.negatives} samples ` +
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

function badEngine(name: string): never {
  throw new UsageError(`unknown engine "${name}" (dom, chromium)`);
}

function summary(pages: readonly LabelledPage[]): string {
  const candidates = pages.reduce((n, p) => n + p.samples.samples.length, 0);
  const reachable = pages.filter((p) => p.gold && p.samples.samples.some((s) => s.day === p.gold)).length;
  const dated = pages.filter((p) => p.gold).length;
  return `${pages.length} pages, ${candidates} candidates; the annotated day is among the candidates on ${reachable} of ${dated} dated pages`;
}

function log(line: string): void {
  writeErr(`article-lens: ${line}\n`);
}
