/**
 * `article-lens extract --warc <file.warc[.gz]…|->`: the HTML responses of web archives, one JSON line per
 * record on stdout (src/node/warc/extract-records.ts), with the dom engine's worker pool by default. `-`
 * reads the WARC paths from stdin, one a line. A progress line on stderr when it is a terminal; a summary
 * line at the end (records, pages, errors, what was skipped and why, pages per second).
 * Exit codes: 0 ok (a record that fails is a line with its error); 1 a file could not be read as a WARC
 * (the other files were still read); 2 bad usage.
 */
import { createInterface } from 'node:readline';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { WarcSlice } from '../node/warc/read-records.ts';
import type { WarcTally } from '../node/warc/extract-records.ts';
import { extractWarcRecords } from '../node/warc/extract-records.ts';
import { openEngine } from '../node/engines/open-engine.ts';
import { OutputClosedError, terminalJson, writeErr, writeOutDrained } from '../node/terminal-text.ts';
import { maxRecordBytes, parseEngine, positiveInt, timeLimitMs } from './args.ts';
import { UsageError, optionsFromFlags } from './options-flags.ts';
import type { OutputFormat } from './render-article.ts';
import { articleLineFields } from './render-article.ts';
import { formatTally } from './warc-tally.ts';

export async function warcCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      warc: { type: 'boolean', default: false },
      format: { type: 'string', default: 'json' },
      engine: { type: 'string' },
      concurrency: { type: 'string' },
      limit: { type: 'string' },
      'time-limit': { type: 'string' },
      preset: { type: 'string' },
      option: { type: 'string', multiple: true, default: [] },
      skipped: { type: 'boolean', default: false },
      'max-record-mb': { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new UsageError('extract --warc takes WARC files, or - to read their paths from stdin');
  if (positionals.includes('-') && positionals.length > 1)
    throw new UsageError('extract --warc - reads the paths from stdin: give no files with it');
  const format = values.format;
  if (format !== 'json' && format !== 'markdown' && format !== 'text' && format !== 'html')
    throw new UsageError(`unknown format "${format}" (json, markdown, text, html)`);
  // The dom engine unless asked: a batch's throughput comes from its worker pool.
  const engineName = values.engine === undefined ? 'dom' : parseEngine(values.engine);
  const concurrency = values.concurrency === undefined ? availableParallelism() : positiveInt(values.concurrency, '--concurrency');
  const limit = values.limit === undefined ? null : positiveInt(values.limit, '--limit');
  const options = optionsFromFlags(values.preset, values.option);
  const read = { maxRecordBytes: maxRecordBytes(values['max-record-mb']) };
  const engine = await openEngine(engineName, { timeLimitMs: timeLimitMs(values['time-limit']) });
  const tty = process.stderr.isTTY;
  const start = performance.now();
  let shown = 0;
  let errorsSaid = 0;
  try {
    const tally = await extractWarcRecords(slicesOf(positionals), {
      engine,
      options,
      concurrency,
      limit,
      skippedLines: values.skipped,
      read,
      render: (article) => articleLineFields(article, format satisfies OutputFormat),
      write: (line) => writeOutDrained(terminalJson(line)),
      onRecord: (t) => {
        for (; errorsSaid < t.fileErrors.length; errorsSaid++) {
          const e = t.fileErrors[errorsSaid] as WarcTally['fileErrors'][number];
          writeErr(`article-lens: ${e.warc}: ${e.error}\n`, tty);
        }
        const now = performance.now();
        if (!tty || now - shown < 250) return;
        shown = now;
        writeErr(progressLine(t, now - start), true);
      },
    });
    for (; errorsSaid < tally.fileErrors.length; errorsSaid++) {
      const e = tally.fileErrors[errorsSaid] as WarcTally['fileErrors'][number];
      writeErr(`article-lens: ${e.warc}: ${e.error}\n`, tty);
    }
    writeErr(`article-lens: ${formatTally(tally, performance.now() - start)}\n`, tty);
    return tally.fileErrors.length ? 1 : 0;
  } catch (err) {
    // The reader has all it wanted (`| head`): no more lines, no error.
    if (err instanceof OutputClosedError) return 0;
    throw err;
  } finally {
    await engine.close();
  }
}

function progressLine(t: WarcTally, ms: number): string {
  return `records ${t.records}  pages ${t.pages} (${((t.ok + t.errors) / (ms / 1000)).toFixed(1)}/s)  errors ${t.errors}`;
}

/** The files given, or the paths on stdin (`-`), one a line, blank lines ignored. */
async function* slicesOf(paths: readonly string[]): AsyncGenerator<WarcSlice> {
  if (paths[0] !== '-') {
    for (const path of paths) yield { path, offset: 0, count: null };
    return;
  }
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const path = line.trim();
    if (path) yield { path, offset: 0, count: null };
  }
}
