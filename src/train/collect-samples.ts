/**
 * The samples `train-date` learns from: every annotated page of the sets (gold date not null) through one
 * engine, with a fixed "now", read with every kind and label token (`trainingSampleSpec`) so that each
 * feature variant can be cut from one extraction; or read back from a file written by `--save-samples`.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { PageDateSamples, SampleSpec } from '../core/index.ts';
import { loadDataset, pageFile } from '../eval/dataset.ts';
import type { Engine, EngineName } from '../node/engines/engine.ts';
import { defaultEngine, openEngine } from '../node/engines/open-engine.ts';
import { readPageHtml } from '../node/read-page.ts';
import type { LabelledPage } from './date-training.ts';

export interface CollectOptions {
  readonly engine: EngineName | null;
  /** "Now" (YYYY-MM-DD) for relative and future dates: the day the model records. */
  readonly now: string;
  readonly spec: SampleSpec;
  readonly limit: number | null;
  readonly concurrency: number | null;
  readonly log: (line: string) => void;
}

export async function collectSamples(dirs: readonly string[], opts: CollectOptions): Promise<LabelledPage[]> {
  const engine: Engine = await openEngine(opts.engine ?? defaultEngine());
  const out: LabelledPage[] = [];
  try {
    for (const dir of dirs) {
      const set = loadDataset(dir);
      const annotated = set.pages.filter((p) => set.gold.get(p.id)?.date !== null);
      const pages = opts.limit ? annotated.slice(0, opts.limit) : annotated;
      opts.log(`${set.name}: ${pages.length} annotated pages with the ${engine.name} engine`);
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
            const html = readPageHtml(pageFile(page));
            const r = await engine.extract(
              { html, url: page.url, linkTitle: null, now: `${opts.now}T12:00:00Z` },
              {},
              { dateSamples: opts.spec },
            );
            if (r.ok) samples = r.dateSamples;
            else opts.log(`  ${page.id}: ${r.error}`);
          } catch (err) {
            opts.log(`  ${page.id}: ${err instanceof Error ? err.message : String(err)}`);
          }
          if (samples) found[i] = { set: set.name, id: page.id, gold, samples };
          else errors++;
        }
      };
      await Promise.all(Array.from({ length: opts.concurrency ?? (engine.name === 'chromium' ? 2 : 1) }, worker));
      out.push(...found.filter((p): p is LabelledPage => p !== null));
      if (errors) opts.log(`  ${set.name}: ${errors} pages gave no samples`);
    }
  } finally {
    await engine.close();
  }
  return out;
}

/** The samples saved by `train-date --save-samples` (one labelled page a line). */
export async function readSamples(path: string): Promise<LabelledPage[]> {
  const out: LabelledPage[] = [];
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) out.push(JSON.parse(line) as LabelledPage);
  return out;
}
