/**
 * From offsets in the serialised page back to the DOM (§5.1): which elements and text nodes a block of the
 * string covers. A logical block need not follow the tree: it may take the end of one parent and the start
 * of the next (A2 + B1), so it maps to the outermost elements that lie wholly inside it, not to one
 * subtree.
 */
import type { SerializedPage } from './serialize.ts';

/** Index of the first entry of the sorted `starts` that is ≥ `offset` (starts.length when none). */
function lowerBound(starts: Int32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((starts[mid] as number) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The outermost elements wholly inside `[start, end)`, in document order: each covered element whose
 * parent is not covered. An element that starts inside but ends outside is not taken; its covered
 * children are.
 */
export function coveredElements(page: SerializedPage, start: number, end: number, max = Infinity): number[] {
  const out: number[] = [];
  const { elementStarts: starts, elementEnds: ends } = page;
  let i = lowerBound(starts, start);
  while (i < starts.length && (starts[i] as number) < end && out.length < max) {
    const elEnd = ends[i] as number;
    if (elEnd <= end) {
      out.push(page.elements[i] as number);
      // Skip its descendants: they start before it ends.
      i = lowerBound(starts, elEnd);
    } else {
      i++;
    }
  }
  return out;
}

/** The text nodes (their indices in the model) wholly inside `[start, end)`. */
export function coveredTexts(page: SerializedPage, start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = lowerBound(page.textStarts, start); i < page.texts.length && (page.textEnds[i] as number) <= end; i++) {
    out.push(page.texts[i] as number);
  }
  return out;
}

/** The smallest written element whose range holds `[start, end)`, or null. */
export function enclosingElement(page: SerializedPage, start: number, end: number): number | null {
  // The last element starting at or before `start` is the deepest one there; its ancestors, by their
  // recorded parent indexes, are the only other elements that can hold the range.
  for (let i = lowerBound(page.elementStarts, start + 1) - 1; i >= 0; i = page.elementParents[i] as number) {
    if ((page.elementEnds[i] as number) >= end) return page.elements[i] as number;
  }
  return null;
}
