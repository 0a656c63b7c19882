/**
 * The XSS corpus (test/fixtures/xss, issue 16 "What to build" 3) through every output format of
 * `article-lens extract`, with the dom engine and, when Debian's Chromium is there, the chromium engine:
 * - json: `body.html` and every table's HTML parsed as a browser would, and every URL field's scheme;
 * - text: plain text carries no markup of the page's tags — the hostile words it holds were text the
 *   page showed or declared (its text nodes, meta values, JSON-LD strings), never attributes or tags;
 * - html: the whole exported document (DOMPurify-sanitised body, escaped title and metadata);
 * - markdown: rendered by two permissive renderers that pass inline HTML through (marked's defaults, and
 *   markdown-it with `html: true`), and the HTML they make checked.
 * "Dangerous" is test/helpers/dangerous.ts: script and frame elements, on* attributes, javascript:,
 * vbscript: and data: URLs in href/src/action/formaction…, srcdoc, meta refresh. The target is 0 for
 * every page and format; the counts are printed after the run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/core/index.ts';
import { DEFAULT_OPTIONS } from '../../src/core/index.ts';
import { renderArticle } from '../../src/cli/render-article.ts';
import type { Engine, EngineName } from '../../src/node/engines/engine.ts';
import { openEngine } from '../../src/node/engines/open-engine.ts';
import type { Finding } from '../helpers/dangerous.ts';
import { dangerousConstructs, isDangerousUrl } from '../helpers/dangerous.ts';
import { HAS_CHROMIUM, ROOT, assertBuilt } from './run-cli.ts';

const CORPUS = join(ROOT, 'test', 'fixtures', 'xss');
/** What the hostile code would run (the e2e test defines `pwn` in the popup to count executions). */
const PAYLOAD = 'pwn()';
const PAGES = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.html'))
  .sort()
  .map((file) => ({ name: file.replace(/\.html$/, ''), html: readFileSync(join(CORPUS, file), 'utf8').replaceAll('__JS__', PAYLOAD) }));
/** Pages that *show* markup as text, and some of it: the Markdown must keep that text, escaped, not drop it. */
const SHOWS_MARKUP: Readonly<Record<string, string>> = {
  'entity-escaped-tag': '<img src=x onerror=pwn()',
  xmp: '<img src=x onerror="pwn()',
  plaintext: '<svg onload="pwn()',
  'code-block': '<script>pwn()',
  'markdown-injection': 'Click [here](javascript:pwn()',
  table: '<img src=x onerror=pwn()',
  'double-escaped': 'Write &lt;script&gt; to show a tag, and &amp; for an ampersand',
  // a title and an author holding markup
  'title-markup': '<img src=x onerror=pwn()>City opens a solar-powered library<script>pwn()</script>',
  'author-meta': '<img src=x onerror=pwn()> · <svg onload=pwn()>',
  'json-ld': '<script>pwn()</script>Jane Doe',
  // a right-to-left override, marked
  'bidi-title': 'Library report [U+202E]fdp.exe',
  'bidi-body': 'Download the report [U+202E]gpj.exe now',
};
/** Words of hostile code that plain text may hold only where the page showed or declared them. */
const HOSTILE_WORDS = [
  'onerror',
  'onload',
  'onfocus',
  'ontoggle',
  'onclick',
  'onmouseover',
  'srcdoc',
  'javascript:',
  'vbscript:',
  '<script',
];
const ENGINES: readonly EngineName[] = ['dom', ...(HAS_CHROMIUM ? (['chromium'] as const) : [])];
const FORMATS = ['json', 'text', 'html', 'markdown (marked)', 'markdown (markdown-it)'] as const;
type Format = (typeof FORMATS)[number];

const markdownIt = new MarkdownIt({ html: true });
const tally = new Map<string, { tried: number; dangerous: number }>();

type P5Node = DefaultTreeAdapterMap['node'];

/** The text a browser shows of `html` (text nodes outside script and style). */
function shownText(html: string): string {
  const out: string[] = [];
  const stack: P5Node[] = [parse(html)];
  while (stack.length) {
    const node = stack.pop() as P5Node;
    if (node.nodeName === '#text' && 'value' in node) out.push(node.value);
    if ('tagName' in node && (node.tagName === 'script' || node.tagName === 'style')) continue;
    if ('childNodes' in node) stack.push(...[...node.childNodes].reverse());
  }
  return out.join('');
}

/** Everything the page showed or declared as text: its text nodes, meta values and JSON-LD strings. */
function declaredText(html: string): string {
  const parts: string[] = [];
  const stack: P5Node[] = [parse(html, { scriptingEnabled: true })];
  while (stack.length) {
    const node = stack.pop() as P5Node;
    if (node.nodeName === '#text' && 'value' in node) parts.push(node.value);
    if ('tagName' in node) {
      if (node.tagName === 'meta') parts.push(node.attrs.find((x) => x.name === 'content')?.value ?? '');
      if (node.tagName === 'script' || node.tagName === 'style') {
        const text = node.childNodes.map((c) => ('value' in c ? c.value : '')).join('');
        if (node.attrs.some((x) => x.name === 'type' && x.value === 'application/ld+json')) parts.push(JSON.stringify(JSON.parse(text)));
        continue;
      }
    }
    if ('childNodes' in node) stack.push(...node.childNodes);
  }
  return parts.join('\n');
}

function count(haystack: string, needle: string): number {
  return haystack.toLowerCase().split(needle).length - 1;
}

/** The dangerous constructs of one output of one article. */
function findings(a: Article, format: Format, pageHtml: string): Finding[] {
  switch (format) {
    case 'json': {
      const json = JSON.parse(renderArticle(a, 'json')) as Article;
      const found = [...dangerousConstructs(json.body.html), ...json.tables.flatMap((t) => dangerousConstructs(t.html))];
      const urls = [json.url ?? '', ...json.images.map((i) => i.src), ...json.documents.map((d) => d.href)];
      for (const url of urls) if (isDangerousUrl(url)) found.push({ what: `url ${url.slice(0, 30)}`, where: 'json' });
      return found;
    }
    case 'text': {
      const text = renderArticle(a, 'text').toLowerCase();
      const declared = declaredText(pageHtml).toLowerCase();
      return HOSTILE_WORDS.filter((w) => count(text, w) > count(declared, w)).map((w) => ({
        what: `${w} not shown by the page`,
        where: 'text',
      }));
    }
    case 'html':
      return dangerousConstructs(renderArticle(a, 'html'));
    case 'markdown (marked)':
      return dangerousConstructs(marked.parse(renderArticle(a, 'markdown'), { async: false }));
    case 'markdown (markdown-it)':
      return dangerousConstructs(markdownIt.render(renderArticle(a, 'markdown')));
  }
}

afterAll(() => {
  const rows = [...tally].map(([key, t]) => `| ${key} | ${t.tried} | ${t.dangerous} |`);
  console.log(['XSS corpus: outputs', '| engine / format | tried | dangerous in output |', '|---|---|---|', ...rows].join('\n'));
});

describe.each(ENGINES)('the XSS corpus through every output format (%s engine)', (engineName) => {
  let engine: Engine | null = null;
  beforeAll(async () => {
    if (engineName === 'chromium') assertBuilt();
    engine = await openEngine(engineName);
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('the corpus has at least 40 hostile pages', () => {
    expect(PAGES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PAGES)('$name: no output holds an executable construct', async ({ name, html }) => {
    if (!engine) throw new Error('engine not open');
    const result = await engine.extract({ html, url: `https://news.example.com/2021/03/${name}.html`, linkTitle: null }, DEFAULT_OPTIONS);
    if (!result.ok) throw new Error(`extraction failed: ${result.error}`);
    const a = result.article;
    // The hostile part sits inside the article: the body must have been read for the test to mean anything.
    if (name !== 'title-unclosed') expect(a.body.text).toContain('The council opened the new library on Monday');
    const found: string[] = [];
    for (const format of FORMATS) {
      const f = findings(a, format, html);
      const key = `${engineName} / ${format}`;
      const t = tally.get(key) ?? { tried: 0, dangerous: 0 };
      tally.set(key, { tried: t.tried + 1, dangerous: t.dangerous + (f.length > 0 ? 1 : 0) });
      found.push(...f.map((x) => `${format}: ${x.what} in ${x.where}`));
    }
    expect(found).toEqual([]);
    const shown = SHOWS_MARKUP[name];
    if (shown) {
      // what the page showed as text is still there, as the same text, once the Markdown is rendered
      expect(shownText(marked.parse(renderArticle(a, 'markdown'), { async: false }))).toContain(shown);
      expect(shownText(markdownIt.render(renderArticle(a, 'markdown')))).toContain(shown);
    }
  });
});
