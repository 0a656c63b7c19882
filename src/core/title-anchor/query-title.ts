/**
 * §1.1 Query title: the link title when the reader followed a link, else the text of `<title>` (cut before
 * raw markup: title-element.ts).
 * Extension `fallbackQueryTitles`: `<title>` (after a link title), og:title, then the first h1, tried
 * in order when the previous query finds no block above the similarity threshold.
 * Gap-filler: a link title of fewer than `minLinkTitleUnits` title units ("Read more", "更多", "Continue
 * reading ›") names no article and is not used; such a query matched sidebar headings ("Most read").
 */
import type { PageModel } from '../model/page-model.ts';
import type { TitleAnchorOptions } from './options.ts';
import type { Provenance } from '../types.ts';
import { normalizeSpace } from '../text/normalize.ts';
import { titleUnits } from '../text/title-similarity.ts';
import { readTitleElement } from './title-element.ts';

export interface QueryTitle {
  readonly text: string;
  readonly from: Provenance;
}

export function findQueryTitles(
  model: PageModel,
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
  if (out.length === 0 || withFallbacks) push(readTitleElement(model).text, 'title-element');
  if (withFallbacks) {
    push(ogTitle(model), 'meta');
    const h1 = model.findTag('H1');
    push(h1 >= 0 ? model.textContent(h1) : null, 'h1');
  }
  return out;
}

/** The `content` of the first `meta[property="og:title"]` or `meta[name="og:title"]`. */
function ogTitle(model: PageModel): string | null {
  for (const meta of model.allOfTag('META'))
    if (model.attr(meta, 'property') === 'og:title' || model.attr(meta, 'name') === 'og:title') return model.attr(meta, 'content');
  return null;
}
