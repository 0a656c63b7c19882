/**
 * §1.5 Body root: the lowest common ancestor of the title block and the first sentence; from it, descend
 * to the child with the most sentences while that child keeps MORE than `descendKeepRatio` of its
 * parent's sentences ("the change does not exceed 1/2"). The node where the descent stops is the body.
 */
import type { PageModel } from '../dom/page-model.ts';
import { nodeRef } from '../dom/node-ref.ts';
import type { Trace } from '../trace.ts';
import { sentencesOutside } from './comment-sections.ts';

export function lowestCommonAncestor(a: Element, b: Element): Element {
  const ancestors = new Set<Element>();
  for (let cur: Element | null = a; cur; cur = cur.parentElement) ancestors.add(cur);
  for (let cur: Element | null = b; cur; cur = cur.parentElement) if (ancestors.has(cur)) return cur;
  return a.ownerDocument.documentElement;
}

/**
 * `without`: subtrees left out of every sentence count (the comment sections of `skipCommentSections`);
 * empty for the faithful rule.
 */
export function descendToBody(
  start: Element,
  model: PageModel,
  keepRatio: number,
  trace: Trace,
  without: readonly Element[] = [],
): Element {
  const sentences = (el: Element): number => (without.length ? sentencesOutside(el, without, model) : model.stats(el).sentences);
  let node = start;
  for (;;) {
    const total = sentences(node);
    let best: Element | null = null;
    let bestSentences = -1;
    for (let child = node.firstElementChild; child; child = child.nextElementSibling) {
      const s = sentences(child);
      if (s > bestSentences) {
        best = child;
        bestSentences = s;
      }
    }
    const keeps = best !== null && total > 0 && bestSentences > total * keepRatio;
    if (trace.enabled) {
      trace.decide('title-anchor', {
        rule: '1.5-descend',
        verdict: keeps ? 'keep' : 'choose',
        target: nodeRef(keeps && best ? best : node),
        numbers: { parentSentences: total, childSentences: Math.max(bestSentences, 0), ratio: keepRatio },
        note: keeps ? 'child keeps more than the ratio: descend' : 'no child keeps enough sentences: body root',
      });
    }
    if (!keeps || !best) return node;
    node = best;
  }
}
