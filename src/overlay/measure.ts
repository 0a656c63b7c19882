/**
 * Targets to boxes: each selector is resolved in the live document and measured relative to the overlay
 * host. Measuring against the host's own box (both read with getBoundingClientRect in the same frame)
 * gives document coordinates that need no scroll offsets and stay right when the page positions, moves or
 * adds margins to `<html>` (the host's containing block). Bounded: at most `maxBoxes` targets are looked
 * up, found or not; the rest are counted, so the legend can say how many were left out.
 */
import { resolveCssPath } from '../core/dom/node-ref.ts';
import type { Box } from '../core/env.ts';
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

export function measureTargets(
  doc: Document,
  targets: readonly OverlayTarget[],
  origin: Pick<Box, 'left' | 'top'>,
  maxBoxes: number,
  rectOf: RectOf = clientRect,
): Measurement {
  const boxes: DrawnBox[] = [];
  let missing = 0;
  let skipped = 0;
  for (const target of targets) {
    if (boxes.length + missing >= maxBoxes) {
      skipped++;
      continue;
    }
    const el = resolveCssPath(doc, target.selector);
    if (!el) {
      missing++;
      continue;
    }
    const r = rectOf(el);
    boxes.push({ target, left: r.left - origin.left, top: r.top - origin.top, width: r.width, height: r.height });
  }
  return { boxes, missing, skipped };
}
