/**
 * Outlines that must move apart from the document (issue 15, overlay polish): an element that is fixed or
 * sticky (a site header) moves with the viewport, and an element inside a pane that scrolls on its own (a
 * comment box, a carousel) moves with the pane and is hidden where the pane hides it. The overlay draws in
 * document coordinates, so those outlines are measured again whenever anything scrolls; every other
 * outline stays put, and the cost of a scroll is bounded by MAX_MOVERS.
 *
 * Whether an element moves is read from the computed styles of its ancestors, once per ancestor (a memo
 * shared by all the outlines of one layout).
 */
import type { Box } from '../core/env.ts';

/** Most outlines followed on scroll; the rest keep their place (a page with more is rare and says so nowhere). */
export const MAX_MOVERS = 500;

export interface Motion {
  /** Fixed or sticky itself or through an ancestor: moves with the viewport. */
  readonly pinned: boolean;
  /** Ancestors that scroll on their own (innermost last): the element moves with them and is clipped by them. */
  readonly panes: readonly Element[];
}

const STILL: Motion = { pinned: false, panes: [] };
const SCROLLING = /^(auto|scroll|hidden|clip)$/;

export type StyleOf = (el: Element) => Pick<CSSStyleDeclaration, 'position' | 'overflowX' | 'overflowY'>;

/** Does `el` scroll its content (an overflow that clips, and more content than room)? */
function scrolls(el: Element, style: ReturnType<StyleOf>): boolean {
  if (!SCROLLING.test(style.overflowX) && !SCROLLING.test(style.overflowY)) return false;
  return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
}

export class MotionMemo {
  private readonly memo = new Map<Element, Motion>();
  private readonly styles = new Map<Element, ReturnType<StyleOf>>();
  private readonly read: StyleOf;
  private readonly root: Element;
  private readonly body: Element | null;

  constructor(doc: Document, styleOf: StyleOf) {
    this.read = styleOf;
    this.root = doc.documentElement;
    this.body = doc.body;
  }

  /** Each element's computed style read once (as an outline's ancestor and as another's parent). */
  private styleOf(el: Element): ReturnType<StyleOf> {
    let style = this.styles.get(el);
    if (!style) {
      style = this.read(el);
      this.styles.set(el, style);
    }
    return style;
  }

  /** How `el` moves; STILL (shared) when it moves with the document. */
  of(el: Element): Motion {
    // The ancestors not yet known, innermost first; then each is worked out from its parent's motion.
    const chain: Element[] = [];
    let at: Element | null = el;
    while (at && at !== this.root && !this.memo.has(at)) {
      chain.push(at);
      at = at.parentElement;
    }
    let motion = at && at !== this.root ? (this.memo.get(at) ?? STILL) : STILL;
    for (let i = chain.length - 1; i >= 0; i--) {
      const node = chain[i] as Element;
      const parent = node.parentElement;
      const style = this.styleOf(node);
      const pinned = motion.pinned || style.position === 'fixed' || style.position === 'sticky';
      // <html> and <body> scroll the viewport itself: that is the document's own scroll, not a pane.
      const pane = parent && parent !== this.root && parent !== this.body && scrolls(parent, this.styleOf(parent));
      motion = pinned === motion.pinned && !pane ? motion : { pinned, panes: pane ? [...motion.panes, parent] : motion.panes };
      this.memo.set(node, motion);
    }
    return motion;
  }
}

export function moves(motion: Motion): boolean {
  return motion.pinned || motion.panes.length > 0;
}

/** `r` cut to every pane's client box; null when nothing of it shows. */
export function clipToPanes(r: Box, panes: readonly Element[], rectOf: (el: Element) => Box): Box | null {
  let left = r.left;
  let top = r.top;
  let right = r.left + r.width;
  let bottom = r.top + r.height;
  for (const pane of panes) {
    const p = rectOf(pane);
    left = Math.max(left, p.left);
    top = Math.max(top, p.top);
    right = Math.min(right, p.left + p.width);
    bottom = Math.min(bottom, p.top + p.height);
  }
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : null;
}
