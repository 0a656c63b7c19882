/**
 * `article-lens bench <set-dir|set.zip>... [--limit N] [--runs R] [--out FILE] [--json] [--engine chromium]
 * [--similar auto]`: the arguments (a set is a folder or its `.zip`, both read by loadDataset), then src/bench:
 * in-page speed of our extraction, side by side with @mozilla/readability in one Chromium (the method is in
 * src/bench/run-bench.ts); `--similar auto` extracts each page against a page of its site from the set
 * (method 4) and reports the 'lcs-diff' stage per page and set.
 * `article-lens bench --lcs-sizes N,N,… [--runs R] [--out FILE] [--json]`: method 4's stage on synthetic page
 * pairs of about N elements each (src/bench/lcs-sizes.ts), no set needed.
 * Progress and errors go to stderr, the text tables (or the JSON result) to stdout, the Markdown to `--out`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runLcsSizes } from '../bench/lcs-sizes.ts';
import { renderBenchMarkdown, renderBenchText } from '../bench/render-bench.ts';
import { renderLcsSizesMarkdown, renderLcsSizesText } from '../bench/render-lcs.ts';
import { DEFAULT_BENCH_RUNS, WARMUP_RUNS, runBench } from '../bench/run-bench.ts';
import { MAX_SYNTHETIC_ELEMENTS, MIN_SYNTHETIC_ELEMENTS, SYNTHETIC_VARIANTS } from '../bench/synthetic-pair.ts';
import { loadDataset } from '../eval/dataset.ts';
import { positiveInt } from './args.ts';
import { UsageError } from './options-flags.ts';
import { terminalJson, writeErr, writeOut } from '../node/terminal-text.ts';

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
      similar: { type: 'string' },
      'lcs-sizes': { type: 'string' },
    },
  });
  if (values.engine !== undefined && values.engine !== 'chromium')
    throw new UsageError(`bench runs in Chromium only (--engine chromium), got "${values.engine}"`);
  const runs = values.runs === undefined ? DEFAULT_BENCH_RUNS : positiveInt(values.runs, '--runs');
  if (values['lcs-sizes'] !== undefined) {
    if (positionals.length) throw new UsageError('bench --lcs-sizes takes no sets (it makes its own pages)');
    if (values.similar !== undefined || values.limit !== undefined)
      throw new UsageError('--similar and --limit go with sets, not --lcs-sizes');
    return lcsSizes(lcsSizesOf(values['lcs-sizes']), runs, values.out, values.json);
  }
  if (positionals.length === 0) throw new UsageError('bench takes one or more sets, each a folder or its .zip');
  if (values.similar !== undefined && values.similar !== 'auto')
    throw new UsageError(`--similar takes "auto" (a page of the same site from the set), got "${values.similar}"`);
  const similar = values.similar === 'auto' ? 'auto' : null;
  const limit = values.limit === undefined ? null : positiveInt(values.limit, '--limit');
  // A folder is read now (its pages stay where they are); a zip is unpacked when its turn comes, and
  // removed once its pages are timed.
  const sets = positionals.map((path) => (/\.zip$/i.test(path) ? () => loadDataset(path) : loadDataset(path)));
  writeErr(
    `article-lens: bench: ${positionals.join(', ')}: ${runs} run(s) a page after ${WARMUP_RUNS} warm-up, in Chromium` +
      `${similar ? ', each against a page of its site (--similar auto)' : ''}\n`,
  );
  const tty = process.stderr.isTTY;
  let errors = 0;
  const result = await runBench(sets, {
    limit,
    runs,
    ...(similar ? { similar } : {}),
    onSet: (set, pages) => writeErr(`article-lens: bench: ${set.name}: ${pages} pages\n`, tty),
    onProgress: (done, all, page) => {
      if (page.error !== null) {
        errors++;
        writeErr(`article-lens: ${page.set}/${page.id}: ${page.error}\n`, tty);
      }
      if (tty) writeErr(`[${done}/${all}] ${errors} errors  ${page.set}/${page.id.slice(0, 40)}`, true);
    },
  });
  if (tty) writeErr('', true);
  if (values.out !== undefined) writeFileSync(values.out, renderBenchMarkdown(result));
  writeOut(values.json ? `${terminalJson(JSON.stringify(result, null, 2))}\n` : renderBenchText(result));
  return 0;
}

/** `--lcs-sizes 1000,10000,50000`: whole numbers of elements within what the generator makes. */
function lcsSizesOf(raw: string): number[] {
  const sizes = raw.split(',').map((s) => s.trim());
  return sizes.map((s) => {
    const n = Number(s);
    if (s === '' || !Number.isInteger(n) || n < MIN_SYNTHETIC_ELEMENTS || n > MAX_SYNTHETIC_ELEMENTS)
      throw new UsageError(
        `--lcs-sizes takes sizes in elements from ${MIN_SYNTHETIC_ELEMENTS} to ${MAX_SYNTHETIC_ELEMENTS}, comma-separated, got "${raw}"`,
      );
    return n;
  });
}

async function lcsSizes(sizes: readonly number[], runs: number, out: string | undefined, json: boolean): Promise<number> {
  writeErr(
    `article-lens: bench: method 4 on synthetic pairs of ${sizes.join(', ')} elements (${SYNTHETIC_VARIANTS.join(', ')}), ` +
      `${runs} run(s) each after ${WARMUP_RUNS} warm-up, in Chromium\n`,
  );
  const result = await runLcsSizes({
    sizes,
    runs,
    onProgress: (done, all, row) => {
      const what = row.error !== null ? `error: ${row.error}` : `lcs-diff ${row.lcsMs ?? '–'} ms, ${row.status ?? '–'}`;
      writeErr(`article-lens: [${done}/${all}] ${row.size} ${row.variant}: ${what}\n`);
    },
  });
  if (out !== undefined) writeFileSync(out, renderLcsSizesMarkdown(result));
  writeOut(json ? `${terminalJson(JSON.stringify(result, null, 2))}\n` : renderLcsSizesText(result));
  return 0;
}
