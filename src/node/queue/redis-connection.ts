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
  return { url, ...(worker ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1, connectTimeout: 5000 }) };
}
