/**
 * `article-lens bench <set-dir|set.zip>... [--limit N] [--runs R] [--out FILE] [--json] [--engine chromium]`:
 * the arguments (a set is a folder or its `.zip`, both read by loadDataset), then src/bench: in-page speed
 * of our extraction, side by side with @mozilla/readability in one Chromium (the method is in
 * src/bench/run-bench.ts). Progress and errors go to stderr, the text tables (or the JSON result) to
 * stdout, the Markdown to `--out`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { renderBenchMarkdown, renderBenchText } from '../bench/render-bench.ts';
import { DEFAULT_BENCH_RUNS, WARMUP_RUNS, runBench } from '../bench/run-bench.ts';
import { loadDataset } from '../eval/dataset.ts';
import { positiveInt } from './args.ts';
import { UsageError } from './options-flags.ts';

export async function benchCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      limit: { type: 'string' },
      runs: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean', default: false },
      engine: { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new UsageError('bench takes one or more sets, each a folder or its .zip');
  if (values.engine !== undefined && values.engine !== 'chromium')
    throw new UsageError(`bench runs in Chromium only (--engine chromium), got "${values.engine}"`);
  const limit = values.limit === undefined ? null : positiveInt(values.limit, '--limit');
  const runs = values.runs === undefined ? DEFAULT_BENCH_RUNS : positiveInt(values.runs, '--runs');
  const sets = positionals.map((dir) => loadDataset(dir));
  const total = sets.reduce((n, s) => n + (limit === null ? s.pages.length : Math.min(limit, s.pages.length)), 0);
  process.stderr.write(
    `article-lens: bench: ${sets.map((s) => s.name).join(', ')}: ${total} pages, ${runs} run(s) each after ${WARMUP_RUNS} warm-up, in Chromium\n`,
  );
  const tty = process.stderr.isTTY;
  let errors = 0;
  const result = await runBench(sets, {
    limit,
    runs,
    onProgress: (done, all, page) => {
      if (page.error !== null) {
        errors++;
        process.stderr.write(`${tty ? '\r\x1b[K' : ''}article-lens: ${page.set}/${page.id}: ${page.error}\n`);
      }
      if (tty) process.stderr.write(`\r\x1b[K[${done}/${all}] ${errors} errors  ${page.set}/${page.id.slice(0, 40)}`);
    },
  });
  if (tty) process.stderr.write('\r\x1b[K');
  if (values.out !== undefined) writeFileSync(values.out, renderBenchMarkdown(result));
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : renderBenchText(result));
  return 0;
}
