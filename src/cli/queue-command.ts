/**
 * `article-lens queue add|work|status`: a WARC batch shared by any number of workers on any machines,
 * through BullMQ on a Redis (README "Batch"). `add` puts one job per WARC file (or per slice of records) on
 * the queue; `work` takes jobs and writes each one's lines to a file of the output folder named by the
 * job; `status` counts the jobs by state, with the failed ones' reasons.
 */
import { UsageError } from './options-flags.ts';
import { queueAdd } from './queue-add.ts';
import { queueStatus } from './queue-status.ts';
import { queueWork } from './queue-work.ts';

export async function queueCommand(args: readonly string[]): Promise<number> {
  try {
    return await queueSubcommand(args);
  } catch (err) {
    // Redis not there: one line that says so, rather than the driver's bare socket error.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN')
      throw new Error(`cannot reach Redis: ${err instanceof Error ? err.message : String(err)}`);
    throw err;
  }
}

async function queueSubcommand(args: readonly string[]): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'add':
      return queueAdd(rest);
    case 'work':
      return queueWork(rest);
    case 'status':
      return queueStatus(rest);
    default:
      throw new UsageError(sub === undefined ? 'queue takes add, work or status' : `unknown queue command "${sub}" (add, work, status)`);
  }
}
