/**
 * Storing the pages of an imported zip (the annotations page): a page stored here already is replaced only
 * by an annotation of it saved later, and a save time that is no time, or lies in the future, is refused
 * with its reason (a zip could say "+275760-09-13…" to replace every newer annotation here). The stored
 * records are read once, and the pages written in batches, each batch one write: a write a page made the
 * annotations page re-read its list three thousand times for a zip of three thousand pages.
 */
import { t } from '../popup/i18n.ts';
import type { AnnotatedPage } from '../shared/annotation/dataset-zip.ts';
import { loadRecords, saveAnnotations } from '../shared/annotation-store.ts';

/** How far in the future a save time may lie (another computer's clock running ahead): an hour. */
export const MAX_CLOCK_AHEAD_MS = 60 * 60 * 1000;
/** Pages in one write, and the characters of snapshots one write holds at most (a page larger goes alone). */
const BATCH_PAGES = 200;
const BATCH_CHARS = 16 * 2 ** 20;
/** Characters of a refused save time shown. */
const SHOWN_TIME_CHARS = 40;

/** An ISO 8601 time as records hold it: a date, a time, and an offset or Z. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A save time in ms, or null when it is no ISO time or lies more than MAX_CLOCK_AHEAD_MS after `now`. */
export function saveTime(iso: string, now: number): number | null {
  if (!ISO_TIME.test(iso)) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) || time > now + MAX_CLOCK_AHEAD_MS ? null : time;
}

export interface ImportOutcome {
  readonly imported: number;
  readonly kept: number;
  readonly problems: readonly string[];
}

/** What a page of the zip becomes: stored, kept as it is here, or refused. */
function sortPages(pages: readonly AnnotatedPage[], stored: ReadonlyMap<string, { readonly savedAt: string }>, now: number) {
  const newest = new Map<string, { readonly page: AnnotatedPage; readonly time: number }>();
  const problems: string[] = [];
  let kept = 0;
  for (const page of pages) {
    const { id, savedAt } = page.record;
    const time = saveTime(savedAt, now);
    if (time === null) {
      problems.push(t('annListBadSaveTime', id, savedAt.slice(0, SHOWN_TIME_CHARS)));
      continue;
    }
    const here = stored.get(id);
    const other = newest.get(id);
    // The time stored here was set by this browser: one that does not read counts as the oldest.
    const hereTime = here ? Date.parse(here.savedAt) : Number.NaN;
    if ((here && !(Number.isNaN(hereTime) || time > hereTime)) || (other && other.time >= time)) {
      kept++;
      continue;
    }
    if (other) kept++;
    newest.set(id, { page, time });
  }
  return { toStore: [...newest.values()].map((n) => n.page), kept, problems };
}

/**
 * Stores the pages (see above); `onProgress` hears how many of them are done after each write. A write
 * that fails (most likely the storage quota) stops the import: what was stored stays, and the problem says
 * where it stopped.
 */
export async function storePages(
  pages: readonly AnnotatedPage[],
  now: number,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<ImportOutcome> {
  const stored = await loadRecords([...new Set(pages.map((p) => p.record.id))]);
  const { toStore, kept, problems } = sortPages(pages, stored, now);
  const total = pages.length;
  let imported = 0;
  let done = pages.length - toStore.length;
  onProgress(done, total);
  for (let at = 0; at < toStore.length;) {
    const batch: AnnotatedPage[] = [];
    let chars = 0;
    for (; at < toStore.length && batch.length < BATCH_PAGES; at++) {
      const page = toStore[at] as AnnotatedPage;
      const size = page.snapshot?.length ?? 0;
      if (batch.length && chars + size > BATCH_CHARS) break;
      batch.push(page);
      chars += size;
    }
    try {
      await saveAnnotations(batch);
    } catch (e) {
      const first = batch[0]?.record.id ?? '';
      return { imported, kept, problems: [...problems, t('annListStoreFailed', first, e instanceof Error ? e.message : String(e))] };
    }
    imported += batch.length;
    done += batch.length;
    onProgress(done, total);
  }
  return { imported, kept, problems };
}
