/**
 * Runs an engine over a set, the same `extract()` call and options as the CLI (the runner is shared so
 * that evaluation cannot drift from the product). Pages that fail are recorded with their error; the
 * others go on.
 */
import type { Article, PageDateSamples, PartialOptions } from '../core/index.ts';
import { readPageHtml } from '../node/read-page.ts';
import type { Engine, PageInput, TrainingRequest } from '../node/engines/engine.ts';
import type { Dataset, DatasetPage } from './dataset.ts';
import type { Prediction } from './score.ts';

export interface RunOptions {
  readonly limit: number | null;
  readonly concurrency: number;
  readonly options: PartialOptions;
  /** Passed to every page (PageInput): a fixed "now", a date model other than the shipped one, slicing. */
  readonly extras?: Pick<PageInput, 'now' | 'dateModel' | 'sliced'>;
  /** Also every page's date samples (`eval --date-cv`). */
  readonly training?: TrainingRequest;
  readonly onProgress?: (done: number, total: number, page: DatasetPage, prediction: Prediction) => void;
}

export async function runSet(dataset: Dataset, engine: Engine, run: RunOptions): Promise<Prediction[]> {
  const pages = run.limit === null ? dataset.pages : dataset.pages.slice(0, run.limit);
  const out: Prediction[] = new Array<Prediction>(pages.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < pages.length) {
      const index = next++;
      const page = pages[index] as DatasetPage;
      const prediction = await predictPage(page, engine, run.options, run.extras, run.training);
      out[index] = prediction;
      run.onProgress?.(++done, pages.length, page, prediction);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, run.concurrency) }, worker));
  return out;
}

async function predictPage(
  page: DatasetPage,
  engine: Engine,
  options: PartialOptions,
  extras: Pick<PageInput, 'now' | 'dateModel' | 'sliced'> = {},
  training?: TrainingRequest,
): Promise<Prediction> {
  const start = performance.now();
  let html: string;
  try {
    html = readPageHtml(page.path);
  } catch (err) {
    return failed(page, err instanceof Error ? err.message : String(err), performance.now() - start);
  }
  const result = await engine.extract({ html, url: page.url, linkTitle: null, ...extras }, options, training);
  return result.ok ? toPrediction(page, result.article, result.ms, result.dateSamples) : failed(page, result.error, result.ms);
}

function toPrediction(page: { id: string; url: string | null }, a: Article, ms: number, dateSamples?: PageDateSamples): Prediction {
  const iso = a.publishedTime.iso;
  return {
    id: page.id,
    url: page.url,
    title: a.title,
    author: a.author,
    source: a.source,
    date: iso ? iso.slice(0, 10) : '',
    datetime: iso,
    body: a.body.text,
    ms: Math.round(ms * 10) / 10,
    coreMs: Math.round(Object.values(a.timings).reduce((sum, t) => sum + t, 0) * 10) / 10,
    ...(dateSamples ? { dateSamples } : {}),
    ...(a.linkBlockStats
      ? {
          linkBlocks: {
            lcr: a.linkBlockStats.lcr,
            ccr: a.linkBlockStats.ccr,
            text: a.noise
              .filter((n) => n.kind === 'link-block')
              .map((n) => n.text)
              .join('\n'),
          },
        }
      : {}),
  };
}

function failed(page: DatasetPage, error: string, ms: number): Prediction {
  return {
    id: page.id,
    url: page.url,
    title: null,
    author: null,
    source: null,
    date: '',
    datetime: null,
    body: '',
    ms: Math.round(ms * 10) / 10,
    error,
  };
}
