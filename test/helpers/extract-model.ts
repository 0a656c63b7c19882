/**
 * Whole extractions in the unit tests on every host the core runs on: a document parsed by one of the test
 * DOMs (happy-dom, linkedom), which the preprocess stage walks into the page model, or the page model parse5
 * builds without any DOM (the dom engine's way). And the Markdown of an Article's body, which an extraction
 * no longer carries: made from its clean HTML with a happy-dom parser, as a host makes it when asked.
 */
import type { ExtractOptions, PartialOptions } from '../../src/core/options.ts';
import type { PageSource } from '../../src/core/dom/preprocess.ts';
import type { ArticleBody } from '../../src/core/types.ts';
import type { HtmlParser } from '../../src/core/output/markdown.ts';
import { bodyMarkdown } from '../../src/core/output/markdown.ts';
import { parseWith } from './dom.ts';
import type { ModelKind } from './model.ts';
import { modelOf } from './model.ts';

/**
 * What `extract` reads a page from under `kind`: the parsed document for a DOM, the parse5 page model (read
 * with `options`, the ones the extraction runs with: the text blocks depend on the text options) otherwise.
 */
export function pageSource(kind: ModelKind, html: string, options: ExtractOptions | PartialOptions = {}): PageSource {
  return kind === 'parse5' ? modelOf('parse5', html, options) : parseWith(kind, html);
}

/** An HTML parser for `bodyMarkdown`: happy-dom's DOMParser (its window is closed by `closeWindows`). */
export const happyParser: HtmlParser = (html) => parseWith('happy-dom', `<!doctype html><body>${html}`).body;

/** The Markdown of an extracted body, as a host makes it from the body's clean HTML. */
export function markdownOf(body: ArticleBody): string {
  return bodyMarkdown(body.html, happyParser);
}
