/**
 * Method 1, the title-anchored body finder (ALGORITHMS.md §1; patent "title-based extraction of a web
 * page's valid metadata"): query title → candidate scan → lowest common ancestor of the title block and
 * the first sentence → descent to the element holding most sentences.
 */
import { MAX_ANCESTOR_STEPS, attributeOf, dom } from '../dom/dom-read.ts';
import { tagOf } from '../dom/node-kind.ts';
import type { PageModel, TextBlock } from '../dom/page-model.ts';
import { nodeRef } from '../dom/node-ref.ts';
import type { TitleAnchorOptions } from '../options.ts';
import type { Stage } from '../stage.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';
import type { Trace } from '../trace.ts';
import type { QueryTitle } from './query-title.ts';
import { findQueryTitles } from './query-title.ts';
import { scanTitleCandidatesSteps } from './candidate-scan.ts';
import { findCommentSectionsSteps } from './comment-sections.ts';
import { descend, lowestCommonAncestor } from './descend.ts';

export interface TitleAnchorResult {
  readonly query: QueryTitle | null;
  readonly titleBlock: TextBlock | null;
  readonly firstSentence: TextBlock | null;
  readonly bodyRoot: Element | null;
  readonly sim: number;
  /** Comment sections left out of the descent and the body (extension `skipCommentSections`). */
  readonly commentSections: readonly Element[];
  /** Teaser lists left out of the descent and the body (extension `skipTeaserLists`). */
  readonly teaserLists: readonly Element[];
}

/** Stage 2: the query titles of §1.1 (link title, `<title>`, og:title, h1), then the anchored body. */
export const titleAnchorStage: Stage<PageModel, TitleAnchorResult> = {
  method: 'title-anchor',
  name: 'title-anchor',
  run: (ctx, page) =>
    findTitleAnchoredBodySteps(
      page,
      findQueryTitles(ctx.doc, ctx.linkTitle, ctx.opts.titleAnchor),
      ctx.opts.titleAnchor,
      ctx.trace,
      ctx.ticker,
    ),
};

export function findTitleAnchoredBody(
  model: PageModel,
  queries: readonly QueryTitle[],
  opts: TitleAnchorOptions,
  trace: Trace,
): TitleAnchorResult {
  return drain(findTitleAnchoredBodySteps(model, queries, opts, trace, NO_CHECKPOINTS));
}

/** `findTitleAnchoredBody` with a checkpoint per `ticker` in its scans. */
export function* findTitleAnchoredBodySteps(
  model: PageModel,
  queries: readonly QueryTitle[],
  opts: TitleAnchorOptions,
  trace: Trace,
  ticker: Ticker,
): Steps<TitleAnchorResult> {
  // Extension `paragraphRun` for the descent (0: off).
  const paragraphRunMinShare = opts.extensions.paragraphRun ? opts.paragraphRunMinShare : 0;
  let query: QueryTitle | null = null;
  let scan = null;
  for (const q of queries) {
    scan = yield* scanTitleCandidatesSteps(model.blocks, q.text, opts, ticker);
    trace.decide('title-anchor', {
      rule: '1.1-query-title',
      verdict: scan.titleBlock ? 'choose' : 'reject',
      numbers: { candidates: scan.replaced.length },
      note: `${q.from}: ${q.text.slice(0, 80)}`,
    });
    if (trace.enabled) {
      for (const r of scan.replaced) {
        trace.decide('title-anchor', () => ({
          rule: '1.4-title-candidate',
          verdict: 'candidate',
          target: nodeRef(r.block.owner, r.block.text),
          numbers: { sim: round(r.sim), threshold: opts.simThresholdPct },
        }));
      }
    }
    if (scan.titleBlock) {
      query = q;
      break;
    }
  }

  const titleBlock = scan?.titleBlock ?? null;
  let firstSentence = scan?.firstSentence ?? null;
  if (titleBlock && scan?.via === 'h1-fallback') {
    trace.decide('title-anchor', () => ({
      rule: '1.4-h1-fallback',
      verdict: 'fallback',
      target: nodeRef(titleBlock.owner, titleBlock.text),
      numbers: {},
    }));
  }
  if (titleBlock && scan?.via === 'later-title') {
    const weak = scan.replaced.at(-2);
    trace.decide('title-anchor', () => ({
      rule: '1.4-later-title',
      verdict: 'choose',
      target: nodeRef(titleBlock.owner, titleBlock.text),
      numbers: {
        sim: round(scan.sim),
        passedOverSim: round(weak?.sim ?? 0),
        minSim: opts.laterTitleMinSim,
        minGain: opts.laterTitleMinGain,
      },
      note: `a later heading matches the title much better than "${(weak?.block.text ?? '').slice(0, 40)}", which a sentence followed`,
    }));
  }
  if (titleBlock && !firstSentence) {
    firstSentence = nearestSentenceBefore(model.blocks, titleBlock.index);
    trace.decide('title-anchor', {
      rule: '1.4-first-sentence',
      verdict: firstSentence ? 'fallback' : 'reject',
      numbers: {},
      note: firstSentence ? 'no sentence after the title: the nearest sentence before it' : 'no sentence on the page',
    });
  }
  if (titleBlock && firstSentence) {
    trace.decide('title-anchor', () => ({
      rule: '1.4-first-sentence',
      verdict: 'choose',
      target: nodeRef(firstSentence.owner, firstSentence.text),
      numbers: { block: firstSentence.index },
    }));
    const anchors = [
      firstSentence,
      ...nextSentences(
        model.blocks,
        firstSentence.index,
        opts.extensions.multiSentenceLca ? opts.lcaSentences - 1 : 0,
        opts.lcaWindowBlocks,
      ),
    ];
    const lca = anchors.reduce((acc, b) => lowestCommonAncestor(acc, b.owner), titleBlock.owner);
    trace.decide('title-anchor', () => ({
      rule: '1.5-lca',
      verdict: 'choose',
      target: nodeRef(lca),
      numbers: { sentences: model.stats(lca).sentences, anchorSentences: anchors.length },
    }));
    const comments = yield* commentSections(lca, [titleBlock.owner, ...anchors.map((a) => a.owner)], model, opts, trace, ticker);
    const anchor = opts.extensions.descentKeepsAnchor ? descentAnchor(model, titleBlock, anchors) : null;
    const { root: bodyRoot, teaserLists } = descend(lca, model, opts.descendKeepRatio, trace, {
      without: comments,
      paragraphRunMinShare,
      anchor,
      teaserListMinShare: opts.extensions.skipTeaserLists ? opts.teaserListMinShare : 0,
    });
    return { query, titleBlock, firstSentence, bodyRoot, sim: scan?.sim ?? 0, commentSections: comments, teaserLists };
  }
  if (opts.extensions.descendFromBodyWithoutTitle && model.stats(model.root).sentences > 0) {
    trace.decide('title-anchor', {
      rule: '1.5-no-title',
      verdict: 'fallback',
      numbers: { sentences: model.stats(model.root).sentences },
      note: 'no title anchor: descend from <body>',
    });
    const comments = yield* commentSections(model.root, [], model, opts, trace, ticker);
    const { root: bodyRoot } = descend(model.root, model, opts.descendKeepRatio, trace, { without: comments, paragraphRunMinShare });
    return {
      query,
      titleBlock,
      firstSentence: firstSentenceIn(model.blocks, bodyRoot),
      bodyRoot,
      sim: 0,
      commentSections: comments,
      teaserLists: [],
    };
  }
  return { query, titleBlock, firstSentence: null, bodyRoot: null, sim: scan?.sim ?? 0, commentSections: [], teaserLists: [] };
}

function* commentSections(
  start: Element,
  keep: readonly Element[],
  model: PageModel,
  opts: TitleAnchorOptions,
  trace: Trace,
  ticker: Ticker,
): Steps<Element[]> {
  if (!opts.extensions.skipCommentSections) return [];
  const found = yield* findCommentSectionsSteps(start, keep, opts.commentSectionWords, model, ticker);
  for (const el of found) {
    trace.decide('title-anchor', () => ({
      rule: '1.5-comment-section',
      verdict: 'reject',
      target: nodeRef(el),
      numbers: { sentences: model.stats(el).sentences },
      note: 'a comment section: left out of the descent and the body',
    }));
  }
  return found;
}

/** Up to `count` sentence blocks after `index`, each within `window` blocks of the one before. */
function nextSentences(blocks: readonly TextBlock[], index: number, count: number, window: number): TextBlock[] {
  const out: TextBlock[] = [];
  let last = index;
  for (let i = index + 1; i < blocks.length && out.length < count && i - last <= window; i++) {
    const b = blocks[i];
    if (b?.sentence) {
      out.push(b);
      last = i;
    }
  }
  return out;
}

function nearestSentenceBefore(blocks: readonly TextBlock[], index: number): TextBlock | null {
  for (let i = index - 1; i >= 0; i--) {
    const b = blocks[i];
    if (b?.sentence) return b;
  }
  return null;
}

function firstSentenceIn(blocks: readonly TextBlock[], root: Element): TextBlock | null {
  return blocks.find((b) => b.sentence && dom.contains(root, b.owner)) ?? null;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Elements that hold a caption, not the article's text. */
const CAPTION_TAGS = new Set(['FIGURE', 'FIGCAPTION']);

/**
 * Extension `descentKeepsAnchor`: the sentence the descent must keep, or null when none binds it: the
 * first anchor sentence (the first sentence and the next ones of `multiSentenceLca`) that is
 * - not a caption: no container between it and the title is a `<figure>`/`<figcaption>` or has "caption"
 *   in its class, or holds an image or a video with at most twice the sentence's text;
 * - not a standfirst: it does not share with the title a container that holds none of the later anchor
 *   sentences (the headline's `<header>` or `<hgroup>` with its dek);
 * (none: the descent runs as the faithful rule does).
 */
function descentAnchor(model: PageModel, titleBlock: TextBlock, anchors: readonly TextBlock[]): Element | null {
  for (let i = 0; i < anchors.length; i++) {
    const block = anchors[i] as TextBlock;
    const pair = lowestCommonAncestor(titleBlock.owner, block.owner);
    const later = anchors.slice(i + 1);
    if (later.length > 0 && !later.some((a) => dom.contains(pair, a.owner))) continue;
    if (!isCaption(model, block, pair)) return block.owner;
  }
  return null;
}

/** Whether a container between the block and `pair` (exclusive) marks the block as a caption. */
function isCaption(model: PageModel, block: TextBlock, pair: Element): boolean {
  let steps = 0;
  for (let cur: Element | null = block.owner; cur && cur !== pair && steps < MAX_ANCESTOR_STEPS; cur = dom.parentElement(cur), steps++) {
    if (CAPTION_TAGS.has(tagOf(cur)) || /caption/i.test(attributeOf(cur, 'class') ?? '')) return true;
    // A caption's container holds the image and little more text than the caption.
    if (model.stats(cur).units <= 2 * block.units && dom.querySelector(cur, 'img, picture, video') !== null) return true;
  }
  return false;
}
