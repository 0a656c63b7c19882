/** Element walks that hold on every DOM the core runs on (Chromium, happy-dom, linkedom) and on hostile nesting. */
import type { Steps, Ticker } from '../slicing.ts';
import { dom } from './dom-read.ts';

/**
 * A parent with more element children than this is walked by index over its `children`; a narrower one
 * along `nextElementSibling`. Each way is slow on some DOM: `nextElementSibling` is linear per step in
 * happy-dom (a list of 60 000 items made the walk quadratic), and in Chromium every `children` read makes
 * a collection object, which a content script's isolated world wraps and keeps in its wrapper table: one
 * per parent of the page made that table pass 262 144 entries on the probe's big pages, and its one growth
 * step is a single pause of 100–170 ms inside the getter that makes the wrapper. Few parents are wide.
 */
const WIDE_PARENT = 32;

/** Where a walk is among the children of one parent: by index over its collection, or by sibling link. */
interface Level {
  readonly kids: HTMLCollection | null;
  next: number;
  /** The next child to visit when walking by sibling link. */
  sibling: Element | null;
}

/** How to walk the children of `parent` whose first element child is `first`. */
function levelOf(parent: Element, first: Element): Level {
  if (dom.childElementCount(parent) > WIDE_PARENT) return { kids: dom.children(parent), next: 0, sibling: null };
  return { kids: null, next: 0, sibling: first };
}

/**
 * Visits every element in document order, at most `max`, until `visit` returns false; iteratively (no
 * recursion on deep nesting): happy-dom's `querySelectorAll('*')` is quadratic (200 s on 200 000
 * elements) and linkedom's `getElementsByTagName('*')` is empty. A wide parent's `children` is read once:
 * linkedom builds a new array on every read, so reading it per step made a parent of 20 000 children cost
 * 20 000² steps (53 s for one page). A checkpoint per `ticker` between elements.
 */
export function* forEachElement(root: Element, max: number, ticker: Ticker, visit: (el: Element) => boolean): Steps<void> {
  let seen = 1;
  if (!visit(root)) return;
  const rootFirst = dom.firstElementChild(root);
  const levels: Level[] = rootFirst ? [levelOf(root, rootFirst)] : [];
  while (levels.length && seen < max) {
    if (ticker.tick()) yield;
    const level = levels[levels.length - 1] as Level;
    let child: Element | null;
    if (level.kids) {
      child = level.next < level.kids.length ? (level.kids[level.next] as Element) : null;
      level.next++;
    } else {
      child = level.sibling;
      if (child) level.sibling = dom.nextElementSibling(child);
    }
    if (child === null) {
      levels.pop();
      continue;
    }
    seen++;
    if (!visit(child)) return;
    const first = dom.firstElementChild(child);
    if (first !== null) levels.push(levelOf(child, first));
  }
}
