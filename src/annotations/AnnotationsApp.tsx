/**
 * The annotations page (annotation mode): every page annotated in this browser, one row each (title, the
 * page's address to go on annotating it, progress, page type, done or not, last saved), with a delete per
 * row that asks again in place (no modal dialog to trap the keyboard); an export of all of them as one zip
 * in the dataset format (dataset-zip.ts), which `article-lens eval` and `train-date` read as it is; and an
 * import of such a zip, so that annotating goes on in another browser. The list follows storage.local, so
 * a page annotated in another tab shows up as it is saved. Keyboard only works throughout (native buttons,
 * a labelled file input, visible focus).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { downloadBlob } from '../popup/download.ts';
import type { MessageKey } from '../popup/i18n.ts';
import { t, uiLanguage } from '../popup/i18n.ts';
import { deleteAnnotation, isRecordKey, listRecords, loadSnapshot } from '../shared/annotation-store.ts';
import type { AnnotatedPage } from '../shared/annotation/dataset-zip.ts';
import { MAX_IMPORT_BYTES, packDatasetSteps, unpackDataset } from '../shared/annotation/dataset-zip.ts';
import type { AnnotationRecord, PageType } from '../shared/annotation/record.ts';
import { progress } from '../shared/annotation/record.ts';
import type { Storage } from '../shared/browser.ts';
import { browser } from '../shared/browser.ts';
import { storePages } from './import-pages.ts';

const PAGE_TYPE_TEXT: Readonly<Record<PageType, MessageKey>> = {
  article: 'annotPageTypesArticle',
  index: 'annotPageTypesIndex',
  'not-article': 'annotPageTypesNotArticle',
};

/** What the last action did, shown in the live region above the list. */
type Status =
  | { readonly kind: 'reading' }
  | { readonly kind: 'importing'; readonly done: number; readonly total: number }
  | { readonly kind: 'exported'; readonly fileName: string }
  | { readonly kind: 'imported'; readonly imported: number; readonly kept: number; readonly problems: readonly string[] }
  | { readonly kind: 'deleted'; readonly title: string }
  | { readonly kind: 'failed'; readonly text: string };

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Chrome's i18n has no plurals: English needs "1 page" apart from "2 pages" (Chinese says both alike). */
const counted = (n: number, one: MessageKey, many: MessageKey): string => (n === 1 ? t(one) : t(many, n));

/** The title to list a page by: the annotator's, else the extractor's, else the address. */
export function pageTitle(record: AnnotationRecord): string {
  return record.fields.title.value || record.fields.title.extracted || record.url;
}

/** The export's file name, dated by the annotator's own calendar day. */
export function exportFileName(now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `article-lens-annotations-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.zip`;
}

/** Only web addresses become links: an imported record's url could say `javascript:`. */
function openable(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function savedTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  try {
    return new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  } catch {
    // A language tag Intl does not take: the ISO time still says when.
    return iso;
  }
}

/**
 * The stored records, re-listed whenever storage.local changes. An import writes two keys a page, and every
 * listing reads all of storage.local (snapshots included), so changes that arrive while a listing runs
 * ask for one more listing afterwards instead of one each.
 */
function useRecords(): {
  readonly records: readonly AnnotationRecord[] | null;
  readonly error: string | null;
  readonly relist: () => void;
} {
  const [records, setRecords] = useState<readonly AnnotationRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const listing = useRef({ running: false, again: false });
  const relist = useCallback((): void => {
    const state = listing.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    void (async () => {
      do {
        state.again = false;
        try {
          setRecords(await listRecords());
          setError(null);
        } catch (e) {
          setError(errorText(e));
        }
      } while (state.again);
      state.running = false;
    })();
  }, []);
  useEffect(() => {
    relist();
    // Only a record's change changes the list (not a snapshot, a setting, or the link titles).
    const onChanged = (changes: Record<string, Storage.StorageChange>, area: string): void => {
      if (area === 'local' && Object.keys(changes).some(isRecordKey)) relist();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, [relist]);
  return { records, error, relist };
}

/** "Delete", then "Delete? Yes / No" in its place; focus follows, so the keyboard never loses its place. */
function DeleteControl({ title, onConfirm }: { readonly title: string; readonly onConfirm: () => Promise<boolean> }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const noButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // A layout effect: the button that had the focus is gone already, and the focus must not wait a frame.
  useLayoutEffect(() => {
    if (confirming) noButton.current?.focus();
    else if (asked.current) deleteButton.current?.focus();
  }, [confirming]);
  if (!confirming)
    return (
      <button
        ref={deleteButton}
        type="button"
        class="button secondary"
        data-action="delete"
        aria-label={t('annListDeleteNamed', title)}
        onClick={() => {
          asked.current = true;
          setConfirming(true);
        }}
      >
        {t('annListDelete')}
      </button>
    );
  const yes = async (): Promise<void> => {
    setBusy(true);
    // On success the row goes away with this control; on failure the question goes away, the message stays.
    if (!(await onConfirm())) {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <span
      class="confirm"
      role="group"
      aria-label={t('annListConfirmNamed', title)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setConfirming(false);
      }}
    >
      <span class="confirm-question">{t('annListConfirm')}</span>
      <button type="button" class="button danger" data-action="confirm-delete" disabled={busy} onClick={() => void yes()}>
        {t('annListYes')}
      </button>
      <button ref={noButton} type="button" class="button secondary" data-action="cancel-delete" onClick={() => setConfirming(false)}>
        {t('annListNo')}
      </button>
    </span>
  );
}

function Row({ record, onDelete }: { readonly record: AnnotationRecord; readonly onDelete: (r: AnnotationRecord) => Promise<boolean> }) {
  const title = pageTitle(record);
  const { given, total } = progress(record);
  return (
    <tr data-id={record.id}>
      <th scope="row" class="page">
        <span class="page-title">{title}</span>
        {openable(record.url) ? (
          <a class="page-url" href={record.url} target="_blank" rel="noopener noreferrer" title={t('annListOpenPage')}>
            {record.url}
          </a>
        ) : (
          <span class="page-url">{record.url}</span>
        )}
      </th>
      <td class="progress" data-given={given} data-total={total}>
        {t('annListProgress', given, total)}
      </td>
      <td class="type">{record.pageType ? t(PAGE_TYPE_TEXT[record.pageType]) : t('annListNoType')}</td>
      <td class="done" data-done={record.done}>
        {record.done ? t('annListDone') : t('annListInProgress')}
      </td>
      <td class="saved">
        <time dateTime={record.savedAt}>{savedTime(record.savedAt)}</time>
      </td>
      <td class="actions">
        <DeleteControl title={title} onConfirm={() => onDelete(record)} />
      </td>
    </tr>
  );
}

function StatusText({ status }: { readonly status: Status | null }) {
  if (!status) return null;
  switch (status.kind) {
    case 'reading':
      return <p>{t('annListReading')}</p>;
    case 'importing':
      return <p>{t('annListImporting', status.done, status.total)}</p>;
    case 'exported':
      return <p>{t('annListExported', status.fileName)}</p>;
    case 'deleted':
      return <p>{t('annListDeleted', status.title)}</p>;
    case 'failed':
      return <p class="error">{status.text}</p>;
    case 'imported':
      return (
        <>
          <p>
            {counted(status.imported, 'annListImportedOne', 'annListImported')}
            {status.kept ? ` ${counted(status.kept, 'annListKeptOne', 'annListKept')}` : ''}
          </p>
          {status.problems.length > 0 && (
            <>
              <p class="error">{t('annListProblems')}</p>
              <ul class="problems">
                {status.problems.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            </>
          )}
        </>
      );
  }
}

function RecordTable({
  records,
  onDelete,
}: {
  readonly records: readonly AnnotationRecord[];
  readonly onDelete: (r: AnnotationRecord) => Promise<boolean>;
}) {
  return (
    <div class="table-wrap">
      <table class="records">
        <caption class="visually-hidden">{t('annListTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('annListColPage')}</th>
            <th scope="col">{t('annListColProgress')}</th>
            <th scope="col">{t('annListColType')}</th>
            <th scope="col">{t('annListColStatus')}</th>
            <th scope="col">{t('annListColSaved')}</th>
            <th scope="col">
              <span class="visually-hidden">{t('annListColActions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <Row key={r.id} record={r} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Longest stretch of packing before the page gets its thread back (clicks, scrolling, the busy state). */
const PACK_SLICE_MS = 40;

/** The export's zip, packed in slices of about PACK_SLICE_MS with the page's thread given back between them. */
async function packSliced(pages: readonly AnnotatedPage[]): Promise<Uint8Array> {
  const steps = packDatasetSteps(pages);
  let start = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - start >= PACK_SLICE_MS) {
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      start = performance.now();
    }
  }
}

export function AnnotationsApp() {
  const { records, error, relist } = useRecords();
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.documentElement.lang = uiLanguage();
    document.title = `${t('appName')}: ${t('annListTitle')}`;
  }, []);

  const exportAll = async (): Promise<void> => {
    setBusy('export');
    setStatus(null);
    try {
      // Read afresh rather than from the list shown: a page saved in another tab a moment ago belongs in it.
      const pages: AnnotatedPage[] = [];
      for (const record of await listRecords()) pages.push({ record, snapshot: await loadSnapshot(record.id) });
      const zip = await packSliced(pages);
      const fileName = exportFileName(new Date());
      // fflate allocates a plain ArrayBuffer (never shared memory), which is what a Blob part must be.
      downloadBlob(document, fileName, new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
      setStatus({ kind: 'exported', fileName });
    } catch (e) {
      setStatus({ kind: 'failed', text: t('annListExportFailed', errorText(e)) });
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (input: HTMLInputElement): Promise<void> => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy('import');
    setStatus(null);
    try {
      // Checked before reading: a file this large would be read into memory only to be refused.
      if (file.size > MAX_IMPORT_BYTES) {
        setStatus({ kind: 'failed', text: t('annListTooLarge', MAX_IMPORT_BYTES / 2 ** 20) });
        return;
      }
      setStatus({ kind: 'reading' });
      const zip = new Uint8Array(await file.arrayBuffer());
      const { pages, problems } = unpackDataset(zip);
      const stored = await storePages(pages, Date.now(), (done, total) => setStatus({ kind: 'importing', done, total }));
      setStatus({ kind: 'imported', imported: stored.imported, kept: stored.kept, problems: [...problems, ...stored.problems] });
    } catch (e) {
      setStatus({ kind: 'failed', text: t('annListImportFailed', errorText(e)) });
    } finally {
      // So that choosing the same file again (after fixing it) is a change again.
      input.value = '';
      setBusy(null);
    }
  };

  const remove = async (record: AnnotationRecord): Promise<boolean> => {
    try {
      await deleteAnnotation(record.id);
    } catch (e) {
      setStatus({ kind: 'failed', text: t('annListDeleteFailed', errorText(e)) });
      return false;
    }
    setStatus({ kind: 'deleted', title: pageTitle(record) });
    relist();
    // The focused Yes button goes with its row: the heading takes the focus, at the top of what is left.
    heading.current?.focus();
    return true;
  };

  return (
    <main class="annotations">
      <h1 ref={heading} tabIndex={-1}>
        {t('annListTitle')}
      </h1>
      <p class="intro">{t('annListIntro')}</p>
      <div class="toolbar">
        <button
          type="button"
          class="button"
          data-action="export"
          disabled={!records?.length || busy !== null}
          aria-busy={busy === 'export'}
          onClick={() => void exportAll()}
        >
          {t('annListExport')}
        </button>
        <span class="count">{records ? counted(records.length, 'annListCountOne', 'annListCount') : ''}</span>
        <label class="button secondary import" aria-busy={busy === 'import'}>
          {t('annListImport')}
          <input
            type="file"
            class="visually-hidden"
            accept=".zip,application/zip"
            data-action="import"
            disabled={busy !== null}
            onChange={(e) => void importFile(e.currentTarget)}
          />
        </label>
      </div>
      <p class="help">{t('annListImportHelp')}</p>
      <div class="status" role="status" aria-live="polite" data-status={status?.kind ?? 'idle'}>
        <StatusText status={status} />
      </div>
      {error && (
        <p class="error" role="alert">
          {t('annListReadFailed', error)}
        </p>
      )}
      {records === null ? (
        !error && <p class="loading">{t('annListLoading')}</p>
      ) : records.length === 0 ? (
        <section class="empty">
          <h2>{t('annListEmptyHeading')}</h2>
          <p>{t('annListEmpty')}</p>
        </section>
      ) : (
        <RecordTable records={records} onDelete={remove} />
      )}
    </main>
  );
}
