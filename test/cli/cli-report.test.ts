/**
 * `article-lens report` on two tiny sets named like the dev sets (one with body gold, one with dates
 * only), dom engine, no bench: BENCHMARKS-style Markdown with the results, the targets (not run without
 * chromium), the faithful preset and every extension switched off, and no column that has no figure.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, assertBuilt, hasStackTrace, runCli, tempDir } from './run-cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');
let dir = '';
let cleanup = (): void => undefined;

function writeSet(name: string, gold: Record<string, unknown>): void {
  const pages = join(dir, 'datasets', name, 'pages');
  mkdirSync(pages, { recursive: true });
  copyFileSync(join(FIXTURES, 'en-article.html'), join(pages, 'article.html'));
  writeFileSync(join(dir, 'datasets', name, 'gold.jsonl'), `${JSON.stringify({ id: 'article', lang: 'en', ...gold })}\n`);
}

beforeAll(() => {
  assertBuilt();
  ({ dir, cleanup } = tempDir('article-lens-report-'));
  const url = 'https://news.example.com/2021/03/library.html';
  writeSet('scrapinghub', {
    url,
    title: null,
    author: null,
    date: null,
    datetime: null,
    body: 'The new library, which cost four million pounds, opened on Monday, and it runs entirely on solar power, the council said.',
  });
  writeSet('htmldate', { url, title: null, author: null, date: '2021-03-12', datetime: null, body: null });
});
afterAll(() => cleanup());

describe('report', () => {
  it('writes the results, the targets, and the faithful and per-extension rows', async () => {
    const out = join(dir, 'B.md');
    const r = await runCli(
      [
        'report',
        '--datasets',
        join(dir, 'datasets'),
        '--sets',
        'scrapinghub,htmldate',
        '--engines',
        'dom',
        '--skip-bench',
        '--skip-date-cv',
        '--out',
        out,
      ],
      { timeoutMs: 120_000 },
    );
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    const md = readFileSync(out, 'utf8');
    expect(md).toMatch(/^# Benchmarks\n/);
    expect(md).toMatch(/\| scrapinghub \| dom \| \d\.\d{3} \|/);
    expect(md).toMatch(/\| htmldate \| dom \| — \|.*\| 1\.000 \|/);
    expect(md).toContain('| scrapinghub | body F1 | ≥ 0.92 | — | not run |');
    expect(md).not.toContain('## Speed');

    const header = md.split('\n').find((l) => l.startsWith('| variant |')) ?? '';
    expect(header).toContain('scrapinghub body');
    expect(header).toContain('htmldate date');
    expect(header).not.toContain('htmldate body');
    expect(md).toContain('| faithful (all extensions off) |');
    expect(md).toContain('| without titleAnchor.skipCommentSections |');
    expect(md).toContain('| without text.latinSentence |');
    // The date SVM's switches are measured by cross-validation, not under the shipped model; the rule chain is a row.
    expect(md).not.toContain('without dateSvm.');
    expect(md).toContain('| dateSvm.enabled off (the §1.7 rule chain) |');
    expect(md).toContain('## Logical link blocks (method 5, default options)');
    expect(md).toMatch(/^\| scrapinghub \| dom \| \d\.\d{3} \| \d\.\d{3} \| \d\.\d{3} \| \d+\.\d% \| .+ \|$/m);
    expect(md).toMatch(/^\| htmldate \| dom \| \d\.\d{3} \| \d\.\d{3} \| \d\.\d{3} \| — \| — \|$/m);
  });

  it('an unknown engine is a usage error', async () => {
    const r = await runCli(['report', '--engines', 'gecko', '--out', join(dir, 'x.md')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown engine "gecko"');
    expect(hasStackTrace(r.stderr)).toBe(false);
  });
});
