/**
 * A large export does not freeze the annotations page: twenty annotated pages with a snapshot of about
 * 2.4 MB each (a long page's DOM) are packed in slices, with the page's thread given back between them,
 * and the zip holds every page. The page's main-thread tasks during the export are traced (task-trace.ts):
 * no task does FROZEN_TASK_MS of its own work. Packing it all at once, as the page did before, was one
 * task of the whole export (1.1 s of thread time here, against 55 ms sliced: 2026-11-28).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from 'vitest';
import type { AnnotationRecord } from '../../src/shared/annotation/record.ts';
import { freshRecord } from '../extension/annotation/annotation-fixture.ts';
import { RESULTS, useExtension } from './support/fixture.ts';
import { traceTasks } from './support/task-trace.ts';

const fixture = useExtension();

const PAGES = 20;
/** The long-tasks test's bound for a frozen tab: a task of our own work this long is one. */
const FROZEN_TASK_MS = 200;

/** A long page's snapshot: about 2.4 MB of UTF-8, different for each page. */
function snapshotOf(i: number): string {
  const rows = Array.from({ length: 30_000 }, (_, k) => `<p id="p${k}">Page ${i}, paragraph ${k}: 河边的图书馆开门了。</p>`);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Page ${i}</title></head><body>${rows.join('\n')}</body></html>`;
}

test('exporting twenty pages of 2.4 MB snapshots leaves the annotations page responsive, and the zip holds them all', async () => {
  const { session } = fixture;
  const list = await session.context.newPage();
  await list.goto(`chrome-extension://${session.extensionId}/src/annotations/index.html`);
  const records: AnnotationRecord[] = Array.from({ length: PAGES }, (_, i) => ({ ...freshRecord(), id: `long-page-${i}` }));
  for (const [i, record] of records.entries()) {
    await list.evaluate(
      async ([r, html]) => {
        await chrome.storage.local.set({ [`annotation:${r.id}`]: r, [`annotation-page:${r.id}`]: html });
      },
      [record, snapshotOf(i)] as const,
    );
  }
  await list.reload();
  await expect.poll(() => list.locator('tbody tr').count()).toBe(PAGES);

  let zipPath = '';
  const trace = await traceTasks(session.context, list, async () => {
    const [download] = await Promise.all([list.waitForEvent('download'), list.getByRole('button', { name: /Export all/ }).click()]);
    zipPath = join(RESULTS, 'annotations-export-large.zip');
    await download.saveAs(zipPath);
  });
  console.log(
    `export of ${PAGES} pages: ${trace.count} tasks, longest ${trace.maxWallMs.toFixed(0)} ms wall, ` +
      `${trace.maxThreadMs.toFixed(0)} ms thread, ${trace.maxOwnMs.toFixed(0)} ms own work, GC ${trace.maxGcMs.toFixed(0)} ms`,
  );
  expect(trace.maxOwnMs).toBeLessThan(FROZEN_TASK_MS);

  const files = unzipSync(new Uint8Array(await readFile(zipPath)));
  const gold = strFromU8(files['gold.jsonl'] ?? new Uint8Array())
    .trim()
    .split('\n');
  expect(gold).toHaveLength(PAGES);
  for (const i of [0, PAGES - 1]) expect(strFromU8(files[`pages/long-page-${i}.html`] ?? new Uint8Array())).toBe(snapshotOf(i));
  await list.close();
});
