/**
 * What a run of @mozilla/readability hands back to a host: whether it found an article, its title, and the
 * article's text. One shape for both places it runs (the page bundle in Chromium, readability-page-entry.ts,
 * and the dom engine in Node, src/node/engines/readability-in-dom.ts), so that `eval --compare readability`
 * reads Readability's output the same way in either engine.
 */
import type { Readability } from '@mozilla/readability';

/** What `Readability#parse()` returns: the article, or null when it found none. */
export type ReadabilityArticle = ReturnType<Readability['parse']>;

export interface ReadabilitySummary {
  /** False when Readability found no article (`parse()` returned null). */
  readonly found: boolean;
  readonly title: string | null;
  /** Length of the article's text content, 0 when none was found. */
  readonly textLength: number;
  /**
   * The article's `textContent`, what Readability's users take as its text ("" when none was found); it is
   * what `eval --compare readability` scores against the gold body.
   */
  readonly text: string;
}

export function summarise(article: ReadabilityArticle): ReadabilitySummary {
  if (!article) return { found: false, title: null, textLength: 0, text: '' };
  const text = article.textContent ?? '';
  return { found: true, title: article.title ?? null, textLength: text.length, text };
}
