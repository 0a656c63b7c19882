/** The Redis a batch's queue lives on, from `--redis redis://[user:password@]host[:port][/db]` (or rediss://). */
import type { ConnectionOptions } from 'bullmq';

export class RedisUrlError extends Error {}

/**
 * BullMQ's connection options for the URL; `worker` connections wait for Redis forever instead of failing
 * a command (BullMQ's requirement for workers: a Redis restart must not kill them).
 */
export function redisConnection(url: string, worker: boolean): ConnectionOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RedisUrlError(`--redis takes a URL such as redis://127.0.0.1:6379, got "${url}"`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new RedisUrlError(`--redis takes a redis:// or rediss:// URL, got "${url}"`);
  if (worker) return { url, maxRetriesPerRequest: null };
  // A command-line call (add, status) gives up after a few seconds without Redis instead of waiting for ever.
  return { url, maxRetriesPerRequest: 1, connectTimeout: 3000, retryStrategy: (times: number) => (times > 3 ? null : 500) };
}
