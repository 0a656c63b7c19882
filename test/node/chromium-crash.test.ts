/**
 * The chromium engine after a page crashes its renderer (issue 40, item 9): 3 000 nested declarative
 * shadow roots crash Chromium's renderer while the core reads the page. The crashed tab went back to the
 * pool and the next, innocent page of the batch failed with "page.goto: Page crashed". Now the crash is
 * reported on the page that caused it, the tab is retired, and every other page of the set is extracted.
 * Runs `eval` on a set of the crashing page and three innocent ones; skipped without Debian's Chromium.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, ROOT, assertBuilt, fileTempDir, lines, runCli } from '../cli/run-cli.ts';

const DEPTH = 3000;
const CRASHER =
  `<!doctype html><html><head><title>Deep</title></head><body>${'<div><template shadowrootmode="open">'.repeat(DEPTH)}` +
  `<p>Deep text, with commas, and more.</p>${'</template></div>'.repeat(DEPTH)}</body></html>`;

const dir = fileTempDir('article-lens-crash-');
beforeAll(assertBuilt);

describe.skipIf(!HAS_CHROMIUM)('chromium engine: a crashed renderer', () => {
  it.each([1, 2])(
    'is charged to the page that crashed it; the other pages are extracted (concurrency %i)',
    async (concurrency) => {
      const set = join(dir, `set-${concurrency}`);
      mkdirSync(join(set, 'pages'), { recursive: true });
      const innocent = readFileSync(join(ROOT, 'test', 'fixtures', 'cli', 'en-article.html'));
      writeFileSync(join(set, 'pages', 'a.html'), CRASHER);
      for (const id of ['b', 'c', 'd']) writeFileSync(join(set, 'pages', `${id}.html`), innocent);
      const gold = (id: string): string => JSON.stringify({ id, url: `https://news.example.com/${id}.html`, lang: 'en', body: 'x' });
      writeFileSync(join(set, 'gold.jsonl'), `${['a', 'b', 'c', 'd'].map(gold).join('\n')}\n`);
      const r = await runCli(['eval', set, '--engine', 'chromium', '--concurrency', String(concurrency)], { timeoutMs: 120_000 });
      expect(r.code).toBe(0);
      const errors = lines(r.stderr).filter((l) => /^article-lens: [a-d]: /.test(l));
      // The renderer goes down while it builds the page or while the core reads it, as the machine's timing has it.
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^article-lens: a: the page crashed the browser's renderer \((?:while loading|during extraction)\)$/);
    },
    150_000,
  );
});
