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
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PageContext } from '../stage.ts';
import { sentencesOutside } from './comment-sections.ts';

/** What the extensions of the descent add to the faithful rule; every field off by default. */
export interface DescentRules {
  /** Subtrees left out of every sentence count (the comment sections of `skipCommentSections`). */
  readonly without?: readonly number[];
  /** With `paragraphRun`: `paragraphRunMinShare` (0: off). */
  readonly paragraphRunMinShare?: number;
  /** With `descentKeepsAnchor`: the anchor sentence's element; the descent does not leave it behind. */
  readonly anchor?: number | null;
  /** With `skipTeaserLists`: `teaserListMinShare` (0: off; needs `anchor`). */
  readonly teaserListMinShare?: number;
}

export interface Descent {
  /** Where the descent stopped: the body root. */
  readonly root: number;
  /** Teaser lists left out of the descent (`skipTeaserLists`), to be left out of the body too. */
  readonly teaserLists: readonly number[];
}

/** §1.5 The descent from `start` to the body root (the faithful rule when `rules` is empty), with the teaser lists it left out. */
export function descend(ctx: PageContext, start: number, keepRatio: number, rules: DescentRules = {}): Descent {
  const model = ctx.page;
  const paragraphRunMinShare = rules.paragraphRunMinShare ?? 0;
  const anchor = rules.anchor ?? null;
  const teaserListMinShare = rules.teaserListMinShare ?? 0;
  const without = [...(rules.without ?? [])];
  const teaserLists: number[] = [];
  const sentences = (el: number): number => (without.length ? sentencesOutside(el, without, model) : (model.sentences[el] as number));
  let node = start;
  for (;;) {
    const total = sentences(node);
    let best: number | null = null;
    let bestSentences = -1;
    for (let child = model.firstChild[node] as number; child >= 0; child = model.nextSibling[child] as number) {
      const s = sentences(child);
      if (s > bestSentences) {
        best = child;
        bestSentences = s;
      }
    }
    const paragraph = best !== null && model.tag(best) === 'P' ? best : null;
    const oneBlockPart = paragraph !== null && model.sentenceBlocks[paragraph] === 1 && bestSentences < total;
    const paragraphRun = paragraph !== null && paragraphRunMinShare > 0 && paragraphShare(node, model) >= paragraphRunMinShare;
    const leavesAnchor = best !== null && anchor !== null && !model.contains(best, anchor);
    const enters = best !== null && total > 0 && bestSentences > total * keepRatio && !oneBlockPart && !paragraphRun;
    if (best !== null && anchor !== null && leavesAnchor && enters && teaserListMinShare > 0 && listItemOf(model, anchor, node) === null) {
      const share = teaserShare(best, model, without);
      if (share >= teaserListMinShare) {
        const teaser = best;
        ctx.trace.decide('title-anchor', () => ({
          rule: '1.5-teaser-list',
          verdict: 'reject',
          target: ctx.ref(teaser),
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
    const at = keeps && best !== null ? best : node;
    ctx.trace.decide('title-anchor', () => ({
      rule: '1.5-descend',
      verdict: keeps ? 'keep' : 'choose',
      target: ctx.ref(at),
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
    if (!keeps || best === null) return { root: node, teaserLists };
    node = best;
  }
}

/**
 * The share of `container`'s sentence weight (outside `without`) in teaser items: a sentence that follows
 * its item's headline — in an unordered list's `<li>` after a block of the same item that is no sentence
 * (a linked headline, an `<h4>`), or in a `<dd>` after its `<dt>`. A list whose items are single
 * sentences (bullet points, a blog's link round-up with a comment per link) holds content, not teasers.
 */
function teaserShare(container: number, model: PageModel, without: readonly number[]): number {
  let all = 0;
  let teasers = 0;
  for (const block of model.blocks) {
    if (!block.sentenceWeight || !model.contains(container, block.owner)) continue;
    if (without.some((w) => model.contains(w, block.owner))) continue;
    all += block.sentenceWeight;
    if (isTeaserSentence(block, container, model)) teasers += block.sentenceWeight;
  }
  return all ? teasers / all : 0;
}

function isTeaserSentence(block: TextBlock, top: number, model: PageModel): boolean {
  const item = listItemOf(model, block.owner, top);
  if (item === null) return false;
  if (model.tag(item) === 'DD') {
    const prev = model.prevSibling[item] as number;
    return prev >= 0 && model.tag(prev) === 'DT';
  }
  const before = model.blocks[block.index - 1];
  return before !== undefined && !before.sentence && model.contains(item, before.owner);
}

/** The nearest item of an unordered list (`<li>` not of an `<ol>`, `<dd>`, `<dt>`) holding `el` below `top`. */
function listItemOf(model: PageModel, el: number, top: number): number | null {
  for (let cur = el; cur >= 0 && cur !== top; cur = model.parent[cur] as number) {
    const tag = model.tag(cur);
    if (tag === 'DD' || tag === 'DT') return cur;
    if (tag === 'LI') {
      const list = model.parent[cur] as number;
      return list < 0 || model.tag(list) !== 'OL' ? cur : null;
    }
  }
  return null;
}

/** The share of `node`'s text units in its child `<p>` elements. */
function paragraphShare(node: number, model: PageModel): number {
  const all = model.units[node] as number;
  if (!all) return 0;
  let inParagraphs = 0;
  for (let child = model.firstChild[node] as number; child >= 0; child = model.nextSibling[child] as number)
    if (model.tag(child) === 'P') inParagraphs += model.units[child] as number;
  return inParagraphs / all;
}
