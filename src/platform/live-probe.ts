/**
 * RenderProbe for a rendered page (content script, headless Chromium): computed style and real boxes.
 * An element is not rendered when its computed display is none, its visibility is hidden or collapse,
 * it is aria-hidden, or it is an absolutely positioned, clipped box of at most one pixel (the "visually
 * hidden" pattern). The extension's own overlay host is never the page's content. Elements are read through
 * the core's dom-read.ts: a form control named `getAttribute` or `getBoundingClientRect` must not break it.
 */
import { dom } from '../core/dom/dom-read.ts';
import type { Box, RenderProbe } from '../core/env.ts';
import { isOverlayHost } from './overlay-host.ts';

const CLIPPED_MAX_PX = 1;

export function createLiveProbe(win: Window): RenderProbe {
  // The page model asks `isRendered` and then `isBlock` of each element: one computed style, and its
  // display read once, serve both.
  let lastEl: Element | null = null;
  let lastStyle: CSSStyleDeclaration | null = null;
  let lastDisplay: string | null = null;
  const style = (el: Element): CSSStyleDeclaration => {
    if (el !== lastEl || !lastStyle) {
      lastEl = el;
      lastStyle = win.getComputedStyle(el);
      lastDisplay = null;
    }
    return lastStyle;
  };
  const display = (el: Element): string => {
    const s = style(el);
    lastDisplay ??= s.display;
    return lastDisplay;
  };
  // The scroll offsets, read once per task: nothing can scroll the page while a task of ours runs, and
  // reading them for each of 10 000 boxes was a tenth of the LCS feature tree's time.
  let scrolled: { x: number; y: number } | null = null;
  const scroll = (): { x: number; y: number } => {
    if (!scrolled) {
      scrolled = { x: win.scrollX, y: win.scrollY };
      queueMicrotask(() => {
        scrolled = null;
      });
    }
    return scrolled;
  };
  return {
    hasLayout: true,
    isRendered(el) {
      if (dom.getAttribute(el, 'aria-hidden') === 'true' || isOverlayHost(el)) return false;
      const s = style(el);
      if (display(el) === 'none') return false;
      const visibility = s.visibility;
      if (visibility === 'hidden' || visibility === 'collapse') return false;
      // The visually-hidden pattern is an absolutely positioned, clipped box of a pixel: only such boxes
      // are measured (reading overflow, clip and the box of every element would double the cost).
      const position = s.position;
      if ((position === 'absolute' || position === 'fixed') && (s.overflow === 'hidden' || s.clip !== 'auto')) {
        const r = dom.getBoundingClientRect(el);
        if (r.width <= CLIPPED_MAX_PX && r.height <= CLIPPED_MAX_PX) return false;
      }
      return true;
    },
    isBlock(el) {
      const d = display(el);
      return !(d.startsWith('inline') || d === 'contents' || d === 'ruby' || d === 'none');
    },
    box(el): Box {
      const r = dom.getBoundingClientRect(el);
      const { x, y } = scroll();
      return { left: r.left + x, top: r.top + y, width: r.width, height: r.height };
    },
    // The overlay host is not counted at all, so that ordinals are the same with and without the overlay.
    isForeign: isOverlayHost,
  };
}
