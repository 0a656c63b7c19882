/**
 * Two copies of one page's record (two tabs) merged part by part, the later change of each part winning
 * (issue 40): nothing either tab said is lost, the merge is the same in either order, and a record from
 * before change times were kept merges as the oldest.
 */
import { describe, expect, test } from 'vitest';
import { mergeRecords, sameParts, stampChanges } from '../../../src/shared/annotation/record-merge.ts';
import type { AnnotationRecord } from '../../../src/shared/annotation/record.ts';
import { acceptBody, acceptField, noteField, rejectField, setNoiseVerdict, setPageType } from '../../../src/shared/annotation/record.ts';
import { freshRecord } from './annotation-fixture.ts';

const T1 = '2026-11-28T10:01:00.000Z';
const T2 = '2026-11-28T10:02:00.000Z';
const T3 = '2026-11-28T10:03:00.000Z';

/** A change as the panel makes it: the parts it changed stamped with its time, saved then. */
const change = (before: AnnotationRecord, after: AnnotationRecord, at: string): AnnotationRecord => ({
  ...stampChanges(before, after, at),
  savedAt: at,
});

describe('mergeRecords', () => {
  test('a change stamps only the parts it changed', () => {
    const base = freshRecord();
    const next = change(base, acceptField(base, 'title'), T1);
    expect(next.changedAt).toEqual({ title: T1 });
    expect(change(next, setNoiseVerdict(next, 0, 'wrong'), T2).changedAt).toEqual({ title: T1, 'noise:0': T2 });
    expect(stampChanges(next, next, T3)).toBe(next);
  });

  test('two tabs from one start: each keeps its parts, in either order, and a second merge changes nothing', () => {
    const base = freshRecord();
    const a = change(base, setPageType(acceptField(base, 'title'), 'article'), T1);
    const b = change(base, acceptBody(rejectField(base, 'author')), T2);
    const ab = mergeRecords(a, b);
    const ba = mergeRecords(b, a);
    for (const m of [ab, ba]) {
      expect(m.pageType).toBe('article');
      expect(m.fields.title.verdict).toBe('right');
      expect(m.fields.author.verdict).toBe('wrong');
      expect(m.body.verdict).toBe('right');
      expect(m.savedAt).toBe(T2);
    }
    expect(sameParts(ab, ba)).toBe(true);
    expect(sameParts(mergeRecords(ab, a), ab)).toBe(true);
    expect(sameParts(mergeRecords(ab, b), ab)).toBe(true);
  });

  test('the later change of one part wins, whichever copy is stored', () => {
    const base = freshRecord();
    const a = change(base, noteField(rejectField(base, 'title'), 'title', 'from tab A'), T1);
    const b = change(base, acceptField(base, 'title'), T2);
    expect(mergeRecords(a, b).fields.title).toMatchObject({ verdict: 'right', note: '' });
    expect(mergeRecords(b, a).fields.title).toMatchObject({ verdict: 'right', note: '' });
    // A's own later change of the title wins over B's.
    const a2 = change(a, acceptField(a, 'title'), T3);
    expect(mergeRecords(mergeRecords(a, b), a2).fields.title).toMatchObject({ verdict: 'right', note: 'from tab A' });
  });

  test('a stale copy stores its one change without taking back the parts it never changed', () => {
    const base = freshRecord();
    const stored = change(base, rejectField(base, 'author'), T2);
    const stale = change(base, acceptField(base, 'source'), T3);
    const m = mergeRecords(stored, stale);
    expect(m.fields.author.verdict).toBe('wrong');
    expect(m.fields.source.verdict).toBe('right');
  });

  test('a record from before change times were kept counts as older than any stamped change', () => {
    const old: AnnotationRecord = { ...acceptField(freshRecord(), 'title'), savedAt: T1 };
    const stamped = change(freshRecord(), rejectField(freshRecord(), 'title'), T2);
    expect(mergeRecords(old, stamped).fields.title.verdict).toBe('wrong');
    expect(mergeRecords(stamped, old).fields.title.verdict).toBe('wrong');
  });
});
