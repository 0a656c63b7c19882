/**
 * RenderProbe for a parsed-only DOM (happy-dom, linkedom, the CLI's dom engine): no boxes, block-level
 * by tag name, hidden by attribute and inline style only (STYLE.md §8.5.3). Elements are read through the
 * core's dom-read.ts (DOM clobbering).
 */
import { dom } from '../core/dom/dom-read.ts';
import type { RenderProbe } from '../core/env.ts';
import { BLOCK_TAGS } from './block-tags.ts';

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;
const BLOCK_STYLE = /(?:^|;)\s*display\s*:\s*(block|flex|grid|list-item|table)\b/i;
const INLINE_STYLE = /(?:^|;)\s*display\s*:\s*inline\b/i;

export const staticProbe: RenderProbe = {
  hasLayout: false,
  isRendered(el) {
    if (dom.hasAttribute(el, 'hidden') || dom.getAttribute(el, 'aria-hidden') === 'true') return false;
    const style = dom.getAttribute(el, 'style');
    return !(style && HIDDEN_STYLE.test(style));
  },
  isBlock(el) {
    const style = dom.getAttribute(el, 'style');
    if (style) {
      if (BLOCK_STYLE.test(style)) return true;
      if (INLINE_STYLE.test(style)) return false;
    }
    return BLOCK_TAGS.has(dom.localName(el).toUpperCase());
  },
  box() {
    return null;
  },
};
