/**
 * `article-lens queue work --redis URL --out DIR`: a worker of a WARC batch. It takes one job at a time
 * from the queue and runs its records through the dom engine's pool (`--concurrency` pages at once), the
 * lines in the job's own temporary file in DIR, given the job's final name when the job completes
 * (src/node/queue/job-output.ts): a job whose file is there is done and is not run again. A worker that dies
 * holds its job's lock no longer: BullMQ's stalled-job check (run by every worker every `--lock-seconds`)
 * gives the job back to the queue and another worker runs it from the start.
 * SIGTERM or SIGINT: no new job, the current one finishes (a second signal stops at once; the job then
 * comes back as stalled). `--until-empty` stops once nothing is waiting, active or to be retried.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { Job } from 'bullmq';
import { Queue, Worker } from 'bullmq';
import type { Engine } from '../node/engines/engine.ts';
import { openEngine } from '../node/engines/open-engine.ts';
import { isJobDone, openJobOutput } from '../node/queue/job-output.ts';
import type { WarcJobData } from '../node/queue/warc-jobs.ts';
import type { ReadOptions } from '../node/warc/read-records.ts';
import { jobOutputName } from '../node/queue/warc-jobs.ts';
import { extractWarcRecords } from '../node/warc/extract-records.ts';
import { terminalJson, writeErr } from '../node/terminal-text.ts';
import { maxRecordBytes, parseEngine, positiveInt, timeLimitMs } from './args.ts';
import { UsageError, optionsFromFlags } from './options-flags.ts';
import { QUEUE_FLAGS, connectionOf, queueNameOf } from './queue-flags.ts';
import type { OutputFormat } from './render-article.ts';
import { articleLineFields } from './render-article.ts';
import { formatTally } from './warc-tally.ts';
import type { PartialOptions } from '../core/index.ts';

/** What a job returns (its BullMQ return value, shown by `queue status --json`). */
interface JobResult {
  readonly output: string;
  /** False when the job's file was there already: done before, by this worker or another. */
  readonly written: boolean;
  readonly summary: string;
}

export async function queueWork(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      ...QUEUE_FLAGS,
      out: { type: 'string' },
      format: { type: 'string', default: 'json' },
      engine: { type: 'string' },
      concurrency: { type: 'string' },
      'time-limit': { type: 'string' },
      preset: { type: 'string' },
      option: { type: 'string', multiple: true, default: [] },
      skipped: { type: 'boolean', default: false },
      'max-record-mb': { type: 'string' },
      'lock-seconds': { type: 'string' },
      'max-stalled': { type: 'string' },
      'until-empty': { type: 'boolean', default: false },
    },
  });
  const connection = connectionOf(values.redis, true);
  const out = values.out;
  if (!out) throw new UsageError('queue work takes --out DIR, the folder of the jobs’ output files');
  const format = values.format as OutputFormat;
  if (format !== 'json' && format !== 'markdown' && format !== 'text' && format !== 'html')
    throw new UsageError(`unknown format "${format}" (json, markdown, text, html)`);
  const lockMs = 1000 * (values['lock-seconds'] === undefined ? 30 : positiveInt(values['lock-seconds'], '--lock-seconds'));
  const maxStalled = values['max-stalled'] === undefined ? 2 : positiveInt(values['max-stalled'], '--max-stalled');
  const concurrency = values.concurrency === undefined ? availableParallelism() : positiveInt(values.concurrency, '--concurrency');
  const options = optionsFromFlags(values.preset, values.option);
  const skippedLines = values.skipped;
  const read = { maxRecordBytes: maxRecordBytes(values['max-record-mb']) };
  const engineName = values.engine === undefined ? 'dom' : parseEngine(values.engine);
  const limitMs = timeLimitMs(values['time-limit']);
  mkdirSync(out, { recursive: true });
  const name = queueNameOf(values.queue);

  const engine = await openEngine(engineName, { timeLimitMs: limitMs });
  const run = { engine, options, concurrency, skippedLines, format, out, read };
  const worker = new Worker<WarcJobData, JobResult>(name, (job) => runJob(job, run), {
    connection,
    concurrency: 1,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: maxStalled,
    autorun: false,
  });
  worker.on('failed', (job, err) => writeErr(`article-lens: job ${job?.id ?? '?'} failed: ${err.message}\n`));
  worker.on('stalled', (jobId) => writeErr(`article-lens: job ${jobId} stalled (its worker stopped): back on the queue\n`));
  worker.on('error', (err) => writeErr(`article-lens: queue: ${err.message}\n`));

  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(130);
    stopping = true;
    writeErr('article-lens: stopping after the current job (again to stop at once)\n');
    void worker.close();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  writeErr(`article-lens: worker ${process.pid} on queue ${name}, writing to ${out}\n`);
  const watch = values['until-empty'] ? untilEmpty(name, connection, lockMs, () => worker.close()) : null;
  try {
    await worker.run();
  } finally {
    await watch?.stop();
    await engine.close();
  }
  return 0;
}

interface JobRun {
  readonly engine: Engine;
  readonly options: PartialOptions;
  readonly concurrency: number;
  readonly skippedLines: boolean;
  readonly format: OutputFormat;
  readonly out: string;
  readonly read: ReadOptions;
}

async function runJob(job: Job<WarcJobData, JobResult>, run: JobRun): Promise<JobResult> {
  const jobId = job.id ?? '';
  const name = jobOutputName(jobId);
  if (isJobDone(run.out, name)) return { output: name, written: false, summary: 'done before: its file is there' };
  const start = performance.now();
  const output = await openJobOutput(run.out, name);
  let reported = 0;
  try {
    const tally = await extractWarcRecords([job.data], {
      engine: run.engine,
      options: run.options,
      concurrency: run.concurrency,
      limit: null,
      skippedLines: run.skippedLines,
      read: run.read,
      render: (article) => articleLineFields(article, run.format),
      write: (line) => output.write(terminalJson(line)),
      onRecord: (t) => {
        const now = performance.now();
        if (now - reported < 2000) return;
        reported = now;
        void job.updateProgress({ records: t.records, pages: t.pages, errors: t.errors }).catch(() => undefined);
      },
    });
    const broken = tally.fileErrors[0];
    // Nothing could be read: the job fails with the reason (a file that stops being a WARC keeps what came before).
    if (broken && tally.records === 0) throw new Error(broken.error);
    const written = await output.commit();
    const summary = formatTally(tally, performance.now() - start);
    writeErr(`article-lens: job ${jobId}: ${summary}${written ? '' : ' (its file was there already: kept)'}\n`);
    return { output: name, written, summary };
  } catch (err) {
    await output.discard();
    throw err;
  }
}

/**
 * Closes the worker once the queue has nothing waiting, active or delayed, checked every lock interval: a
 * job held by a dead worker stays active until the stalled-job check gives it back, so it is still done.
 */
function untilEmpty(
  name: string,
  connection: ReturnType<typeof connectionOf>,
  everyMs: number,
  close: () => Promise<void>,
): { stop(): Promise<void> } {
  const queue = new Queue(name, { connection });
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const check = async (): Promise<void> => {
    try {
      const c = await queue.getJobCounts('wait', 'prioritized', 'paused', 'delayed', 'active');
      if (Object.values(c).every((n) => n === 0)) {
        stopped = true;
        await close();
        return;
      }
    } catch (err) {
      writeErr(`article-lens: queue: ${err instanceof Error ? err.message : String(err)}\n`);
    }
    if (!stopped) timer = setTimeout(() => void check(), everyMs);
  };
  timer = setTimeout(() => void check(), Math.min(everyMs, 2000));
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await queue.close();
    },
  };
}
