/**
 * Markdown from the clean body tree, with turndown (and the GFM plugin for tables and strikethrough):
 * a well-kept converter rather than a hand-written one. The service is created on first use, so that
 * importing the core has no side effects.
 */
import TurndownService from 'turndown';
import { strikethrough, tables } from '@joplin/turndown-plugin-gfm';

let service: TurndownService | null = null;

function turndown(): TurndownService {
  if (!service) {
    service = new TurndownService({
      headingStyle: 'atx',
      codeBlockStyle: 'fenced',
      bulletListMarker: '-',
      emDelimiter: '*',
      hr: '---',
    });
    service.use([tables, strikethrough]);
  }
  return service;
}

export function toMarkdown(cleanRoot: Element): string {
  // turndown's typings ask for its own node type; a DOM element is what it takes at run time.
  return turndown()
    .turndown(cleanRoot as unknown as TurndownService.Node)
    .trim();
}
