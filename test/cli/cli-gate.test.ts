/**
 * `article-lens gate` end to end on a small temporary set: --update writes the baseline, the same code
 * passes, a deliberately worsened option fails with the figure and the pages that lost, --update refuses
 * to lower a floor, and without the datasets the gate says it skipped.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Baseline } from '../../src/eval/gate.ts';
import { ARTICLE_GOLD, ROOT, assertBuilt, fileTempDir, hasStackTrace, runCli } from './run-cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');
const dir = fileTempDir('article-lens-gate-');
let baseline = '';

/**
 * No sentence passes the sentence test: the title method finds no body (and method 2 may not lead in its
 * place, nor the block model choose the blocks).
 */
const WORSE = [
  '--option',
  'combine.extensions.learnedBlocks=false',
  '--option',
  'text.sentenceMinCommasExclusive=99',
  '--option',
  'text.latinSentenceMinWords=999',
  '--option',
  'combine.extensions.pathLeadsWithoutBody=false',
];

beforeAll(() => {
  assertBuilt();
  const pages = join(dir, 'datasets', 'news', 'pages');
  mkdirSync(pages, { recursive: true });
  copyFileSync(join(FIXTURES, 'en-article.html'), join(pages, 'article.html'));
  writeFileSync(join(dir, 'datasets', 'news', 'gold.jsonl'), `${JSON.stringify(ARTICLE_GOLD)}\n`);
  baseline = join(dir, 'eval', 'baseline.json');
});

const gate = (...args: string[]) =>
  runCli(['gate', '--datasets', join(dir, 'datasets'), '--baseline', baseline, '--sets', 'news', ...args], { timeoutMs: 120_000 });

describe('article-lens gate', () => {
  it('--update writes the baseline; the same code then passes', async () => {
    const update = await gate('--update');
    expect(update.stderr).not.toSatisfy(hasStackTrace);
    expect(update.code).toBe(0);
    const written = JSON.parse(readFileSync(baseline, 'utf8')) as Baseline;
    expect(written.engine).toBe('dom');
    expect(Object.keys(written.sets['news']?.figures ?? {})).toEqual(['body.f1', 'title.exact', 'author.exact', 'date.accuracy']);
    expect(written.sets['news']?.figures['body.f1']).toBeGreaterThan(0.3);
    expect(existsSync(join(dir, 'eval', 'baseline-pages.json'))).toBe(true);

    const again = await gate();
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^ok {3}news: body F1 /m);
    expect(again.stdout).toMatch(/eval gate: passed/);
  });

  it('a worsened option fails: which figure fell, by how much, and the pages that lost most', async () => {
    const worse = await gate(...WORSE);
    expect(worse.code).toBe(1);
    expect(worse.stdout).toMatch(/^FELL news: /m);
    expect(worse.stdout).toMatch(/^ {2}news body F1 fell \d\.\d{4} → 0\.0000 \(-\d\.\d{4}\)$/m);
    expect(worse.stdout).toMatch(/^ {4}pages that lost most: article \d\.\d{3} → 0\.000$/m);
    expect(worse.stdout).toMatch(/eval gate: FAILED/);
  });

  it('--update refuses to lower a floor without --allow-regression', async () => {
    const before = readFileSync(baseline, 'utf8');
    const refused = await gate('--update', ...WORSE);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/would lower these floors/);
    expect(refused.stderr).toMatch(/news body F1: \d\.\d{6} → 0\.000000/);
    expect(readFileSync(baseline, 'utf8')).toBe(before);
  });

  it('without the datasets it says it skipped, in one line, and exits 0', async () => {
    const r = await runCli(['gate', '--datasets', join(dir, 'nowhere'), '--baseline', baseline]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`eval gate: skipped: no datasets at ${join(dir, 'nowhere')} (give --datasets DIR or ARTICLE_LENS_DATASETS)\n`);
  });
});
