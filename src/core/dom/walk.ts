/** Element walks that hold on every DOM the core runs on (Chromium, happy-dom, linkedom) and on hostile nesting. */
import type { Steps, Ticker } from '../slicing.ts';
import { dom } from './dom-read.ts';

/**
 * Visits every element in document order, at most `max`, until `visit` returns false; iteratively over
 * `children` by index: happy-dom's `querySelectorAll('*')` is quadratic (200 s on 200 000 elements),
 * linkedom's `getElementsByTagName('*')` is empty, and `nextElementSibling` is linear per step in happy-dom.
 * Each parent's `children` is read once: linkedom builds a new array on every read, so reading it per
 * step made a parent of 20 000 children cost 20 000² steps (53 s for one page). A checkpoint per `ticker`
 * between elements.
 */
export function* forEachElement(root: Element, max: number, ticker: Ticker, visit: (el: Element) => boolean): Steps<void> {
  const kidsOf: HTMLCollection[] = [dom.children(root)];
  const next: number[] = [0];
  let seen = 1;
  if (!visit(root)) return;
  while (kidsOf.length && seen < max) {
    if (ticker.tick()) yield;
    const top = kidsOf.length - 1;
    const kids = kidsOf[top] as HTMLCollection;
    const i = next[top] as number;
    if (i >= kids.length) {
      kidsOf.pop();
      next.pop();
      continue;
    }
    next[top] = i + 1;
    const child = kids[i] as Element;
    seen++;
    if (!visit(child)) return;
    // A leaf's `children` is not read: Chromium makes a collection object for every element asked.
    if (dom.firstElementChild(child) === null) continue;
    kidsOf.push(dom.children(child));
    next.push(0);
  }
}
