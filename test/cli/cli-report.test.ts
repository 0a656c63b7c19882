/**
 * `article-lens report` on two tiny sets named like the dev sets (one with body gold, one with dates
 * only), dom engine, no bench: BENCHMARKS-style Markdown with the results and Readability's beside them,
 * the targets (not run without chromium), the methods table, the faithful preset and every extension
 * switched off, no column that has no figure; and one section alone, written beside BENCHMARKS.md.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, assertBuilt, fileTempDir, hasStackTrace, runCli } from './run-cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');
const dir = fileTempDir('article-lens-report-');

function writeSet(name: string, gold: Record<string, unknown>): void {
  const pages = join(dir, 'datasets', name, 'pages');
  mkdirSync(pages, { recursive: true });
  copyFileSync(join(FIXTURES, 'en-article.html'), join(pages, 'article.html'));
  writeFileSync(join(dir, 'datasets', name, 'gold.jsonl'), `${JSON.stringify({ id: 'article', lang: 'en', ...gold })}\n`);
}

beforeAll(() => {
  assertBuilt();
  const url = 'https://news.example.com/2021/03/library.html';
  writeSet('scrapinghub', {
    url,
    title: null,
    author: null,
    date: null,
    datetime: null,
    body: 'The new library, which cost four million pounds, opened on Monday, and it runs entirely on solar power, the council said.',
  });
  writeSet('daniel', {
    url,
    title: null,
    author: null,
    date: null,
    datetime: null,
    body: 'The new library, which cost four million pounds, opened on Monday.',
  });
  writeSet('htmldate', { url, title: null, author: null, date: '2021-03-12', datetime: null, body: null });
});

describe('report', () => {
  it('writes the results beside Readability, the targets, the methods table and the metadata rows', async () => {
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
        '--jobs',
        '1',
        '--skip-bench',
        '--skip-date-cv',
        '--out',
        out,
      ],
      { timeoutMs: 240_000 },
    );
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    const md = readFileSync(out, 'utf8');
    expect(md).toMatch(/^# Benchmarks\n/);
    // Ours, then Readability's body F1 on the same pages (the set is not Chinese: no CJK figure).
    expect(md).toMatch(/\| scrapinghub \| dom \| \d\.\d{3} \| \d\.\d{3} \| \d\.\d{3} \| — \| \d\.\d{3} \| — \|/);
    expect(md).toMatch(/\| htmldate \| dom \| — \|.*\| 1\.000 \|/);
    expect(md).toMatch(
      /^\| scrapinghub \| dom \| 1 \| words \| \d\.\d{3} \| \d\.\d{3} \| [+−]\d\.\d{3} \| [01] \| [01] \| [01] \| [01] \|$/m,
    );
    expect(md).toContain('| scrapinghub | body F1 | ≥ 0.92 | — | not run |');
    expect(md).not.toContain('## Speed');

    expect(md).toContain('## Body: methods and the combination (dom engine)');
    expect(md).toContain('| variant | flags | scrapinghub | mean | Δ mean |');
    expect(md).toMatch(/^\| method 1 alone, faithful \| `--preset faithful --option combine\.bodyMethod=title-anchor` \| \d\.\d{3} \|/m);
    expect(md).toMatch(/^\| method 2 alone, with extensions \| `--option combine\.bodyMethod=punct-path` \| \d\.\d{3} \|/m);
    expect(md).toContain('| without titleAnchor.skipCommentSections |');
    expect(md).toContain('| without text.latinSentence |');
    expect(md).toContain('| combine.pathLeads off |');

    const header = md.split('\n').find((l) => l.startsWith('| variant | htmldate')) ?? '';
    expect(header).toContain('htmldate date');
    expect(header).not.toContain('scrapinghub');
    expect(md).toMatch(/^\| faithful \(all extensions off\) \| \d\.\d{3} \|$/m);
    // The date SVM's switches are measured by cross-validation, not under the shipped model; the rule chain is a row.
    expect(md).not.toContain('without dateSvm.');
    expect(md).toContain('| dateSvm.enabled off (the §1.7 rule chain) |');
    expect(md).toContain('## Logical link blocks (method 5, default options)');
    expect(md).toMatch(/^\| scrapinghub \| dom \| \d\.\d{3} \| \d\.\d{3} \| \d\.\d{3} \| \d+\.\d% \| .+ \|$/m);
    expect(md).toMatch(/^\| htmldate \| dom \| \d\.\d{3} \| \d\.\d{3} \| \d\.\d{3} \| — \| — \|$/m);
    // One body set: nothing to leave out, and the sweep is not run.
    expect(md).toContain('Fewer than two body sets were run: nothing to leave out.');
    expect(r.stderr).not.toContain('combine.pathMinStops=');
  }, 300_000);

  it('writes a part alone, in a child process, beside BENCHMARKS.md and never over it', async () => {
    const cwd = dir;
    const r = await runCli(
      ['report', '--datasets', join(dir, 'datasets'), '--sets', 'scrapinghub,htmldate', '--engines', 'dom', '--sections', 'results'],
      { timeoutMs: 240_000, cwd },
    );
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    const md = readFileSync(join(dir, 'BENCHMARKS-results.md'), 'utf8');
    expect(md).toMatch(/^# Benchmarks: results\n/);
    expect(md).toContain('`npx article-lens report --sections results`');
    expect(md).toMatch(/\| scrapinghub \| dom \| \d\.\d{3} \| \d\.\d{3} \| \d\.\d{3} \| — \| \d\.\d{3} \| — \|/);
    expect(md).not.toContain('## Body: methods');
    expect(md).not.toContain('## Generalisation');

    const refused = await runCli(['report', '--sections', 'loso', '--out', 'BENCHMARKS.md'], { cwd });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('another --out than BENCHMARKS.md');
  }, 300_000);

  it('leaves each body set out in turn, every variant of a set run in one child process from one parse per page', async () => {
    const out = join(dir, 'L.md');
    const r = await runCli(
      [
        'report',
        '--datasets',
        join(dir, 'datasets'),
        '--sets',
        'scrapinghub,daniel',
        '--engines',
        'dom',
        '--sections',
        'loso',
        '--jobs',
        '2',
        '--out',
        out,
      ],
      { timeoutMs: 240_000 },
    );
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    // One run per set, with every candidate of the sweep in it.
    expect(r.stderr).toMatch(/\[1\/2\] dom (scrapinghub|daniel) \(\d+ variants\) done/);
    expect(r.stderr).toMatch(/\[2\/2\] dom (scrapinghub|daniel) \(\d+ variants\) done/);
    const md = readFileSync(out, 'utf8');
    expect(md).toMatch(/^\| scrapinghub \| .+ \| \d\.\d{3} \| \d\.\d{3} \| \d\.\d{3} \| [+−]?\d\.\d{3} \|$/m);
    expect(md).toMatch(/^\| daniel \| .+ \| \d\.\d{3} \| \d\.\d{3} \| \d\.\d{3} \| [+−]?\d\.\d{3} \|$/m);
  }, 300_000);

  it('cross-validates the block model by site and by set, from one collection of the samples', async () => {
    const out = join(dir, 'K.md');
    const r = await runCli(
      [
        'report',
        '--datasets',
        join(dir, 'datasets'),
        '--sets',
        'scrapinghub,daniel',
        '--engines',
        'dom',
        '--sections',
        'blocks',
        '--out',
        out,
      ],
      { timeoutMs: 240_000 },
    );
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('block model cross-validation by site done');
    expect(r.stderr).toContain('block model cross-validation by set done');
    const md = readFileSync(out, 'utf8');
    expect(md).toContain('## Body: the block model (learned combination, §6), cross-validated');
    expect(md).toContain('5-fold, grouped by site');
    expect(md).toContain('leave-one-set-out');
    // A row per body set in each table: rules, block model, and the best the blocks allow.
    const rows = md
      .split('\n')
      .filter((l) => /^\| (scrapinghub|daniel) \| 1 \| \d\.\d{4} \(\d\.\d{4} \/ \d\.\d{4}\) \| \d\.\d{4} \(/.test(l));
    expect(rows).toHaveLength(4);
  }, 300_000);

  it('an unknown engine or section is a usage error', async () => {
    const r = await runCli(['report', '--engines', 'gecko', '--out', join(dir, 'x.md')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown engine "gecko"');
    expect(hasStackTrace(r.stderr)).toBe(false);
    const s = await runCli(['report', '--sections', 'results,nonsense', '--out', join(dir, 'x.md')]);
    expect(s.code).toBe(2);
    expect(s.stderr).toContain('unknown section "nonsense"');
  });
});
