/**
 * The body's clean HTML parsed where nothing runs and nothing loads (a DOMParser document has no browsing
 * context): turndown reads DOM nodes, so the popup and the content script make the Markdown of an export
 * (`articleToMarkdown`, core/output/markdown.ts) from the HTML parsed here.
 */
import type { HtmlParser } from '../core/output/markdown.ts';

export const inertHtmlParser: HtmlParser = (html) => new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
