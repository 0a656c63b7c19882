/** What the three `queue` commands share: the Redis URL, the queue's name. */
import type { ConnectionOptions } from 'bullmq';
import { RedisUrlError, redisConnection } from '../node/queue/redis-connection.ts';
import { UsageError } from './options-flags.ts';

export const DEFAULT_QUEUE_NAME = 'article-lens-warc';

export const QUEUE_FLAGS = {
  redis: { type: 'string' },
  queue: { type: 'string', default: DEFAULT_QUEUE_NAME },
} as const;

export function connectionOf(redis: string | undefined, worker: boolean): ConnectionOptions {
  if (redis === undefined) throw new UsageError('--redis URL is required (redis://host:6379)');
  try {
    return redisConnection(redis, worker);
  } catch (err) {
    if (err instanceof RedisUrlError) throw new UsageError(err.message);
    throw err;
  }
}

export function queueNameOf(name: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new UsageError(`--queue takes letters, digits, . _ -, got "${name}"`);
  return name;
}
