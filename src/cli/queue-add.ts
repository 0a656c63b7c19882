/**
 * `article-lens queue add <warc…|-> --redis URL [--records-per-job N]`: one job per WARC file, or per slice
 * of N records of it. A job already on the queue (same file, offset and count: the same id) is not added
 * again; one that failed for good is tried again. Paths are stored absolute: every worker must see the files at the same path.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Queue } from 'bullmq';
import type { WarcJobData } from '../node/queue/warc-jobs.ts';
import { warcJobId, warcSlices } from '../node/queue/warc-jobs.ts';
import { WarcError } from '../node/warc/warc-start.ts';
import { writeErr, writeOut } from '../node/terminal-text.ts';
import { positiveInt } from './args.ts';
import { UsageError } from './options-flags.ts';
import { QUEUE_FLAGS, connectionOf, queueNameOf } from './queue-flags.ts';

export async function queueAdd(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { ...QUEUE_FLAGS, 'records-per-job': { type: 'string' }, attempts: { type: 'string' } },
  });
  if (positionals.length === 0) throw new UsageError('queue add takes WARC files, or - to read their paths from stdin');
  const connection = connectionOf(values.redis, false);
  const perJob = values['records-per-job'] === undefined ? null : positiveInt(values['records-per-job'], '--records-per-job');
  const attempts = values.attempts === undefined ? 2 : positiveInt(values.attempts, '--attempts');
  const queue = new Queue<WarcJobData>(queueNameOf(values.queue), { connection });
  let added = 0;
  let present = 0;
  let retried = 0;
  let bad = 0;
  try {
    for await (const path of pathsOf(positionals)) {
      let slices;
      try {
        slices = await warcSlices(path, perJob);
      } catch (err) {
        if (!(err instanceof WarcError)) throw err;
        bad++;
        writeErr(`article-lens: ${path}: ${err.message}: not queued\n`);
        continue;
      }
      for (const slice of slices) {
        const jobId = warcJobId(slice);
        const existing = await queue.getJob(jobId);
        if (existing && (await existing.isFailed())) {
          // Added again after it failed for good (the file was fixed or mounted): tried again.
          await existing.retry('failed');
          retried++;
          continue;
        }
        if (existing) {
          present++;
          continue;
        }
        await queue.add('warc', slice, {
          jobId,
          attempts,
          backoff: { type: 'exponential', delay: 10_000 },
          removeOnComplete: false,
          removeOnFail: false,
        });
        added++;
      }
    }
  } finally {
    await queue.close();
  }
  writeOut(
    `${added} jobs added${retried ? `, ${retried} failed ones tried again` : ''}${present ? `, ${present} already on the queue` : ''}${bad ? `, ${bad} files not queued` : ''}\n`,
  );
  return bad ? 1 : 0;
}

/** The files given, or the paths on stdin (`-`), one a line. */
async function* pathsOf(paths: readonly string[]): AsyncGenerator<string> {
  if (!paths.includes('-')) {
    yield* paths;
    return;
  }
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) if (line.trim()) yield line.trim();
}
