/**
 * Ignored elements (ALGORITHMS.md §0): elements whose content is never article text, whatever their
 * style. Rendering (display:none, visibility:hidden, aria-hidden, zero size…) is the RenderProbe's
 * business; this list is the tag part, the same with or without layout.
 */
import { tagOf } from './node-kind.ts';

const IGNORED_TAGS = new Set([
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

export function isIgnoredTag(el: Element): boolean {
  return IGNORED_TAGS.has(tagOf(el));
}
