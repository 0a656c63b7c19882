/**
 * `article-lens extract --warc` end to end (issue 43): WARC files written here with warcio — HTML in UTF-8
 * and in GBK (its charset only in the HTTP header), a gzip-encoded payload, a chunked one, a revisit, a PDF,
 * a truncated record, an HTTP 404, requests and a warcinfo — plain and gzipped by record. One JSON line per
 * HTML record, in order, with the record's file, offset, id, URL and WARC-Date and the article's fields as
 * `extract --format json` gives them; skipped records counted by reason (and as lines with --skipped);
 * relative dates read against the WARC-Date; bad files (garbage, broken gzip, a file cut short) one clear
 * line each, the other files still read.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/core/index.ts';
import { chunked, gzipped, requestRecord, responseRecord, revisitRecord, warcinfoRecord, writeWarc } from '../helpers/warc-files.ts';
import type { CliResult } from './run-cli.ts';
import { BIN, ROOT, assertBuilt, fileTempDir, hasStackTrace, lines, runCli } from './run-cli.ts';

const ARTICLE = readFileSync(join(ROOT, 'test', 'fixtures', 'cli', 'en-article.html'));
/** The GBK sample without its own `<meta http-equiv … charset=gb2312>`: only the HTTP header says GBK. */
const GBK = Buffer.from(
  readFileSync(join(ROOT, 'samples', 'zh-gbk-news.html'))
    .toString('latin1')
    .replace(/<meta http-equiv="Content-Type"[^>]*>/i, ''),
  'latin1',
);
const RELATIVE =
  '<!doctype html><html><head><meta charset="utf-8"><title>青石镇老粮仓改建社区图书馆</title></head><body>' +
  '<h1>青石镇老粮仓改建社区图书馆</h1><div class="info">发布时间：昨天 09:27 来源：示例日报</div><div class="content">' +
  '<p>青石镇的老粮仓经过一年的改造，昨天正式作为社区图书馆向村民开放，馆内藏书两万余册。</p>' +
  '<p>镇政府表示，图书馆每天开放十个小时，周末还将举办儿童阅读活动，欢迎村民前来借阅。</p>' +
  '<p>不少村民表示，家门口有了图书馆，孩子们放学后终于有了安静读书的地方。</p></div></body></html>';

const DATE = '2021-03-12T10:00:00Z';
const URL_EN = 'https://news.example.com/2021/03/library.html';
const URL_ZH = 'https://news.example.cn/2019/05/13/library.html';
const URL_REL = 'https://news.example.cn/2021/03/granary.html';

const dir = fileTempDir('article-lens-warc-');
const mixed = (name: string): string => join(dir, name);

/** The records of the mixed file; the four HTML pages get fixed record ids. */
function mixedRecords(): Parameters<typeof writeWarc>[1] {
  return [
    warcinfoRecord('mixed.warc.gz'),
    requestRecord(URL_EN, DATE),
    responseRecord({
      url: URL_EN,
      date: DATE,
      recordId: '<urn:uuid:page-utf8>',
      body: ARTICLE,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    }),
    responseRecord({
      url: URL_ZH,
      date: DATE,
      recordId: '<urn:uuid:page-gbk>',
      body: GBK,
      headers: { 'Content-Type': 'text/html; charset=GBK' },
    }),
    responseRecord({
      url: `${URL_EN}?gzip`,
      date: DATE,
      recordId: '<urn:uuid:page-gzip>',
      body: gzipped(ARTICLE),
      headers: { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' },
    }),
    responseRecord({
      url: `${URL_EN}?chunked`,
      date: DATE,
      recordId: '<urn:uuid:page-chunked>',
      body: chunked(ARTICLE, 97),
      headers: { 'Content-Type': 'text/html', 'Transfer-Encoding': 'chunked' },
    }),
    revisitRecord(URL_EN, '2021-03-13T10:00:00Z', URL_EN),
    responseRecord({
      url: 'https://news.example.com/report.pdf',
      date: DATE,
      body: '%PDF-1.4\n%âãÏÓ\n1 0 obj\n',
      headers: { 'Content-Type': 'application/pdf' },
    }),
    responseRecord({
      url: `${URL_EN}?cut`,
      date: DATE,
      body: ARTICLE,
      headers: { 'Content-Type': 'text/html' },
      warcHeaders: { 'WARC-Truncated': 'length' },
    }),
    responseRecord({
      url: 'https://news.example.com/gone',
      date: DATE,
      status: 'HTTP/1.1 404 Not Found',
      body: '<html><body>Not found</body></html>',
      headers: { 'Content-Type': 'text/html' },
    }),
    responseRecord({
      url: URL_REL,
      date: DATE,
      recordId: '<urn:uuid:page-relative>',
      body: RELATIVE,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    }),
  ];
}

type Line = Partial<Article> & {
  readonly warc: string;
  readonly offset: number;
  readonly recordId: string | null;
  readonly url: string | null;
  readonly warcDate: string | null;
  readonly error?: string;
  readonly errorKind?: string;
  readonly skipped?: string;
  readonly reason?: string;
  readonly text?: string;
};

const parse = (stdout: string): Line[] => lines(stdout).map((l) => JSON.parse(l) as Line);

beforeAll(async () => {
  assertBuilt();
  await writeWarc(mixed('mixed.warc.gz'), mixedRecords());
  await writeWarc(mixed('mixed.warc'), mixedRecords());
  // A file cut short in the middle of its last record's payload.
  const whole = await writeWarc(mixed('whole.warc'), [
    responseRecord({ url: URL_EN, date: DATE, recordId: '<urn:uuid:before-cut>', body: ARTICLE, headers: { 'Content-Type': 'text/html' } }),
    responseRecord({ url: `${URL_EN}?2`, date: DATE, recordId: '<urn:uuid:cut>', body: ARTICLE, headers: { 'Content-Type': 'text/html' } }),
  ]);
  writeFileSync(mixed('cut.warc'), whole.subarray(0, whole.length - 600));
  writeFileSync(mixed('garbage.warc'), Buffer.from('this is not a web archive at all\n'.repeat(1000)));
  const gz = readFileSync(mixed('mixed.warc.gz'));
  writeFileSync(mixed('broken.warc.gz'), Buffer.concat([gz.subarray(0, 10), Buffer.alloc(200, 0x41)]));
});

describe('extract --warc', () => {
  for (const file of ['mixed.warc.gz', 'mixed.warc']) {
    it(`${file}: one line per HTML record, in order, with the article's fields; the rest counted by reason`, async () => {
      const r = await runCli(['extract', '--warc', mixed(file), '--concurrency', '2']);
      expect(r.code, r.stderr).toBe(0);
      const out = parse(r.stdout);
      expect(out.map((l) => l.recordId)).toEqual([
        '<urn:uuid:page-utf8>',
        '<urn:uuid:page-gbk>',
        '<urn:uuid:page-gzip>',
        '<urn:uuid:page-chunked>',
        '<urn:uuid:page-relative>',
      ]);
      for (const l of out) {
        expect(l.warc).toBe(mixed(file));
        expect(l.warcDate).toBe(DATE);
        expect(l.error).toBeUndefined();
      }
      const [utf8, gbk, gz, ch] = out as [Line, Line, Line, Line];
      expect(utf8.url).toBe(URL_EN);
      expect(utf8.title).toBe('City opens a solar-powered library');
      expect(utf8.body?.text).toContain('The new library, which cost four million pounds');
      // GBK by the HTTP header alone: the Chinese reads as Chinese.
      expect(gbk.title).toContain('青石镇老粮仓改建社区图书馆');
      expect(gbk.body?.text).toMatch(/[\u4e00-\u9fff]{20}/);
      // The gzip-encoded and the chunked payloads give the very article of the plain one.
      expect(gz.body?.text).toBe(utf8.body?.text);
      expect(ch.body?.text).toBe(utf8.body?.text);
      expect(r.stderr).toMatch(
        /11 records: 5 pages \(5 ok, 0 errors\), skipped not-html 1, revisit 1, truncated 1, http-status 1, 2 other records/,
      );
      expect(hasStackTrace(r.stderr)).toBe(false);
    });
  }

  it("a line's article is what `extract --format json` gives for the same page", async () => {
    const page = mixed('article.html');
    writeFileSync(page, ARTICLE);
    const [warc, one] = await Promise.all([
      runCli(['extract', '--warc', mixed('mixed.warc.gz'), '--limit', '1', '--concurrency', '1']),
      runCli(['extract', page, '--url', URL_EN, '--engine', 'dom', '--format', 'json']),
    ]);
    expect(one.code, one.stderr).toBe(0);
    const line = parse(warc.stdout)[0] as Line;
    const article = JSON.parse(one.stdout) as Article & { body: { markdown: string } };
    expect(line.title).toBe(article.title);
    expect(line.author).toBe(article.author);
    expect(line.body).toEqual(article.body);
    expect(line.images).toEqual(article.images);
    expect(Object.keys(line)).toEqual([
      'warc',
      'offset',
      'recordId',
      'url',
      'warcDate',
      ...Object.keys(article).filter((k) => k !== 'url'),
    ]);
  });

  it('relative dates read against the WARC-Date, which the article reports as its capture time', async () => {
    const r = await runCli(['extract', '--warc', mixed('mixed.warc.gz')]);
    const rel = parse(r.stdout).find((l) => l.recordId === '<urn:uuid:page-relative>');
    expect(rel?.publishedTime?.iso).toBe('2021-03-11T09:27:00');
    expect(rel?.publishedTime?.captured).toEqual({ iso: '2021-03-12T10:00:00', from: 'WARC record' });
  });

  it('--skipped: a line for each skipped record, with its reason; --limit counts pages; --format text', async () => {
    const r = await runCli(['extract', '--warc', mixed('mixed.warc'), '--skipped', '--format', 'text']);
    const skipped = parse(r.stdout).filter((l) => l.skipped);
    expect(skipped.map((l) => [l.skipped, l.reason])).toEqual([
      ['revisit', `a revisit of ${URL_EN}: no payload of its own`],
      ['not-html', 'application/pdf'],
      ['truncated', 'WARC-Truncated: length'],
      ['http-status', 'HTTP 404'],
    ]);
    const pages = parse(r.stdout).filter((l) => !l.skipped);
    expect(pages[0]?.text).toContain('City opens a solar-powered library');
    expect(pages[0]?.body).toBeUndefined();
    const limited = await runCli(['extract', '--warc', mixed('mixed.warc'), '--limit', '2']);
    expect(parse(limited.stdout).map((l) => l.recordId)).toEqual(['<urn:uuid:page-utf8>', '<urn:uuid:page-gbk>']);
  });

  it('bad files: one clear line each, exit 1, the good files still read', async () => {
    const r = await runCli([
      'extract',
      '--warc',
      mixed('garbage.warc'),
      mixed('broken.warc.gz'),
      mixed('missing.warc'),
      mixed('cut.warc'),
      mixed('mixed.warc.gz'),
    ]);
    expect(r.code).toBe(1);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.stderr).toContain(`${mixed('garbage.warc')}: not a WARC file: it does not begin with "WARC/"`);
    expect(r.stderr).toContain(`${mixed('broken.warc.gz')}: corrupt gzip data at offset 0`);
    expect(r.stderr).toContain(`${mixed('missing.warc')}: no such file`);
    const out = parse(r.stdout);
    // The cut file: its whole first page, and its cut record skipped as truncated.
    expect(out.filter((l) => l.warc === mixed('cut.warc')).map((l) => l.recordId)).toEqual(['<urn:uuid:before-cut>']);
    expect(r.stderr).toMatch(/truncated 2/);
    expect(out.filter((l) => l.warc === mixed('mixed.warc.gz'))).toHaveLength(5);
    expect(out.filter((l) => l.errorKind === 'warc').map((l) => l.warc)).toEqual([
      mixed('garbage.warc'),
      mixed('broken.warc.gz'),
      mixed('missing.warc'),
    ]);
  });

  it('--warc - reads the WARC paths from stdin', async () => {
    const r = await runWithStdin(['extract', '--warc', '-', '--concurrency', '1'], `${mixed('mixed.warc')}\n\n${mixed('mixed.warc.gz')}\n`);
    expect(r.code, r.stderr).toBe(0);
    const out = parse(r.stdout);
    expect(out.map((l) => l.warc)).toEqual([
      ...Array<string>(5).fill(mixed('mixed.warc')),
      ...Array<string>(5).fill(mixed('mixed.warc.gz')),
    ]);
  });
});

/** The CLI with `input` on its stdin. */
function runWithStdin(args: readonly string[], input: string): Promise<CliResult> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, TZ: 'UTC', NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - start }));
    child.stdin.end(input);
  });
}
