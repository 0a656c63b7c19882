/**
 * The samples the trainers learn from, read through one engine with a fixed "now":
 * - `train-date`: every annotated page of the sets (gold date not null), read with every kind and label
 *   token (`trainingSampleSpec`) so that each feature variant can be cut from one extraction; or read back
 *   from a file written by `--save-samples`;
 * - `train-body`: every page with a gold body, with every text block's feature row and text.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type {
  PageBodySamples,
  PageDateSamples,
  PageFieldSamples,
  PartialOptions,
  SampleSpec,
  TrainingSamplesRequest,
} from '../core/index.ts';
import type { Dataset, DatasetPage, GoldRecord } from '../eval/dataset.ts';
import { closeDataset, loadDataset, pageFile } from '../eval/dataset.ts';
import type { Engine, EngineName, EngineResult } from '../node/engines/engine.ts';
import { defaultEngine, openEngine } from '../node/engines/open-engine.ts';
import { readPageHtml } from '../node/read-page.ts';
import type { LabelledPage } from './date-training.ts';

export interface CollectOptions {
  readonly engine: EngineName | null;
  /** "Now" (YYYY-MM-DD) for relative and future dates: the day the model records. */
  readonly now: string;
  readonly limit: number | null;
  readonly concurrency: number | null;
  readonly log: (line: string) => void;
}

/** What one trainer reads of each page: which pages, what it asks the engine for, what it keeps. */
interface Collection<T> {
  readonly what: string;
  readonly annotated: (gold: GoldRecord) => boolean;
  readonly request: TrainingSamplesRequest;
  /** Options the samples are read under (besides the defaults). */
  readonly options?: PartialOptions;
  readonly keep: (set: Dataset, page: DatasetPage, gold: GoldRecord, result: EngineResult & { ok: true }) => T | null;
}

export function collectSamples(dirs: readonly string[], opts: CollectOptions & { readonly spec: SampleSpec }): Promise<LabelledPage[]> {
  return collect(dirs, opts, {
    what: 'annotated pages',
    annotated: (gold) => gold.date !== null,
    request: { dateSamples: opts.spec },
    keep: (set, page, gold, r) => (r.dateSamples ? { set: set.name, id: page.id, gold: gold.date ?? '', samples: r.dateSamples } : null),
  });
}

/** One page with a gold body, its blocks' feature rows and texts. */
export interface BodySamplePage {
  readonly set: string;
  readonly id: string;
  readonly url: string | null;
  /** The gold's `site` (pages of one site share a template), when the set gives one. */
  readonly site: string | null;
  readonly cjk: boolean;
  readonly gold: string;
  /** The body the rules gave (the learned combination off), for the comparison in the figures. */
  readonly ruleBody: string;
  readonly samples: PageBodySamples;
}

export function collectBodySamples(dirs: readonly string[], opts: CollectOptions): Promise<BodySamplePage[]> {
  return collect(dirs, opts, {
    what: 'pages with a gold body',
    annotated: (gold) => gold.body !== null,
    request: { bodySamples: true },
    keep: (set, page, gold, r) =>
      r.bodySamples
        ? {
            set: set.name,
            id: page.id,
            url: page.url,
            site: gold.site,
            cjk: set.cjk,
            gold: gold.body ?? '',
            ruleBody: r.article.body.text,
            samples: r.bodySamples,
          }
        : null,
  });
}

/** One page with an author or source gold (issue 41, `train-author`), its candidates' rows and values. */
export interface FieldSamplePage {
  readonly set: string;
  readonly id: string;
  readonly url: string | null;
  readonly site: string | null;
  /** The gold values ('' = the page states none; null = not annotated). */
  readonly gold: { readonly author: string | null; readonly source: string | null };
  readonly samples: PageFieldSamples;
}

/**
 * Every page with an author or a source gold — a dataset's, or an annotations export's, where a field the
 * annotator marked right has the extracted value as its gold — with every candidate's row. The rows are
 * read with the learned choice on (`learnedFields`): they are computed before the model orders them.
 */
export function collectFieldSamples(dirs: readonly string[], opts: CollectOptions): Promise<FieldSamplePage[]> {
  return collect(dirs, opts, {
    what: 'pages with an author or source gold',
    annotated: (gold) => gold.author !== null || gold.source !== null,
    request: { fieldSamples: true },
    options: { metadata: { extensions: { learnedFields: true } } },
    keep: (set, page, gold, r) =>
      r.fieldSamples
        ? {
            set: set.name,
            id: page.id,
            url: page.url,
            site: gold.site,
            gold: { author: gold.author, source: gold.source },
            samples: r.fieldSamples,
          }
        : null,
  });
}

async function collect<T>(dirs: readonly string[], opts: CollectOptions, c: Collection<T>): Promise<T[]> {
  const engine: Engine = await openEngine(opts.engine ?? defaultEngine());
  const out: T[] = [];
  // The body samples are read from the rules' body: the block model must not read its own output.
  const options = c.options ?? (c.request.bodySamples ? { combine: { extensions: { learnedBlocks: false } } } : {});
  try {
    for (const dir of dirs) {
      const set = loadDataset(dir);
      try {
        const annotated = set.pages.filter((p) => {
          const gold = set.gold.get(p.id);
          return gold !== undefined && c.annotated(gold);
        });
        const pages = opts.limit ? annotated.slice(0, opts.limit) : annotated;
        opts.log(`${set.name}: ${pages.length} ${c.what} with the ${engine.name} engine`);
        let next = 0;
        let errors = 0;
        const found: (T | null)[] = new Array<T | null>(pages.length).fill(null);
        const worker = async (): Promise<void> => {
          while (next < pages.length) {
            const i = next++;
            const page = pages[i] as DatasetPage;
            const gold = set.gold.get(page.id) as GoldRecord;
            try {
              const html = readPageHtml(pageFile(page));
              const r = await engine.extract({ html, url: page.url, linkTitle: null, now: `${opts.now}T12:00:00Z` }, options, c.request);
              if (r.ok) found[i] = c.keep(set, page, gold, r);
              else opts.log(`  ${page.id}: ${r.error}`);
            } catch (err) {
              opts.log(`  ${page.id}: ${err instanceof Error ? err.message : String(err)}`);
            }
            if (found[i] === null) errors++;
          }
        };
        await Promise.all(Array.from({ length: opts.concurrency ?? (engine.name === 'chromium' ? 2 : 1) }, worker));
        out.push(...found.filter((p): p is T => p !== null));
        if (errors) opts.log(`  ${set.name}: ${errors} pages gave no samples`);
      } finally {
        // A zip's unpacked pages go now: three zipped sets once held 6 GB of temporary files at once.
        closeDataset(set);
      }
    }
  } finally {
    await engine.close();
  }
  return out;
}

/** The samples saved by `train-date --save-samples` or `train-body --save-samples` (one page a line). */
export async function readSamples<T = LabelledPage>(path: string): Promise<T[]> {
  const out: T[] = [];
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) out.push(JSON.parse(line) as T);
  return out;
}

export type { PageDateSamples };
