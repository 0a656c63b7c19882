/**
 * `article-lens queue status --redis URL [--json]`: the jobs by state — waiting, active (with their
 * progress), done, failed (with their reasons) — and the pages the done jobs wrote.
 */
import { parseArgs } from 'node:util';
import { Queue } from 'bullmq';
import type { WarcJobData } from '../node/queue/warc-jobs.ts';
import { terminalJson, writeOut } from '../node/terminal-text.ts';
import { QUEUE_FLAGS, connectionOf, queueNameOf } from './queue-flags.ts';

/** Failed and active jobs listed one by one, at most. */
const LISTED = 20;

export async function queueStatus(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({ args: [...args], options: { ...QUEUE_FLAGS, json: { type: 'boolean', default: false } } });
  const queue = new Queue<WarcJobData>(queueNameOf(values.queue), { connection: connectionOf(values.redis, false) });
  try {
    const c = await queue.getJobCounts('wait', 'prioritized', 'paused', 'delayed', 'active', 'completed', 'failed');
    const counts = {
      waiting: (c['wait'] ?? 0) + (c['prioritized'] ?? 0) + (c['paused'] ?? 0),
      delayed: c['delayed'] ?? 0,
      active: c['active'] ?? 0,
      done: c['completed'] ?? 0,
      failed: c['failed'] ?? 0,
    };
    const failed = (await queue.getFailed(0, LISTED - 1)).map((j) => ({
      id: j.id ?? '',
      warc: j.data.path,
      offset: j.data.offset,
      attempts: j.attemptsMade,
      reason: (j.failedReason || 'no reason given').split('\n')[0] ?? '',
    }));
    const active = (await queue.getActive(0, LISTED - 1)).map((j) => ({
      id: j.id ?? '',
      warc: j.data.path,
      offset: j.data.offset,
      progress: j.progress,
    }));
    if (values.json) {
      writeOut(`${terminalJson(JSON.stringify({ queue: queue.name, ...counts, activeJobs: active, failedJobs: failed }, null, 2))}\n`);
      return 0;
    }
    const lines = [
      `${queue.name}: waiting ${counts.waiting}, active ${counts.active}, done ${counts.done}, failed ${counts.failed}${counts.delayed ? `, delayed (to retry) ${counts.delayed}` : ''}`,
      ...active.map((j) => `  active  ${j.id}  ${progressText(j.progress)}`),
      ...failed.map((j) => `  failed  ${j.id}  (${j.attempts} attempts): ${j.reason}`),
      ...(counts.failed > failed.length ? [`  … and ${counts.failed - failed.length} more failed`] : []),
    ];
    writeOut(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await queue.close();
  }
}

function progressText(progress: unknown): string {
  if (typeof progress !== 'object' || progress === null) return '';
  const p = progress as { records?: unknown; pages?: unknown };
  return `records ${String(p.records ?? 0)}, pages ${String(p.pages ?? 0)}`;
}
