/**
 * Method 4 from the command line (issue 14): `extract --similar` in both engines and `eval --similar auto`
 * on a small set of one fake site (two article pages sharing a template) and a page of another site.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/core/index.ts';
import { HAS_CHROMIUM, ROOT, assertBuilt, fileTempDir, hasStackTrace, nullGold, runCli } from './run-cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');
const A = join(FIXTURES, 'similar-a.html');
const B = join(FIXTURES, 'similar-b.html');
const URL_A = 'https://courier.example/news/2026-11-20/1001.html';
const FUND = 'supported by the Coastal Journalism Fund';
const STORY = 'The ferry to the outer islands sailed again on Friday';

const dir = fileTempDir('article-lens-similar-');

beforeAll(() => {
  assertBuilt();
  const pages = join(dir, 'set', 'pages');
  mkdirSync(pages, { recursive: true });
  copyFileSync(A, join(pages, 'a.html'));
  copyFileSync(B, join(pages, 'b.html'));
  copyFileSync(join(FIXTURES, 'en-article.html'), join(pages, 'other.html'));
  const gold = [
    nullGold('a', URL_A, { body: `${STORY}, three weeks after the storms had closed the harbour, and it was full.` }),
    nullGold('b', 'https://courier.example/news/2026-11-21/1002.html'),
    nullGold('other', 'https://news.example.org/story.html'),
  ];
  writeFileSync(join(dir, 'set', 'gold.jsonl'), gold.map((g) => JSON.stringify(g)).join('\n') + '\n');
});

async function extract(
  engine: 'dom' | 'chromium',
  similar: string | null,
): Promise<{ article: Article; stderr: string; code: number | null }> {
  const args = ['extract', A, '--url', URL_A, '--engine', engine, '--format', 'json', ...(similar ? ['--similar', similar] : [])];
  const r = await runCli(args);
  return { article: JSON.parse(r.stdout) as Article, stderr: r.stderr, code: r.code };
}

describe('extract --similar', () => {
  it('keeps the template line without a similar page (so the tests below can fail)', async () => {
    const { article } = await extract('dom', null);
    expect(article.body.text).toContain(FUND);
    expect(article.similarPage.status).toBe('not-requested');
  });

  it('drops the template from the body in the dom engine, and says so', async () => {
    const { article, stderr, code } = await extract('dom', B);
    expect(code).toBe(0);
    expect(article.body.text).not.toContain(FUND);
    expect(article.body.text).toContain(STORY);
    expect(article.similarPage).toMatchObject({ status: 'used', url: B, why: 'given with --similar', layout: false });
    expect(article.noise.some((n) => n.kind === 'template' && n.removed)).toBe(true);
    expect(stderr).toContain(`similar page: compared with ${B}:`);
  });

  it.runIf(HAS_CHROMIUM)(
    'drops the template with rendered boxes in the chromium engine',
    async () => {
      const { article, code } = await extract('chromium', B);
      expect(code).toBe(0);
      expect(article.body.text).not.toContain(FUND);
      expect(article.body.text).toContain(STORY);
      expect(article.similarPage).toMatchObject({ status: 'used', layout: true });
      expect(article.similarPage.nodes?.similar).toBeGreaterThan(20);
    },
    60_000,
  );

  it('fails with one clear line when the similar file is missing', async () => {
    const r = await runCli(['extract', A, '--engine', 'dom', '--similar', join(dir, 'nope.html')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('nope.html: no such file');
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('is a usage error with a URL that is not http(s) or an empty value', async () => {
    for (const bad of ['http://bad host/x', '']) {
      const r = await runCli(['extract', A, '--engine', 'dom', '--similar', bad]);
      expect(r.code, bad).toBe(2);
    }
  });
});

describe('eval --similar auto', () => {
  it('pairs the pages of one site, never a page with itself, and prints both sides', async () => {
    const r = await runCli(['eval', join(dir, 'set'), '--engine', 'dom', '--similar', 'auto', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      similar: { pages: number; withPartner: number; used: number; with: { f1: number }; without: { f1: number } };
    };
    expect(out.similar).toMatchObject({ pages: 2, withPartner: 2, used: 2 });
    expect(out.similar.with.f1).toBeGreaterThanOrEqual(out.similar.without.f1);
  });

  it('takes only "auto"', async () => {
    const r = await runCli(['eval', join(dir, 'set'), '--engine', 'dom', '--similar', 'b.html']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--similar takes "auto"');
  });
});
