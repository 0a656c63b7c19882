/**
 * @mozilla/readability as one script for a rendered page, for `article-lens bench` and
 * `article-lens eval --compare readability` only (it is a devDependency and never ships in the extension).
 * `__readability.parse()` runs Readability the way its users do: on a clone of the document, since
 * Readability rewrites the document it is given. The clone is part of what Readability costs, so it is
 * inside the call the benchmark times. The summary carries the article's text for the comparison; it
 * stays in the page unless a caller returns it (the benchmark returns only the time and `found`).
 */
import { Readability } from '@mozilla/readability';
import type { ReadabilitySummary } from './readability-summary.ts';
import { summarise } from './readability-summary.ts';

export type { ReadabilitySummary } from './readability-summary.ts';

export interface ReadabilityPageApi {
  parse(): ReadabilitySummary;
}

const api: ReadabilityPageApi = {
  parse: () => summarise(new Readability(document.cloneNode(true) as Document).parse()),
};

(globalThis as { __readability?: ReadabilityPageApi }).__readability = api;
