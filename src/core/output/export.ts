/**
 * Whole-article exports shared by the CLI and the popup: plain text, Markdown and a standalone HTML
 * document. The HTML export takes a sanitiser (DOMPurify where the host has a window) and applies it to
 * the body, which the core already builds from an allow-list.
 */
import type { Article } from '../types.ts';
import { escapeMarkdownText, markdownDestination } from './markdown.ts';

/** Author · source (the site's own name when the page names no source) · date. */
function metaLine(a: Article): string {
  return [a.author, a.source ?? a.site, a.publishedTime.iso].filter((v): v is string => !!v).join(' · ');
}

export function articleToText(a: Article): string {
  return [a.title ?? '', metaLine(a), '', a.body.text].join('\n').replace(/^\n+/, '').trimEnd() + '\n';
}

/**
 * The article as Markdown: the title as a heading, the metadata line in emphasis, the page URL, the body.
 * Every value is escaped (`escapeMarkdownText`): a title or author holding markup must show as text in
 * a viewer that renders inline HTML. The URL is a link only with a safe scheme.
 */
export function articleToMarkdown(a: Article): string {
  const parts: string[] = [];
  if (a.title) parts.push(`# ${escapeMarkdownText(oneLine(a.title))}`);
  const meta = metaLine(a);
  if (meta) parts.push(`*${escapeMarkdownText(oneLine(meta))}*`);
  if (a.url) {
    const href = markdownDestination(a.url);
    parts.push(href ? `<${href}>` : escapeMarkdownText(oneLine(a.url)));
  }
  parts.push(a.body.markdown);
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
