/**
 * Annotation mode's content-script side: opens the panel on the last extraction (the one the popup shows),
 * resuming the page's stored annotation when there is one, and stores every change the panel makes. The
 * page's snapshot (what an export holds as `pages/<id>.html`) is taken when the page is first annotated and
 * again when the annotator marks it done, by then with whatever the page loaded lazily. Another tab
 * annotating the same page stores the same record: each store merges with what is stored, part by part,
 * and each tab shows the other's verdicts as they are stored.
 */
import type { Article } from '../core/types.ts';
import { pageId } from '../shared/annotation/page-id.ts';
import type { AnnotationRecord, ExtractedValues } from '../shared/annotation/record.ts';
import { newRecord, progress } from '../shared/annotation/record.ts';
import { mergeRecords, sameParts, stampChanges } from '../shared/annotation/record-merge.ts';
import { hasSnapshot, loadRecord, saveRecord, saveSnapshot, watchRecord } from '../shared/annotation-store.ts';
import { snapshotPage } from '../platform/page-snapshot.ts';
import { annotationLabels } from './annotation-labels.ts';
import type { AnnotationHooks } from '../overlay/annotate/session.ts';
import type { AnnotationLabels } from '../overlay/annotate/labels.ts';
import { fillIn } from '../overlay/annotate/labels.ts';

/** What annotation mode needs of the overlay (overlay-control.ts gives it). */
export interface AnnotationView {
  annotate(article: Article, record: AnnotationRecord, hooks: AnnotationHooks): Promise<void>;
  stopAnnotating(): void;
}

export function extractedValues(article: Article, url: string): ExtractedValues {
  return {
    url,
    lang: article.lang,
    title: article.title,
    author: article.author,
    source: article.source,
    time: article.publishedTime.iso,
    bodyText: article.body.text,
    noise: article.noise.map((n) => ({ kind: n.kind, ref: n.ref, inBody: n.inBody, removed: n.removed })),
  };
}

/** Largest snapshot stored, in characters (a page this big is rare; storing it would stall the tab). */
export const MAX_SNAPSHOT_CHARS = 32 * 2 ** 20;

/** Takes and stores the page's snapshot; the reason when it could not, else null. */
async function storeSnapshot(id: string, labels: AnnotationLabels): Promise<string | null> {
  try {
    const { html } = snapshotPage(document);
    if (html.length > MAX_SNAPSHOT_CHARS) return fillIn(labels.snapshotNotSaved, `${Math.round(html.length / 2 ** 20)} MB`);
    await saveSnapshot(id, html);
    return null;
  } catch (e) {
    return fillIn(labels.snapshotNotSaved, e instanceof Error ? e.message : String(e));
  }
}

export async function annotatePage(
  article: Article,
  overlay: AnnotationView,
): Promise<{ readonly id: string; readonly resumed: boolean; readonly given: number }> {
  const url = location.href.replace(/#.*$/, '');
  const id = pageId(url);
  const stored = await loadRecord(id);
  const record = stored ?? newRecord(id, extractedValues(article, url), new Date().toISOString());
  if (!stored) await saveRecord(record);
  const labels = annotationLabels();
  // The snapshot is not worth an annotation: one that cannot be stored is said, and annotating goes on.
  const notice = (await hasSnapshot(id)) ? null : await storeSnapshot(id, labels);
  let done = record.done;
  /** What this tab stored last: another tab's write that lost any of it (two writes at once) is mended. */
  let mine = record;
  await overlay.annotate(article, record, {
    labels,
    now: () => new Date(),
    onClose: () => overlay.stopAnnotating(),
    ...(notice ? { notice } : {}),
    watch: (show) =>
      watchRecord(id, (stored) => {
        const merged = mergeRecords(stored, mine);
        if (!sameParts(merged, stored)) void saveRecord(merged).catch(() => undefined);
        show(stored);
      }),
    save: async (next: AnnotationRecord) => {
      // Another tab may have stored this page since: its changes stay, part by part (record-merge.ts).
      mine = stampChanges(mine, next, new Date().toISOString());
      const stored = await loadRecord(id);
      await saveRecord(stored ? mergeRecords(stored, mine) : mine);
      // Marked done: the snapshot is taken again, with what the page has loaded since.
      const notice = next.done && !done ? await storeSnapshot(id, labels) : null;
      done = next.done;
      return notice;
    },
  });
  return { id, resumed: stored !== null, given: progress(record).given };
}
