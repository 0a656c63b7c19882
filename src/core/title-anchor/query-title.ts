/**
 * §1.1 Query title: the link title when the reader followed a link, else the text of `<title>` (cut before
 * raw markup: title-element.ts).
 * Extension `fallbackQueryTitles`: `<title>` (after a link title), og:title, then the first h1, tried
 * in order when the previous query finds no block above the similarity threshold.
 * Gap-filler: a link title of fewer than `minLinkTitleUnits` title units ("Read more", "更多", "Continue
 * reading ›") names no article and is not used; such a query matched sidebar headings ("Most read").
 */
import { attributeOf, dom, textOf } from '../dom/dom-read.ts';
import type { TitleAnchorOptions } from '../options.ts';
import type { Provenance } from '../types.ts';
import { normalizeSpace } from '../text/normalize.ts';
import { titleUnits } from '../text/title-similarity.ts';
import { readTitleElement } from './title-element.ts';

export interface QueryTitle {
  readonly text: string;
  readonly from: Provenance;
}

export function findQueryTitles(
  doc: Document,
  linkTitle: string | null,
  opts: Pick<TitleAnchorOptions, 'minLinkTitleUnits' | 'extensions'>,
): QueryTitle[] {
  const withFallbacks = opts.extensions.fallbackQueryTitles;
  const out: QueryTitle[] = [];
  const push = (text: string | null | undefined, from: Provenance): void => {
    const t = normalizeSpace(text ?? '');
    if (t && !out.some((q) => q.text === t)) out.push({ text: t, from });
  };
  if (linkTitle && titleUnits(linkTitle).size >= opts.minLinkTitleUnits) push(linkTitle, 'link-title');
  if (out.length === 0 || withFallbacks) push(readTitleElement(doc).text, 'title-element');
  if (withFallbacks) {
    push(attributeOf(dom.querySelector(doc, 'meta[property="og:title"], meta[name="og:title"]'), 'content'), 'meta');
    push(textOf(dom.querySelector(doc, 'h1')), 'h1');
  }
  return out;
}
