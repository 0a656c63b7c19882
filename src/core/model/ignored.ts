/**
 * Ignored elements (ALGORITHMS.md §0): elements whose content is never article text, whatever their
 * style. Rendering (display:none, visibility:hidden, aria-hidden, zero size…) is the layout's business
 * (the host's RenderProbe, or static-layout.ts); this list is the tag part, the same with or without layout.
 */
const IGNORED_TAGS: ReadonlySet<string> = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'IFRAME',
  'TEXTAREA',
  'SELECT',
  'TEMPLATE',
  'SVG',
  'MATH',
  'HEAD',
  'TITLE',
  'META',
  'LINK',
  'BASE',
  'OBJECT',
  'EMBED',
  'CANVAS',
  'AUDIO',
  'VIDEO',
  'INPUT',
  'FRAMESET',
  'FRAME',
]);

/** Whether an upper-case tag name (`SCRIPT`) is one of the ignored tags. */
export function isIgnoredTagName(upperTag: string): boolean {
  return IGNORED_TAGS.has(upperTag);
}
