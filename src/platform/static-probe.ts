/**
 * RenderProbe for a parsed-only DOM (happy-dom, linkedom, the page read again from its bytes): no boxes,
 * block-level by tag name, hidden by attribute and inline style only — the rules of the core's
 * static-layout.ts, which the dom engine's page model (read from parse5, without a DOM) follows too, so that
 * both read a page alike. Elements are read through the core's dom-read.ts (DOM clobbering).
 */
import { dom } from '../core/dom/dom-read.ts';
import { tagOf } from '../core/dom/node-kind.ts';
import type { RenderProbe } from '../core/env.ts';
import { isBlockStatic, isRenderedStatic } from '../core/model/static-layout.ts';

export const staticProbe: RenderProbe = {
  hasLayout: false,
  isRendered(el) {
    return isRenderedStatic(dom.hasAttribute(el, 'hidden'), dom.getAttribute(el, 'aria-hidden'), dom.getAttribute(el, 'style'));
  },
  isBlock(el) {
    return isBlockStatic(tagOf(el), dom.getAttribute(el, 'style'));
  },
  box() {
    return null;
  },
};
