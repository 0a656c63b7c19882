/**
 * Bad input through `article-lens extract`, with the dom engine and (when Debian's Chromium is there) the
 * chromium engine (DESIGN.md "CLI contract"): each case ends with a clear one-line message on stderr and
 * exit 1, or a sensible result, in bounded time, and never with a stack trace. The pages are generated
 * in a temporary folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/core/index.ts';
import { HAS_CHROMIUM, assertBuilt, fileTempDir, hasStackTrace, lines, runCli } from './run-cli.ts';

/** Generous bound for the huge and hostile pages: they must finish, not be fast on a loaded CI box. */
const BOUNDED_MS = 60_000;
const ENGINES = ['dom', ...(HAS_CHROMIUM ? ['chromium'] : [])] as const;

const ARTICLE_HTML =
  '<h1>A page under test, with a headline</h1>' +
  '<p>This paragraph, which is the first one, has commas, several of them, and is a sentence.</p>' +
  '<p>The second paragraph, also a sentence, has commas, too, and closes the article.</p>';
const SENTENCES = [
  'This paragraph, which is the first one, has commas, several of them, and is a sentence.',
  'The second paragraph, also a sentence, has commas, too, and closes the article.',
];

const PAGES: Record<string, string | Uint8Array> = {
  'empty.html': '',
  'binary.html': new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 4, 0, 0, 0, 3, 0,
  ]),
  'no-title-no-sentences.html':
    '<html><body><div>Menu</div><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul><p>Short.</p></body></html>',
  'huge.html':
    `<!doctype html><html><head><title>A page under test, with a headline</title></head><body><article>${ARTICLE_HTML}</article>` +
    `<div class="junk">${'<div><span>x</span></div>'.repeat(100_000)}</div></body></html>`,
  'unknown-charset.html':
    '<html><head><meta charset="x-unknown-42"><title>A page under test, with a headline</title></head><body>' +
    `${ARTICLE_HTML}<p>Naïve café, déjà vu, piñata, and Größe: non-ASCII text, kept as written.</p></body></html>`,
  'hostile.html':
    '<html><head><title>A page under test, with a headline</title>' +
    '<meta http-equiv="refresh" content="0;url=http://example.com/">' +
    '<script>while (true) {}</script><script>document.title = "HACKED"; document.body.innerHTML = "HACKED";</script>' +
    '</head><body><h1>A page under test, with a headline</h1>' +
    `<p>${SENTENCES[0]}<img src="x.png" onerror="while (true) {}"><p>${SENTENCES[1]}` +
    '<div><span><b><i>unclosed tags, everywhere <table><tr><td>a cell<select><option>never closed' +
    '<svg onload="for (;;) {}"><iframe src="http://example.com/"></iframe></body></html>',
  'deep.html':
    `<html><head><title>A page under test, with a headline</title></head><body>${ARTICLE_HTML}` +
    `${'<div>'.repeat(20_000)}<p>deep text</p>${'</div>'.repeat(20_000)}</body></html>`,
  // Lists a spread into a call (`push(...list)`) would pass as 130 000 and 150 000 arguments (issue 40, 5).
  'json-ld-130k.html':
    '<html><head><title>A page under test, with a headline</title><script type="application/ld+json">' +
    `[${'0,'.repeat(129_999)}0]</script></head><body>${ARTICLE_HTML}</body></html>`,
  'title-150k-separators.html': `<html><head><title>A page under test, with a headline${'|x'.repeat(150_000)}</title></head><body>${ARTICLE_HTML}</body></html>`,
  'deep-unclosed.html':
    `<html><head><title>A page under test, with a headline</title></head><body>${ARTICLE_HTML}` +
    `<div><span><b><i>unclosed${'<div>'.repeat(20_000)}<p>deep text</p></body></html>`,
};

const dir = fileTempDir('article-lens-bad-input-');
const page = (name: string): string => join(dir, name);
const timings: string[] = [];

beforeAll(() => {
  assertBuilt();
  for (const [name, content] of Object.entries(PAGES)) writeFileSync(join(dir, name), content);
  mkdirSync(join(dir, 'a-directory.html'));
});
afterAll(() => {
  if (timings.length) console.log(`100 000-element page:\n  ${timings.join('\n  ')}`);
});

/** stderr is exactly `article-lens: <message>` (after any warning lines), with no stack trace. */
function expectOneLineError(stderr: string, message: string): void {
  const err = lines(stderr);
  expect(err.filter((l) => !l.startsWith('article-lens: warning: '))).toEqual([`article-lens: ${message}`]);
  expect(hasStackTrace(stderr)).toBe(false);
}

function expectArticle(stdout: string): Article {
  const a = JSON.parse(stdout) as Article;
  expect(a.title).toBe('A page under test, with a headline');
  const body = a.body.text.split('\n');
  for (const s of SENTENCES) expect(body).toContain(s);
  return a;
}

for (const engine of ENGINES) {
  describe.concurrent(`bad input, ${engine} engine`, { timeout: 180_000 }, () => {
    it('an empty file: "empty file", exit 1', async () => {
      const r = await runCli(['extract', page('empty.html'), '--engine', engine]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expectOneLineError(r.stderr, `${page('empty.html')}: empty file`);
    });

    it('a binary file: "not HTML", exit 1', async () => {
      const r = await runCli(['extract', page('binary.html'), '--engine', engine]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expectOneLineError(r.stderr, `${page('binary.html')}: not HTML: the file looks binary`);
    });

    it('a page with no <title> and no sentences: an empty result, a warning saying why, exit 1', async () => {
      const r = await runCli(['extract', page('no-title-no-sentences.html'), '--engine', engine]);
      expect(r.code).toBe(1);
      const a = JSON.parse(r.stdout) as Article;
      expect(a.title).toBeNull();
      expect(a.body).toEqual({ html: '', text: '', markdown: '' });
      expect(a.warnings).toContain('no article: the page has no sentences');
      expect(lines(r.stderr)).toEqual([
        `article-lens: warning: ${page('no-title-no-sentences.html')}: no article: the page has no sentences`,
        `article-lens: ${page('no-title-no-sentences.html')}: no article body found`,
      ]);
    });

    it('a 100 000-element page finishes in bounded time with the article', async () => {
      const r = await runCli(['extract', page('huge.html'), '--engine', engine], { timeoutMs: BOUNDED_MS });
      timings.push(`${engine}: ${(r.ms / 1000).toFixed(1)} s (whole process)`);
      expect(r.code).toBe(0);
      expect(r.ms).toBeLessThan(BOUNDED_MS);
      const a = expectArticle(r.stdout);
      expect(a.body.text).not.toMatch(/\bx\b/);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }, 180_000);

    it('a page declaring an unknown charset: decoded with a warning, non-ASCII text intact', async () => {
      const r = await runCli(['extract', page('unknown-charset.html'), '--engine', engine]);
      expect(r.code).toBe(0);
      const a = expectArticle(r.stdout);
      expect(a.body.text).toContain('Naïve café, déjà vu, piñata, and Größe: non-ASCII text, kept as written.');
      expect(lines(r.stderr)).toEqual([
        `article-lens: warning: ${page('unknown-charset.html')}: unknown charset "x-unknown-42": read as utf-8`,
      ]);
    });

    it('hostile markup (looping scripts, meta refresh, img onerror, unclosed tags): no script runs, no navigation', async () => {
      const r = await runCli(['extract', page('hostile.html'), '--engine', engine], { timeoutMs: BOUNDED_MS });
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const a = expectArticle(r.stdout);
      expect(r.stdout).not.toContain('HACKED');
      expect(a.url).toBeNull();
    });

    for (const name of ['deep.html', 'deep-unclosed.html']) {
      it(`20 000 nested divs (${name}): bounded, the article is found`, async () => {
        const r = await runCli(['extract', page(name), '--engine', engine], { timeoutMs: BOUNDED_MS });
        expect(hasStackTrace(r.stderr)).toBe(false);
        expect(r.code).toBe(0);
        expectArticle(r.stdout);
        // Chromium's parser caps nesting at 512 by itself; the dom engine does the same and says so.
        if (engine === 'dom')
          expect(lines(r.stderr)).toEqual([
            expect.stringMatching(
              /^article-lens: warning: .*: page nested deeper than 512 levels: \d+ elements were made siblings, as Chromium's parser does$/,
            ),
          ]);
      });
    }

    for (const name of ['json-ld-130k.html', 'title-150k-separators.html'] as const) {
      it(`a small page holding a list of 130 000+ items (${name}): no call stack overflow, the article is found`, async () => {
        const r = await runCli(['extract', page(name), '--engine', engine], { timeoutMs: BOUNDED_MS });
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        expectArticle(r.stdout);
      });
    }

    it('a missing file: "no such file", exit 1', async () => {
      const r = await runCli(['extract', page('missing.html'), '--engine', engine]);
      expect(r.code).toBe(1);
      expectOneLineError(r.stderr, `${page('missing.html')}: no such file`);
    });

    it('a directory: "is a directory", exit 1', async () => {
      const r = await runCli(['extract', page('a-directory.html'), '--engine', engine]);
      expect(r.code).toBe(1);
      expectOneLineError(r.stderr, `${page('a-directory.html')}: is a directory, not a file`);
    });

    it('an unreachable URL (nothing listens on 127.0.0.1:9): "unreachable", exit 1, quickly', async () => {
      const r = await runCli(['extract', 'http://127.0.0.1:9/', '--engine', engine], { timeoutMs: 30_000 });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      const err = lines(r.stderr);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/^article-lens: http:\/\/127\.0\.0\.1:9\/: unreachable \(.+\)$/);
    });
  });
}

it('an unreachable URL (a closed port): "unreachable (connect ECONNREFUSED …)", exit 1', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const r = await runCli(['extract', `http://127.0.0.1:${port}/page.html`, '--engine', 'dom'], { timeoutMs: 30_000 });
  expect(r.code).toBe(1);
  expect(lines(r.stderr)).toEqual([
    `article-lens: http://127.0.0.1:${port}/page.html: unreachable (connect ECONNREFUSED 127.0.0.1:${port})`,
  ]);
});
