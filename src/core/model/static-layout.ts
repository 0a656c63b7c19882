/**
 * Layout where there is none (a parsed-only page: the dom engine, happy-dom, linkedom): ALGORITHMS.md §0
 * "block-level is decided by computed display in a rendered page and by tag name where there is no layout"
 * (STYLE.md §8.5.3). Hidden by attribute and inline style only; block-level by tag name, unless an inline
 * style says otherwise. The same rules serve the model built from parse5's tree and the static RenderProbe
 * of a parsed DOM, so that both read a page alike.
 */

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;
const BLOCK_STYLE = /(?:^|;)\s*display\s*:\s*(block|flex|grid|list-item|table)\b/i;
const INLINE_STYLE = /(?:^|;)\s*display\s*:\s*inline\b/i;

/** Tags that start a new text block where there is no layout. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BODY',
  'CAPTION',
  'CENTER',
  'DD',
  'DETAILS',
  'DIALOG',
  'DIR',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HGROUP',
  'HR',
  'HTML',
  'LEGEND',
  'LI',
  'LISTING',
  'MAIN',
  'MENU',
  'NAV',
  'OL',
  'OPTGROUP',
  'OPTION',
  'P',
  'PLAINTEXT',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
  'XMP',
]);

/** Rendered, by its attributes: not `hidden`, not `aria-hidden="true"`, no inline `display:none` or `visibility:hidden`. */
export function isRenderedStatic(hidden: boolean, ariaHidden: string | null, style: string | null): boolean {
  if (hidden || ariaHidden === 'true') return false;
  return !(style && HIDDEN_STYLE.test(style));
}

/**
 * Block-level by its inline style, else by its tag (upper case). A prefixed tag is read by its local part
 * (`<o:p>`, `<a0:nav>` of pages written as XHTML with namespace prefixes: a `p`, a `nav`), as the XML reading
 * of such a page does; a browser's HTML parser takes the whole name as one unknown, inline element. Without
 * layout the name is all there is, and its local part is what its author meant.
 */
export function isBlockStatic(upperTag: string, style: string | null): boolean {
  if (style) {
    if (BLOCK_STYLE.test(style)) return true;
    if (INLINE_STYLE.test(style)) return false;
  }
  const colon = upperTag.lastIndexOf(':');
  return BLOCK_TAGS.has(colon >= 0 ? upperTag.slice(colon + 1) : upperTag);
}
