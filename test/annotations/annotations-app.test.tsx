// @vitest-environment happy-dom
/**
 * The annotations page against an in-memory storage.local (the keys annotation-store.ts writes): it lists
 * the stored records and follows storage changes, deletes a page's record and snapshot only after "Yes",
 * imports a zip made by packDataset (a stored page stays unless the imported one was saved later; lines
 * that cannot be read are reported), and exports a zip that reads back to the stored records and pages.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AnnotationsApp, exportFileName } from '../../src/annotations/AnnotationsApp.tsx';
import { downloadBlob } from '../../src/popup/download.ts';
import { packDataset, unpackDataset } from '../../src/shared/annotation/dataset-zip.ts';
import type { AnnotationRecord } from '../../src/shared/annotation/record.ts';
import { acceptBody, acceptField, correctField, newRecord, setDone, setPageType } from '../../src/shared/annotation/record.ts';
import { saveRecord } from '../../src/shared/annotation-store.ts';

/** storage.local in memory, with onChanged fired as the browser does (values cloned, as the browser stores them). */
const local = vi.hoisted(() => {
  type Changes = Record<string, { oldValue?: unknown; newValue?: unknown }>;
  type Listener = (changes: Changes, area: string) => void;
  const items = new Map<string, unknown>();
  const listeners = new Set<Listener>();
  const notify = (changes: Changes): void => {
    if (Object.keys(changes).length) for (const l of [...listeners]) l(changes, 'local');
  };
  const keyList = (keys: string | readonly string[]): readonly string[] => (typeof keys === 'string' ? [keys] : keys);
  return {
    items,
    area: {
      get: async (keys: string | readonly string[] | null): Promise<Record<string, unknown>> => {
        const wanted = keys === null ? [...items.keys()] : keyList(keys).filter((k) => items.has(k));
        return Object.fromEntries(wanted.map((k) => [k, structuredClone(items.get(k))]));
      },
      set: async (values: Record<string, unknown>): Promise<void> => {
        const changes: Changes = {};
        for (const [k, v] of Object.entries(values)) {
          changes[k] = { oldValue: items.get(k), newValue: v };
          items.set(k, structuredClone(v));
        }
        notify(changes);
      },
      remove: async (keys: string | readonly string[]): Promise<void> => {
        const changes: Changes = {};
        for (const k of keyList(keys)) if (items.has(k)) changes[k] = { oldValue: items.get(k) };
        for (const k of keyList(keys)) items.delete(k);
        notify(changes);
      },
    },
    onChanged: {
      addListener: (l: Listener): void => void listeners.add(l),
      removeListener: (l: Listener): void => void listeners.delete(l),
    },
  };
});

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('../extension/fake-browser.ts');
  const fake = createFakeBrowser();
  return { browser: { ...fake, storage: { ...fake.storage, local: local.area, onChanged: local.onChanged } } };
});
vi.mock('../../src/popup/download.ts', () => ({ downloadBlob: vi.fn(), downloadText: vi.fn() }));

const recordKey = (id: string): string => `annotation:${id}`;
const snapshotKey = (id: string): string => `annotation-page:${id}`;

/** A fresh record of a page as the extractor read it, saved at `savedAt`. */
function makeRecord(id: string, title: string, savedAt: string, url = `https://news.example/${id}.html`): AnnotationRecord {
  const values = { url, lang: 'en', title, author: 'Ann Writer', source: null, time: '2024-04-30', bodyText: `Body of ${id}.`, noise: [] };
  return { ...newRecord(id, values, '2024-05-01T08:00:00.000Z'), savedAt };
}

/** A page judged in part: title corrected, author right, body right, an article, marked done (4 of 6 verdicts). */
function judged(record: AnnotationRecord): AnnotationRecord {
  let r = correctField(record, 'title', 'The corrected title', null);
  r = acceptField(r, 'author');
  r = acceptBody(r);
  return setDone(setPageType(r, 'article'), true);
}

function store(record: AnnotationRecord, snapshot: string | null = null): void {
  local.items.set(recordKey(record.id), structuredClone(record));
  if (snapshot !== null) local.items.set(snapshotKey(record.id), snapshot);
}

/** Chooses `bytes` as the file of the import input, as the browser's file chooser does. */
function chooseFile(bytes: Uint8Array): void {
  const input = screen.getByLabelText('Import zip…') as HTMLInputElement;
  const file = new File([bytes as Uint8Array<ArrayBuffer>], 'annotations.zip', { type: 'application/zip' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

/** `zip` with `extra` lines appended to its gold.jsonl. */
function withGoldLines(zip: Uint8Array, extra: readonly string[]): Uint8Array {
  const entries = unzipSync(zip);
  const files: Zippable = {};
  for (const [name, data] of Object.entries(entries)) files[name] = data;
  files['gold.jsonl'] = strToU8(strFromU8(entries['gold.jsonl']!) + extra.map((l) => `${l}\n`).join(''));
  return zipSync(files);
}

beforeEach(() => {
  local.items.clear();
  vi.clearAllMocks();
});
afterEach(cleanup);

describe('the annotations page', () => {
  test('lists each stored page: title, link, progress, page type, done, last saved; most recent first', async () => {
    store(judged(makeRecord('older', 'Extracted title', '2024-05-01T09:00:00.000Z')), '<html>older</html>');
    store(makeRecord('newer', '', '2024-05-02T10:30:00.000Z', 'https://news.example/newer.html'));
    // Not annotations: left out of the list.
    local.items.set('uiLanguage', 'en');
    local.items.set(recordKey('broken'), { version: 1, id: 'broken' });
    render(<AnnotationsApp />);

    const rows = await screen.findAllByRole('row');
    const body = rows.slice(1);
    expect(body).toHaveLength(2);
    expect(screen.getByText('2 annotated pages')).toBeTruthy();

    // No title extracted or given: the address stands for it.
    const [newer, older] = body as [HTMLElement, HTMLElement];
    expect(newer.querySelector('.page-title')?.textContent).toBe('https://news.example/newer.html');
    expect(within(newer).getByText('0 of 6')).toBeTruthy();
    expect(within(newer).getByText('Not set')).toBeTruthy();
    expect(within(newer).getByText('In progress')).toBeTruthy();

    expect(older.querySelector('.page-title')?.textContent).toBe('The corrected title');
    const link = within(older).getByRole('link', { name: 'https://news.example/older.html' }) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('https://news.example/older.html');
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
    expect(within(older).getByText('4 of 6')).toBeTruthy();
    expect(within(older).getByText('Article')).toBeTruthy();
    expect(within(older).getByText('Done')).toBeTruthy();
    const time = older.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2024-05-01T09:00:00.000Z');
    expect(time.textContent).toMatch(/2024/);
    expect(document.title).toBe('Article Lens: Annotations');
  });

  test('an address that is no web address is shown, not linked', async () => {
    store(makeRecord('script', 'Odd page', '2024-05-01T09:00:00.000Z', 'javascript:alert(1)'));
    render(<AnnotationsApp />);
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).getByText('javascript:alert(1)').tagName).toBe('SPAN');
    expect(within(row).queryByRole('link')).toBeNull();
  });

  test('with nothing stored, says how to annotate; an annotation saved in another tab shows up', async () => {
    render(<AnnotationsApp />);
    expect(await screen.findByText('Open a page, then choose “Annotate this page” in the popup or the context menu.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export all as zip' }) as HTMLButtonElement).disabled).toBe(true);

    await saveRecord(makeRecord('later', 'Saved elsewhere', '2024-05-03T12:00:00.000Z'));
    expect(await screen.findByText('Saved elsewhere')).toBeTruthy();
    expect(screen.getByText('1 annotated page')).toBeTruthy();
    expect(screen.queryByText('No annotations yet')).toBeNull();
  });

  test('deletes a page only after "Yes": its record and its snapshot', async () => {
    store(makeRecord('keep', 'Keep me', '2024-05-01T09:00:00.000Z'), '<html>keep</html>');
    store(makeRecord('gone', 'Delete me', '2024-05-02T09:00:00.000Z'), '<html>gone</html>');
    render(<AnnotationsApp />);

    const deleteButton = await screen.findByRole('button', { name: 'Delete the annotation of “Delete me”' });
    fireEvent.click(deleteButton);
    const group = screen.getByRole('group', { name: 'Delete the annotation of “Delete me”?' });
    expect(group.textContent).toContain('Delete?');
    const no = within(group).getByRole('button', { name: 'No' });
    await waitFor(() => expect(document.activeElement).toBe(no));
    fireEvent.click(no);
    expect(screen.queryByRole('group')).toBeNull();
    expect(local.items.has(recordKey('gone'))).toBe(true);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Delete the annotation of “Delete me”'));

    // Escape takes the question back too.
    fireEvent.click(screen.getByRole('button', { name: 'Delete the annotation of “Delete me”' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'No' }), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete the annotation of “Delete me”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Deleted the annotation of “Delete me”.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Delete me')).toBeNull());
    expect(local.items.has(recordKey('gone'))).toBe(false);
    expect(local.items.has(snapshotKey('gone'))).toBe(false);
    expect(local.items.has(recordKey('keep'))).toBe(true);
    expect(local.items.has(snapshotKey('keep'))).toBe(true);
    expect(screen.getByText('Keep me')).toBeTruthy();
  });

  test('imports a zip: stores records and snapshots, keeps a page saved later here, reports lines it cannot read', async () => {
    const fresh = judged(makeRecord('fresh', 'Fresh page', '2024-05-04T09:00:00.000Z'));
    const noSnapshot = makeRecord('bare', 'No snapshot', '2024-05-04T09:00:00.000Z');
    const stale = makeRecord('stale', 'Imported stale', '2024-05-01T09:00:00.000Z');
    const newer = makeRecord('newer', 'Imported newer', '2024-05-05T09:00:00.000Z');
    // Stored here: "stale" saved after the export was made, "newer" before it.
    store(makeRecord('stale', 'Stored stale', '2024-05-02T09:00:00.000Z'), '<html>stored stale</html>');
    store(makeRecord('newer', 'Stored newer', '2024-05-03T09:00:00.000Z'), '<html>stored newer</html>');
    const zip = packDataset([
      { record: fresh, snapshot: '<html>fresh 新闻</html>' },
      { record: noSnapshot, snapshot: null },
      { record: stale, snapshot: '<html>imported stale</html>' },
      { record: newer, snapshot: '<html>imported newer</html>' },
    ]);
    const malformed = JSON.stringify({ id: 'x', annotation: { ...makeRecord('x', 'X', '2024-05-01T09:00:00.000Z'), version: 99 } });
    render(<AnnotationsApp />);
    await screen.findByText('Stored stale');

    chooseFile(withGoldLines(zip, ['{not json', malformed]));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Imported 3 pages.'));
    expect(status.textContent).toContain('1 page was kept as it was');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['gold.jsonl:5: not JSON', 'gold.jsonl:6: version 99, expected 1']);

    expect(local.items.get(recordKey('fresh'))).toEqual(fresh);
    expect(local.items.get(snapshotKey('fresh'))).toBe('<html>fresh 新闻</html>');
    expect(local.items.get(recordKey('bare'))).toEqual(noSnapshot);
    expect(local.items.has(snapshotKey('bare'))).toBe(false);
    expect((local.items.get(recordKey('stale')) as AnnotationRecord).fields.title.extracted).toBe('Stored stale');
    expect(local.items.get(snapshotKey('stale'))).toBe('<html>stored stale</html>');
    expect(local.items.get(recordKey('newer'))).toEqual(newer);
    expect(local.items.get(snapshotKey('newer'))).toBe('<html>imported newer</html>');

    // The list follows: the imported pages are rows now.
    expect(await screen.findByText('The corrected title')).toBeTruthy();
    expect(screen.getByText('4 annotated pages')).toBeTruthy();
    expect((screen.getByLabelText('Import zip…') as HTMLInputElement).value).toBe('');
  });

  test('a file that is no zip imports nothing and says why', async () => {
    render(<AnnotationsApp />);
    await screen.findByText('No annotations yet');
    chooseFile(strToU8('just text'));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Imported 0 pages.'));
    expect(status.textContent).toContain('not a zip file');
    expect([...local.items.keys()]).toEqual([]);
  });

  test('exports every record with its snapshot as a zip that reads back the same', async () => {
    const a = judged(makeRecord('page-a', 'Page A', '2024-05-01T09:00:00.000Z'));
    const b = makeRecord('page-b', 'Page B', '2024-05-02T09:00:00.000Z');
    store(a, '<html>页面 A</html>');
    store(b);
    render(<AnnotationsApp />);
    await screen.findByText('Page B');

    fireEvent.click(screen.getByRole('button', { name: 'Export all as zip' }));
    await waitFor(() => expect(downloadBlob).toHaveBeenCalledTimes(1));
    const [doc, fileName, blob] = vi.mocked(downloadBlob).mock.calls[0]!;
    expect(doc).toBe(document);
    expect(fileName).toMatch(/^article-lens-annotations-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(blob.type).toBe('application/zip');
    expect(await screen.findByText(`Exported as ${fileName}.`)).toBeTruthy();

    const { pages, problems } = unpackDataset(new Uint8Array(await blob.arrayBuffer()));
    expect(problems).toEqual([]);
    const byId = [...pages].sort((x, y) => x.record.id.localeCompare(y.record.id));
    expect(byId).toEqual([
      { record: a, snapshot: '<html>页面 A</html>' },
      { record: b, snapshot: null },
    ]);
  });
});

describe('helpers', () => {
  test('the export is named by the local day', () => {
    expect(exportFileName(new Date(2024, 0, 5, 23, 59))).toBe('article-lens-annotations-2024-01-05.zip');
  });

  test('a save time that is no time, or lies in the future, is refused with its reason: newer work here stays', async () => {
    store(makeRecord('mine', 'Stored here', '2024-05-03T09:00:00.000Z'), '<html>mine</html>');
    const aheadOfClock = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const zip = packDataset([
      { record: makeRecord('mine', 'Far future', '+275760-09-13T00:00:00.000Z'), snapshot: '<html>forged</html>' },
      { record: makeRecord('other', 'Not a time', '~forged'), snapshot: null },
      { record: makeRecord('ahead', 'Two days ahead', aheadOfClock), snapshot: null },
      // An offset other than Z is a time like any other.
      { record: makeRecord('offset', 'With an offset', '2024-05-02T01:00:00+02:00'), snapshot: null },
    ]);
    render(<AnnotationsApp />);
    await screen.findByText('Stored here');
    chooseFile(zip);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Imported 1 page.'));
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^mine: its save time “\+275760-09-13T00:00:00\.000Z” is not a real time or lies in the future/),
      expect.stringMatching(/^other: its save time “~forged” is not a real time/),
      expect.stringMatching(/^ahead: its save time “.+” is not a real time or lies in the future \(check that computer’s clock\)/),
    ]);
    expect((local.items.get(recordKey('mine')) as AnnotationRecord).fields.title.extracted).toBe('Stored here');
    expect(local.items.get(snapshotKey('mine'))).toBe('<html>mine</html>');
    expect(local.items.has(recordKey('other'))).toBe(false);
    expect(local.items.has(recordKey('ahead'))).toBe(false);
    expect(local.items.has(recordKey('offset'))).toBe(true);
  });

  test('600 pages import in a few writes, the status saying how far it is', async () => {
    const pages = Array.from({ length: 600 }, (_, i) => ({
      record: makeRecord(`page-${i}`, `Page ${i}`, '2024-05-04T09:00:00.000Z'),
      snapshot: i % 10 ? null : `<html>page ${i}</html>`,
    }));
    render(<AnnotationsApp />);
    await screen.findByText('No annotations yet');
    const writes = vi.spyOn(local.area, 'set');
    const status = screen.getByRole('status');
    const seen = new Set<string>();
    const watcher = new MutationObserver(() => seen.add(status.textContent ?? ''));
    watcher.observe(status, { subtree: true, childList: true, characterData: true });
    chooseFile(packDataset(pages));
    await waitFor(() => expect(status.textContent).toContain('Imported 600 pages.'));
    watcher.disconnect();
    expect(writes.mock.calls.length).toBeLessThanOrEqual(5);
    expect([...seen].some((text) => /^Importing: \d+ of 600 pages done…$/.test(text))).toBe(true);
    expect([...local.items.keys()].filter((k) => k.startsWith('annotation:'))).toHaveLength(600);
    expect(local.items.get(snapshotKey('page-10'))).toBe('<html>page 10</html>');
    expect(await screen.findByText('600 annotated pages')).toBeTruthy();
  });
});
