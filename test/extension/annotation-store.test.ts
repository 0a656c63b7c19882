/**
 * Listing the stored annotations reads the records only: where the browser lists keys alone
 * (storage.local.getKeys), the snapshots beside them (megabytes each) are never read; elsewhere everything is.
 */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { isRecordKey, listRecords } from '../../src/shared/annotation-store.ts';
import { freshRecord } from './annotation/annotation-fixture.ts';

const { items, asked, area } = vi.hoisted(() => {
  const items = new Map<string, unknown>();
  const asked: (string | string[] | null)[] = [];
  const area: { get: (keys: string | string[] | null) => Promise<Record<string, unknown>>; getKeys?: () => Promise<string[]> } = {
    get: async (keys) => {
      asked.push(keys);
      const wanted = keys === null ? [...items.keys()] : [keys].flat();
      return Object.fromEntries(wanted.filter((k) => items.has(k)).map((k) => [k, items.get(k)]));
    },
  };
  return { items, asked, area };
});

vi.mock('../../src/shared/browser.ts', () => ({ browser: { storage: { local: area } } }));

beforeEach(() => {
  items.clear();
  asked.length = 0;
  const a = freshRecord();
  const b = { ...freshRecord(), id: 'b', savedAt: '2026-11-29T00:00:00.000Z' };
  items.set(`annotation:${a.id}`, a);
  items.set('annotation:b', b);
  items.set(`annotation-page:${a.id}`, '<html>a big page</html>');
  items.set('userOptions', {});
});

describe('listRecords', () => {
  test('with getKeys: only the record keys are read, newest first', async () => {
    area.getKeys = async () => [...items.keys()];
    const records = await listRecords();
    expect(records.map((r) => r.id)).toEqual(['b', freshRecord().id]);
    expect(asked).toEqual([[`annotation:${freshRecord().id}`, 'annotation:b']]);
  });

  test('without it: everything is read, the records kept', async () => {
    delete area.getKeys;
    expect((await listRecords()).map((r) => r.id)).toEqual(['b', freshRecord().id]);
    expect(asked).toEqual([null]);
  });

  test('isRecordKey tells records from snapshots and settings', () => {
    expect(isRecordKey('annotation:x')).toBe(true);
    expect(isRecordKey('annotation-page:x')).toBe(false);
    expect(isRecordKey('userOptions')).toBe(false);
  });
});
