/**
 * Two tabs annotating one page (issue 40): each keeps its own copy of the record, so a tab that wrote its
 * whole copy took back whatever the other tab had said since. A record is therefore merged part by part —
 * the page type, each field, the body, each noise block, "done" — and for each part the later change wins.
 * Every change stamps the parts it changed with its time (`changedAt`); a part never stamped dates from the
 * record's start. The merge is the same whichever copy comes first (ties go to the larger value), so two
 * tabs that merge what the other stored agree on one record and stop writing.
 */
import type { AnnotationRecord, FieldName } from './record.ts';
import { FIELD_NAMES } from './record.ts';

/** A part of a record that one verdict or correction changes, and that merges as a whole. */
export type RecordPart = 'pageType' | FieldName | 'body' | 'done' | `noise:${number}`;

function partsOf(record: AnnotationRecord): RecordPart[] {
  return ['pageType', ...FIELD_NAMES, 'body', 'done', ...record.noise.map((_, i): RecordPart => `noise:${i}`)];
}

/** The part's value, as JSON (what decides whether it changed). */
function partJson(record: AnnotationRecord, part: RecordPart): string {
  switch (part) {
    case 'pageType':
      return JSON.stringify(record.pageType);
    case 'body':
      return JSON.stringify(record.body);
    case 'done':
      return JSON.stringify(record.done);
    case 'title':
    case 'author':
    case 'source':
    case 'date':
      return JSON.stringify(record.fields[part]);
    default:
      return JSON.stringify(record.noise[Number(part.slice('noise:'.length))]?.verdict ?? null);
  }
}

/** `into` with `part` taken from `from`. */
function withPart(into: AnnotationRecord, from: AnnotationRecord, part: RecordPart): AnnotationRecord {
  switch (part) {
    case 'pageType':
      return { ...into, pageType: from.pageType };
    case 'body':
      return { ...into, body: from.body };
    case 'done':
      return { ...into, done: from.done };
    case 'title':
    case 'author':
    case 'source':
      return { ...into, fields: { ...into.fields, [part]: from.fields[part] } };
    case 'date':
      return { ...into, fields: { ...into.fields, date: from.fields.date } };
    default: {
      const i = Number(part.slice('noise:'.length));
      const verdict = from.noise[i]?.verdict ?? null;
      return { ...into, noise: into.noise.map((n, k) => (k === i ? { ...n, verdict } : n)) };
    }
  }
}

/** When `part` last changed in `record`, in ms (a time that does not read as one counts as never). */
function changedTime(record: AnnotationRecord, part: RecordPart): number {
  const t = Date.parse(record.changedAt?.[part] ?? record.startedAt);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/**
 * Which of two changes of a part made at the same millisecond wins: a stamped change over the start's
 * value, else the larger value (any fixed order would do: both tabs must pick the same one).
 */
function laterTie(mine: AnnotationRecord, stored: AnnotationRecord, part: RecordPart): boolean {
  const ours = mine.changedAt?.[part] !== undefined;
  const theirs = stored.changedAt?.[part] !== undefined;
  return ours !== theirs ? ours : partJson(mine, part) > partJson(stored, part);
}

/**
 * `after` with every part that differs from `before` stamped as changed at `now` (ISO), unless the change
 * carries its own stamp already (the panel stamps a change as it is made; the content script stamps what
 * reached it without one).
 */
export function stampChanges(before: AnnotationRecord, after: AnnotationRecord, now: string): AnnotationRecord {
  const changed = partsOf(after).filter(
    (p) => partJson(before, p) !== partJson(after, p) && before.changedAt?.[p] === after.changedAt?.[p],
  );
  if (!changed.length) return after;
  return { ...after, changedAt: { ...after.changedAt, ...Object.fromEntries(changed.map((p) => [p, now])) } };
}

/**
 * `stored` and `mine` merged part by part, the later change of each part winning. The extracted values
 * (and the list of noise blocks) are those of `stored`, the page's first record; saved when the later of
 * the two was.
 */
export function mergeRecords(stored: AnnotationRecord, mine: AnnotationRecord): AnnotationRecord {
  let merged = stored;
  const changedAt: Record<string, string> = { ...stored.changedAt };
  for (const part of partsOf(stored)) {
    const ours = changedTime(mine, part);
    const theirs = changedTime(stored, part);
    const take = ours > theirs || (ours === theirs && laterTie(mine, stored, part));
    if (!take) continue;
    merged = withPart(merged, mine, part);
    const at = mine.changedAt?.[part];
    if (at !== undefined) changedAt[part] = at;
  }
  const savedAt = Date.parse(mine.savedAt) > Date.parse(stored.savedAt) ? mine.savedAt : stored.savedAt;
  return { ...merged, savedAt, changedAt };
}

/** Whether two records say the same in every part (what a merge need not store again). */
export function sameParts(a: AnnotationRecord, b: AnnotationRecord): boolean {
  return partsOf(a).every((p) => partJson(a, p) === partJson(b, p) && changedTime(a, p) === changedTime(b, p));
}
