/** Element walks that hold on every DOM the core runs on (Chromium, happy-dom, linkedom) and on hostile nesting. */
import { dom } from './dom-read.ts';

/**
 * Visits every element in document order, at most `max`, until `visit` returns false; iteratively over
 * `children` by index: happy-dom's `querySelectorAll('*')` is quadratic (200 s on 200 000 elements),
 * linkedom's `getElementsByTagName('*')` is empty, and `nextElementSibling` is linear per step in happy-dom.
 */
export function forEachElement(root: Element, max: number, visit: (el: Element) => boolean): void {
  const parents: Element[] = [root];
  const next: number[] = [0];
  let seen = 1;
  if (!visit(root)) return;
  while (parents.length && seen < max) {
    const top = parents.length - 1;
    const kids = dom.children(parents[top] as Element);
    const i = next[top] as number;
    if (i >= kids.length) {
      parents.pop();
      next.pop();
      continue;
    }
    next[top] = i + 1;
    const child = kids[i] as Element;
    seen++;
    if (!visit(child)) return;
    parents.push(child);
    next.push(0);
  }
}
