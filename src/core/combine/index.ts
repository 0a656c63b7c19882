/**
 * Stage 6, combine (ALGORITHMS.md §6): the one place that decides what the body is. Method 1 gives its
 * root; every text block that leaves it leaves by one named rule here, recorded in the Explain trace:
 * - `6.1-title-zone` (extension `output.dropTitleAndZone`): the title block and the metadata lines of the
 *   title→first-sentence zone are the article's header, not its body;
 * - `6.3-noise-text` (extension `output.dropNoiseBlocks`): blocks that fail the §0 noise test;
 * - `6.3-comment-section` (extension `titleAnchor.skipCommentSections`): blocks inside the comment
 *   sections method 1 found;
 * - `6.3-link-block` (§6.3, `linkBlocks.removeFromBody`): blocks whose characters lie at least
 *   `linkBlocks.removeMinShare` inside logical link blocks of method 5, unless they pass the sentence test
 *   (extension `linkBlocks.keepSentences`).
 * - `6.2-path-leads`, `6.2-path-siblings`, `6.3-path-rejected` (path-rules.ts): method 2 confirms or
 *   corrects method 1's root, brings back sibling containers of a split article, and takes out the leaves
 *   whose path it rejects.
 * - `6.3-control-box`, `6.3-short-link-list`, `6.3-figure-text` (furniture.ts, extensions): short boxes
 *   with no sentence that hold a form control, a few links, or an image.
 * - `6.2-short-page` (short-page.ts, extension `shortPageText`): when neither method finds a body, a short
 *   page that is not a list of links is read as a whole.
 * - `6.5-learned` (learned/, extension `learnedBlocks`): after all of these, the block model reads every
 *   block's features from all the methods and the rules' decision, and the body becomes the blocks it keeps.
 * - `6.3-template`, `6.3-lcs-information` (lcs-rules.ts, method 4): last of all, when a similar page was
 *   diffed, the body's text blocks that matched it leave, and the information clusters outside it join.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { LcsDiffResult } from '../lcs-diff/index.ts';
import type { LinkBlockResult } from '../link-blocks/index.ts';
import type { Metadata } from '../metadata/index.ts';
import type { PageContext, Stage } from '../stage.ts';
import type { Steps } from '../slicing.ts';
import type { TitleAnchorResult } from '../title-anchor/index.ts';
import type { PunctPathResult } from '../punct-path/index.ts';
import type { BodyLead, NoiseBlock } from '../types.ts';
import { findFurniture } from './furniture.ts';
import { applyLcsDiff } from './lcs-rules.ts';
import type { RulePlan } from './learned/index.ts';
import { learnedBody } from './learned/index.ts';
import { chooseBodyRoot, joinPathSiblings, pathRejected } from './path-rules.ts';
import { shortPage, shortPageKept } from './short-page.ts';

const SHORT_PAGE_LEAD: BodyLead = { method: 'short-page', reason: 'no body from either method: the short page read as a whole' };

export interface CombineInput {
  readonly page: PageModel;
  readonly anchor: TitleAnchorResult;
  readonly meta: Metadata;
  readonly links: LinkBlockResult;
  readonly path: PunctPathResult;
  readonly lcs: LcsDiffResult;
}

/** The body as decided: its root, the text blocks left out of it, and the noise blocks with what they took. */
export interface BodyPlan {
  readonly root: number | null;
  /** Which method gave the root. */
  readonly lead: BodyLead;
  readonly excluded: ReadonlySet<TextBlock>;
  /** Every noise block of every method, `removed` when its text left the body. */
  readonly noise: readonly NoiseBlock[];
  /** The body as the rules of §6.1–6.3 chose it, before the block model (the same as above when it is off). */
  readonly rules: RulePlan;
}

export const combineStage: Stage<CombineInput, BodyPlan> = {
  method: 'combine',
  name: 'combine',
  *run(ctx, input) {
    const excluded = new Set<TextBlock>();
    const drop = (rule: string, blocks: Iterable<TextBlock>, note: string): void => {
      let n = 0;
      for (const b of blocks) {
        if (!excluded.has(b)) n++;
        excluded.add(b);
      }
      if (n) ctx.trace.decide('combine', { rule, verdict: 'drop', numbers: { blocks: n }, note });
    };
    const { page, anchor, meta, path } = input;
    const { output, titleAnchor } = ctx.opts;
    const joined = yield* joinPathSiblings(ctx, page, yield* chooseBodyRoot(ctx, page, anchor, path), path);
    const short =
      joined.root === null && ctx.opts.combine.bodyMethod === 'combined' && ctx.opts.combine.extensions.shortPageText ? shortPage(ctx, page) : null;
    const chosen = short ? { root: short.root, lead: SHORT_PAGE_LEAD, outside: [] } : joined;
    for (const b of chosen.outside) excluded.add(b);
    if (output.extensions.dropTitleAndZone) {
      drop(
        '6.1-title-zone',
        [...(anchor.titleBlock ? [anchor.titleBlock] : []), ...meta.zone.metadataBlocks],
        'the title and its metadata lines',
      );
    }
    if (output.extensions.dropNoiseBlocks)
      drop(
        '6.3-noise-text',
        page.blocks.filter((b) => b.noise),
        'noise text (§0)',
      );
    if (short) {
      const kept = shortPageKept(short, excluded);
      for (const b of kept) excluded.delete(b);
      if (kept.length)
        ctx.trace.decide('combine', {
          rule: '6.2-short-page',
          verdict: 'keep',
          numbers: { blocks: kept.length },
          note: 'the title-zone and noise drops would leave the short page no text: its blocks stay in the body',
        });
    }
    if (titleAnchor.extensions.skipCommentSections && anchor.commentSections.length) {
      drop('6.3-comment-section', yield* blocksInside(ctx, page, anchor.commentSections), 'inside a comment section');
    }
    // Only a teaser list inside the chosen root has text of the body to take out (6.2 may have widened it).
    const root = chosen.root;
    const teaserLists = root !== null ? anchor.teaserLists.filter((t) => page.contains(root, t)) : [];
    if (teaserLists.length) {
      drop('6.3-teaser-list', yield* blocksInside(ctx, page, teaserLists), 'inside a teaser list the descent left out');
    }
    const noise = yield* linkBlockRemoval(ctx, input.links, excluded);
    if (chosen.root !== null) for (const b of yield* findFurniture(ctx, page, chosen.root, excluded)) excluded.add(b);
    const pathNoise = yield* pathRejected(ctx, page, chosen.root, path, excluded);
    const rules: RulePlan = { root: chosen.root, lead: chosen.lead, excluded };
    const ruleNoise = [...noise, ...pathNoise];
    if (ctx.opts.combine.extensions.learnedBlocks && ctx.opts.combine.bodyMethod === 'combined') {
      const zone = new Set([...(anchor.titleBlock ? [anchor.titleBlock] : []), ...meta.zone.metadataBlocks]);
      const learned = yield* learnedBody(ctx, { page, anchor, zone, path, linkCover: input.links.pageCoveredShare }, rules);
      if (learned)
        return { ...(yield* applyLcsDiff(ctx, page, { ...learned, noise: [...ruleNoise, ...learned.noise] }, input.lcs)), rules };
    }
    return { ...(yield* applyLcsDiff(ctx, page, { ...rules, noise: ruleNoise }, input.lcs)), rules };
  },
};

/** The page's text blocks inside any of `containers` (comment sections, teaser lists). */
function* blocksInside(ctx: PageContext, page: PageModel, containers: readonly number[]): Steps<TextBlock[]> {
  const inside: TextBlock[] = [];
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (containers.some((c) => page.contains(c, b.owner))) inside.push(b);
  }
  return inside;
}

/**
 * §6.3 The text blocks link blocks take out of the body; a link block is `removed` when its text left the
 * body in at least one of them.
 */
function* linkBlockRemoval(ctx: PageContext, links: LinkBlockResult, excluded: Set<TextBlock>): Steps<NoiseBlock[]> {
  const opts = ctx.opts.linkBlocks;
  if (!opts.removeFromBody) return [...links.noise];
  const removed = new Set<TextBlock>();
  for (const [tb, share] of links.coveredShare) {
    if (ctx.ticker.tick()) yield;
    if (share < opts.removeMinShare) continue;
    if (opts.extensions.keepSentences && tb.sentence) continue;
    removed.add(tb);
  }
  return links.noise.map((n, i) => {
    const taken = [...(links.covered[i] ?? [])].filter((tb) => removed.has(tb));
    if (!taken.length) return n;
    for (const tb of taken) excluded.add(tb);
    ctx.trace.decide('combine', {
      rule: '6.3-link-block',
      verdict: 'drop',
      target: n.ref,
      numbers: { textBlocks: taken.length, minShare: opts.removeMinShare },
      note: `${n.kind}: ${taken.length} text block(s) of the body at least ${opts.removeMinShare} inside it`,
    });
    return { ...n, removed: true };
  });
}
