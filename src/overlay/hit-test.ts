/**
 * Which drawn box the pointer is over. The outlines take no pointer events (the page stays usable under
 * them), so hovering is decided here, from the pointer position and the boxes, without the DOM.
 */
import type { Box } from '../core/env.ts';

/**
 * The smallest box (by area) that contains (x, y), edges included, or null. The smallest wins because the
 * outlines nest: a link list inside the body should explain itself, not the body around it. On equal
 * areas the later box wins, as it is drawn on top. Empty boxes are never hit.
 */
export function hitTest<T extends Box>(boxes: readonly T[], x: number, y: number): T | null {
  return hitTestAll(boxes, x, y)[0] ?? null;
}

/**
 * Every box of that smallest area containing (x, y), the one `hitTest` gives first (the later drawn
 * before the earlier): the outlines of one element under several kinds — a leaf method 2 rejects that the
 * block model also removes — are explained together.
 */
export function hitTestAll<T extends Box>(boxes: readonly T[], x: number, y: number): T[] {
  let hits: T[] = [];
  let bestArea = Infinity;
  for (const box of boxes) {
    const area = box.width * box.height;
    if (area <= 0 || area > bestArea) continue;
    if (x < box.left || y < box.top || x > box.left + box.width || y > box.top + box.height) continue;
    if (area < bestArea) hits = [];
    hits.unshift(box);
    bestArea = area;
  }
  return hits;
}
