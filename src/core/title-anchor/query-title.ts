/**
 * §1.1 Query title: the link title when the reader followed a link, else the text of `<title>`.
 * Extension `fallbackQueryTitles`: `<title>` (after a link title), og:title, then the first h1, tried
 * in order when the previous query finds no block above the similarity threshold.
 */
import type { Provenance } from '../types.ts';
import { normalizeSpace } from '../text/normalize.ts';

export interface QueryTitle {
  readonly text: string;
  readonly from: Provenance;
}

export function findQueryTitles(doc: Document, linkTitle: string | null, withFallbacks: boolean): QueryTitle[] {
  const out: QueryTitle[] = [];
  const push = (text: string | null | undefined, from: Provenance): void => {
    const t = normalizeSpace(text ?? '');
    if (t && !out.some((q) => q.text === t)) out.push({ text: t, from });
  };
  push(linkTitle, 'link-title');
  if (out.length === 0 || withFallbacks) push(doc.querySelector('title')?.textContent, 'title-element');
  if (withFallbacks) {
    push(doc.querySelector('meta[property="og:title"], meta[name="og:title"]')?.getAttribute('content'), 'meta');
    push(doc.querySelector('h1')?.textContent, 'h1');
  }
  return out;
}
