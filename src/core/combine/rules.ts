/**
 * The rules of §6, as data: each one an id (the rule's name in the Explain trace and the docs), the phase it
 * belongs to, the option that switches it (null: it always runs), and what it does to the body being decided
 * (draft.ts). The combine stage (index.ts) runs the phases in order — the body root, the rules that take text
 * out of it, the block model, the rules after it — and in each phase the rules in the order listed here.
 * A new method adds its rules to a phase here (and its columns to the block model, learned/feature-columns.ts).
 */
import type { TextBlock } from '../model/page-model.ts';
import type { ExtractOptions } from '../options.ts';
import type { Steps } from '../slicing.ts';
import type { PageContext } from '../stage.ts';
import type { BodyLead } from '../types.ts';
import type { BodyDraft, CombineInput } from './draft.ts';
import { dropBlocks } from './draft.ts';
import { findFurniture, furnitureRulesOn } from './furniture.ts';
import { learnedBody } from './learned/index.ts';
import { dropTemplate, offerInformation, reportTemplateRegions } from './lcs-rules.ts';
import { chooseBodyRoot, joinPathSiblings, pathRejected } from './path-rules.ts';
import { shortPage, shortPageKept } from './short-page.ts';
import { keepDataTablesRule, pageTypeRule } from './page-type.ts';
import { threadRule } from './thread.ts';

/** The phases, in the order they run. */
export const PHASES = ['root', 'rules', 'model', 'after-model'] as const;
export type CombinePhase = (typeof PHASES)[number];

export interface CombineRule {
  /** The rule's id after the spec section (`6.3-link-block`), as the trace names its decisions. */
  readonly id: string;
  readonly phase: CombinePhase;
  /** The option (a path in ExtractOptions) that switches the rule on, or null when it always runs. */
  readonly option: string | null;
  /** Whether the rule runs under `opts`. */
  on(opts: ExtractOptions): boolean;
  /** Changes the draft: at once, or as a generator with checkpoints in its loops. */
  apply(ctx: PageContext, input: CombineInput, draft: BodyDraft): Steps<void> | void;
}

const SHORT_PAGE_LEAD: BodyLead = { method: 'short-page', reason: 'no body from either method: the short page read as a whole' };

const always = (): boolean => true;
const combined = (opts: ExtractOptions): boolean => opts.combine.bodyMethod === 'combined';

export const COMBINE_RULES: readonly CombineRule[] = [
  {
    id: '6.2-path-leads',
    phase: 'root',
    option: 'combine.pathLeads',
    // Runs whatever the switch says: it also gives method 1's root, or method 2's alone (`combine.bodyMethod`).
    on: always,
    *apply(ctx, { page, anchor, path }, draft) {
      const chosen = yield* chooseBodyRoot(ctx, page, anchor, path);
      draft.root = chosen.root;
      draft.lead = chosen.lead;
      draft.outside = [...chosen.outside];
      draft.pathBody = chosen.pathBody;
    },
  },
  {
    id: '6.2-path-siblings',
    phase: 'root',
    option: 'combine.extensions.joinPathSiblings',
    on: (opts) => combined(opts) && opts.combine.extensions.joinPathSiblings,
    *apply(ctx, { page, path }, draft) {
      const joined = yield* joinPathSiblings(
        ctx,
        page,
        { root: draft.root, lead: draft.lead, outside: draft.outside, pathBody: draft.pathBody },
        path,
      );
      draft.root = joined.root;
      draft.outside = [...joined.outside];
    },
  },
  {
    id: '6.2-short-page',
    phase: 'root',
    option: 'combine.extensions.shortPageText',
    on: (opts) => combined(opts) && opts.combine.extensions.shortPageText,
    apply(ctx, { page }, draft) {
      if (draft.root !== null) return;
      const short = shortPage(ctx, page);
      if (!short) return;
      draft.short = short;
      draft.root = short.root;
      draft.lead = SHORT_PAGE_LEAD;
      draft.outside = [];
    },
  },
  {
    id: '6.1-title-zone',
    phase: 'rules',
    option: 'output.extensions.dropTitleAndZone',
    on: (opts) => opts.output.extensions.dropTitleAndZone,
    apply(ctx, { anchor, meta }, draft) {
      dropBlocks(
        ctx,
        draft,
        '6.1-title-zone',
        [...(anchor.titleBlock ? [anchor.titleBlock] : []), ...meta.zone.metadataBlocks],
        'the title and its metadata lines',
      );
    },
  },
  {
    id: '6.3-noise-text',
    phase: 'rules',
    option: 'output.extensions.dropNoiseBlocks',
    on: (opts) => opts.output.extensions.dropNoiseBlocks,
    apply(ctx, { page }, draft) {
      dropBlocks(
        ctx,
        draft,
        '6.3-noise-text',
        page.blocks.filter((b) => b.noise),
        'noise text (§0)',
      );
    },
  },
  {
    id: '6.2-short-page-kept',
    phase: 'rules',
    option: 'combine.extensions.shortPageText',
    on: (opts) => combined(opts) && opts.combine.extensions.shortPageText,
    apply(ctx, _input, draft) {
      if (!draft.short) return;
      const kept = shortPageKept(draft.short, draft.excluded);
      for (const b of kept) draft.excluded.delete(b);
      if (kept.length)
        ctx.trace.decide('combine', {
          rule: '6.2-short-page',
          verdict: 'keep',
          numbers: { blocks: kept.length },
          note: 'the title-zone and noise drops would leave the short page no text: its blocks stay in the body',
        });
    },
  },
  {
    id: '6.3-comment-section',
    phase: 'rules',
    option: 'titleAnchor.extensions.skipCommentSections',
    on: (opts) => opts.titleAnchor.extensions.skipCommentSections,
    *apply(ctx, { anchor }, draft) {
      if (!anchor.commentSections.length) return;
      dropBlocks(ctx, draft, '6.3-comment-section', yield* blocksInside(ctx, anchor.commentSections), 'inside a comment section');
    },
  },
  {
    id: '6.3-teaser-list',
    phase: 'rules',
    option: 'titleAnchor.extensions.skipTeaserLists',
    on: (opts) => opts.titleAnchor.extensions.skipTeaserLists,
    *apply(ctx, { page, anchor }, draft) {
      // Only a teaser list inside the chosen root has text of the body to take out (6.2 may have widened it).
      const root = draft.root;
      const lists = root !== null ? anchor.teaserLists.filter((t) => page.contains(root, t)) : [];
      if (lists.length)
        dropBlocks(ctx, draft, '6.3-teaser-list', yield* blocksInside(ctx, lists), 'inside a teaser list the descent left out');
    },
  },
  {
    id: '6.3-link-block',
    phase: 'rules',
    option: 'linkBlocks.removeFromBody',
    // Every link block is a noise block of the article; with the switch on, the body's text in one leaves.
    on: always,
    apply: linkBlockRule,
  },
  {
    id: '6.3-furniture',
    phase: 'rules',
    option: 'combine.extensions.dropControlBoxes | dropShortLinkLists | dropFigureText',
    on: (opts) => furnitureRulesOn(opts),
    *apply(ctx, { page }, draft) {
      if (draft.root === null) return;
      for (const b of yield* findFurniture(ctx, page, draft.root, draft.excluded)) draft.excluded.add(b);
    },
  },
  {
    id: '6.3-path-rejected',
    phase: 'rules',
    option: 'combine.removePathRejected',
    // Lists the leaves method 2 rejects as noise blocks whatever the switch; with it on, they leave the body.
    on: combined,
    *apply(ctx, { page, path }, draft) {
      for (const n of yield* pathRejected(ctx, page, draft.root, path, draft.excluded)) draft.noise.push(n);
    },
  },
  {
    id: '6.5-learned',
    phase: 'model',
    option: 'combine.extensions.learnedBlocks',
    on: (opts) => combined(opts) && opts.combine.extensions.learnedBlocks,
    *apply(ctx, { page, anchor, meta, path, links }, draft) {
      if (!draft.rules) return;
      const zone = new Set([...(anchor.titleBlock ? [anchor.titleBlock] : []), ...meta.zone.metadataBlocks]);
      const learned = yield* learnedBody(ctx, { page, anchor, zone, path, linkCover: links.pageCoveredShare }, draft.rules);
      if (!learned) return;
      draft.root = learned.root;
      draft.lead = learned.lead;
      draft.excluded = new Set(learned.excluded);
      for (const n of learned.noise) draft.noise.push(n);
    },
  },
  {
    id: '6.3-thread-story',
    phase: 'after-model',
    option: 'combine.extensions.storyFirst',
    on: (opts) => combined(opts) && opts.combine.extensions.storyFirst,
    apply: threadRule,
  },
  {
    id: '6.2-page-type',
    phase: 'after-model',
    option: 'combine.extensions.pageTypes',
    on: (opts) => combined(opts) && opts.combine.extensions.pageTypes,
    apply: pageTypeRule,
  },
  {
    id: '6.3-data-table',
    phase: 'after-model',
    option: 'combine.extensions.keepDataTables',
    on: (opts) => combined(opts) && opts.combine.extensions.keepDataTables,
    apply: keepDataTablesRule,
  },
  {
    id: '6.3-template',
    phase: 'after-model',
    option: 'lcsDiff.dropTemplate',
    on: (opts) => opts.lcsDiff.dropTemplate,
    apply: dropTemplate,
  },
  {
    id: '6.3-lcs-information',
    phase: 'after-model',
    option: 'lcsDiff.extensions.offerInformation',
    on: (opts) => opts.lcsDiff.extensions.offerInformation,
    apply: offerInformation,
  },
  {
    id: '4.9-template-regions',
    phase: 'after-model',
    option: null,
    on: always,
    apply: reportTemplateRegions,
  },
];

/** The page's text blocks inside any of `containers` (comment sections, teaser lists). */
function* blocksInside(ctx: PageContext, containers: readonly number[]): Steps<TextBlock[]> {
  const page = ctx.page;
  const inside: TextBlock[] = [];
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (containers.some((c) => page.contains(c, b.owner))) inside.push(b);
  }
  return inside;
}

/**
 * `6.3-link-block` (§6.3, `linkBlocks.removeFromBody`): every logical link block of method 5 is a noise
 * block; the text blocks of the body at least `removeMinShare` inside one leave the body, unless they pass
 * the sentence test (extension `keepSentences`), and the link block is then `removed`.
 */
function* linkBlockRule(ctx: PageContext, { links }: CombineInput, draft: BodyDraft): Steps<void> {
  const opts = ctx.opts.linkBlocks;
  if (!opts.removeFromBody) {
    for (const n of links.noise) draft.noise.push(n);
    return;
  }
  const removed = new Set<TextBlock>();
  for (const [tb, share] of links.coveredShare) {
    if (ctx.ticker.tick()) yield;
    if (share < opts.removeMinShare) continue;
    if (opts.extensions.keepSentences && tb.sentence) continue;
    removed.add(tb);
  }
  links.noise.forEach((n, i) => {
    const taken = [...(links.covered[i] ?? [])].filter((tb) => removed.has(tb));
    if (!taken.length) {
      draft.noise.push(n);
      return;
    }
    for (const tb of taken) draft.excluded.add(tb);
    ctx.trace.decide('combine', {
      rule: '6.3-link-block',
      verdict: 'drop',
      target: n.ref,
      numbers: { textBlocks: taken.length, minShare: opts.removeMinShare },
      note: `${n.kind}: ${taken.length} text block(s) of the body at least ${opts.removeMinShare} inside it`,
    });
    draft.noise.push({ ...n, removed: true });
  });
}
