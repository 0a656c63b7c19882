/**
 * `article-lens eval` on a small temporary set that mixes good pages (.html and .html.gz) with an empty
 * page, a binary page and a broken gzip: the bad pages get an `error` in the predictions, the others are
 * extracted, the metrics are printed and the exit code is 0 (DESIGN.md "CLI contract": in batch mode bad
 * input never stops the other pages).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Prediction, SetScores } from '../../src/eval/score.ts';
import { ARTICLE_GOLD, HAS_CHROMIUM, ROOT, assertBuilt, fileTempDir, hasStackTrace, lines, runCli } from './run-cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');
const PREDICTION_KEYS = ['id', 'url', 'title', 'author', 'source', 'date', 'datetime', 'body', 'ms'];

const dir = fileTempDir('article-lens-eval-');
let setDir = '';

const GOLD = [
  ARTICLE_GOLD,
  { id: 'empty', url: 'https://example.com/empty', lang: 'en', title: null, author: null, date: null, datetime: null, body: null },
  {
    id: 'zipped',
    url: 'https://example.com/news/zipped.html',
    lang: 'en',
    title: 'Example News',
    author: '',
    date: '',
    datetime: null,
    body: 'The library, built in two years, cost four million pounds, and runs on solar power, officials said.',
  },
  { id: 'binary', url: 'https://example.com/binary', lang: 'en', title: null, author: null, date: null, datetime: null, body: null },
  { id: 'broken-gzip', url: 'https://example.com/gz', lang: 'en', title: null, author: null, date: null, datetime: null, body: null },
];

beforeAll(() => {
  assertBuilt();
  setDir = join(dir, 'mixed');
  const pages = join(setDir, 'pages');
  mkdirSync(pages, { recursive: true });
  copyFileSync(join(FIXTURES, 'en-article.html'), join(pages, 'article.html'));
  writeFileSync(join(pages, 'empty.html'), '');
  writeFileSync(join(pages, 'zipped.html.gz'), gzipSync(readFileSync(join(FIXTURES, 'generic-title.html'))));
  writeFileSync(join(pages, 'binary.html'), new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3e, 0]));
  writeFileSync(join(pages, 'broken-gzip.html.gz'), gzipSync('<html><body><p>cut short</p></body></html>').subarray(0, 16));
  writeFileSync(join(setDir, 'gold.jsonl'), GOLD.map((g) => JSON.stringify(g)).join('\n') + '\n');
});

function readPredictions(path: string): Prediction[] {
  const text = readFileSync(path, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return lines(text).map((l) => JSON.parse(l) as Prediction);
}

function expectPredictionShape(p: Prediction): void {
  const keys = Object.keys(p);
  expect(keys.slice(0, PREDICTION_KEYS.length)).toEqual(PREDICTION_KEYS);
  expect(keys.length === PREDICTION_KEYS.length || (keys.length === PREDICTION_KEYS.length + 1 && keys.at(-1) === 'error')).toBe(true);
  expect(p.date).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
  expect(typeof p.body).toBe('string');
  expect(typeof p.ms).toBe('number');
  expect(p.ms).toBeGreaterThanOrEqual(0);
}

for (const engine of ['dom', ...(HAS_CHROMIUM ? ['chromium'] : [])]) {
  describe(`eval, ${engine} engine`, () => {
    it('bad pages get an error, the others are extracted, metrics printed, exit 0', async () => {
      const out = join(dir, `pred-${engine}.jsonl`);
      const r = await runCli(['eval', setDir, '--engine', engine, '--out', out], { timeoutMs: 90_000 });
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.code).toBe(0);

      const preds = readPredictions(out);
      expect(preds.map((p) => p.id)).toEqual(['article', 'empty', 'zipped', 'binary', 'broken-gzip']);
      preds.forEach(expectPredictionShape);
      const byId = new Map(preds.map((p) => [p.id, p]));

      const article = byId.get('article') as Prediction;
      expect(article.error).toBeUndefined();
      expect(article).toMatchObject({
        url: 'https://news.example.com/2021/03/library.html',
        title: 'City opens a solar-powered library',
        author: 'Jane Doe',
        date: '2021-03-12',
        datetime: '2021-03-12',
      });
      expect(article.body.split('\n')).toContain(GOLD[0]?.body);

      const zipped = byId.get('zipped') as Prediction;
      expect(zipped.error).toBeUndefined();
      expect(zipped.title).toBe('Example News');
      expect(zipped.date).toBe('');
      expect(zipped.datetime).toBeNull();
      expect(zipped.body.split('\n')).toContain(GOLD[2]?.body);

      for (const [id, error] of [
        ['empty', 'empty file'],
        ['binary', 'not HTML: the file looks binary'],
        ['broken-gzip', 'corrupt gzip data'],
      ] as const) {
        expect(byId.get(id)).toEqual({
          id,
          url: GOLD.find((g) => g.id === id)?.url,
          title: null,
          author: null,
          source: null,
          date: '',
          datetime: null,
          body: '',
          ms: expect.any(Number),
          error,
        });
      }

      // stderr: which set and engine, then one line per failed page; stdout: the metrics.
      expect(lines(r.stderr)).toEqual([
        `article-lens: mixed: 5 pages with the ${engine} engine`,
        'article-lens: empty: empty file',
        'article-lens: binary: not HTML: the file looks binary',
        'article-lens: broken-gzip: corrupt gzip data',
      ]);
      const metrics = lines(r.stdout);
      expect(metrics[0]).toMatch(/^mixed: 5 pages, 3 errors, median \d+ ms\/page \(\d+\.\d ms in the core\)$/);
      expect(r.stdout).toMatch(/^ {2}body \(\\w\+ shingles\) +F1 \d\.\d{3} +P \d\.\d{3} +R \d\.\d{3} +\(2 pages\)$/m);
      expect(r.stdout).toMatch(/^ {2}date \(day\) +accuracy 1\.000 +P 1\.000 +R 1\.000 +F 1\.000 +coverage 1\.000 +\(2 pages\)$/m);
      expect(r.stdout).toMatch(/^ {2}title +exact 1\.000 +token F1 1\.000 +\(2 pages\)$/m);
      expect(r.stdout).toMatch(/^ {2}author +exact 1\.000 +token F1 1\.000 +\(2 pages\)$/m);
    }, 120_000);
  });
}

describe('eval options', () => {
  it('--limit N runs only the first N pages', async () => {
    const out = join(dir, 'pred-limit.jsonl');
    const r = await runCli(['eval', setDir, '--engine', 'dom', '--limit', '2', '--out', out]);
    expect(r.code).toBe(0);
    expect(readPredictions(out).map((p) => p.id)).toEqual(['article', 'empty']);
    expect(lines(r.stderr)[0]).toBe('article-lens: mixed: 2 pages with the dom engine');
    expect(lines(r.stdout)[0]).toMatch(/^mixed: 2 pages, 1 errors/);
  });

  it('--json prints the scores as JSON', async () => {
    const r = await runCli(['eval', setDir, '--engine', 'dom', '--json', '--concurrency', '3']);
    expect(r.code).toBe(0);
    const scores = JSON.parse(r.stdout) as SetScores;
    expect(scores).toMatchObject({ set: 'mixed', pages: 5, errors: 3, source: null });
    expect(scores.title).toEqual({ exact: 1, tokenF1: 1, pages: 2 });
    expect(scores.date).toMatchObject({ tp: 1, tn: 1, fp: 0, fn: 0 });
  });

  it('a set with a bad gold line stops before extracting: exit 1, one line naming the file and line', async () => {
    const bad = join(dir, 'bad-set');
    mkdirSync(join(bad, 'pages'), { recursive: true });
    writeFileSync(join(bad, 'pages', 'a.html'), '<p>a</p>');
    writeFileSync(join(bad, 'gold.jsonl'), '{"id":"a","date":"12/03/2021"}\n');
    const r = await runCli(['eval', bad, '--engine', 'dom']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([`article-lens: ${join(bad, 'gold.jsonl')}:1: date "12/03/2021" is not a YYYY-MM-DD day`]);
  });
});
