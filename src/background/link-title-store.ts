/**
 * The link titles the reader clicked (ALGORITHMS.md §1 "Input"), kept in `storage.session` (memory only,
 * cleared when the browser closes, not readable by content scripts) as one list, oldest first, bounded to
 * the last LINK_TITLES_LIMIT entries. Writes are serialised so that two quick clicks cannot lose one.
 */
import type { Storage } from '../shared/browser.ts';
import { LINK_TITLES_KEY, LINK_TITLES_LIMIT } from '../shared/storage-keys.ts';

export interface LinkTitleEntry {
  readonly url: string;
  readonly text: string;
  /** When it was recorded (ms since the epoch). */
  readonly at: number;
}

export interface LinkTitleStore {
  record(url: string, text: string): Promise<void>;
  lookup(url: string): Promise<string | null>;
}

type StorageArea = Pick<Storage.StorageArea, 'get' | 'set'>;

function isEntry(x: unknown): x is LinkTitleEntry {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return typeof e['url'] === 'string' && typeof e['text'] === 'string' && typeof e['at'] === 'number';
}

export function createLinkTitleStore(area: StorageArea, limit = LINK_TITLES_LIMIT, now: () => number = Date.now): LinkTitleStore {
  let pending: Promise<unknown> = Promise.resolve();

  async function read(): Promise<LinkTitleEntry[]> {
    const stored: unknown = (await area.get(LINK_TITLES_KEY))[LINK_TITLES_KEY];
    return Array.isArray(stored) ? stored.filter(isEntry) : [];
  }

  return {
    record(url, text) {
      const write = pending.then(async () => {
        const entries = (await read()).filter((e) => e.url !== url);
        entries.push({ url, text, at: now() });
        await area.set({ [LINK_TITLES_KEY]: entries.slice(-limit) });
      });
      pending = write.catch(() => undefined);
      return write;
    },
    async lookup(url) {
      await pending;
      return (await read()).findLast((e) => e.url === url)?.text ?? null;
    },
  };
}
