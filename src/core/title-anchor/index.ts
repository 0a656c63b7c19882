/**
 * Method 1, the title-anchored body finder (ALGORITHMS.md §1; patent "title-based extraction of a web
 * page's valid metadata"): query title → candidate scan → lowest common ancestor of the title block and
 * the first sentence → descent to the element holding most sentences.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { TitleAnchorOptions } from './options.ts';
import type { PageContext, Stage } from '../stage.ts';
import type { Steps } from '../slicing.ts';
import { drain } from '../slicing.ts';
import type { QueryTitle } from './query-title.ts';
import { findQueryTitles } from './query-title.ts';
import { scanTitleCandidatesSteps } from './candidate-scan.ts';
import { findCommentSectionsSteps } from './comment-sections.ts';
import { descend } from './descend.ts';

export interface TitleAnchorResult {
  readonly query: QueryTitle | null;
  readonly titleBlock: TextBlock | null;
  readonly firstSentence: TextBlock | null;
  readonly bodyRoot: number | null;
  readonly sim: number;
  /** Comment sections left out of the descent and the body (extension `skipCommentSections`). */
  readonly commentSections: readonly number[];
  /** Teaser lists left out of the descent and the body (extension `skipTeaserLists`). */
  readonly teaserLists: readonly number[];
}

/** Stage 2: the query titles of §1.1 (link title, `<title>`, og:title, h1), then the anchored body. */
export const titleAnchorStage: Stage<PageModel, TitleAnchorResult> = {
  method: 'title-anchor',
  name: 'title-anchor',
  run: (ctx, page) => findTitleAnchoredBodySteps(ctx, findQueryTitles(page, ctx.linkTitle, ctx.opts.titleAnchor), ctx.opts.titleAnchor),
};

export function findTitleAnchoredBody(ctx: PageContext, queries: readonly QueryTitle[], opts: TitleAnchorOptions): TitleAnchorResult {
  return drain(findTitleAnchoredBodySteps(ctx, queries, opts));
}

/** `findTitleAnchoredBody` with a checkpoint per `ctx.ticker` in its scans. */
export function* findTitleAnchoredBodySteps(
  ctx: PageContext,
  queries: readonly QueryTitle[],
  opts: TitleAnchorOptions,
): Steps<TitleAnchorResult> {
  const { page: model, trace, ticker } = ctx;
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
          target: ctx.ref(r.block.owner, r.block.text),
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
      target: ctx.ref(titleBlock.owner, titleBlock.text),
      numbers: {},
    }));
  }
  if (titleBlock && scan?.via === 'later-title') {
    const weak = scan.replaced.at(-2);
    trace.decide('title-anchor', () => ({
      rule: '1.4-later-title',
      verdict: 'choose',
      target: ctx.ref(titleBlock.owner, titleBlock.text),
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
      target: ctx.ref(firstSentence.owner, firstSentence.text),
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
    const lca = anchors.reduce((acc, b) => model.lca(acc, b.owner), titleBlock.owner);
    trace.decide('title-anchor', () => ({
      rule: '1.5-lca',
      verdict: 'choose',
      target: ctx.ref(lca),
      numbers: { sentences: model.sentences[lca] as number, anchorSentences: anchors.length },
    }));
    const comments = yield* commentSections(ctx, lca, [titleBlock.owner, ...anchors.map((a) => a.owner)], opts);
    const anchor = opts.extensions.descentKeepsAnchor ? descentAnchor(model, titleBlock, anchors) : null;
    const { root: bodyRoot, teaserLists } = descend(ctx, lca, opts.descendKeepRatio, {
      without: comments,
      paragraphRunMinShare,
      anchor,
      teaserListMinShare: opts.extensions.skipTeaserLists ? opts.teaserListMinShare : 0,
    });
    return { query, titleBlock, firstSentence, bodyRoot, sim: scan?.sim ?? 0, commentSections: comments, teaserLists };
  }
  if (opts.extensions.descendFromBodyWithoutTitle && (model.sentences[model.root] as number) > 0) {
    trace.decide('title-anchor', {
      rule: '1.5-no-title',
      verdict: 'fallback',
      numbers: { sentences: model.sentences[model.root] as number },
      note: 'no title anchor: descend from <body>',
    });
    const comments = yield* commentSections(ctx, model.root, [], opts);
    const { root: bodyRoot } = descend(ctx, model.root, opts.descendKeepRatio, { without: comments, paragraphRunMinShare });
    return {
      query,
      titleBlock,
      firstSentence: firstSentenceIn(model, bodyRoot),
      bodyRoot,
      sim: 0,
      commentSections: comments,
      teaserLists: [],
    };
  }
  return { query, titleBlock, firstSentence: null, bodyRoot: null, sim: scan?.sim ?? 0, commentSections: [], teaserLists: [] };
}

function* commentSections(ctx: PageContext, start: number, keep: readonly number[], opts: TitleAnchorOptions): Steps<number[]> {
  if (!opts.extensions.skipCommentSections) return [];
  const model = ctx.page;
  const found = yield* findCommentSectionsSteps(start, keep, opts.commentSectionWords, model, ctx.ticker);
  for (const el of found) {
    ctx.trace.decide('title-anchor', () => ({
      rule: '1.5-comment-section',
      verdict: 'reject',
      target: ctx.ref(el),
      numbers: { sentences: model.sentences[el] as number },
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

function firstSentenceIn(model: PageModel, root: number): TextBlock | null {
  return model.blocks.find((b) => b.sentence && model.contains(root, b.owner)) ?? null;
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
function descentAnchor(model: PageModel, titleBlock: TextBlock, anchors: readonly TextBlock[]): number | null {
  for (let i = 0; i < anchors.length; i++) {
    const block = anchors[i] as TextBlock;
    const pair = model.lca(titleBlock.owner, block.owner);
    const later = anchors.slice(i + 1);
    if (later.length > 0 && !later.some((a) => model.contains(pair, a.owner))) continue;
    if (!isCaption(model, block, pair)) return block.owner;
  }
  return null;
}

/** Tags whose element shows a picture or a video (`img, picture, video`). */
const MEDIA_TAGS = new Set(['IMG', 'PICTURE', 'VIDEO']);

/** Whether a container between the block and `pair` (exclusive) marks the block as a caption. */
function isCaption(model: PageModel, block: TextBlock, pair: number): boolean {
  for (let cur = block.owner; cur >= 0 && cur !== pair; cur = model.parent[cur] as number) {
    if (CAPTION_TAGS.has(model.tag(cur)) || /caption/i.test(model.attr(cur, 'class') ?? '')) return true;
    // A caption's container holds the image and little more text than the caption.
    if ((model.units[cur] as number) <= 2 * block.units && holdsMedia(model, cur)) return true;
  }
  return false;
}

/** Whether an element has an `img`, `picture` or `video` descendant. */
function holdsMedia(model: PageModel, el: number): boolean {
  const end = model.end[el] as number;
  for (let i = el + 1; i <= end; i++) if (MEDIA_TAGS.has(model.tag(i))) return true;
  return false;
}
