/**
 * Whole-article exports shared by the CLI and the popup: plain text, Markdown and a standalone HTML
 * document. The HTML export takes a sanitiser (DOMPurify where the host has a window) and applies it to
 * the body, which the core already builds from an allow-list.
 */
import type { Article } from '../types.ts';
import type { HtmlParser } from './markdown.ts';
import { bodyMarkdown, escapeMarkdownText, markdownDestination } from './markdown.ts';

/** Author · source (the site's own name when the page names no source) · date. */
function metaLine(a: Article): string {
  return [a.author, a.source ?? a.site, a.publishedTime.iso].filter((v): v is string => !!v).join(' · ');
}

export function articleToText(a: Article): string {
  return [a.title ?? '', metaLine(a), '', a.body.text].join('\n').replace(/^\n+/, '').trimEnd() + '\n';
}

/**
 * The article as Markdown: the title as a heading, the metadata line in emphasis, the page URL, the body
 * (made from its clean HTML with `parse`, the host's HTML parser, unless the article already carries it).
 * Every value is escaped (`escapeMarkdownText`): a title or author holding markup must show as text in
 * a viewer that renders inline HTML. The URL is a link only with a safe scheme.
 */
export function articleToMarkdown(a: Article, parse: HtmlParser): string {
  const parts: string[] = [];
  if (a.title) parts.push(`# ${escapeMarkdownText(oneLine(a.title))}`);
  const meta = metaLine(a);
  if (meta) parts.push(`*${escapeMarkdownText(oneLine(meta))}*`);
  if (a.url) {
    const href = markdownDestination(a.url);
    parts.push(href ? `<${href}>` : escapeMarkdownText(oneLine(a.url)));
  }
  parts.push(a.body.markdown ?? bodyMarkdown(a.body.html, parse));
  return parts.join('\n\n').trimEnd() + '\n';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export function articleToHtmlDocument(a: Article, sanitize: (html: string) => string): string {
  const title = escapeHtml(a.title ?? 'Article');
  const meta = metaLine(a);
  return [
    '<!doctype html>',
    `<html${a.lang ? ` lang="${escapeHtml(a.lang)}"` : ''}>`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title></head>`,
    '<body><article>',
    a.title ? `<h1>${title}</h1>` : '',
    meta ? `<p><em>${escapeHtml(meta)}</em></p>` : '',
    sanitize(a.body.html),
    '</article></body></html>',
    '',
  ].join('\n');
}

/** A YAML front-matter value: a JSON string is a valid YAML double-quoted scalar, whatever it holds. */
function yamlValue(value: string): string {
  return JSON.stringify(oneLine(value));
}

/**
 * The Markdown file a reader downloads: YAML front matter (title, author, source — or the site's own name
 * when the page names no source — date, url), then `articleToMarkdown`. Fields the page does not state are
 * left out.
 */
export function articleToMarkdownFile(a: Article, parse: HtmlParser): string {
  const fields: [string, string | null][] = [
    ['title', a.title],
    ['author', a.author],
    ['source', a.source ?? a.site],
    ['date', a.publishedTime.iso],
    ['url', a.url],
  ];
  const lines = fields.filter((f): f is [string, string] => !!f[1]).map(([k, v]) => `${k}: ${yamlValue(v)}`);
  return `---\n${lines.join('\n')}${lines.length ? '\n' : ''}---\n\n${articleToMarkdown(a, parse)}`;
}

/** Characters no file system takes in a name (Windows' set, which covers the others), and controls. */
const UNSAFE_FILE_CHARS = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;
/** Longest file name stem, in characters (code points). */
const MAX_FILE_STEM = 80;

/**
 * A file name for a download of the article: its day and title ("2019-03-14 Solar library opens.md"),
 * without the characters file systems refuse, at most `MAX_FILE_STEM` characters before the extension.
 */
export function exportFileName(a: Article, extension: string): string {
  const day = a.publishedTime.iso?.slice(0, 10) ?? '';
  const title = oneLine((a.title ?? '').replace(UNSAFE_FILE_CHARS, ' '));
  const stem = [...oneLine(`${day} ${title}`)]
    .slice(0, MAX_FILE_STEM)
    .join('')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return `${stem || 'article'}.${extension}`;
}
