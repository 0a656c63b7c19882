/**
 * The link titles the reader clicked (ALGORITHMS.md §1 "Input"), kept in `storage.session` (memory only,
 * cleared when the browser closes, not readable by content scripts) as one list, oldest first, one entry
 * per target URL. Writes are serialised so that two quick clicks cannot lose one.
 *
 * Every entry remembers the origin of the page the click happened on (the sender's origin, which the
 * background takes from the browser's `sender`, never from the message). No origin can flood the store:
 *
 * - **rate**: an origin may add at most `rate.count` entries per `rate.windowMs` (counted from the stored
 *   entries' times, so a restarted service worker does not reset it); more are refused;
 * - **quota**: an origin holds at most `perOrigin` entries; beyond that its own oldest entry goes;
 * - **total**: beyond `total` entries, the oldest entry of the origin that holds the most goes, so one busy
 *   origin never evicts the titles recorded on others.
 */
import type { Storage } from '../shared/browser.ts';
import { LINK_TITLE_LIMITS, LINK_TITLES_KEY } from '../shared/storage-keys.ts';
import type { LinkTitleLimits } from '../shared/storage-keys.ts';

export interface LinkTitleEntry {
  readonly url: string;
  readonly text: string;
  /** When it was recorded (ms since the epoch). */
  readonly at: number;
  /** Origin of the page the link was clicked on. */
  readonly from: string;
}

export interface LinkTitleStore {
  /** Records `text` for `url`, clicked on a page of origin `from`; false when the origin's rate is spent. */
  record(url: string, text: string, from: string): Promise<boolean>;
  lookup(url: string): Promise<string | null>;
}

type StorageArea = Pick<Storage.StorageArea, 'get' | 'set'>;

export interface LinkTitleStoreOptions {
  readonly limits?: LinkTitleLimits;
  readonly now?: () => number;
}

function isEntry(x: unknown): x is LinkTitleEntry {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return typeof e['url'] === 'string' && typeof e['text'] === 'string' && typeof e['at'] === 'number' && typeof e['from'] === 'string';
}

/** Whether `from` may add one more entry at `now`. */
function withinRate(entries: readonly LinkTitleEntry[], from: string, now: number, limits: LinkTitleLimits): boolean {
  const since = now - limits.rate.windowMs;
  let recent = 0;
  for (const e of entries) if (e.from === from && e.at > since) recent++;
  return recent < limits.rate.count;
}

/** Drops entries (oldest first) until `from` is within its quota and the list within the total. */
function evict(entries: LinkTitleEntry[], from: string, limits: LinkTitleLimits): LinkTitleEntry[] {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.from, (counts.get(e.from) ?? 0) + 1);
  const drop = (origin: string): void => {
    const i = entries.findIndex((e) => e.from === origin);
    entries.splice(i, 1);
    counts.set(origin, (counts.get(origin) ?? 1) - 1);
  };
  while ((counts.get(from) ?? 0) > limits.perOrigin) drop(from);
  while (entries.length > limits.total) {
    let largest = from;
    for (const [origin, n] of counts) if (n > (counts.get(largest) ?? 0)) largest = origin;
    drop(largest);
  }
  return entries;
}

export function createLinkTitleStore(area: StorageArea, options: LinkTitleStoreOptions = {}): LinkTitleStore {
  const limits = options.limits ?? LINK_TITLE_LIMITS;
  const now = options.now ?? Date.now;
  let pending: Promise<unknown> = Promise.resolve();

  async function read(): Promise<LinkTitleEntry[]> {
    const stored: unknown = (await area.get(LINK_TITLES_KEY))[LINK_TITLES_KEY];
    return Array.isArray(stored) ? stored.filter(isEntry) : [];
  }

  return {
    record(url, text, from) {
      const write = pending.then(async () => {
        const at = now();
        const entries = await read();
        if (!withinRate(entries, from, at, limits)) return false;
        const kept = entries.filter((e) => e.url !== url);
        kept.push({ url, text, at, from });
        await area.set({ [LINK_TITLES_KEY]: evict(kept, from, limits) });
        return true;
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
