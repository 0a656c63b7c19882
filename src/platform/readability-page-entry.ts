/**
 * @mozilla/readability as one script for a rendered page, for `article-lens bench` only (it is a
 * devDependency and never ships in the extension). `__readability.parse()` runs Readability the way its
 * users do: on a clone of the document, since Readability rewrites the document it is given. The clone is
 * part of what Readability costs, so it is inside the call the benchmark times.
 */
import { Readability } from '@mozilla/readability';

export interface ReadabilitySummary {
  /** False when Readability found no article (`parse()` returned null). */
  readonly found: boolean;
  readonly title: string | null;
  /** Length of the article's text content, 0 when none was found. */
  readonly textLength: number;
}

export interface ReadabilityPageApi {
  parse(): ReadabilitySummary;
}

const api: ReadabilityPageApi = {
  parse() {
    const article = new Readability(document.cloneNode(true) as Document).parse();
    if (!article) return { found: false, title: null, textLength: 0 };
    return { found: true, title: article.title ?? null, textLength: article.textContent?.length ?? 0 };
  },
};

(globalThis as { __readability?: ReadabilityPageApi }).__readability = api;
