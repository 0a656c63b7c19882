import { afterAll, describe, expect, it } from 'vitest';
import {
  articleToHtmlDocument,
  articleToMarkdown,
  articleToMarkdownFile,
  articleToText,
  exportFileName,
  escapeHtml,
} from '../../../src/core/output/export.ts';
import type { HtmlParser } from '../../../src/core/output/markdown.ts';
import type { Article } from '../../../src/core/types.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';
import { NO_SIMILAR_PAGE } from '../../helpers/similar-page.ts';

afterAll(closeWindows);

/** The host's HTML parser for the body's Markdown (a happy-dom window's DOMParser, as the popup's). */
const parse: HtmlParser = (html) => parseWith('happy-dom', `<!doctype html><html><head></head><body>${html}</body></html>`).body;

const article = (over: Partial<Article> = {}): Article => ({
  url: 'https://news.example.com/story.html',
  title: 'City opens <solar> library',
  author: 'Jane Doe',
  source: null,
  site: null,
  publishedTime: {
    iso: '2019-05-13',
    confidence: 0.8,
    decision: null,
    method: 'rules',
    from: 'zone',
    detail: 'zone text',
    chosen: { iso: '2019-05-13', text: '13 May 2019', from: 'zone', detail: 'zone text' },
    candidates: [],
    found: 1,
  },
  lang: 'en',
  body: { html: '<p>First &amp; only.</p>', text: 'First & only.' },
  pageType: { type: 'article', from: 'default', detail: 'no structured type, and the content region is text' },
  images: [],
  tables: [],
  documents: [],
  noise: [],
  linkBlockStats: null,
  similarPage: NO_SIMILAR_PAGE,
  provenance: { title: null, author: null, source: null, site: null, candidates: [] },
  anchors: {
    query: null,
    titleBlock: null,
    firstSentence: null,
    bodyRoot: null,
    bodyLead: { method: 'title-anchor', reason: 'no body' },
    pathSample: null,
    date: null,
    author: null,
  },
  warnings: [],
  timings: {},
  explain: { steps: [], decisions: [], optionsHash: '00000000' },
  ...over,
});

describe('articleToText', () => {
  it('§1.6 title, a metadata line, a blank line, then the body', () => {
    expect(articleToText(article())).toBe('City opens <solar> library\nJane Doe · 2019-05-13\n\nFirst & only.\n');
  });

  it('§1.6 without a title the text starts with the metadata line', () => {
    expect(articleToText(article({ title: null, author: null, source: 'Reuters' }))).toBe('Reuters · 2019-05-13\n\nFirst & only.\n');
    // No source named: the site's own name stands in; a named source wins over it.
    expect(articleToText(article({ title: null, author: null, site: 'The Guardian' }))).toBe(
      'The Guardian · 2019-05-13\n\nFirst & only.\n',
    );
    expect(articleToText(article({ title: null, author: null, source: 'PA Media', site: 'The Guardian' }))).toBe(
      'PA Media · 2019-05-13\n\nFirst & only.\n',
    );
  });
});

describe('articleToMarkdown', () => {
  it('§1.6 heading, italic metadata line, URL, body', () => {
    expect(articleToMarkdown(article(), parse)).toBe(
      '# City opens \\<solar\\> library\n\n*Jane Doe · 2019-05-13*\n\n<https://news.example.com/story.html>\n\nFirst & only.\n',
    );
  });

  it('a title, author and source holding markup are escaped, not written as HTML', () => {
    const md = articleToMarkdown(
      article({ title: '<img src=x onerror=alert(1)>Headline', author: '<script>alert(2)</script>', source: '[x](javascript:alert(3))' }),
      parse,
    );
    expect(md).toContain('# \\<img src=x onerror=alert(1)\\>Headline\n');
    expect(md).toContain('*\\<script\\>alert(2)\\</script\\> · \\[x\\](javascript:alert(3)) · 2019-05-13*');
    expect(md).not.toMatch(/(?<!\\)<(?:img|script)/);
  });

  it('Markdown syntax and entities in the title show as written', () => {
    const md = articleToMarkdown(article({ title: '*Not* emphasis, _nor_ `code` &amp; [no link]', author: null }), parse);
    expect(md.split('\n')[0]).toBe('# \\*Not\\* emphasis, \\_nor\\_ \\`code\\` \\&amp; \\[no link\\]');
  });

  it('a right-to-left override in the title is shown as its code point, not applied', () => {
    const md = articleToMarkdown(article({ title: 'Invoice \u202Efdp.exe', author: 'A\u2066B\u2069' }), parse);
    expect(md).toContain('# Invoice \\[U+202E\\]fdp.exe\n');
    expect(md).toContain('*A\\[U+2066\\]B\\[U+2069\\] · 2019-05-13*');
    expect(md).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it("§1.6 the body is made from its clean HTML with the host's parser; Markdown the article already carries is used as it is", () => {
    const parsed: string[] = [];
    const spy: HtmlParser = (html) => {
      parsed.push(html);
      return parse(html);
    };
    const md = articleToMarkdown(article({ body: { html: '<h2>Part</h2><p>One <em>two</em></p>', text: 'Part\nOne two' } }), spy);
    expect(parsed).toEqual(['<h2>Part</h2><p>One <em>two</em></p>']);
    expect(md.endsWith('\n\n## Part\n\nOne *two*\n')).toBe(true);
    const carried = articleToMarkdown(article({ body: { html: '<p>x</p>', text: 'x', markdown: 'Carried.' } }), () => {
      throw new Error('parsed');
    });
    expect(carried.endsWith('\n\nCarried.\n')).toBe(true);
  });

  it('a page URL with an unsafe scheme or that would end the autolink is written as text', () => {
    expect(articleToMarkdown(article({ url: 'javascript:alert(1)' }), parse)).toContain('\n\njavascript:alert(1)\n\n');
    expect(articleToMarkdown(article({ url: 'https://a.example/x> <img src=x onerror=alert(1)>' }), parse)).toContain(
      '<https://a.example/x%3E%20%3Cimg%20src=x%20onerror=alert%281%29%3E>',
    );
  });
});

describe('articleToHtmlDocument', () => {
  it('§1.6 escapes the title and metadata and passes the body through the sanitiser', () => {
    const seen: string[] = [];
    const html = articleToHtmlDocument(article(), (body) => {
      seen.push(body);
      return '<p>sanitised</p>';
    });
    expect(seen).toEqual(['<p>First &amp; only.</p>']);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>City opens &lt;solar&gt; library</title>');
    expect(html).toContain('<h1>City opens &lt;solar&gt; library</h1>');
    expect(html).toContain('<p>sanitised</p>');
    expect(html).not.toContain('First &amp; only.');
  });

  it('§1.6 escapes a hostile lang attribute', () => {
    expect(articleToHtmlDocument(article({ lang: 'en" onload="x' }), (s) => s)).toContain('<html lang="en&quot; onload=&quot;x">');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('articleToMarkdownFile', () => {
  it('front matter with title, author, source, date and url, then the Markdown article', () => {
    const md = articleToMarkdownFile(
      article({ title: 'Solar library opens', author: 'Jane Doe', source: 'Reuters', url: 'https://news.example.com/a.html' }),
      parse,
    );
    expect(md).toBe(
      '---\ntitle: "Solar library opens"\nauthor: "Jane Doe"\nsource: "Reuters"\ndate: "2019-05-13"\nurl: "https://news.example.com/a.html"\n---\n\n' +
        '# Solar library opens\n\n*Jane Doe · Reuters · 2019-05-13*\n\n<https://news.example.com/a.html>\n\nFirst & only.\n',
    );
  });

  it('values that would break YAML are quoted and escaped; missing fields are left out; the site stands in for the source', () => {
    const md = articleToMarkdownFile(
      article({ title: 'He said: "no" --- #1\nagain', author: null, source: null, site: 'The Guardian', url: null }),
      parse,
    );
    const front = md.split('\n---\n')[0];
    expect(front).toBe('---\ntitle: "He said: \\"no\\" --- #1 again"\nsource: "The Guardian"\ndate: "2019-05-13"');
  });
});

describe('exportFileName', () => {
  it('the day and the title, without the characters file systems refuse', () => {
    expect(exportFileName(article({ title: 'Solar library: "a first" / 2019?' }), 'md')).toBe('2019-05-13 Solar library a first 2019.md');
  });

  it('a long title is cut; no title or date gives "article"', () => {
    const long = exportFileName(article({ title: 'x'.repeat(300) }), 'txt');
    expect([...long].length).toBe(80 + '.txt'.length);
    const none = article({ title: null });
    expect(exportFileName({ ...none, publishedTime: { ...none.publishedTime, iso: null } }, 'json')).toBe('article.json');
    expect(exportFileName(article({ title: '新图书馆开放' }), 'html')).toBe('2019-05-13 新图书馆开放.html');
  });
});
