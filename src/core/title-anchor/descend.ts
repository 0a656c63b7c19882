/**
 * §1.5 Body root: the lowest common ancestor of the title block and the first sentence; from it, descend
 * to the child with the most sentences while that child keeps MORE than `descendKeepRatio` of its
 * parent's sentences ("the change does not exceed 1/2"). The node where the descent stops is the body.
 *
 * Part of extension `sentenceLines` (a block weighs one sentence per sentence line, so one block can
 * outweigh the rest of its parent): a `<p>` whose sentences all sit in its one block is entered only when
 * it holds all of the parent's, so the descent does not narrow a many-paragraph body to its longest
 * `<br>`-broken paragraph (a paragraph is not a container). A one-block `<td>` or `<div>` — a forum post,
 * an old page's whole article — is still entered. Under the faithful weights (0 or 1 per block) the guard
 * never fires — such a child keeps more than half only when its parent has one sentence — so it needs no
 * switch of its own.
 *
 * Extension `descentKeepsAnchor`: the descent never leaves the anchor sentence behind (the first sentence,
 * or the next anchor sentence when the first is a caption or a standfirst: `descentAnchor` in index.ts).
 * Method 1's premise is that the first sentence after the title opens the body; when the article is cut
 * into sibling containers (a lead paragraph, then a "read more" box; paragraphs, then a gallery of
 * captioned slides), the heaviest child can hold most of the sentences without the first one, and the
 * faithful descent drops the lead with everything else outside that child.
 */
import { MAX_ANCESTOR_STEPS, MAX_SIBLING_STEPS, dom } from '../dom/dom-read.ts';
import type { PageModel } from '../dom/page-model.ts';
import { nodeRef } from '../dom/node-ref.ts';
import { tagOf } from '../dom/node-kind.ts';
import type { Trace } from '../trace.ts';
import { sentencesOutside } from './comment-sections.ts';

export function lowestCommonAncestor(a: Element, b: Element): Element {
  const ancestors = new Set<Element>();
  for (let cur: Element | null = a, steps = 0; cur && steps < MAX_ANCESTOR_STEPS; cur = dom.parentElement(cur), steps++) ancestors.add(cur);
  for (let cur: Element | null = b, steps = 0; cur && steps < MAX_ANCESTOR_STEPS; cur = dom.parentElement(cur), steps++)
    if (ancestors.has(cur)) return cur;
  return dom.documentElement(dom.ownerDocument(a)) ?? a;
}

/**
 * `without`: subtrees left out of every sentence count (the comment sections of `skipCommentSections`);
 * empty for the faithful rule. `anchor`: with extension `descentKeepsAnchor`, the anchor sentence's
 * element: the descent does not enter a child that leaves it behind (null: the faithful rule).
 */
export function descendToBody(
  start: Element,
  model: PageModel,
  keepRatio: number,
  trace: Trace,
  without: readonly Element[] = [],
  paragraphRunMinShare = 0,
  anchor: Element | null = null,
): Element {
  const sentences = (el: Element): number => (without.length ? sentencesOutside(el, without, model) : model.stats(el).sentences);
  let node = start;
  for (;;) {
    const total = sentences(node);
    let best: Element | null = null;
    let bestSentences = -1;
    let steps = 0;
    for (let child = dom.firstElementChild(node); child && steps < MAX_SIBLING_STEPS; child = dom.nextElementSibling(child), steps++) {
      const s = sentences(child);
      if (s > bestSentences) {
        best = child;
        bestSentences = s;
      }
    }
    const paragraph = best !== null && tagOf(best) === 'P' ? best : null;
    const oneBlockPart = paragraph !== null && model.stats(paragraph).sentenceBlocks === 1 && bestSentences < total;
    const paragraphRun = paragraph !== null && paragraphRunMinShare > 0 && paragraphShare(node, model) >= paragraphRunMinShare;
    const leavesAnchor = best !== null && anchor !== null && !dom.contains(best, anchor);
    const keeps = best !== null && total > 0 && bestSentences > total * keepRatio && !oneBlockPart && !paragraphRun && !leavesAnchor;
    if (trace.enabled) {
      trace.decide('title-anchor', {
        rule: '1.5-descend',
        verdict: keeps ? 'keep' : 'choose',
        target: nodeRef(keeps && best ? best : node),
        numbers: { parentSentences: total, childSentences: Math.max(bestSentences, 0), ratio: keepRatio },
        note: keeps
          ? 'child keeps more than the ratio: descend'
          : oneBlockPart
            ? 'the heaviest child is one paragraph holding only part of the sentences: body root'
            : paragraphRun
              ? 'the heaviest child is one paragraph of a run of paragraphs that holds most of the text here: body root'
              : leavesAnchor && bestSentences > total * keepRatio
                ? 'the heaviest child leaves the first sentence behind: body root'
                : 'no child keeps enough sentences: body root',
      });
    }
    if (!keeps || !best) return node;
    node = best;
  }
}

/** The share of `node`'s text units in its child `<p>` elements. */
function paragraphShare(node: Element, model: PageModel): number {
  const all = model.stats(node).units;
  if (!all) return 0;
  let inParagraphs = 0;
  let steps = 0;
  for (let child = dom.firstElementChild(node); child && steps < MAX_SIBLING_STEPS; child = dom.nextElementSibling(child), steps++)
    if (tagOf(child) === 'P') inParagraphs += model.stats(child).units;
  return inParagraphs / all;
}
