/**
 * The on-page overlay (DESIGN.md "Overlay"): outlines the title, date, author and body anchors and every
 * noise block part of an Article on the live page, with a legend and a hover tooltip giving each block's
 * reason and numbers. DOM only, no extension API and no extraction logic: it draws what the core decided.
 *
 * Hover works without blocking the page: the outlines take no pointer events, and a passive `mousemove`
 * listener hit-tests the pointer against the drawn boxes. Boxes are re-measured when the window or the
 * page's size changes (a lazy image can move everything below it), at most once a frame. `hideOverlay`
 * removes the host and every listener, leaving the page's DOM exactly as it was.
 */
import type { Article } from '../core/types.ts';
import { hitTest } from './hit-test.ts';
import type { OverlayDom } from './host.ts';
import { attachHost, createOverlayDom } from './host.ts';
import type { OverlayLabels } from './labels.ts';
import { ENGLISH_LABELS } from './labels.ts';
import { legendItems, legendNotes } from './legend.ts';
import type { DrawnBox } from './measure.ts';
import { frameOf, measureTargets, toFrame } from './measure.ts';
import { drawBoxes, drawLegend, fillTooltip, hideTooltip, placeTooltip } from './render.ts';
import { collectTargets, countKinds } from './targets.ts';
import { tooltipText } from './tooltip.ts';

export type { OverlayLabels } from './labels.ts';
export { ENGLISH_LABELS } from './labels.ts';

/** Most outlines drawn at once; the legend says how many more there were. */
export const DEFAULT_MAX_BOXES = 2000;

export interface OverlayOptions {
  readonly labels?: OverlayLabels;
  readonly maxBoxes?: number;
}

export interface OverlaySummary {
  /** Outlines drawn. */
  readonly drawn: number;
  /** Elements of the article that no longer resolve on the page. */
  readonly missing: number;
}

/** The document's window, with its own constructors (ResizeObserver) rather than this script's globals. */
type OverlayWindow = Window & typeof globalThis;

const CAPTURE_PASSIVE: AddEventListenerOptions = { capture: true, passive: true };

class PageOverlay {
  private readonly doc: Document;
  private readonly win: OverlayWindow;
  private readonly dom: OverlayDom;
  private readonly observer: ResizeObserver | null;
  private article: Article | null = null;
  private labels: OverlayLabels = ENGLISH_LABELS;
  private maxBoxes = DEFAULT_MAX_BOXES;
  private boxes: readonly DrawnBox[] = [];
  private hovered: DrawnBox | null = null;
  private pointer: { readonly x: number; readonly y: number } | null = null;
  private frame = 0;
  private stale = false;

  constructor(doc: Document, win: OverlayWindow) {
    this.doc = doc;
    this.win = win;
    this.dom = createOverlayDom(doc);
    doc.addEventListener('mousemove', this.onMove, CAPTURE_PASSIVE);
    doc.addEventListener('mouseout', this.onOut, CAPTURE_PASSIVE);
    doc.addEventListener('scroll', this.onScroll, CAPTURE_PASSIVE);
    win.addEventListener('resize', this.onResize, { passive: true });
    this.observer = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(this.onResize) : null;
    this.observer?.observe(doc.documentElement);
    if (doc.body) this.observer?.observe(doc.body);
  }

  get host(): HTMLElement {
    return this.dom.host;
  }

  show(article: Article, options: OverlayOptions): OverlaySummary {
    this.article = article;
    this.labels = options.labels ?? ENGLISH_LABELS;
    this.maxBoxes = options.maxBoxes ?? DEFAULT_MAX_BOXES;
    // A page that rebuilds <html>'s children may have dropped the host: put it back.
    if (!this.dom.host.isConnected) attachHost(this.doc, this.dom.host);
    return this.layout();
  }

  destroy(): void {
    this.doc.removeEventListener('mousemove', this.onMove, CAPTURE_PASSIVE);
    this.doc.removeEventListener('mouseout', this.onOut, CAPTURE_PASSIVE);
    this.doc.removeEventListener('scroll', this.onScroll, CAPTURE_PASSIVE);
    this.win.removeEventListener('resize', this.onResize);
    this.observer?.disconnect();
    if (this.frame) this.win.cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.dom.host.remove();
  }

  private layout(): OverlaySummary {
    if (!this.article) return { drawn: 0, missing: 0 };
    const m = measureTargets(this.doc, collectTargets(this.article), frameOf(this.dom.frameRef), this.maxBoxes);
    this.boxes = m.boxes;
    this.hovered = null;
    drawBoxes(this.dom.layer, m.boxes);
    drawLegend(this.dom.legend, this.labels.heading, legendItems(countKinds(this.article), this.labels), legendNotes(m, this.labels));
    this.hover();
    return { drawn: m.boxes.length, missing: m.missing };
  }

  private hover(): void {
    const p = this.pointer;
    const frame = frameOf(this.dom.frameRef);
    const at = p && toFrame(frame, p.x, p.y);
    const box = at ? hitTest(this.boxes, at.x, at.y) : null;
    if (!p || !box) {
      this.hovered = null;
      hideTooltip(this.dom.tooltip);
      return;
    }
    if (box !== this.hovered) fillTooltip(this.dom.tooltip, tooltipText(box.target, this.labels));
    this.hovered = box;
    const viewport = { width: this.doc.documentElement.clientWidth, height: this.doc.documentElement.clientHeight };
    placeTooltip(this.dom.tooltip, p.x, p.y, viewport, frame);
  }

  private schedule(): void {
    if (!this.frame) this.frame = this.win.requestAnimationFrame(this.onFrame);
  }

  private readonly onFrame = (): void => {
    this.frame = 0;
    if (this.stale) {
      this.stale = false;
      this.layout();
    } else this.hover();
  };

  private readonly onMove = (e: MouseEvent): void => {
    this.pointer = { x: e.clientX, y: e.clientY };
    this.schedule();
  };

  private readonly onOut = (e: MouseEvent): void => {
    // relatedTarget null: the pointer left the window.
    if (e.relatedTarget) return;
    this.pointer = null;
    this.schedule();
  };

  private readonly onScroll = (): void => {
    // The boxes scroll with the page; the pointer stays, so what it is over may change.
    if (this.pointer) this.schedule();
  };

  private readonly onResize = (): void => {
    this.stale = true;
    this.schedule();
  };
}

const overlays = new WeakMap<Document, PageOverlay>();

/** Draws (or redraws, if already shown) the overlay for `article` on `doc`. */
export function showOverlay(doc: Document, article: Article, options: OverlayOptions = {}): OverlaySummary {
  let overlay = overlays.get(doc);
  if (!overlay) {
    const win = doc.defaultView;
    if (!win) throw new Error('the document has no window to draw in');
    overlay = new PageOverlay(doc, win);
    overlays.set(doc, overlay);
  }
  return overlay.show(article, options);
}

/** Removes the overlay and its listeners; returns false when none was shown. */
export function hideOverlay(doc: Document): boolean {
  const overlay = overlays.get(doc);
  if (!overlay) return false;
  overlays.delete(doc);
  overlay.destroy();
  return true;
}

/** The overlay's host element on `doc`, or null (for tests and callers that need to inspect it). */
export function overlayHost(doc: Document): HTMLElement | null {
  return overlays.get(doc)?.host ?? null;
}
