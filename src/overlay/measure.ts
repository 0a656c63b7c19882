/**
 * Targets to boxes: each selector is resolved in the live document and measured relative to the overlay
 * host. Measuring against the host's own box (both read with getBoundingClientRect in the same frame)
 * gives document coordinates that need no scroll offsets and stay right when the page positions, moves or
 * adds margins to `<html>` (the host's containing block). Bounded: at most `maxBoxes` targets are looked
 * up, found or not; the rest are counted, so the legend can say how many were left out.
 *
 * The host lives inside `<html>`, so a page that scales or zooms `<html>` (CSS `transform: scale()`,
 * `zoom`) scales what the overlay draws as well, while getBoundingClientRect reports what is on screen. The
 * frame, read from a reference square of FRAME_REF_PX drawn in the host, says how many screen pixels one
 * of the host's pixels is, and the boxes are divided by it, so that they land on their elements again.
 */
import type { Box } from '../core/env.ts';
import { ElementLocator } from './locate.ts';
import type { OverlayTarget } from './targets.ts';

export interface DrawnBox extends Box {
  readonly target: OverlayTarget;
}

export interface Measurement {
  readonly boxes: readonly DrawnBox[];
  /** Targets whose selector no longer resolves (the page changed since the extraction). */
  readonly missing: number;
  /** Targets left out by the cap, never looked up. */
  readonly skipped: number;
}

export type RectOf = (el: Element) => Box;

const clientRect: RectOf = (el) => el.getBoundingClientRect();

/** The side of the host's reference square, in the host's CSS pixels. */
export const FRAME_REF_PX = 100;

/** Where the host's origin is on screen, and how many screen pixels one host pixel covers on each axis. */
export interface Frame {
  readonly left: number;
  readonly top: number;
  readonly scaleX: number;
  readonly scaleY: number;
}

/** The frame, from the on-screen box of the host's reference square (scale 1 if it has no size). */
export function frameOf(ref: Element, rectOf: RectOf = clientRect): Frame {
  const r = rectOf(ref);
  const scale = (px: number): number => (px > 0 && Number.isFinite(px) ? px / FRAME_REF_PX : 1);
  return { left: r.left, top: r.top, scaleX: scale(r.width), scaleY: scale(r.height) };
}

/** A point on screen (client coordinates) in the host's coordinates. */
export function toFrame(frame: Frame, x: number, y: number): { readonly x: number; readonly y: number } {
  return { x: (x - frame.left) / frame.scaleX, y: (y - frame.top) / frame.scaleY };
}

/** `onFound` hears of each measured box with the element it outlines (movers.ts follows some of them). */
export function measureTargets(
  doc: Document,
  targets: readonly OverlayTarget[],
  frame: Frame,
  maxBoxes: number,
  rectOf: RectOf = clientRect,
  onFound?: (box: DrawnBox, el: Element) => void,
  locator: ElementLocator = new ElementLocator(doc),
): Measurement {
  const boxes: DrawnBox[] = [];
  let missing = 0;
  let skipped = 0;
  // The elements of the targets that will be looked up, found in one walk of the page (none when `locator`
  // has looked for them all already).
  locator.prepare(targets.slice(0, maxBoxes));
  for (const target of targets) {
    if (boxes.length + missing >= maxBoxes) {
      skipped++;
      continue;
    }
    const el = locator.element(target);
    if (!el) {
      missing++;
      continue;
    }
    const r = rectOf(el);
    const box = { target, ...boxInFrame(frame, r) };
    boxes.push(box);
    onFound?.(box, el);
  }
  return { boxes, missing, skipped };
}

/** A client rectangle in the host's coordinates. */
export function boxInFrame(frame: Frame, r: Box): Box {
  const { x, y } = toFrame(frame, r.left, r.top);
  return { left: x, top: y, width: r.width / frame.scaleX, height: r.height / frame.scaleY };
}

/**
 * The boxes in the order they are painted: the largest first, so that an outline inside another one (the
 * headline inside a link block's container, a caption inside the body) is drawn over it and stays visible,
 * whatever order the article lists them in. Boxes of equal area keep their order (anchors before noise).
 */
export function inPaintOrder<B extends Box>(boxes: readonly B[]): B[] {
  return boxes
    .map((box, i) => ({ box, i, area: box.width * box.height }))
    .sort((a, b) => b.area - a.area || a.i - b.i)
    .map((e) => e.box);
}
