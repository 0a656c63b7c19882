/**
 * DOM clobbering through the CLI (issue 16, "a page can hang the tab"), with the dom engine and, when
 * Debian's Chromium is there, the chromium engine — the one that really has named properties: a form's
 * controls shadow `form.parentElement`, `form.localName`…, a named `<img>` shadows `document.body`. Each
 * hand-written page of test/fixtures/clobber/ must give its article, exit 0, in bounded time; a batch of
 * pages, each with one hidden input named after a DOM property, must give every page the article of the
 * page without it. (happy-dom has no named properties, so the dom engine passed before the fix too: it is
 * here to hold both engines to the same result.)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/core/index.ts';
import type { Prediction } from '../../src/eval/score.ts';
import { CLOBBER_ARTICLE, CLOBBER_DIR, CLOBBER_PAGES, ELEMENT_NAMES, pageWithOneInput, readClobberPage } from '../helpers/clobber.ts';
import { HAS_CHROMIUM, assertBuilt, fileTempDir, hasStackTrace, lines, runCli } from './run-cli.ts';

const ENGINES = ['dom', ...(HAS_CHROMIUM ? ['chromium'] : [])] as const;
const URL = 'https://bayherald.example/news/2021/03/ferry.html';
/**
 * Whole process, browser start included: generous, for a loaded machine. A page that hangs the core fails
 * sooner, on its exit code: the chromium engine gives up on an extraction after 30 s.
 */
const BOUNDED_MS = 120_000;
/** The core's own time on one of these small pages (the sum of its stage timings): milliseconds when it works. */
const CORE_MS = 5_000;
/** One page of the batch in the engine, loading included: well under a second when it works; the chromium engine's limit is 30 s. */
const PAGE_MS = 20_000;

const dir = fileTempDir('article-lens-clobber-');
let setDir = '';

beforeAll(() => {
  assertBuilt();
  setDir = join(dir, 'one-input');
  mkdirSync(join(setDir, 'pages'), { recursive: true });
  const gold = (id: string): string =>
    JSON.stringify({
      id,
      url: URL,
      lang: 'en',
      title: CLOBBER_ARTICLE.title,
      author: CLOBBER_ARTICLE.author,
      date: CLOBBER_ARTICLE.day,
      datetime: null,
      body: CLOBBER_ARTICLE.paragraphs.join('\n'),
    });
  const ids = ['clean', ...ELEMENT_NAMES.map((n) => `one-${n}`)];
  writeFileSync(join(setDir, 'pages', 'clean.html'), readClobberPage('clean.html'));
  for (const name of ELEMENT_NAMES) writeFileSync(join(setDir, 'pages', `one-${name}.html`), pageWithOneInput(name));
  writeFileSync(join(setDir, 'gold.jsonl'), ids.map(gold).join('\n') + '\n');
});

for (const engine of ENGINES) {
  describe.concurrent(`clobbering pages, ${engine} engine`, { timeout: 240_000 }, () => {
    for (const name of CLOBBER_PAGES) {
      it(`${name}: the article, exit 0, bounded time`, async () => {
        const r = await runCli(['extract', join(CLOBBER_DIR, name), '--url', URL, '--engine', engine], { timeoutMs: BOUNDED_MS });
        expect(hasStackTrace(r.stderr)).toBe(false);
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        expect(r.ms).toBeLessThan(BOUNDED_MS);
        const a = JSON.parse(r.stdout) as Article;
        expect(Object.values(a.timings).reduce((sum, ms) => sum + ms, 0)).toBeLessThan(CORE_MS);
        expect(a.title).toBe(CLOBBER_ARTICLE.title);
        expect(a.author).toBe(CLOBBER_ARTICLE.author);
        expect(a.publishedTime.iso?.slice(0, 10)).toBe(CLOBBER_ARTICLE.day);
        expect(a.body.text.split('\n').filter((l) => !l.startsWith('The ferry at the north pier'))).toEqual(CLOBBER_ARTICLE.paragraphs);
        expect(a.images.map((i) => i.src)).toEqual(['https://bayherald.example/img/ferry.jpg']);
      });
    }

    it(`a batch of ${ELEMENT_NAMES.length} pages, each with one hidden input named after a DOM property: every page as the clean one`, async () => {
      const out = join(dir, `pred-${engine}.jsonl`);
      const r = await runCli(['eval', setDir, '--engine', engine, '--out', out], { timeoutMs: 600_000 });
      const preds = lines(readFileSync(out, 'utf8')).map((l) => JSON.parse(l) as Prediction);
      const clean = preds.find((p) => p.id === 'clean') as Prediction;
      expect(clean.title).toBe(CLOBBER_ARTICLE.title);
      const wrong = preds
        .filter(
          (p) =>
            p.error ||
            p.ms > PAGE_MS ||
            p.title !== clean.title ||
            p.author !== clean.author ||
            p.date !== clean.date ||
            p.body !== clean.body,
        )
        .map((p) => `${p.id}: ${p.error ?? (p.ms > PAGE_MS ? `${Math.round(p.ms)} ms` : `title ${p.title}, body ${p.body.slice(0, 60)}`)}`);
      expect(wrong).toEqual([]);
      expect(preds).toHaveLength(ELEMENT_NAMES.length + 1);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.code).toBe(0);
    });
  });
}
