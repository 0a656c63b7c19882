/**
 * How the extension's own on-page overlay (src/overlay) is told apart from the page: its host element's tag
 * name starts with this prefix, followed by a random suffix per page so that a page rule aimed at the tag
 * name cannot hide it. The live probe and the overlay share this test, so that an extraction while the
 * overlay is shown never reads it.
 */
import { dom } from '../core/dom/dom-read.ts';

export const OVERLAY_TAG_PREFIX = 'article-lens-overlay-';

/** True for the overlay's host element. */
export function isOverlayHost(el: Element): boolean {
  return dom.localName(el).startsWith(OVERLAY_TAG_PREFIX);
}
