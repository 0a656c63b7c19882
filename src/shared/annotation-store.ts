/**
 * Where annotations live: `storage.local`, one key per page for the record (`annotation:<id>`, written
 * at every change) and one for the page's snapshot (`annotation-page:<id>`, written when annotating starts
 * and when the page is marked done), so that a verdict never rewrites a megabyte of HTML. The content
 * script writes them, the annotations page lists, exports, imports and deletes them. `unlimitedStorage`
 * lets snapshots pass the 10 MB `storage.local` gives otherwise (README, permissions).
 */
import type { Storage } from './browser.ts';
import { browser } from './browser.ts';
import type { AnnotationRecord } from './annotation/record.ts';
import { recordProblem } from './annotation/gold-line.ts';

const RECORD_PREFIX = 'annotation:';
const SNAPSHOT_PREFIX = 'annotation-page:';

export async function loadRecord(id: string): Promise<AnnotationRecord | null> {
  const key = RECORD_PREFIX + id;
  const v: unknown = (await browser.storage.local.get(key))[key];
  return v !== undefined && recordProblem(v) === null ? (v as AnnotationRecord) : null;
}

export async function saveRecord(record: AnnotationRecord): Promise<void> {
  await browser.storage.local.set({ [RECORD_PREFIX + record.id]: record });
}

/**
 * Calls `listener` with the page's record each time one is stored (by any tab, this one included); returns
 * the function that stops listening.
 */
export function watchRecord(id: string, listener: (record: AnnotationRecord) => void): () => void {
  const key = RECORD_PREFIX + id;
  const onChanged = (changes: Record<string, Storage.StorageChange>, area: string): void => {
    const v: unknown = changes[key]?.newValue;
    if (area === 'local' && v !== undefined && recordProblem(v) === null) listener(v as AnnotationRecord);
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

/** The stored records of these pages, by id (those stored and checking). */
export async function loadRecords(ids: readonly string[]): Promise<Map<string, AnnotationRecord>> {
  const found: Record<string, unknown> = ids.length ? await browser.storage.local.get(ids.map((id) => RECORD_PREFIX + id)) : {};
  const out = new Map<string, AnnotationRecord>();
  for (const [k, v] of Object.entries(found))
    if (isRecordKey(k) && recordProblem(v) === null) out.set(k.slice(RECORD_PREFIX.length), v as AnnotationRecord);
  return out;
}

/**
 * Stores pages at once, each record with its snapshot (when it has one) in one write: one change for the
 * annotations page to follow instead of two a page.
 */
export async function saveAnnotations(
  pages: readonly { readonly record: AnnotationRecord; readonly snapshot: string | null }[],
): Promise<void> {
  const items: Record<string, unknown> = {};
  for (const { record, snapshot } of pages) {
    if (snapshot !== null) items[SNAPSHOT_PREFIX + record.id] = snapshot;
    items[RECORD_PREFIX + record.id] = record;
  }
  await browser.storage.local.set(items);
}

export async function hasSnapshot(id: string): Promise<boolean> {
  const key = SNAPSHOT_PREFIX + id;
  return typeof (await browser.storage.local.get(key))[key] === 'string';
}

export async function saveSnapshot(id: string, html: string): Promise<void> {
  await browser.storage.local.set({ [SNAPSHOT_PREFIX + id]: html });
}

export async function loadSnapshot(id: string): Promise<string | null> {
  const key = SNAPSHOT_PREFIX + id;
  const v: unknown = (await browser.storage.local.get(key))[key];
  return typeof v === 'string' ? v : null;
}

/** Whether a storage key holds an annotation record (not a snapshot, not a setting). */
export function isRecordKey(key: string): boolean {
  return key.startsWith(RECORD_PREFIX);
}

/** `storage.local.getKeys` (Chrome 130, Firefox 143): the keys without their values. */
type KeysArea = { readonly getKeys?: () => Promise<string[]> };

/**
 * Every stored record, most recently saved first (records that do not check are left out). Where the
 * browser lists keys alone, only the records are read, not the snapshots beside them (megabytes each).
 */
export async function listRecords(): Promise<AnnotationRecord[]> {
  const area = browser.storage.local;
  const getKeys = (area as unknown as KeysArea).getKeys;
  const all: Record<string, unknown> = getKeys ? await area.get((await getKeys.call(area)).filter(isRecordKey)) : await area.get(null);
  return Object.entries(all)
    .filter(([k, v]) => isRecordKey(k) && recordProblem(v) === null)
    .map(([, v]) => v as AnnotationRecord)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function deleteAnnotation(id: string): Promise<void> {
  await browser.storage.local.remove([RECORD_PREFIX + id, SNAPSHOT_PREFIX + id]);
}
