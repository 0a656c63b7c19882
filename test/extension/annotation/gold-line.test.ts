import { describe, expect, test } from 'vitest';
import { recordProblem, toGoldLine } from '../../../src/shared/annotation/gold-line.ts';
import { pageId } from '../../../src/shared/annotation/page-id.ts';
import { acceptBody, acceptField, correctField, rejectField, setPageType } from '../../../src/shared/annotation/record.ts';
import { freshRecord } from './annotation-fixture.ts';

describe('toGoldLine', () => {
  test('gold values in the dataset format, with per-field verdicts and the record alongside', () => {
    let r = acceptField(freshRecord(), 'title');
    r = correctField(r, 'author', 'Ann Lee', null);
    r = rejectField(r, 'source');
    r = correctField(r, 'date', '2024-05-01', null, '2024-05-01T18:00');
    r = acceptBody(r);
    const line = toGoldLine(r);
    expect(line).toMatchObject({
      id: r.id,
      url: r.url,
      lang: 'en',
      page_type: null,
      title: 'The river library opens',
      author: 'Ann Lee',
      source: null,
      date: '2024-05-01',
      datetime: '2024-05-01T18:00',
      verdicts: { title: true, author: false, source: false, date: false, body: true },
    });
    expect(line.body?.split('\n')).toHaveLength(3);
    expect(line.annotation).toBe(r);
    expect(JSON.parse(JSON.stringify(line)).annotation).toEqual(r);
  });

  test('a page that is no article has an empty body; a date that is no day is left out of `date`', () => {
    let r = setPageType(freshRecord(), 'index');
    r = correctField(r, 'date', 'yesterday', null, 'yesterday');
    const line = toGoldLine(r);
    expect(line.body).toBe('');
    expect(line.date).toBeNull();
  });
});

describe('recordProblem', () => {
  test('accepts a record, and names what is wrong with anything else', () => {
    expect(recordProblem(freshRecord())).toBeNull();
    expect(recordProblem(JSON.parse(JSON.stringify(acceptBody(freshRecord()))))).toBeNull();
    expect(recordProblem(null)).toBe('not an object');
    expect(recordProblem({ ...freshRecord(), version: 2 })).toMatch(/version 2/);
    expect(recordProblem({ ...freshRecord(), id: '../x' })).toMatch(/id/);
    expect(recordProblem({ ...freshRecord(), pageType: 'blog' })).toMatch(/page type/);
    const r = freshRecord();
    expect(recordProblem({ ...r, fields: { ...r.fields, title: { ...r.fields.title, value: 3 } } })).toMatch(/title/);
    expect(recordProblem({ ...r, body: { ...r.body, added: [{ text: 'x' }] } })).toMatch(/body/);
    expect(recordProblem({ ...r, noise: [{ kind: 'x' }] })).toMatch(/noise/);
  });
});

describe('pageId', () => {
  test('a plain file name, readable, different for different URLs, the same without the fragment', () => {
    const id = pageId('https://news.example.org/2024/05/river-library.html?x=1#top');
    expect(id).toMatch(/^[\w.-]+$/);
    expect(id).toMatch(/^news\.example\.org-river-library-/);
    expect(pageId('https://news.example.org/2024/05/river-library.html?x=1')).toBe(id);
    expect(pageId('https://news.example.org/2024/05/river-library.html?x=2')).not.toBe(id);
    expect(pageId('https://新闻.例子.cn/文章/一.shtml')).toMatch(/^[\w.-]+$/);
    expect(pageId('not a url')).toMatch(/^[\w.-]+$/);
  });
});
