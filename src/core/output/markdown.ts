/**
 * Markdown from the clean body HTML, made when a host asks for it (a copy or a download in the popup,
 * `--format markdown` in the CLI), with turndown (and the GFM plugin for tables and strikethrough): a
 * well-kept converter rather than a hand-written one. The host parses the HTML into a DOM of its own (the
 * popup's DOMParser, a Node DOM): turndown reads DOM nodes. The service is created on first use, so that
 * importing the core has no side effects.
 *
 * Markdown viewers render inline HTML (marked's defaults, markdown-it with `html: true`), so text must
 * never become markup: text that the page *showed* as `<img src=x onerror=…>` (written `&lt;img…&gt;`,
 * or inside `<xmp>`) came out as the tag itself, as turndown escapes Markdown but not HTML. Every text
 * goes through `escapeMarkdownText` (ours, in place of turndown's), links and
 * images are written by our own rules (a safe scheme, an escaped destination, title and alt text), and
 * table captions, which the GFM plugin writes as raw text, are escaped before it reads them.
 */
import TurndownService from 'turndown';
import { strikethrough, tables } from '@joplin/turndown-plugin-gfm';
import { dom } from '../dom/dom-read.ts';
import { isSafeUrl } from './url.ts';

let service: TurndownService | null = null;

/** Explicit bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/g;
/**
 * Characters that are Markdown or HTML wherever they stand: the backslash, emphasis, code, link
 * brackets, `<` and `>` (tags, autolinks, block quotes), and `&` where it would start an entity.
 */
const ANYWHERE = /[\\*_`[\]<>]|&(?=#?[0-9A-Za-z]+;)/g;
/**
 * What is Markdown only at the start of a line: list markers and thematic breaks (`-`, `+ `), setext
 * and ATX headings, code fences, ordered lists (`1.` and `1)`).
 */
const LINE_START: readonly (readonly [RegExp, string])[] = [
  [/^-/gm, '\\-'],
  [/^\+(?=\s|$)/gm, '\\+'],
  [/^(=+)/gm, '\\$1'],
  [/^(#{1,6})(?=\s|$)/gm, '\\$1'],
  [/^(~{3,})/gm, '\\$1'],
  [/^(\d+)([.)])(?=\s|$)/gm, '$1\\$2'],
];

/**
 * Text written into Markdown so that it shows as written and never renders as HTML or as Markdown
 * syntax: a backslash before every character that is syntax where it stands. A bidi control, which
 * would silently reorder what follows it (a title that reads "exe.pdf" but is "fdp.exe"), is shown as
 * its code point: "[U+202E]".
 */
export function escapeMarkdownText(text: string): string {
  let out = text
    .replace(BIDI_CONTROL, (c) => `[U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}]`)
    .replace(ANYWHERE, (c) => `\\${c}`);
  for (const [re, replacement] of LINE_START) out = out.replace(re, replacement);
  return out;
}

/**
 * A link or image destination: the URL with a safe scheme, with the characters that could end or
 * break the destination (spaces, `<`, `>`, parentheses, backslashes, quotes) percent-encoded; null
 * for anything else (`javascript:`, `data:`, `vbscript:`, unparsable).
 */
export function markdownDestination(raw: string | null | undefined): string | null {
  // The clean tree keeps only safe URLs; checked again here, for the page URL and any other caller.
  const value = raw?.trim() ?? '';
  if (!isSafeUrl(value)) return null;
  return new URL(value).href.replace(/[\s<>()\\"'`]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A link or image title: one line, with `\` and `"` escaped, in double quotes; '' without one. */
function titlePart(title: string | null): string {
  const line = (title ?? '').replace(/\s+/g, ' ').trim();
  return line ? ` "${escapeMarkdownText(line).replace(/"/g, '\\"')}"` : '';
}

function turndown(): TurndownService {
  if (!service) {
    const s = new TurndownService({
      headingStyle: 'atx',
      codeBlockStyle: 'fenced',
      bulletListMarker: '-',
      emDelimiter: '*',
      hr: '---',
    });
    s.use([tables, strikethrough]);
    s.escape = escapeMarkdownText;
    // Added rules come before the built-in ones.
    s.addRule('safeLink', {
      filter: (node) => dom.nodeName(node) === 'A' && dom.getAttribute(node, 'href') !== null,
      replacement: (content, node) => {
        const href = markdownDestination(dom.getAttribute(node, 'href'));
        return href ? `[${content}](${href}${titlePart(dom.getAttribute(node, 'title'))})` : content;
      },
    });
    s.addRule('safeImage', {
      filter: 'img',
      replacement: (_content, node) => {
        const src = markdownDestination(dom.getAttribute(node, 'src'));
        const alt = escapeMarkdownText((dom.getAttribute(node, 'alt') ?? '').replace(/\s+/g, ' ').trim());
        return src ? `![${alt}](${src}${titlePart(dom.getAttribute(node, 'title'))})` : '';
      },
    });
    service = s;
  }
  return service;
}

/** Parses HTML into an element of some DOM, holding the parsed nodes as its children. */
export type HtmlParser = (html: string) => Element;

/** The Markdown of the body's clean HTML (`Article.body.html`). */
export function bodyMarkdown(html: string, parse: HtmlParser): string {
  return html ? toMarkdown(parse(html)) : '';
}

export function toMarkdown(cleanRoot: Element): string {
  // On a copy: adjacent text nodes are joined (so that "&" and "lt;" from two nodes are escaped as the
  // one entity they make), and table captions, which the GFM plugin writes as they are, escaped first.
  const root = dom.cloneNode(cleanRoot, true) as Element;
  dom.normalize(root);
  for (const caption of dom.querySelectorAll(root, 'caption'))
    dom.setTextContent(caption, escapeMarkdownText(dom.textContent(caption) ?? ''));
  // turndown's typings ask for its own node type; a DOM element is what it takes at run time.
  return turndown()
    .turndown(root as unknown as TurndownService.Node)
    .trim();
}
