/**
 * @mozilla/readability in Node (`eval --compare readability` with the dom engine): on a fresh parse of the
 * page's decoded HTML, opened exactly as the core's document is (dom-document.ts: happy-dom, parse5, the
 * same fallbacks), never on the document the core read, since Readability rewrites the document it is
 * given. Readability is a devDependency: it is imported on first use, so that the dom engine loads without
 * it when no comparison is asked for.
 */
import type { ReadabilitySummary } from '../../platform/readability-summary.ts';
import { summarise } from '../../platform/readability-summary.ts';
import { usablePageUrl } from '../page-url.ts';
import { openPageDocument } from './dom-document.ts';
import type { PageInput } from './engine.ts';

/** Parses the page and runs Readability on it; `onParsed` is called between the two. Throws when Readability does. */
export async function readabilityInDom(page: PageInput, onParsed?: () => void): Promise<ReadabilitySummary> {
  const { Readability } = await import('@mozilla/readability');
  const opened = openPageDocument(page.html, usablePageUrl(page.url).url);
  try {
    onParsed?.();
    return summarise(new Readability(opened.doc).parse());
  } finally {
    await opened.close();
  }
}
