/**
 * The on-page overlay (DESIGN.md "Overlay"): outlines the title, date, author and body anchors and every
 * noise block part of an Article on the live page, with a legend and a hover tooltip giving each block's
 * reason and numbers. DOM only, no extension API and no extraction logic: it draws what the core decided.
 *
 * Hover works without blocking the page: the outlines take no pointer events, and a passive `mousemove`
 * listener hit-tests the pointer against the drawn boxes. Boxes are re-measured when the window or the
 * page's size changes (a lazy image can move everything below it), at most once a frame. `hideOverlay`
 * removes the host and every listener, leaving the page's DOM exactly as it was.
 *
 * On a huge page (2000 outlines, each found by a CSS path in a list of 60 000 items) measuring and drawing
 * take more than a second: `showOverlaySliced` does the same work in slices, giving the page its thread
 * back between them, and swaps the new outlines in at once when they are all built.
 */
import { DEFAULT_OPTIONS } from '../core/options.ts';
import { everyTicker } from '../core/slicing.ts';
import type { Article } from '../core/types.ts';
import { createPagePause } from '../platform/page-pause.ts';
import { hitTestAll } from './hit-test.ts';
import type { OverlayKind } from './kinds.ts';
import type { OverlayDom } from './host.ts';
import { attachHost, createOverlayDom } from './host.ts';
import type { OverlayLabels } from './labels.ts';
import { ENGLISH_LABELS } from './labels.ts';
import { legendItems, legendNotes } from './legend.ts';
import { ElementLocator } from './locate.ts';
import type { DrawnBox } from './measure.ts';
import { boxInFrame, frameOf, inPaintOrder, measureTargets, toFrame } from './measure.ts';
import type { Motion } from './movers.ts';
import { MAX_MOVERS, MotionMemo, clipToPanes, moves } from './movers.ts';
import { drawBoxesSteps, drawLegend, fillTooltip, hideTooltip, placeBox, placeTooltip } from './render.ts';
import { collectTargets, countKinds } from './targets.ts';
import { tooltipTexts } from './tooltip.ts';
import type { AnnotationHooks } from './annotate/session.ts';
import { AnnotationSession } from './annotate/session.ts';
import { ANNOTATION_CSS } from './annotate/styles.ts';
import type { AnnotationRecord } from '../shared/annotation/record.ts';

export type { OverlayLabels } from './labels.ts';
export { ENGLISH_LABELS } from './labels.ts';
export type { AnnotationLabels } from './annotate/labels.ts';
export { ENGLISH_ANNOTATION_LABELS } from './annotate/labels.ts';
export type { AnnotationHooks } from './annotate/session.ts';

/** Elements the sliced walk that finds the outlined elements visits between two checkpoints. */
const LOOKUP_STEP_ELEMENTS = 512;

/** Most outlines drawn at once; the legend says how many more there were. */
export const DEFAULT_MAX_BOXES = 2000;

export interface OverlayOptions {
  readonly labels?: OverlayLabels;
  readonly maxBoxes?: number;
}

/** How `showOverlaySliced` cuts its work (the content script passes the page's pause and clock). */
export interface OverlaySlicing {
  /** Gives the page its thread back; resolves when drawing may go on. */
  readonly pause: () => Promise<void>;
  /** A clock in ms (performance.now). */
  readonly now: () => number;
  /** Longest stretch of work between two pauses, in ms (the core's `slicing.sliceMs`). */
  readonly sliceMs: number;
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
  private boxes: DrawnBox[] = [];
  /** Outlines that move apart from the document (movers.ts): their index in `boxes` (and in the layer), element and motion. */
  private movers: { readonly index: number; readonly el: Element; readonly motion: Motion }[] = [];
  /** Something scrolled: the movers are measured again at the next frame. */
  private moved = false;
  private hovered: DrawnBox | null = null;
  private pointer: { readonly x: number; readonly y: number } | null = null;
  private frame = 0;
  private stale = false;
  /** Set when shown sliced: relayouts after a resize are sliced too. */
  private slicing: OverlaySlicing | null = null;
  /** Counts layouts: a sliced layout that finds a newer one begun (or the overlay destroyed) stops. */
  private generation = 0;
  private destroyed = false;
  /** The sliced layout under way, if any (a resize waits for it; a superseded one answers with its successor's result). */
  private running: Promise<OverlaySummary> | null = null;
  private runningGeneration = 0;
  private summary: OverlaySummary = { drawn: 0, missing: 0 };
  /** The kinds the reader switched off in the legend: not drawn, not hovered. */
  private readonly hiddenKinds = new Set<OverlayKind>();
  private annotation: AnnotationSession | null = null;
  /** Shift is held, and whether the tooltip shown says the raw offsets. */
  private raw = false;
  private tooltipRaw = false;

  constructor(doc: Document, win: OverlayWindow) {
    this.doc = doc;
    this.win = win;
    this.dom = createOverlayDom(doc);
    doc.addEventListener('mousemove', this.onMove, CAPTURE_PASSIVE);
    win.addEventListener('keydown', this.onShift, CAPTURE_PASSIVE);
    win.addEventListener('keyup', this.onShift, CAPTURE_PASSIVE);
    doc.addEventListener('mouseout', this.onOut, CAPTURE_PASSIVE);
    doc.addEventListener('scroll', this.onScroll, CAPTURE_PASSIVE);
    win.addEventListener('resize', this.onResize, { passive: true });
    this.observer = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(this.onObservedResize) : null;
    this.observer?.observe(doc.documentElement);
    if (doc.body) this.observer?.observe(doc.body);
    this.dom.legend.addEventListener('click', this.onLegendClick);
  }

  get host(): HTMLElement {
    return this.dom.host;
  }

  /** Annotation mode's panel, in this overlay's shadow root (annotate/session.ts); replaces one already open. */
  annotate(article: Article, record: AnnotationRecord, hooks: AnnotationHooks): AnnotationSession {
    this.annotation?.destroy();
    if (!this.dom.root.querySelector('style.annotation')) {
      const style = this.doc.createElement('style');
      style.className = 'annotation';
      style.textContent = ANNOTATION_CSS;
      this.dom.root.append(style);
    }
    this.annotation = new AnnotationSession(
      this.doc,
      {
        root: this.dom.root,
        host: this.dom.host,
        frame: () => frameOf(this.dom.frameRef),
        kindName: (kind) => this.labels.kindNames[kind as OverlayKind] ?? kind,
      },
      article,
      record,
      hooks,
    );
    return this.annotation;
  }

  get annotating(): AnnotationSession | null {
    return this.annotation;
  }

  stopAnnotating(): void {
    this.annotation?.destroy();
    this.annotation = null;
  }

  show(article: Article, options: OverlayOptions): OverlaySummary {
    this.prepare(article, options, null);
    return this.layout();
  }

  showSliced(article: Article, options: OverlayOptions, slicing: OverlaySlicing): Promise<OverlaySummary> {
    this.prepare(article, options, slicing);
    return this.layoutSliced(slicing);
  }

  private prepare(article: Article, options: OverlayOptions, slicing: OverlaySlicing | null): void {
    this.article = article;
    this.labels = options.labels ?? ENGLISH_LABELS;
    this.maxBoxes = options.maxBoxes ?? DEFAULT_MAX_BOXES;
    this.slicing = slicing;
    // A page that rebuilds <html>'s children may have dropped the host: put it back.
    if (!this.dom.host.isConnected) attachHost(this.doc, this.dom.host);
  }

  destroy(): void {
    this.stopAnnotating();
    this.destroyed = true;
    this.generation++;
    this.doc.removeEventListener('mousemove', this.onMove, CAPTURE_PASSIVE);
    this.win.removeEventListener('keydown', this.onShift, CAPTURE_PASSIVE);
    this.win.removeEventListener('keyup', this.onShift, CAPTURE_PASSIVE);
    this.doc.removeEventListener('mouseout', this.onOut, CAPTURE_PASSIVE);
    this.doc.removeEventListener('scroll', this.onScroll, CAPTURE_PASSIVE);
    this.win.removeEventListener('resize', this.onResize);
    this.dom.legend.removeEventListener('click', this.onLegendClick);
    this.observer?.disconnect();
    if (this.frame) this.win.cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.dom.host.remove();
  }

  private layout(): OverlaySummary {
    this.generation++;
    const steps = this.layoutSteps();
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /** The layout in slices of `slicing.sliceMs`; a newer layout supersedes it, and its result is the answer. */
  private layoutSliced(slicing: OverlaySlicing): Promise<OverlaySummary> {
    const generation = ++this.generation;
    const run = this.runSliced(generation, slicing).finally(() => {
      if (this.running !== run) return;
      this.running = null;
      // A resize during the layout asked for another one.
      if (this.stale) this.schedule();
    });
    this.running = run;
    this.runningGeneration = generation;
    return run;
  }

  private async runSliced(generation: number, slicing: OverlaySlicing): Promise<OverlaySummary> {
    const steps = this.layoutSteps();
    let start = slicing.now();
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (slicing.now() - start < slicing.sliceMs) continue;
      await slicing.pause();
      if (this.destroyed) return { drawn: 0, missing: 0 };
      if (generation !== this.generation) {
        // Superseded: a newer sliced layout answers for both; a newer one at once has answered already.
        return this.running && this.runningGeneration === this.generation ? this.running : this.summary;
      }
      start = slicing.now();
    }
  }

  /**
   * Measures every target (each with the host's box read alongside, so that a scroll between two slices
   * does not shift the outlines), builds the outlines, then swaps them in with the legend. A step after
   * each target and each outline.
   */
  private *layoutSteps(): Generator<void, OverlaySummary, undefined> {
    const article = this.article;
    if (!article) return { drawn: 0, missing: 0 };
    const boxes: DrawnBox[] = [];
    let missing = 0;
    let skipped = 0;
    const found = new Map<DrawnBox, Element>();
    const onFound = (box: DrawnBox, el: Element): void => void found.set(box, el);
    const targets = collectTargets(article);
    // Every target's element in one walk of the page, itself in steps (on a 100 000-element page one walk
    // is about 100 ms, and a walk per target was more).
    const locator = new ElementLocator(this.doc);
    yield* locator.prepareSteps(targets.slice(0, this.maxBoxes), everyTicker(LOOKUP_STEP_ELEMENTS));
    for (const target of targets) {
      const m = measureTargets(
        this.doc,
        [target],
        frameOf(this.dom.frameRef),
        this.maxBoxes - boxes.length - missing,
        undefined,
        onFound,
        locator,
      );
      boxes.push(...m.boxes);
      missing += m.missing;
      skipped += m.skipped;
      yield;
    }
    const painted = inPaintOrder(boxes);
    const movers: (typeof this.movers)[number][] = [];
    const memo = new MotionMemo(this.doc, (el) => this.win.getComputedStyle(el));
    for (const [index, box] of painted.entries()) {
      const el = found.get(box);
      const motion = el && movers.length < MAX_MOVERS ? memo.of(el) : null;
      if (el && motion && moves(motion)) movers.push({ index, el, motion });
      yield;
    }
    yield* drawBoxesSteps(this.dom.layer, painted);
    this.boxes = painted;
    this.movers = movers;
    this.moveMovers();
    this.hovered = null;
    drawLegend(
      this.dom.legend,
      this.labels.heading,
      legendItems(countKinds(article), this.labels),
      legendNotes({ missing, skipped }, this.labels),
      this.hiddenKinds,
    );
    this.applyHiddenKinds();
    this.hover();
    this.summary = { drawn: boxes.length, missing };
    return this.summary;
  }

  /** A legend line switches its kind's outlines off and on (the button says which, `aria-pressed`). */
  private readonly onLegendClick = (e: Event): void => {
    const toggle = e.target instanceof Element ? e.target.closest('button[data-kind]') : null;
    const kind = toggle?.getAttribute('data-kind') as OverlayKind | null | undefined;
    if (!toggle || !kind) return;
    if (this.hiddenKinds.has(kind)) this.hiddenKinds.delete(kind);
    else this.hiddenKinds.add(kind);
    toggle.setAttribute('aria-pressed', String(!this.hiddenKinds.has(kind)));
    this.applyHiddenKinds();
    this.hovered = null;
    this.hover();
  };

  /** Each drawn outline hidden exactly when the reader switched its kind off in the legend. */
  private applyHiddenKinds(): void {
    for (const box of this.dom.layer.children)
      (box as HTMLElement).hidden = this.hiddenKinds.has(box.getAttribute('data-kind') as OverlayKind);
  }

  private hover(): void {
    const p = this.pointer;
    const frame = frameOf(this.dom.frameRef);
    const at = p && toFrame(frame, p.x, p.y);
    const shown = this.hiddenKinds.size ? this.boxes.filter((b) => !this.hiddenKinds.has(b.target.kind)) : this.boxes;
    const hits = at ? hitTestAll(shown, at.x, at.y) : [];
    const box = hits[0];
    if (!p || !box) {
      this.hovered = null;
      hideTooltip(this.dom.tooltip);
      return;
    }
    if (box !== this.hovered || this.raw !== this.tooltipRaw)
      fillTooltip(
        this.dom.tooltip,
        tooltipTexts(
          hits.map((h) => h.target),
          this.labels,
          { raw: this.raw },
        ),
      );
    this.hovered = box;
    this.tooltipRaw = this.raw;
    const viewport = { width: this.doc.documentElement.clientWidth, height: this.doc.documentElement.clientHeight };
    placeTooltip(this.dom.tooltip, p.x, p.y, viewport, frame);
  }

  private schedule(): void {
    if (!this.frame) this.frame = this.win.requestAnimationFrame(this.onFrame);
  }

  /**
   * Measures the outlines of fixed and sticky elements and of elements in scrolling panes again (clipped to
   * their panes, hidden where the pane hides them), after a scroll of the page or of a pane.
   */
  private moveMovers(): void {
    this.moved = false;
    if (!this.movers.length) return;
    const frame = frameOf(this.dom.frameRef);
    const rectOf = (el: Element) => el.getBoundingClientRect();
    for (const { index, el, motion } of this.movers) {
      const drawn = this.dom.layer.children[index] as HTMLElement | undefined;
      const before = this.boxes[index];
      if (!drawn || !before) continue;
      const r = rectOf(el);
      const shown = motion.panes.length ? clipToPanes(r, motion.panes, rectOf) : r;
      if (!shown) {
        drawn.setAttribute('data-clipped', '');
        this.boxes[index] = { ...before, width: 0, height: 0 };
        continue;
      }
      const box = boxInFrame(frame, shown);
      drawn.removeAttribute('data-clipped');
      placeBox(drawn, box);
      this.boxes[index] = { ...before, ...box };
    }
  }

  private readonly onFrame = (): void => {
    this.frame = 0;
    if (this.moved && !this.running) this.moveMovers();
    if (this.stale && !this.running) {
      this.stale = false;
      if (this.slicing) void this.layoutSliced(this.slicing);
      else this.layout();
    } else this.hover();
  };

  /** Shift held: the tooltip shows the raw offsets too (tooltip.ts). */
  private readonly onShift = (e: KeyboardEvent): void => {
    if (e.key !== 'Shift' || this.raw === e.shiftKey) return;
    this.raw = e.shiftKey;
    if (this.pointer) this.schedule();
  };

  private readonly onMove = (e: MouseEvent): void => {
    this.raw = e.shiftKey;
    // Over the legend (which takes clicks) no outline under it is explained: the tooltip would cover it.
    this.pointer = e.composedPath().includes(this.dom.legend) ? null : { x: e.clientX, y: e.clientY };
    this.schedule();
  };

  private readonly onOut = (e: MouseEvent): void => {
    // relatedTarget null: the pointer left the window.
    if (e.relatedTarget) return;
    this.pointer = null;
    this.schedule();
  };

  private readonly onScroll = (): void => {
    // The boxes scroll with the page, but not those of fixed or sticky elements and of scrolling panes;
    // the pointer stays, so what it is over may change.
    if (this.movers.length) this.moved = true;
    if (this.pointer || this.moved) this.schedule();
  };

  /** Last observed size of <html> and <body>. */
  private readonly sizes = new Map<Element, string>();

  /**
   * A ResizeObserver reports every element once when observing starts: that first report is the size the
   * overlay was just laid out at, not a change (redrawing for it doubled the work of showing the overlay).
   */
  private readonly onObservedResize = (entries: readonly ResizeObserverEntry[]): void => {
    let changed = false;
    for (const entry of entries) {
      const size = `${entry.contentRect.width}×${entry.contentRect.height}`;
      const before = this.sizes.get(entry.target);
      if (before !== undefined && before !== size) changed = true;
      this.sizes.set(entry.target, size);
    }
    if (changed) this.onResize();
  };

  private readonly onResize = (): void => {
    this.stale = true;
    this.schedule();
  };
}

const overlays = new WeakMap<Document, PageOverlay>();

/** Draws (or redraws, if already shown) the overlay for `article` on `doc`. */
export function showOverlay(doc: Document, article: Article, options: OverlayOptions = {}): OverlaySummary {
  return overlayOf(doc).show(article, options);
}

function overlayOf(doc: Document): PageOverlay {
  let overlay = overlays.get(doc);
  if (!overlay) {
    const win = doc.defaultView;
    if (!win) throw new Error('the document has no window to draw in');
    overlay = new PageOverlay(doc, win);
    overlays.set(doc, overlay);
  }
  return overlay;
}

/**
 * `showOverlay` in slices of `slicing.sliceMs`, giving the page its thread back between them (a huge page's
 * outlines take more than a second to find); later relayouts (resize) are sliced too.
 */
export function showOverlaySliced(
  doc: Document,
  article: Article,
  options: OverlayOptions = {},
  slicing: Partial<OverlaySlicing> = {},
): Promise<OverlaySummary> {
  const overlay = overlayOf(doc);
  const win = doc.defaultView as OverlayWindow;
  return overlay.showSliced(article, options, {
    pause: slicing.pause ?? createPagePause(win),
    now: slicing.now ?? (() => win.performance.now()),
    sliceMs: slicing.sliceMs ?? DEFAULT_OPTIONS.slicing.sliceMs,
  });
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

/**
 * Annotation mode (annotate/session.ts): the overlay of `article` with the annotation panel over it, which
 * starts from `record` and hands every change to `hooks.save`.
 */
export async function startAnnotating(
  doc: Document,
  article: Article,
  record: AnnotationRecord,
  hooks: AnnotationHooks,
  options: OverlayOptions = {},
): Promise<AnnotationSession> {
  await showOverlaySliced(doc, article, options);
  return overlayOf(doc).annotate(article, record, hooks);
}

/** The annotation session open on `doc`, if any. */
export function annotationOf(doc: Document): AnnotationSession | null {
  return overlays.get(doc)?.annotating ?? null;
}

/** Closes the annotation panel (the overlay stays). */
export function stopAnnotating(doc: Document): void {
  overlays.get(doc)?.stopAnnotating();
}
