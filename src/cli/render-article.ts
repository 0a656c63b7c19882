/**
 * An article in the output formats of `extract --format` (json, markdown, text, html), for `extract` and
 * for the lines of `extract --warc` and `queue work`.
 */
import { createRequire } from 'node:module';
import createDOMPurify from 'dompurify';
import type { JSDOM } from 'jsdom';
import type { Article } from '../core/index.ts';
import { articleToHtmlDocument, articleToMarkdown, articleToText } from '../core/output/export.ts';
import type { HtmlParser } from '../core/output/markdown.ts';
import { bodyMarkdown } from '../core/output/markdown.ts';
import { isSafeUrl } from '../core/output/url.ts';
import { terminalJson } from '../node/terminal-text.ts';

export type OutputFormat = 'json' | 'markdown' | 'text' | 'html';

/** The article in one output format, as `extract --format` prints it. */
export function renderArticle(a: Article, format: OutputFormat): string {
  switch (format) {
    case 'json':
      // The Article as the core returns it, with the Markdown of its body (made on demand: DESIGN.md's contract).
      return `${terminalJson(JSON.stringify(articleFields(a), null, 2))}\n`;
    case 'markdown':
      return articleToMarkdown(a, jsdomParser());
    case 'text':
      return articleToText(a);
    case 'html': {
      // jsdom, DOMPurify's supported Node environment (over happy-dom it is not reliable: cure53/DOMPurify#1457).
      const purify = createDOMPurify(jsdomWindow() as unknown as Parameters<typeof createDOMPurify>[0]);
      // DOMPurify keeps data: URLs on images and media; the export keeps web links only, as the core does.
      purify.addHook('afterSanitizeAttributes', (node) => {
        for (const name of ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster']) {
          const value = node.getAttribute(name);
          if (value !== null && !isSafeUrl(value)) node.removeAttribute(name);
        }
      });
      return articleToHtmlDocument(a, (html) => purify.sanitize(html));
    }
  }
}

/** The article's fields as `extract --format json` prints them: the Article with the Markdown of its body. */
export function articleFields(a: Article): Article & { readonly body: Article['body'] & { readonly markdown: string } } {
  return { ...a, body: { ...a.body, markdown: bodyMarkdown(a.body.html, jsdomParser()) } };
}

/** The fields of one `extract --warc` line in a format: the whole article for json, else its one rendering. */
export function articleLineFields(a: Article, format: OutputFormat): Readonly<Record<string, unknown>> {
  return format === 'json' ? { ...articleFields(a) } : { [format]: renderArticle(a, format) };
}

/**
 * An empty jsdom window, loaded on the first HTML export only: jsdom takes about a second to load, which
 * every other format and command would pay at start-up.
 */
function jsdomWindow(): unknown {
  const jsdom = createRequire(import.meta.url)('jsdom') as { JSDOM: typeof JSDOM };
  return new jsdom.JSDOM('').window;
}

/** The body's clean HTML parsed in a jsdom window (turndown reads DOM nodes), for the Markdown of an export. */
let parserWindow: { DOMParser: typeof DOMParser } | null = null;

function jsdomParser(): HtmlParser {
  // One window for the process: a batch renders thousands of bodies, and a window takes milliseconds to make.
  const window = (parserWindow ??= jsdomWindow() as { DOMParser: typeof DOMParser });
  return (html) => new window.DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
}
