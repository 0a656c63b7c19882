/**
 * `article-lens extract` end to end (DESIGN.md "CLI contract"): the built CLI in a child process on small
 * hand-written pages (test/fixtures/cli/), every output format, --explain, --url, --link-title, pages
 * fetched from a local server.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/core/index.ts';
import { HAS_CHROMIUM, ROOT, assertBuilt, lines, runCli } from './run-cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');
const ARTICLE = join(FIXTURES, 'en-article.html');
const GENERIC_TITLE = join(FIXTURES, 'generic-title.html');
const ANTI_FLICKER = join(FIXTURES, 'en-anti-flicker.html');
const ZH_INDEX = join(FIXTURES, 'zh-index.html');
const SHADOW_ROOT = join(FIXTURES, 'en-shadow-root.html');
const PAGE_URL = 'https://news.example.com/2021/03/library.html';

const ARTICLE_PARAGRAPHS = [
  'The new library, which cost four million pounds, opened on Monday, and it runs entirely on solar power, the council said.',
  'Residents, students and teachers queued outside before dawn, eager to see the building, its reading rooms, and the rooftop garden.',
  'The panels, installed last year, produce more energy than the building uses, according to the architects, who spoke on Monday.',
  'Read the earlier story, which described the plans, the costs, and the timetable in detail.',
  'Officials said, on Tuesday, that similar projects, in three other towns, are now planned.',
];

const SHADOW_PARAGRAPHS = [
  'The harbour museum reopened on Saturday in the old customs house, after two years of repairs that cost the town three million pounds.',
  'Visitors queued along the quay before the doors opened, and many of them, sailors and schoolchildren alike, stayed until closing time.',
  "The curators plan a new gallery for the lifeboats next spring, with the boats themselves, their logbooks and the crews' own photographs.",
];

beforeAll(assertBuilt);

describe('extract: output formats', () => {
  it('json (dom engine): the article with the right title, author, date and body', async () => {
    const r = await runCli(['extract', ARTICLE, '--engine', 'dom']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Article;
    expect(a.title).toBe('City opens a solar-powered library');
    expect(a.author).toBe('Jane Doe');
    expect(a.publishedTime.iso).toBe('2021-03-12');
    expect(a.lang).toBe('en');
    const body = a.body.text.split('\n');
    for (const p of ARTICLE_PARAGRAPHS) expect(body).toContain(p);
    expect(a.body.text).not.toMatch(/Home|Sport|Copyright|HACKED/);
    expect(a.explain.decisions).toEqual([]);
  });

  it.runIf(HAS_CHROMIUM)('json (chromium engine): the same article, and the page scripts never ran', async () => {
    const r = await runCli(['extract', ARTICLE, '--engine', 'chromium']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Article;
    expect(a.title).toBe('City opens a solar-powered library');
    expect(a.author).toBe('Jane Doe');
    for (const p of ARTICLE_PARAGRAPHS) expect(a.body.text.split('\n')).toContain(p);
    expect(JSON.stringify(a)).not.toContain('HACKED');
  });

  // Issue 40, 11c: both engines gave "no article".
  for (const engine of ['dom', 'chromium'] as const) {
    it.runIf(engine === 'dom' || HAS_CHROMIUM)(`${engine} engine: an article inside a declarative shadow root`, async () => {
      const r = await runCli(['extract', SHADOW_ROOT, '--engine', engine]);
      expect(r.code).toBe(0);
      const a = JSON.parse(r.stdout) as Article;
      expect(a.title).toBe('Harbour museum reopens in the old customs house');
      const body = a.body.text.split('\n');
      for (const p of SHADOW_PARAGRAPHS) expect(body).toContain(p);
      expect(a.body.text).not.toMatch(/Home|Sport|Copyright/);
    });
  }

  it.runIf(HAS_CHROMIUM)('chromium engine: a page that hides its body until a script runs is read as shown', async () => {
    const r = await runCli(['extract', ANTI_FLICKER, '--engine', 'chromium']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Article;
    expect(a.title).toBe('Harbour ferry returns after a winter of repairs');
    const body = a.body.text.split('\n');
    expect(body).toContain(
      'The old ferry, which first sailed in 1921, returned to the harbour on Friday after a winter of repairs, its owners said.',
    );
    expect(body).toContain('The first crossings, on Saturday morning, were full, and more sailings will be added in the summer.');
    // Only the root and the body are shown: what the page hides itself below them stays out.
    expect(a.body.text).not.toContain('Members can read');
  });

  it.runIf(HAS_CHROMIUM)('chromium engine: a page whose own CSP refuses every script still gets the core', async () => {
    // The core is loaded as a script from the page server; a page's `<meta>` CSP refuses it, and the
    // engine evaluates it through the protocol instead.
    const dir = mkdtempSync(join(tmpdir(), 'article-lens-csp-'));
    const page = join(dir, 'own-csp.html');
    const csp = `<meta http-equiv="Content-Security-Policy" content="script-src 'none'">`;
    const html = readFileSync(ARTICLE, 'utf8').replace('<meta charset="utf-8">', `<meta charset="utf-8">${csp}`);
    expect(html).toContain(csp);
    writeFileSync(page, html);
    const r = await runCli(['extract', page, '--engine', 'chromium']).finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Article;
    expect(a.title).toBe('City opens a solar-powered library');
    for (const p of ARTICLE_PARAGRAPHS) expect(a.body.text.split('\n')).toContain(p);
    expect(JSON.stringify(a)).not.toContain('HACKED');
  });

  it('text: title, meta line, blank line, body', async () => {
    const r = await runCli(['extract', ARTICLE, '--engine', 'dom', '--format', 'text']);
    expect(r.code).toBe(0);
    const out = r.stdout.split('\n');
    expect(out.slice(0, 3)).toEqual(['City opens a solar-powered library', 'Jane Doe · 2021-03-12', '']);
    for (const p of ARTICLE_PARAGRAPHS) expect(out).toContain(p);
    expect(r.stdout).not.toMatch(/<[a-z]/);
  });

  it('markdown: heading, meta line, links and images as Markdown', async () => {
    const r = await runCli(['extract', ARTICLE, '--engine', 'dom', '--format', 'markdown', '--url', PAGE_URL]);
    expect(r.code).toBe(0);
    expect(
      r.stdout.startsWith(
        // The page names no source: the site's name from <title> ("… - Example News" on news.example.com) stands in.
        '# City opens a solar-powered library\n\n*Jane Doe · Example News · 2021-03-12*\n\n<https://news.example.com/2021/03/library.html>\n',
      ),
    ).toBe(true);
    expect(r.stdout).toContain('![The solar roof](https://news.example.com/2021/03/images/roof.jpg)');
    expect(r.stdout).toContain('[the earlier story](https://news.example.com/2021/archive/plans.html)');
    expect(r.stdout).not.toMatch(/javascript:|<script/i);
  });

  for (const engine of ['dom', ...(HAS_CHROMIUM ? ['chromium'] : [])]) {
    it(`html (${engine}): a standalone document with no <script>, no on*= attributes, no javascript: URLs`, async () => {
      const r = await runCli(['extract', ARTICLE, '--engine', engine, '--format', 'html', '--url', PAGE_URL]);
      expect(r.code).toBe(0);
      expect(r.stdout.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
      expect(r.stdout).toContain('<title>City opens a solar-powered library</title>');
      expect(r.stdout).toContain('<p>Officials said, on Tuesday, that similar projects, in three other towns, are now planned.</p>');
      expect(r.stdout).not.toMatch(/<script/i);
      expect(r.stdout).not.toMatch(/\son[a-z]+\s*=/i);
      expect(r.stdout).not.toMatch(/javascript:|HACKED|alert\(/i);
    });
  }
});

describe('extract: --explain', () => {
  it('non-JSON formats: the decision table goes to stderr, stdout stays clean', async () => {
    const r = await runCli(['extract', ARTICLE, '--engine', 'dom', '--format', 'text', '--explain']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('explain');
    const table = lines(r.stderr);
    expect(table[0]).toMatch(/^explain \(options [0-9a-f]{8}\)$/);
    expect(r.stderr).toMatch(/^ {2}step preprocess\s+preprocess\s+[\d.]+ ms$/m);
    expect(r.stderr).toMatch(/^ {2}title-anchor\s+1\.4-title-candidate\s+candidate\s+sim=\d+ threshold=20 @ html > body > article > h1/m);
    expect(r.stderr).toMatch(/^ {2}metadata\s+1\.7-author\s+choose\s+zone\/by: Jane Doe/m);
  });

  it('json: the trace is inside the JSON, nothing on stderr', async () => {
    const r = await runCli(['extract', ARTICLE, '--engine', 'dom', '--explain']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const a = JSON.parse(r.stdout) as Article;
    expect(a.explain.steps.map((s) => s.method)).toEqual(expect.arrayContaining(['preprocess', 'title-anchor', 'metadata', 'output']));
    expect(a.explain.decisions.map((d) => d.rule)).toEqual(
      expect.arrayContaining(['1.3-stats', '1.4-title-candidate', '1.5-lca', '1.7-title']),
    );
    expect(a.explain.optionsHash).toMatch(/^[0-9a-f]{8}$/);
  });
});

describe('extract: --url and --link-title', () => {
  it('--url is the base: relative image and link URLs become absolute', async () => {
    const r = await runCli(['extract', ARTICLE, '--engine', 'dom', '--url', PAGE_URL]);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Article;
    expect(a.url).toBe(PAGE_URL);
    expect(a.images.map((i) => i.src)).toEqual(['https://news.example.com/2021/03/images/roof.jpg']);
    expect(a.body.html).toContain('<a href="https://news.example.com/2021/archive/plans.html">the earlier story</a>');
    expect(a.body.html).not.toContain('javascript:');
  });

  it.runIf(HAS_CHROMIUM)('--url in the chromium engine: resolved against the page URL, not the local server', async () => {
    const r = await runCli(['extract', ARTICLE, '--engine', 'chromium', '--url', PAGE_URL]);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Article;
    expect(a.images.map((i) => i.src)).toEqual(['https://news.example.com/2021/03/images/roof.jpg']);
    expect(r.stdout).not.toContain('127.0.0.1');
  });

  it('without --url, relative URLs are not invented (no placeholder host leaks out)', async () => {
    const r = await runCli(['extract', ARTICLE, '--engine', 'dom']);
    const a = JSON.parse(r.stdout) as Article;
    expect(a.url).toBeNull();
    expect(r.stdout).not.toMatch(/article-lens\.invalid|127\.0\.0\.1|about:blank/);
  });

  it('--link-title picks the linked story as the title block on a page whose <title> is generic', async () => {
    const plain = JSON.parse((await runCli(['extract', GENERIC_TITLE, '--engine', 'dom'])).stdout) as Article;
    expect(plain.title).toBe('Example News');
    const r = await runCli(['extract', GENERIC_TITLE, '--engine', 'dom', '--link-title', 'Solar library opens its doors to readers']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Article;
    expect(a.title).toBe('Solar library opens its doors to readers');
    expect(a.provenance.title?.from).toBe('title-block');
    expect(a.anchors.titleBlock?.selector).toBe('html > body > div > section:nth-of-type(2) > h2');
    expect(a.body.text).toContain('The library, built in two years, cost four million pounds, and runs on solar power, officials said.');
    expect(a.body.text).not.toContain('bridge');
  });
});

describe('extract <url> from a local server', () => {
  let server: Server;
  let origin = '';
  const gbkPage =
    '<html><head><meta charset="windows-1252"><title>本地新闻，标题</title></head><body><h1>本地新闻，标题</h1><p>这是一个测试页面，正文有三个逗号，用来测试，编码。<img src="/img/a.png"></p></body></html>';
  let gbkBytes: Buffer;

  beforeAll(async () => {
    const script = 'import sys; sys.stdout.buffer.write(sys.stdin.buffer.read().decode("utf-8").encode("gbk"))';
    gbkBytes = execFileSync('python3', ['-c', script], { input: Buffer.from(gbkPage, 'utf8') });
    server = createServer((req, res) => {
      if (req.url === '/gbk.html') res.writeHead(200, { 'content-type': 'text/html; charset=GBK' }).end(gbkBytes);
      else if (req.url === '/image.png')
        res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('decodes by the HTTP charset (over the meta) and uses the URL as the base', async () => {
    const r = await runCli(['extract', `${origin}/gbk.html`, '--engine', 'dom']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Article;
    expect(a.title).toBe('本地新闻，标题');
    expect(a.body.text).toContain('这是一个测试页面，正文有三个逗号，用来测试，编码。');
    expect(a.url).toBe(`${origin}/gbk.html`);
    expect(a.images.map((i) => i.src)).toEqual([`${origin}/img/a.png`]);
  });

  it('an HTTP error is one line, exit 1', async () => {
    const r = await runCli(['extract', `${origin}/missing.html`, '--engine', 'dom']);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`article-lens: ${origin}/missing.html: HTTP 404`]);
  });

  it('a URL serving an image is refused as binary', async () => {
    const r = await runCli(['extract', `${origin}/image.png`, '--engine', 'dom']);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`article-lens: ${origin}/image.png: not HTML: the file looks binary`]);
  });
});

describe('extract: logical link blocks (method 5)', () => {
  const engines = HAS_CHROMIUM ? (['dom', 'chromium'] as const) : (['dom'] as const);
  it.each(engines)('json (%s): an index page is covered by link blocks, each with a selector and its parts', async (engine) => {
    const r = await runCli(['extract', ZH_INDEX, '--engine', engine, '--format', 'json']);
    // No article on an index page: exit 1 with the reason, and the JSON (with the link blocks) still printed.
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no article body found');
    const a = JSON.parse(r.stdout) as Article;
    expect(a.linkBlockStats?.links).toBe(60);
    expect(a.linkBlockStats?.lcr).toBeGreaterThanOrEqual(0.9);
    expect(a.linkBlockStats?.ccr).toBeGreaterThan(0.5);
    expect(a.noise.length).toBeGreaterThan(0);
    for (const n of a.noise) {
      expect(n.kind).toBe('link-block');
      expect(n.ref.selector).toMatch(/^(html|#[\w-]+)( > [\w-]+(:nth-of-type\(\d+\))?)*$/);
      expect(n.parts.length).toBeGreaterThan(0);
      expect(n.numbers['links']).toBeGreaterThanOrEqual(3);
      expect(n.reason).toMatch(/links ≥ Ct 3, largest gap \d+ < dt 80 \(code distance\)/);
    }
    expect(a.body.text).toBe('');
    expect(a.warnings).toContain('no article: the page has no sentences');
  });

  it('--explain prints the page coverage and one line per block', async () => {
    const r = await runCli(['extract', ARTICLE, '--engine', 'dom', '--format', 'text', '--explain']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^ {2}link blocks: \d+ blocks, \d+ links, LCR \d\.\d{3}, CCR \d\.\d{3} \(\d+ serialised characters\)$/m);
    expect(r.stderr).toMatch(/^ {2}step link-blocks\s+serialize\s+[\d.]+ ms$/m);
    expect(r.stderr).toMatch(/^ {4}link-block (outside body|in body, kept|removed from body): \d+ links ≥ Ct 3/m);
  });
});
