/**
 * Writes measured boxes, legend lines and tooltip text into the overlay's shadow root. Text goes in as
 * text nodes only (previews and reasons are the page's own words).
 */
import type { Box } from '../core/env.ts';
import { element } from './host.ts';
import type { OverlayKind } from './kinds.ts';
import { KIND_COLOURS } from './kinds.ts';
import type { LegendItem } from './legend.ts';
import type { DrawnBox, Frame } from './measure.ts';
import { toFrame } from './measure.ts';
import type { TooltipText } from './tooltip.ts';

const px = (n: number): string => `${n}px`;

function fateOf(box: DrawnBox): string | null {
  const block = box.target.block;
  if (!block) return null;
  return block.removed ? 'removed' : block.inBody ? 'kept' : 'outside';
}

export function drawBoxes(layer: HTMLElement, boxes: readonly DrawnBox[]): void {
  const steps = drawBoxesSteps(layer, boxes);
  while (!steps.next().done);
}

/**
 * `drawBoxes` with a step after each box: the boxes are built in a detached fragment, which replaces the
 * layer's content in one go at the end, so that a drawing cut into slices never shows half the outlines.
 */
export function* drawBoxesSteps(layer: HTMLElement, boxes: readonly DrawnBox[]): Generator<void, void, undefined> {
  const doc = layer.ownerDocument;
  const fragment = doc.createDocumentFragment();
  for (const box of boxes) {
    fragment.append(boxElement(doc, box));
    yield;
  }
  layer.replaceChildren(fragment);
}

function boxElement(doc: Document, box: DrawnBox): HTMLElement {
  const el = element(doc, 'div', 'box');
  el.dataset['kind'] = box.target.kind;
  el.dataset['selector'] = box.target.selector;
  const fate = fateOf(box);
  if (fate) el.dataset['fate'] = fate;
  el.style.setProperty('--c', KIND_COLOURS[box.target.kind]);
  placeBox(el, box);
  return el;
}

/** Puts an absolutely positioned element of the overlay (an outline, a mark, the pick) on `box`, in the host's coordinates. */
export function placeBox(el: HTMLElement, box: Box): void {
  el.style.left = px(box.left);
  el.style.top = px(box.top);
  el.style.width = px(box.width);
  el.style.height = px(box.height);
}

/**
 * Heading, one line per kind with its colour swatch, then the notes ("+40 more · 2 not found"). Each kind's
 * line is a toggle button (pressed: its outlines shown); `hidden` are the kinds switched off.
 */
export function drawLegend(
  legend: HTMLElement,
  heading: string,
  items: readonly LegendItem[],
  notes: readonly string[],
  hidden: ReadonlySet<OverlayKind> = new Set(),
): void {
  const doc = legend.ownerDocument;
  legend.setAttribute('aria-label', heading);
  const title = element(doc, 'strong', 'heading');
  title.textContent = heading;
  const list = element(doc, 'ul', 'items');
  for (const item of items) {
    const li = element(doc, 'li', 'item');
    li.dataset['kind'] = item.kind;
    const toggle = element(doc, 'button', 'toggle');
    toggle.setAttribute('type', 'button');
    toggle.dataset['kind'] = item.kind;
    toggle.setAttribute('aria-pressed', String(!hidden.has(item.kind)));
    const swatch = element(doc, 'span', 'swatch');
    swatch.setAttribute('aria-hidden', 'true');
    swatch.style.setProperty('--c', KIND_COLOURS[item.kind]);
    toggle.append(swatch, item.text);
    li.append(toggle);
    list.append(li);
  }
  legend.replaceChildren(title, list);
  if (notes.length) {
    const p = element(doc, 'p', 'notes');
    p.textContent = notes.join(' · ');
    legend.append(p);
  }
}

/** The gap between the pointer and the tooltip, in CSS pixels. */
const POINTER_GAP_PX = 14;

/** Writes the tooltip's text and shows it. */
export function fillTooltip(tooltip: HTMLElement, text: TooltipText): void {
  const doc = tooltip.ownerDocument;
  const heading = element(doc, 'strong', 'tooltip-heading');
  heading.textContent = text.heading;
  tooltip.replaceChildren(
    heading,
    ...text.lines.map((line) => {
      const el = element(doc, 'span', 'tooltip-line');
      el.textContent = line;
      return el;
    }),
  );
  tooltip.hidden = false;
}

/**
 * Puts the tooltip next to the pointer (client coordinates), on the side with more room, so that it needs
 * no measuring and does not run off the viewport. It is placed in the host's coordinates, like the boxes
 * (`frame` converts), so that a page that scales or zooms `<html>` does not carry it away from the pointer.
 */
export function placeTooltip(tooltip: HTMLElement, x: number, y: number, viewport: { width: number; height: number }, frame: Frame): void {
  const right = x > viewport.width / 2;
  const below = y <= viewport.height / 2;
  const at = toFrame(frame, x, y);
  const gapX = POINTER_GAP_PX / frame.scaleX;
  const gapY = POINTER_GAP_PX / frame.scaleY;
  // The host has no size, so `right`/`bottom` count from its origin too: -(x - gap) puts the right edge there.
  tooltip.style.left = right ? 'auto' : px(at.x + gapX);
  tooltip.style.right = right ? px(gapX - at.x) : 'auto';
  tooltip.style.top = below ? px(at.y + gapY) : 'auto';
  tooltip.style.bottom = below ? 'auto' : px(gapY - at.y);
}

export function hideTooltip(tooltip: HTMLElement): void {
  tooltip.hidden = true;
  tooltip.replaceChildren();
}
