/**
 * An annotator's verdicts and corrections on one page (issue 15, annotation mode): what the extractor said
 * for each field, whether it was right, and the right value when it was not. Pure data and pure updates,
 * no DOM and no extension API: the on-page panel edits a record, the content script stores it, the
 * annotations page exports it as a gold line of `../shared/datasets` (gold-line.ts).
 *
 * A field's gold value follows from its verdict: "right" makes the extracted value the gold one, a
 * correction (picked, typed, or "none on this page") gives it, "wrong" without a correction yet leaves
 * the gold value unknown (null, "not annotated" in the dataset format) while still recording the miss.
 */
import { normalizeSpace } from '../../core/text/normalize.ts';
import type { NodeRef } from '../../core/types.ts';

export const RECORD_VERSION = 1;

export type FieldName = 'title' | 'author' | 'source' | 'date';
export const FIELD_NAMES: readonly FieldName[] = ['title', 'author', 'source', 'date'];

/** Whether the extractor was right: null until the annotator says. */
export type Verdict = 'right' | 'wrong' | null;

/** What the page is: only an article has a body and metadata to score. */
export type PageType = 'article' | 'index' | 'not-article';
export const PAGE_TYPES: readonly PageType[] = ['article', 'index', 'not-article'];

export interface FieldAnnotation {
  /** What the extractor gave ('' when it found none). */
  readonly extracted: string;
  readonly verdict: Verdict;
  /** The right value: '' = the page states none; null = not known yet. */
  readonly value: string | null;
  /** The element the right value was picked from, if it was picked. */
  readonly picked: NodeRef | null;
  readonly note: string;
}

/** The date field also keeps the full time, when known (`datetime` of the dataset format). */
export interface DateAnnotation extends FieldAnnotation {
  readonly extractedDatetime: string;
  readonly datetime: string | null;
}

/** A block of the page the annotator added to the body or removed from it. */
export interface BodyEdit {
  readonly ref: NodeRef;
  /** Its text, blocks separated by newlines, as the page rendered it. */
  readonly text: string;
  /**
   * Where an added block goes among the body's lines: the number of lines of the body (as it stands before
   * the additions) that come before it on the page. Unused for removals.
   */
  readonly at: number;
}

export interface BodyAnnotation {
  /** The extracted body text, blocks separated by newlines. */
  readonly extracted: string;
  readonly verdict: Verdict;
  /** The element picked to replace the body as a whole, with its text; null keeps the extracted body. */
  readonly replaced: BodyEdit | null;
  readonly added: readonly BodyEdit[];
  readonly removed: readonly BodyEdit[];
  readonly note: string;
}

/** One noise block the extractor reported, with the annotator's verdict on it. */
export interface NoiseAnnotation {
  readonly kind: string;
  readonly ref: NodeRef;
  /** Whether it lies inside the body's root, and whether the extractor removed it from the body. */
  readonly inBody: boolean;
  readonly removed: boolean;
  readonly verdict: Verdict;
}

export interface AnnotationRecord {
  readonly version: number;
  /** File-name-safe id of the page (page-id.ts), the name of its snapshot in an export. */
  readonly id: string;
  readonly url: string;
  readonly lang: string | null;
  readonly pageType: PageType | null;
  readonly fields: { readonly [F in Exclude<FieldName, 'date'>]: FieldAnnotation } & { readonly date: DateAnnotation };
  readonly body: BodyAnnotation;
  readonly noise: readonly NoiseAnnotation[];
  /** ISO times. */
  readonly startedAt: string;
  readonly savedAt: string;
  /**
   * When each part (page type, a field, the body, a noise block, done) last changed, ISO by part name, so
   * that two tabs' copies merge part by part (record-merge.ts). Absent in records from before it was kept.
   */
  readonly changedAt?: Readonly<Record<string, string>>;
  /** The annotator said the page is done. */
  readonly done: boolean;
}

/** The extractor's answer a record starts from (a slice of Article, so that this module needs no core). */
export interface ExtractedValues {
  readonly url: string;
  readonly lang: string | null;
  readonly title: string | null;
  readonly author: string | null;
  readonly source: string | null;
  /** Publication time as ISO (a day or a full time), or null. */
  readonly time: string | null;
  readonly bodyText: string;
  readonly noise: readonly { readonly kind: string; readonly ref: NodeRef; readonly inBody: boolean; readonly removed: boolean }[];
}

function field(extracted: string | null): FieldAnnotation {
  return { extracted: extracted ?? '', verdict: null, value: null, picked: null, note: '' };
}

export function newRecord(id: string, values: ExtractedValues, now: string): AnnotationRecord {
  const time = values.time ?? '';
  return {
    version: RECORD_VERSION,
    id,
    url: values.url,
    lang: values.lang,
    pageType: null,
    fields: {
      title: field(values.title),
      author: field(values.author),
      source: field(values.source),
      date: { ...field(isoDay(time)), extractedDatetime: time, datetime: null },
    },
    body: { extracted: values.bodyText, verdict: null, replaced: null, added: [], removed: [], note: '' },
    noise: values.noise.map((n) => ({ kind: n.kind, ref: n.ref, inBody: n.inBody, removed: n.removed, verdict: null })),
    startedAt: now,
    savedAt: now,
    done: false,
  };
}

/** The day of an ISO time (`2019-09-07T13:43:45+08:00` → `2019-09-07`), or '' for none. */
export function isoDay(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0] ?? '';
}

const sameText = (a: string, b: string): boolean => normalizeSpace(a) === normalizeSpace(b);

type Fields = AnnotationRecord['fields'];

function withField<F extends FieldName>(record: AnnotationRecord, name: F, next: Fields[F]): AnnotationRecord {
  return { ...record, fields: { ...record.fields, [name]: next } };
}

/** ✓: the extracted value is the right one (an empty one says the page states none). */
export function acceptField(record: AnnotationRecord, name: FieldName): AnnotationRecord {
  const f = record.fields[name];
  if (name === 'date') {
    const d = record.fields.date;
    return withField(record, 'date', { ...d, verdict: 'right', value: d.extracted, datetime: d.extractedDatetime, picked: null });
  }
  return withField(record, name, { ...f, verdict: 'right', value: f.extracted, picked: null });
}

/** ✗: the extracted value is wrong; the right one is not known until it is picked or typed. */
export function rejectField(record: AnnotationRecord, name: FieldName): AnnotationRecord {
  const f = record.fields[name];
  const keeps = f.verdict === 'wrong';
  if (name === 'date') {
    const d = record.fields.date;
    return withField(record, 'date', { ...d, verdict: 'wrong', value: keeps ? d.value : null, datetime: keeps ? d.datetime : null });
  }
  return withField(record, name, { ...f, verdict: 'wrong', value: keeps ? f.value : null });
}

/**
 * The right value, picked from an element or typed ('' = "none on this page"); the verdict follows from
 * whether it is the extracted one. For the date, `value` is the day and `datetime` the full time if known.
 */
export function correctField(
  record: AnnotationRecord,
  name: FieldName,
  value: string,
  picked: NodeRef | null,
  datetime: string | null = null,
): AnnotationRecord {
  const f = record.fields[name];
  const verdict: Verdict = sameText(value, f.extracted) ? 'right' : 'wrong';
  if (name === 'date')
    return withField(record, 'date', { ...record.fields.date, verdict, value, picked, datetime: datetime ?? (value || '') });
  return withField(record, name, { ...f, verdict, value: value.trim(), picked });
}

export function noteField(record: AnnotationRecord, name: FieldName | 'body', note: string): AnnotationRecord {
  if (name === 'body') return { ...record, body: { ...record.body, note } };
  return withField(record, name, { ...record.fields[name], note });
}

/** Clears a field's verdict and correction (undo). */
export function resetField(record: AnnotationRecord, name: FieldName | 'body'): AnnotationRecord {
  if (name === 'body') return { ...record, body: { ...record.body, verdict: null, replaced: null, added: [], removed: [] } };
  const f = record.fields[name];
  if (name === 'date')
    return withField(record, 'date', { ...record.fields.date, verdict: null, value: null, picked: null, datetime: null });
  return withField(record, name, { ...f, verdict: null, value: null, picked: null });
}

export function setPageType(record: AnnotationRecord, pageType: PageType | null): AnnotationRecord {
  return { ...record, pageType };
}

export function setDone(record: AnnotationRecord, done: boolean): AnnotationRecord {
  return { ...record, done };
}

export function setNoiseVerdict(record: AnnotationRecord, index: number, verdict: Verdict): AnnotationRecord {
  return { ...record, noise: record.noise.map((n, i) => (i === index ? { ...n, verdict } : n)) };
}

/** ✓ on the body: the extracted body is right as it is. */
export function acceptBody(record: AnnotationRecord): AnnotationRecord {
  return { ...record, body: { ...record.body, verdict: 'right', replaced: null, added: [], removed: [] } };
}

/** ✗ on the body, keeping any edits made so far. */
export function rejectBody(record: AnnotationRecord): AnnotationRecord {
  return { ...record, body: { ...record.body, verdict: 'wrong' } };
}

const sameRef = (a: BodyEdit, b: BodyEdit): boolean => a.ref.selector === b.ref.selector;

/** The picked element replaces the body as a whole (the extractor found the wrong region). */
export function replaceBody(record: AnnotationRecord, edit: BodyEdit): AnnotationRecord {
  return { ...record, body: { ...record.body, verdict: 'wrong', replaced: edit, added: [], removed: [] } };
}

/** Adds a block to the body; picking an added block again takes it out. */
export function toggleAddedBlock(record: AnnotationRecord, edit: BodyEdit): AnnotationRecord {
  const b = record.body;
  const added = b.added.some((e) => sameRef(e, edit)) ? b.added.filter((e) => !sameRef(e, edit)) : [...b.added, edit];
  return { ...record, body: { ...b, verdict: 'wrong', added } };
}

/** Removes a block from the body; picking a removed block again puts it back. */
export function toggleRemovedBlock(record: AnnotationRecord, edit: BodyEdit): AnnotationRecord {
  const b = record.body;
  const removed = b.removed.some((e) => sameRef(e, edit)) ? b.removed.filter((e) => !sameRef(e, edit)) : [...b.removed, edit];
  return { ...record, body: { ...b, verdict: 'wrong', removed } };
}

/** How many of the record's verdicts are given, of how many there are to give (fields, body, page type). */
export function progress(record: AnnotationRecord): { readonly given: number; readonly total: number } {
  const verdicts = [...FIELD_NAMES.map((n) => record.fields[n].verdict), record.body.verdict];
  return { given: verdicts.filter((v) => v !== null).length + (record.pageType ? 1 : 0), total: verdicts.length + 1 };
}
