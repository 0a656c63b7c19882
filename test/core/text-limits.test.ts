/**
 * Text that breaks the core (issue 16), at the level of the whole extraction on happy-dom, linkedom and parse5:
 * an unclosed `<title>` that swallows the page, titles, authors and sources of a megabyte, and the
 * Article's other short texts (alt, captions, link text, the language tag, the query title) — each cut
 * to its limit (`limits.max*Chars`) with a warning and a trace decision, never reported whole.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Clock, ExtractEnv } from '../../src/core/env.ts';
import type { Article, ExtractOptions, PartialOptions } from '../../src/core/index.ts';
import { DEFAULT_OPTIONS, extract, resolveOptions } from '../../src/core/index.ts';
import { buildModelFromDom } from '../../src/core/dom/dom-source.ts';
import type { PageSource } from '../../src/core/dom/preprocess.ts';
import { PageModel } from '../../src/core/model/page-model.ts';
import { cutText } from '../../src/core/text/cut.ts';
import { readTitleElement } from '../../src/core/title-anchor/title-element.ts';
import { staticProbe } from '../../src/platform/static-probe.ts';
import { parseHtmlInto } from '../../src/node/engines/parse-html.ts';
import { closeWindows, parseWith } from '../helpers/dom.ts';
import { markdownOf } from '../helpers/extract-model.ts';
import type { ModelKind } from '../helpers/model.ts';
import { MODEL_KINDS, modelOf } from '../helpers/model.ts';

afterAll(closeWindows);

const CLOCK: Clock = { now: () => new Date('2024-06-01T00:00:00Z') };
const ENV: ExtractEnv = { probe: staticProbe, clock: CLOCK, timer: () => 0 };
const URL = 'https://news.example.com/2021/03/library.html';
const MIB = 1024 * 1024;

const HEADLINE = 'City opens a solar-powered library';
const ARTICLE =
  `<h1>${HEADLINE}</h1>` +
  '<p>The new library, which cost four million pounds, opened on Monday, and it runs entirely on solar power, the council said.</p>' +
  '<p>Residents queued for hours to see it, and many of them, young and old, brought books to donate to its shelves.</p>';
const LIMITS = DEFAULT_OPTIONS.limits;

/**
 * The page as browsers (and the dom engine: parse5) build it, as `extract` reads it: a document, or the
 * page model parse5's tree is read into (with `options`, those of the extraction). happy-dom's own parser
 * ends an unclosed <title> at </head>, which no browser does.
 */
function specSource(kind: ModelKind, html: string, options: ExtractOptions = DEFAULT_OPTIONS): PageSource {
  if (kind === 'parse5') return modelOf(kind, html, options);
  return kind === 'happy-dom' ? parseHtmlInto(html, parseWith(kind, '')) : parseWith(kind, html);
}

/** The page model of `specSource`'s page. */
function specModel(kind: ModelKind, html: string): PageModel {
  const source = specSource(kind, html);
  return source instanceof PageModel ? source : buildModelFromDom(source, staticProbe, DEFAULT_OPTIONS);
}

/** A text cut to `max` characters: "…" at the end, and at most one space before it dropped. */
function expectCut(text: string | null | undefined, max: number): void {
  expect(text?.endsWith('…')).toBe(true);
  expect(text?.length).toBeLessThanOrEqual(max);
  expect(text?.length).toBeGreaterThanOrEqual(max - 1);
}

function page(head: string, body: string, htmlAttrs = ''): string {
  return `<!doctype html><html${htmlAttrs}><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}

describe('cutText', () => {
  it('keeps a text that fits and cuts a longer one to exactly `max` characters ending in "…"', () => {
    expect(cutText('short', 5)).toBe('short');
    expect(cutText('a longer text', 6)).toBe('a lon…');
    expect(cutText('x'.repeat(MIB), 1000)).toHaveLength(1000);
  });

  it('never leaves half of a surrogate pair', () => {
    const cut = cutText('😀'.repeat(10), 6);
    expect(cut).toBe('😀😀…');
    expect(cut.isWellFormed()).toBe(true);
  });
});

describe.each(MODEL_KINDS)('readTitleElement (%s)', (kind) => {
  it('an unclosed <title> that swallowed the page is cut before the first tag', () => {
    const html = `<html><head><title>${HEADLINE}</head><body>${ARTICLE.repeat(2000)}</body></html>`;
    const t = readTitleElement(specModel(kind, html));
    expect(t.text).toBe(HEADLINE);
    expect(t.markup?.cutAt).toBe(HEADLINE.length);
    expect(t.markup?.length).toBeGreaterThan(200_000);
  });

  it('a title that is nothing but markup is no title', () => {
    const t = readTitleElement(specModel(kind, '<html><head><title></head><body><p>x</p></body></html>'));
    expect(t.text).toBeNull();
    expect(t.markup).not.toBeNull();
  });

  it('a tag with an attribute value, a comment or an end tag is markup', () => {
    for (const [title, kept] of [
      ['Hi &lt;img src=x onerror=alert(1)&gt;', 'Hi'],
      ['News &lt;!-- comment --&gt;', 'News'],
      ['Text &lt;/div&gt; more', 'Text'],
    ] as const) {
      expect(readTitleElement(modelOf(kind, page(`<title>${title}</title>`, ''))).text).toBe(kept);
    }
  });

  it('titles that name tags, as documentation does, are kept whole', () => {
    // The text as `document.title` gives it.
    for (const [title, text] of [
      ['&lt;img&gt;: The Image Embed element', '<img>: The Image Embed element'],
      ['The &lt;a href&gt; attribute, and &lt;b&gt; vs &lt;strong&gt;', 'The <a href> attribute, and <b> vs <strong>'],
      ['a < b > c', 'a < b > c'],
    ] as const) {
      const t = readTitleElement(modelOf(kind, page(`<title>${title}</title>`, '')));
      expect(t.markup).toBeNull();
      expect(t.text).toBe(text);
    }
  });
});

describe.each(MODEL_KINDS)('limits on the Article text (%s)', (kind) => {
  const run = (html: string, options: PartialOptions = {}): Article => {
    const opts = resolveOptions({ ...options, trace: { enabled: true } });
    return extract(specSource(kind, html, opts), ENV, { url: URL }, opts);
  };

  it('an unclosed <title> gives its headline, not 200 KB of markup; a warning and the trace say why', () => {
    // The rest of the page is the title's text, as in a browser (which shows an empty page).
    // No <h1>: the title comes from <title> itself.
    const body = ARTICLE.replace(`<h1>${HEADLINE}</h1>`, '') + '<div class="more"><a href="/a">more</a> and more text</div>'.repeat(3000);
    const a = run(`<!doctype html><html><head><title>${HEADLINE}</head><body>${body}</body></html>`);
    expect(a.title).toBe(HEADLINE);
    expect(a.warnings.some((w) => w.includes('<title> holds raw markup'))).toBe(true);
    const decision = a.explain.decisions.find((d) => d.rule === '1.1-title-markup');
    expect(decision?.verdict).toBe('drop');
    expect(decision?.numbers['kept']).toBe(HEADLINE.length);
    expect(a.body.text).toBe('');
  });

  it('a 1 MiB <title> is reported cut to limits.maxTitleChars, with a warning and a trace decision', () => {
    const long = `${HEADLINE} ${'and more words '.repeat(MIB / 15)}`;
    const a = run(page(`<title>${long}</title>`, ARTICLE.replace(`<h1>${HEADLINE}</h1>`, '')));
    expectCut(a.title, LIMITS.maxTitleChars);
    expect(a.title?.startsWith(HEADLINE)).toBe(true);
    expect(a.title?.endsWith('…')).toBe(true);
    expect(a.warnings).toContain(`title cut at ${LIMITS.maxTitleChars} characters (it had ${long.trim().length})`);
    expect(a.explain.decisions.some((d) => d.rule === 'limit-title')).toBe(true);
    expect(a.explain.decisions.find((d) => d.rule === '1.1-query-title')?.note?.length).toBeLessThan(LIMITS.maxLabelChars);
    for (const c of a.provenance.candidates) expect(c.value.length).toBeLessThanOrEqual(LIMITS.maxTitleChars);
  });

  it('a 100 KB JSON-LD headline, author and publisher, and a 1 MiB og:site_name are cut to their limits', () => {
    // JSON-LD blocks over 500 000 characters are not read at all (json-ld.ts).
    const huge = (word: string, size = 100_000): string => `${word} `.repeat(size / (word.length + 1)).trim();
    const ld = {
      '@type': 'NewsArticle',
      headline: huge('Headline'),
      author: { '@type': 'Person', name: huge('Jane') },
      publisher: { '@type': 'Organization', name: huge('Gazette') },
    };
    const head = `<title>${HEADLINE}</title><script type="application/ld+json">${JSON.stringify(ld)}</script><meta property="og:site_name" content="${huge('Site', MIB)}">`;
    // metadata.maxValueChars (60) rejects a long structured author on its own: raised here, so that the limit is what cuts.
    const a = run(page(head, ARTICLE), { limits: { maxAuthorChars: 2 * MIB }, metadata: { maxValueChars: 2 * MIB } });
    expect(a.title?.length).toBeLessThanOrEqual(LIMITS.maxTitleChars);
    expect(a.author).toBe(huge('Jane'));
    expect(a.source?.length ?? 0).toBeLessThanOrEqual(LIMITS.maxSourceChars);
    for (const c of a.provenance.candidates) expect(c.value.length).toBeLessThanOrEqual(2 * MIB);
    const capped = run(page(head, ARTICLE), { metadata: { maxValueChars: 2 * MIB } });
    expectCut(capped.author, LIMITS.maxAuthorChars);
    expect(capped.warnings.some((w) => w.startsWith(`author cut at ${LIMITS.maxAuthorChars} characters`))).toBe(true);
  });

  it('a meta author of a megabyte is never reported whole', () => {
    const head = `<title>${HEADLINE}</title><meta name="author" content="${'Jane Doe '.repeat(MIB / 9)}">`;
    const a = run(page(head, ARTICLE), { metadata: { maxValueChars: 2 * MIB } });
    expect(a.author?.length ?? 0).toBeLessThanOrEqual(LIMITS.maxAuthorChars);
  });

  it('image alt text and captions, table captions and document link text are cut to limits.maxLabelChars', () => {
    const big = 'word '.repeat(20_000);
    const body =
      ARTICLE +
      `<figure><img src="/a.png" alt="${big}" width="600" height="400"><figcaption>${big}</figcaption></figure>` +
      `<table><caption>${big}</caption><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>` +
      `<p>The full report, with its tables, appendices, and notes, is here: <a href="/report.pdf">${big}</a>.</p>`;
    const a = run(page(`<title>${HEADLINE}</title>`, `<article>${body}</article>`));
    const max = LIMITS.maxLabelChars;
    for (const text of [a.images[0]?.alt, a.images[0]?.caption, a.tables[0]?.caption, a.documents[0]?.text]) expectCut(text, max);
  });

  it('a link title of 30 000 characters that found the title block is reported as the query cut to limits.maxLabelChars', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const linkTitle = `${words} `.repeat(40).trim();
    const source = specSource(kind, page('<title>Gazette</title>', ARTICLE.replace(HEADLINE, words)));
    const a = extract(source, ENV, { url: URL, linkTitle }, DEFAULT_OPTIONS);
    expect(a.anchors.query?.from).toBe('link-title');
    expectCut(a.anchors.query?.text, LIMITS.maxLabelChars);
  });

  it('a language tag that is not one (a megabyte, or markup) is dropped; a real one is kept', () => {
    expect(run(page(`<title>${HEADLINE}</title>`, ARTICLE, ` lang="${'x'.repeat(MIB)}"`)).lang).toBeNull();
    expect(run(page(`<title>${HEADLINE}</title>`, ARTICLE, ' lang="en&quot;&gt;&lt;script&gt;"')).lang).toBeNull();
    expect(run(page(`<title>${HEADLINE}</title>`, ARTICLE, ' lang="zh-Hans-CN"')).lang).toBe('zh-Hans-CN');
  });

  it('the body HTML and its Markdown keep no more text than output.maxBodyChars, like the plain text', () => {
    const a = run(page(`<title>${HEADLINE}</title>`, `${ARTICLE}<p>${'a'.repeat(MIB)}</p>`), { output: { maxBodyChars: 100_000 } });
    expect(a.body.text.length).toBeLessThanOrEqual(100_000);
    expect(a.body.html.length).toBeLessThan(100_000 + 1000);
    // The Markdown is made from the body HTML when a host asks for it.
    expect(a.body.markdown).toBeUndefined();
    expect(markdownOf(a.body).length).toBeLessThan(100_000 + 1000);
    expect(a.warnings).toContain('body cut at 100000 characters');
  });
});
