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
 *
 * Extension `skipTeaserLists` (with `descentKeepsAnchor`): when that heaviest child holds most of its
 * sentences in teaser items — an unordered list's items, each a headline and then its summary (a news feed
 * of `<dt>`/`<dd>` pairs, a "most popular" rail, a slideshow of titled captions) — and the anchor sentence
 * is in no list item, it is a list of teasers, not the article's continuation. It is left out of the
 * descent (and, by the combine stage, of the body), and the descent goes on among the other children, as
 * it does around a comment section.
 */
import { MAX_ANCESTOR_STEPS, MAX_SIBLING_STEPS, dom } from '../dom/dom-read.ts';
import type { PageModel, TextBlock } from '../dom/page-model.ts';
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

/** What the extensions of the descent add to the faithful rule; every field off by default. */
export interface DescentRules {
  /** Subtrees left out of every sentence count (the comment sections of `skipCommentSections`). */
  readonly without?: readonly Element[];
  /** With `paragraphRun`: `paragraphRunMinShare` (0: off). */
  readonly paragraphRunMinShare?: number;
  /** With `descentKeepsAnchor`: the anchor sentence's element; the descent does not leave it behind. */
  readonly anchor?: Element | null;
  /** With `skipTeaserLists`: `teaserListMinShare` (0: off; needs `anchor`). */
  readonly teaserListMinShare?: number;
}

export interface Descent {
  /** Where the descent stopped: the body root. */
  readonly root: Element;
  /** Teaser lists left out of the descent (`skipTeaserLists`), to be left out of the body too. */
  readonly teaserLists: readonly Element[];
}

/** §1.5 The descent from `start` to the body root (the faithful rule when `rules` is empty), with the teaser lists it left out. */
export function descend(start: Element, model: PageModel, keepRatio: number, trace: Trace, rules: DescentRules = {}): Descent {
  const paragraphRunMinShare = rules.paragraphRunMinShare ?? 0;
  const anchor = rules.anchor ?? null;
  const teaserListMinShare = rules.teaserListMinShare ?? 0;
  const without = [...(rules.without ?? [])];
  const teaserLists: Element[] = [];
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
    const enters = best !== null && total > 0 && bestSentences > total * keepRatio && !oneBlockPart && !paragraphRun;
    if (best && anchor && leavesAnchor && enters && teaserListMinShare > 0 && listItemOf(anchor, node) === null) {
      const share = teaserShare(best, model, without);
      if (share >= teaserListMinShare) {
        trace.decide('title-anchor', () => ({
          rule: '1.5-teaser-list',
          verdict: 'reject',
          target: nodeRef(best),
          numbers: {
            sentences: bestSentences,
            parentSentences: total,
            teaserShare: Math.round(share * 100) / 100,
            minShare: teaserListMinShare,
          },
          note: 'the heaviest child leaves the first sentence behind and holds its sentences in teaser items (a headline, then a summary): a teaser list, left out of the descent and the body',
        }));
        without.push(best);
        teaserLists.push(best);
        continue;
      }
    }
    const keeps = enters && !leavesAnchor;
    trace.decide('title-anchor', () => ({
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
    }));
    if (!keeps || !best) return { root: node, teaserLists };
    node = best;
  }
}

/**
 * The share of `container`'s sentence weight (outside `without`) in teaser items: a sentence that follows
 * its item's headline — in an unordered list's `<li>` after a block of the same item that is no sentence
 * (a linked headline, an `<h4>`), or in a `<dd>` after its `<dt>`. A list whose items are single
 * sentences (bullet points, a blog's link round-up with a comment per link) holds content, not teasers.
 */
function teaserShare(container: Element, model: PageModel, without: readonly Element[]): number {
  let all = 0;
  let teasers = 0;
  for (const block of model.blocks) {
    if (!block.sentenceWeight || !dom.contains(container, block.owner)) continue;
    if (without.some((w) => dom.contains(w, block.owner))) continue;
    all += block.sentenceWeight;
    if (isTeaserSentence(block, container, model)) teasers += block.sentenceWeight;
  }
  return all ? teasers / all : 0;
}

function isTeaserSentence(block: TextBlock, top: Element, model: PageModel): boolean {
  const item = listItemOf(block.owner, top);
  if (!item) return false;
  if (tagOf(item) === 'DD') {
    const prev = dom.previousElementSibling(item);
    return prev !== null && tagOf(prev) === 'DT';
  }
  const before = model.blocks[block.index - 1];
  return before !== undefined && !before.sentence && dom.contains(item, before.owner);
}

/** The nearest item of an unordered list (`<li>` not of an `<ol>`, `<dd>`, `<dt>`) holding `el` below `top`. */
function listItemOf(el: Element, top: Element): Element | null {
  let steps = 0;
  for (let cur: Element | null = el; cur && cur !== top && steps < MAX_ANCESTOR_STEPS; cur = dom.parentElement(cur), steps++) {
    const tag = tagOf(cur);
    if (tag === 'DD' || tag === 'DT') return cur;
    if (tag === 'LI') {
      const list = dom.parentElement(cur);
      return list === null || tagOf(list) !== 'OL' ? cur : null;
    }
  }
  return null;
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
