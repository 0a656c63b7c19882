/**
 * loadDataset (src/eval/dataset.ts): a set is `pages/<id>.html` or `pages/<id>.html.gz` plus
 * `gold.jsonl`; every record is validated loudly, naming the file and the line (STYLE.md §8.8).
 * Sets are written to a temporary folder; the shared datasets are never read here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { DatasetError, loadDataset, pageFile } from '../../src/eval/dataset.ts';
import type { DatasetPage } from '../../src/eval/dataset.ts';
import { scoreSet, formatScores } from '../../src/eval/score.ts';
import type { Prediction } from '../../src/eval/score.ts';
import { tempDir } from '../cli/run-cli.ts';
import { thrown } from '../helpers/thrown.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

interface SetSpec {
  /** gold.jsonl lines, written as they are (strings) or as JSON (objects); null: no gold.jsonl. */
  readonly gold: readonly (string | Record<string, unknown>)[] | null;
  readonly html?: readonly string[];
  readonly gz?: readonly string[];
}

function makeSet({ gold, html = [], gz = [] }: SetSpec): string {
  const { dir, cleanup } = tempDir('article-lens-set-');
  cleanups.push(cleanup);
  mkdirSync(join(dir, 'pages'));
  for (const id of html) writeFileSync(join(dir, 'pages', `${id}.html`), `<html><body><p>${id}</p></body></html>`);
  for (const id of gz) writeFileSync(join(dir, 'pages', `${id}.html.gz`), gzipSync(`<html><body><p>${id}</p></body></html>`));
  if (gold) writeFileSync(join(dir, 'gold.jsonl'), gold.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return dir;
}

const loadError = (dir: string): DatasetError => thrown(DatasetError, () => loadDataset(dir));

const record = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  url: `https://example.com/${id}`,
  lang: 'en',
  title: `Title ${id}`,
  author: null,
  date: '2021-03-12',
  datetime: null,
  body: 'Body text',
  ...extra,
});

describe('loadDataset: a valid set', () => {
  it('loads .html and .html.gz pages in gold order, with their gold records', () => {
    const dir = makeSet({
      gold: [record('a'), '', record('b', { date: '' }), record('c', { body: null, title: '' })],
      html: ['a', 'c'],
      gz: ['b'],
    });
    const set = loadDataset(dir);
    expect(set.pages.map((p) => [p.id, p.path?.slice(dir.length)])).toEqual([
      ['a', '/pages/a.html'],
      ['b', '/pages/b.html.gz'],
      ['c', '/pages/c.html'],
    ]);
    expect(set.pages[0]?.url).toBe('https://example.com/a');
    expect(set.gold.get('b')).toMatchObject({ id: 'b', date: '', title: 'Title b', source: null });
    expect(set.gold.get('c')).toMatchObject({ body: null, title: '' });
    expect(set.name).toBe(dir.split('/').pop());
    expect(set.cjk).toBe(false);
  });

  it('prefers pages/<id>.html when both forms exist, accepts CRLF lines and a BOM', () => {
    const dir = makeSet({
      gold: [`\uFEFF${JSON.stringify(record('a'))}\r`, `${JSON.stringify(record('b'))}\r`],
      html: ['a', 'b'],
      gz: ['a'],
    });
    const set = loadDataset(dir);
    expect(set.pages.map((p) => p.path?.endsWith('.html'))).toEqual([true, true]);
  });

  it('keeps a record whose page file is missing, so that the batch fails that page alone', () => {
    const dir = makeSet({ gold: [record('a'), record('missing'), record('b')], html: ['a', 'b'] });
    const set = loadDataset(dir);
    expect(set.pages.map((p) => [p.id, p.path === null])).toEqual([
      ['a', false],
      ['missing', true],
      ['b', false],
    ]);
    expect(pageFile(set.pages[0] as DatasetPage)).toBe(join(dir, 'pages', 'a.html'));
    expect(() => pageFile(set.pages[1] as DatasetPage)).toThrow(new DatasetError('no such file: pages/missing.html(.gz)'));
  });

  it('marks a set as CJK when most pages are Chinese or Japanese', () => {
    const dir = makeSet({
      gold: [record('a', { lang: 'zh' }), record('b', { lang: 'ja' }), record('c', { lang: 'en' })],
      html: ['a', 'b', 'c'],
    });
    expect(loadDataset(dir).cjk).toBe(true);
  });
});

describe('loadDataset: rejects bad sets with the file and line', () => {
  it('missing gold.jsonl', () => {
    const dir = makeSet({ gold: null, html: ['a'] });
    expect(loadError(dir).message).toBe(`${dir}: no gold.jsonl (a set holds pages/<id>.html and gold.jsonl)`);
  });

  it('a line that is not JSON', () => {
    const dir = makeSet({ gold: [record('a'), '{"id": "b",'], html: ['a', 'b'] });
    expect(loadError(dir).message).toBe(`${join(dir, 'gold.jsonl')}:2: not JSON`);
  });

  it('a line that is JSON but not an object', () => {
    for (const line of ['null', '[1, 2]', '42', '"a"']) {
      const dir = makeSet({ gold: [line], html: ['a'] });
      expect(loadError(dir).message).toBe(`${join(dir, 'gold.jsonl')}:1: not a JSON object (one gold record a line)`);
    }
  });

  it('a duplicate id', () => {
    const dir = makeSet({ gold: [record('a'), record('b'), record('a')], html: ['a', 'b'] });
    expect(loadError(dir).message).toBe(`${join(dir, 'gold.jsonl')}:3: duplicate id a`);
  });

  it('a missing or unsafe id', () => {
    const noId = makeSet({ gold: [{ url: 'https://x' }], html: [] });
    expect(loadError(noId).message).toBe(`${join(noId, 'gold.jsonl')}:1: "id" is required`);
    const traversal = makeSet({ gold: [record('../etc/passwd')], html: [] });
    expect(loadError(traversal).message).toMatch(/:1: id "\.\.\/etc\/passwd" is not a plain file name$/);
  });

  it('a date not in YYYY-MM-DD form, or not a real day', () => {
    for (const date of ['2021/03/12', '12-03-2021', '2021-3-12', '2021-03-12T10:00:00', '2021-02-30', '2021-13-01']) {
      const dir = makeSet({ gold: [record('a'), record('b', { date })], html: ['a', 'b'] });
      expect(loadError(dir).message).toBe(`${join(dir, 'gold.jsonl')}:2: date "${date}" is not a YYYY-MM-DD day`);
    }
  });

  it('fields that are neither strings nor null', () => {
    const cases: [string, unknown][] = [
      ['title', 42],
      ['author', ['Jane', 'John']],
      ['body', { text: 'x' }],
      ['url', true],
      ['id', 7],
    ];
    for (const [field, value] of cases) {
      const dir = makeSet({ gold: [record('a', { [field]: value })], html: ['a'] });
      expect(loadError(dir).message).toBe(`${join(dir, 'gold.jsonl')}:1: "${field}" must be a string or null`);
    }
  });
});

describe('scoreSet', () => {
  const pred = (id: string, p: Partial<Prediction> = {}): Prediction => ({
    id,
    url: null,
    title: null,
    author: null,
    source: null,
    date: '',
    datetime: null,
    body: '',
    ms: 10,
    ...p,
  });

  it('scores only annotated fields, counts errors as misses, and takes the median time', () => {
    const dir = makeSet({
      gold: [
        record('a', { title: 'Solar library opens', author: 'Jane Doe', date: '2021-03-12', body: 'one two three four five' }),
        record('b', { title: null, author: '', date: '', body: null }),
        record('c', { title: 'Broken', author: null, date: '2020-01-01', body: 'some text here' }),
      ],
      html: ['a', 'b', 'c'],
    });
    const set = loadDataset(dir);
    const scores = scoreSet(set, [
      pred('a', { title: 'Solar Library Opens', author: 'Jane Doe', date: '2021-03-12', body: 'one two three four', ms: 5 }),
      pred('b', { title: 'Whatever', author: null, ms: 7 }),
      pred('c', { error: 'empty file', ms: 100 }),
    ]);
    expect(scores.pages).toBe(3);
    expect(scores.errors).toBe(1);
    expect(scores.medianMs).toBe(7);
    // body: a → tp 1, fn 1 (P 1, R .5); c → nothing predicted (P skipped, R 0)
    expect(scores.body).toMatchObject({ precision: 1, recall: 0.25, pages: 2 });
    expect(scores.bodyCjk).toBeNull();
    // title: a exact, c missed (b not annotated)
    expect(scores.title).toEqual({ exact: 0.5, tokenF1: 0.5, pages: 2 });
    // author: a exact, b "" vs null exact
    expect(scores.author).toEqual({ exact: 1, tokenF1: 1, pages: 2 });
    expect(scores.source).toBeNull();
    expect(scores.date).toMatchObject({ tp: 1, fp: 0, fn: 1, tn: 1, pages: 3 });
    const text = formatScores(scores);
    expect(text.split('\n')[0]).toBe(`${set.name}: 3 pages, 1 errors, median 7 ms/page`);
    expect(text).toMatch(/body \(\\w\+ shingles\)\s+F1 0\.400\s+P 1\.000\s+R 0\.250 {2}\(2 pages\)/);
    expect(text).toMatch(/date \(day\)\s+accuracy 0\.667/);
  });
});
