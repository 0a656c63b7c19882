/**
 * An annotation as a line of `gold.jsonl` in the format of `../shared/datasets` (its README): the gold
 * values the annotator gave (title, author, source, date, datetime, body; `""` = the page states none,
 * `null` = not annotated), the page type, and per field whether the extractor was right. The whole record
 * rides along under `annotation`, which the dataset loader ignores, so that an export can be imported
 * to go on annotating.
 */
import { correctedBody } from './body-correction.ts';
import type { AnnotationRecord, FieldName, PageType, Verdict } from './record.ts';
import { FIELD_NAMES, PAGE_TYPES, RECORD_VERSION } from './record.ts';
import { isRecord } from '../../core/json-object.ts';

export interface GoldLine {
  readonly id: string;
  readonly url: string;
  readonly lang: string | null;
  readonly page_type: PageType | null;
  readonly title: string | null;
  readonly author: string | null;
  readonly source: string | null;
  readonly date: string | null;
  readonly datetime: string | null;
  readonly body: string | null;
  /** Per field: true when the extractor was right, false when not, null when not judged. */
  readonly verdicts: Readonly<Record<FieldName | 'body', boolean | null>>;
  readonly notes: Readonly<Partial<Record<FieldName | 'body', string>>>;
  readonly annotation: AnnotationRecord;
}

const asBool = (v: Verdict): boolean | null => (v === null ? null : v === 'right');

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function toGoldLine(record: AnnotationRecord): GoldLine {
  const f = record.fields;
  const article = record.pageType === null || record.pageType === 'article';
  const notes: Partial<Record<FieldName | 'body', string>> = {};
  for (const name of FIELD_NAMES) if (f[name].note) notes[name] = f[name].note;
  if (record.body.note) notes.body = record.body.note;
  const date = f.date.value;
  return {
    id: record.id,
    url: record.url,
    lang: record.lang,
    page_type: record.pageType,
    title: f.title.value,
    author: f.author.value,
    source: f.source.value,
    // The loader takes only a real day (or '' for none); a time typed as anything else stays in datetime.
    date: date === null || date === '' || DAY.test(date) ? date : null,
    datetime: f.date.datetime,
    // A page that is no article has no body: '' says so.
    body: article ? correctedBody(record.body) : '',
    verdicts: {
      title: asBool(f.title.verdict),
      author: asBool(f.author.verdict),
      source: asBool(f.source.verdict),
      date: asBool(f.date.verdict),
      body: asBool(record.body.verdict),
    },
    notes,
    annotation: record,
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): boolean => v === null || isString(v);
const isVerdict = (v: unknown): boolean => v === null || v === 'right' || v === 'wrong';
const isRef = (v: unknown): boolean => isRecord(v) && isString(v['selector']) && isString(v['preview']);
const isEdit = (v: unknown): boolean => isRecord(v) && isRef(v['ref']) && isString(v['text']) && typeof v['at'] === 'number';

function isField(v: unknown): boolean {
  return (
    isRecord(v) &&
    isString(v['extracted']) &&
    isVerdict(v['verdict']) &&
    isNullableString(v['value']) &&
    (v['picked'] === null || isRef(v['picked'])) &&
    isString(v['note'])
  );
}

/**
 * Checks a record read from outside (an imported export): every field of the shape record.ts gives, so
 * that the panel never meets a value it cannot show. Returns the problem, or null when it is a record.
 */
export function recordProblem(v: unknown): string | null {
  if (!isRecord(v)) return 'not an object';
  if (v['version'] !== RECORD_VERSION) return `version ${String(v['version'])}, expected ${RECORD_VERSION}`;
  if (!isString(v['id']) || !/^[\w.-]+$/.test(v['id'])) return 'no plain-file-name id';
  if (!isString(v['url'])) return 'no url';
  if (!isNullableString(v['lang'])) return 'lang is not a string';
  if (v['pageType'] !== null && !PAGE_TYPES.includes(v['pageType'] as PageType)) return 'unknown page type';
  const fields = v['fields'];
  if (!isRecord(fields)) return 'no fields';
  for (const name of FIELD_NAMES) if (!isField(fields[name])) return `field ${name} is malformed`;
  const date = fields['date'];
  if (!isRecord(date) || !isString(date['extractedDatetime']) || !isNullableString(date['datetime'])) return 'field date is malformed';
  const body = v['body'];
  if (
    !isRecord(body) ||
    !isString(body['extracted']) ||
    !isVerdict(body['verdict']) ||
    !(body['replaced'] === null || isEdit(body['replaced'])) ||
    !Array.isArray(body['added']) ||
    !body['added'].every(isEdit) ||
    !Array.isArray(body['removed']) ||
    !body['removed'].every(isEdit) ||
    !isString(body['note'])
  )
    return 'body is malformed';
  const noise = v['noise'];
  if (
    !Array.isArray(noise) ||
    !noise.every(
      (n) =>
        isRecord(n) &&
        isString(n['kind']) &&
        isRef(n['ref']) &&
        typeof n['inBody'] === 'boolean' &&
        typeof n['removed'] === 'boolean' &&
        isVerdict(n['verdict']),
    )
  )
    return 'noise is malformed';
  if (!isString(v['startedAt']) || !isString(v['savedAt']) || typeof v['done'] !== 'boolean') return 'times or done malformed';
  const changedAt = v['changedAt'];
  if (changedAt !== undefined && !(isRecord(changedAt) && Object.values(changedAt).every(isString))) return 'change times malformed';
  return null;
}
