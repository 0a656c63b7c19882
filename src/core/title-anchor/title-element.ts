/**
 * The text of the page's `<title>`, the §1.1 query title and the last title candidate. A `<title>` is
 * raw text up to `</title>`, so a page that never closes it puts the rest of the page into the title as
 * markup: a probe found a 241 KB "title" of `</head><body><h1>…`. Real titles name tags too ("<img>: The
 * Image Embed element"), but never hold an end tag, a comment or a tag with attribute values; text that
 * does is cut at the first such tag, and a title that is nothing but markup is no title at all.
 */
import type { PageModel } from '../model/page-model.ts';
import { normalizeSpace } from '../text/normalize.ts';

/** An end tag, a comment or declaration, or a start tag with an attribute value: markup, not a title's words. */
const RAW_MARKUP = /<\/[A-Za-z][\w:-]*\s*>|<![A-Za-z-]|<[A-Za-z][\w:-]*\s[^<>]*=/;

export interface TitleElement {
  /** The title's text, whitespace normalised (cut before raw markup), or null without a usable `<title>`. */
  readonly text: string | null;
  /** When raw markup was cut: the length of the whole normalised text, and where it was cut. */
  readonly markup: { readonly length: number; readonly cutAt: number } | null;
}

export function readTitleElement(model: PageModel): TitleElement {
  const title = model.findTag('TITLE');
  const whole = normalizeSpace(title >= 0 ? model.textContent(title) : '');
  const m = RAW_MARKUP.exec(whole);
  if (!m) return { text: whole || null, markup: null };
  const kept = whole.slice(0, m.index).trim();
  return { text: kept || null, markup: { length: whole.length, cutAt: kept.length } };
}
