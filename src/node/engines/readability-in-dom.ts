/**
 * @mozilla/readability in Node (`eval --compare readability` with the dom engine): on a fresh parse of the
 * page's decoded HTML, opened exactly as the core's document is (dom-document.ts: happy-dom, parse5, the
 * same fallbacks), never on the document the core read, since Readability rewrites the document it is
 * given. This module is imported by the dom engine's worker on the first comparison only (dom-worker.ts),
 * so a worker that only extracts loads neither Readability (a devDependency, bundled into the build) nor
 * happy-dom.
 */
import { Readability } from '@mozilla/readability';
import type { ReadabilitySummary } from '../../platform/readability-summary.ts';
import { summarise } from '../../platform/readability-summary.ts';
import { usablePageUrl } from '../page-url.ts';
import { openPageDocument } from './dom-document.ts';
import type { PageInput } from './engine.ts';

/** Parses the page and runs Readability on it; `onParsed` is called between the two. Throws when Readability does. */
export async function readabilityInDom(page: PageInput, onParsed?: () => void): Promise<ReadabilitySummary> {
  const opened = openPageDocument(page.html, usablePageUrl(page.url).url);
  try {
    onParsed?.();
    return summarise(new Readability(opened.doc).parse());
  } finally {
    await opened.close();
  }
}
