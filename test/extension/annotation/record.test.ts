import { describe, expect, test } from 'vitest';
import {
  acceptBody,
  acceptField,
  correctField,
  progress,
  rejectField,
  replaceBody,
  resetField,
  setNoiseVerdict,
  setPageType,
  toggleAddedBlock,
  toggleRemovedBlock,
} from '../../../src/shared/annotation/record.ts';
import { freshRecord } from './annotation-fixture.ts';

const ref = (selector: string) => ({ selector, preview: selector });

describe('annotation record', () => {
  test('a new record holds what was extracted and no verdict', () => {
    const r = freshRecord();
    expect(r.fields.title).toEqual({ extracted: 'The river library opens', verdict: null, value: null, picked: null, note: '' });
    expect(r.fields.author.extracted).toBe('');
    expect(r.fields.date.extracted).toBe('2024-05-02');
    expect(r.fields.date.extractedDatetime).toBe('2024-05-02T09:30:00+01:00');
    expect(r.noise).toHaveLength(1);
    expect(progress(r)).toEqual({ given: 0, total: 6 });
  });

  test('✓ makes the extracted value the gold one; ✓ on a field found empty says the page states none', () => {
    let r = acceptField(freshRecord(), 'title');
    expect(r.fields.title).toMatchObject({ verdict: 'right', value: 'The river library opens' });
    r = acceptField(r, 'author');
    expect(r.fields.author).toMatchObject({ verdict: 'right', value: '' });
    r = acceptField(r, 'date');
    expect(r.fields.date).toMatchObject({ verdict: 'right', value: '2024-05-02', datetime: '2024-05-02T09:30:00+01:00' });
    expect(progress(r).given).toBe(3);
  });

  test('✗ leaves the value unknown until it is given; a correction equal to the extracted value is a ✓', () => {
    let r = rejectField(freshRecord(), 'title');
    expect(r.fields.title).toMatchObject({ verdict: 'wrong', value: null });
    r = correctField(r, 'title', '  The river  library opens ', ref('h1'));
    expect(r.fields.title).toMatchObject({ verdict: 'right', value: 'The river  library opens', picked: ref('h1') });
    r = correctField(r, 'author', 'Ann Lee', ref('.byline'));
    expect(r.fields.author).toMatchObject({ verdict: 'wrong', value: 'Ann Lee' });
    r = correctField(r, 'source', '', null);
    expect(r.fields.source).toMatchObject({ verdict: 'wrong', value: '' });
    r = correctField(r, 'date', '2024-05-01', ref('time'), '2024-05-01T18:00');
    expect(r.fields.date).toMatchObject({ verdict: 'wrong', value: '2024-05-01', datetime: '2024-05-01T18:00' });
    // ✗ again keeps a correction already given.
    expect(rejectField(r, 'author').fields.author.value).toBe('Ann Lee');
    expect(resetField(r, 'author').fields.author).toMatchObject({ verdict: null, value: null, picked: null });
  });

  test('body edits toggle, replacing clears them, ✓ clears everything', () => {
    const block = { ref: ref('aside'), text: 'A block', at: 1 };
    let r = toggleAddedBlock(freshRecord(), block);
    expect(r.body.verdict).toBe('wrong');
    expect(r.body.added).toEqual([block]);
    r = toggleAddedBlock(r, block);
    expect(r.body.added).toEqual([]);
    r = toggleRemovedBlock(r, block);
    expect(r.body.removed).toEqual([block]);
    r = replaceBody(r, { ref: ref('main'), text: 'Other', at: 0 });
    expect(r.body).toMatchObject({ replaced: { text: 'Other' }, removed: [], added: [] });
    r = acceptBody(r);
    expect(r.body).toMatchObject({ verdict: 'right', replaced: null, removed: [], added: [] });
  });

  test('page type and noise verdicts', () => {
    let r = setPageType(freshRecord(), 'index');
    r = setNoiseVerdict(r, 0, 'wrong');
    expect(r.pageType).toBe('index');
    expect(r.noise[0]?.verdict).toBe('wrong');
    expect(progress(r).given).toBe(1);
  });
});
