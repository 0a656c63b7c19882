/**
 * §6.3 gap-filler for discussion pages (issue 42, extension `combine.extensions.storyFirst`): the story
 * first. Comment sections are found over the whole page by the words of `titleAnchor.commentSectionWords`
 * (§1.5's gap-filler reads them only under the title's container, and the block model can bring a thread
 * back). After the block model, rule `6.3-thread-story`:
 * - when the body is only comments (no story block in it) and a story exists — content outside every
 *   comment section, between the title and the first comment section (a photo post: a picture and one
 *   line), at least `combine.storyMinUnits` text units or an image — the body becomes the story; a body
 *   that holds a short story (at most `combine.shortStoryMaxUnits` units: a photo post) beside comments
 *   loses the comments; a longer story beside comments stands unless `dropThreadBesideStory` is on;
 * - when no story exists and the comment sections hold sentences, the page is only a thread: its type is
 *   `thread` (Article.pageType) and its comments are its body.
 * Every decision is in the Explain trace with its numbers.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PageContext } from '../stage.ts';
import type { Steps } from '../slicing.ts';
import { findCommentSectionsSteps } from '../title-anchor/comment-sections.ts';
import type { BodyDraft, CombineInput } from './draft.ts';

/**
 * The page's comment sections (outermost), none holding the title block. A section that holds method 1's
 * first sentence is one only when it holds at least `combine.threadMinItems` comment sections of its own
 * (its comments): a photo post's first sentence is often a comment, while a story's container can carry
 * the word in a class ("tone-comment", an opinion piece).
 */
export function* pageCommentSections(ctx: PageContext, title: number | null, first: number | null): Steps<number[]> {
  const page = ctx.page;
  const body = page.findTag('BODY');
  const start = body >= 0 ? body : page.root;
  // Comment sections are §1.5's gap-filler: with it off, no element is one.
  if (!ctx.opts.titleAnchor.extensions.skipCommentSections) return [];
  const words = ctx.opts.titleAnchor.commentSectionWords;
  const loose = yield* findCommentSectionsSteps(start, title !== null ? [title] : [], words, page, ctx.ticker);
  if (first === null) return loose;
  const keep = title !== null ? [title, first] : [first];
  const strict = yield* findCommentSectionsSteps(start, keep, words, page, ctx.ticker);
  const out: number[] = [];
  for (const s of loose) {
    if (!page.contains(s, first)) out.push(s);
    else if (strict.filter((t) => page.contains(s, t)).length >= ctx.opts.combine.threadMinItems) out.push(s);
    else for (const t of strict) if (page.contains(s, t)) out.push(t);
  }
  return out;
}

/** Whether `el` lies in one of `sections`. */
export function inSections(page: PageModel, sections: readonly number[], el: number): boolean {
  for (const s of sections) if (page.contains(s, el)) return true;
  return false;
}

/** The story's blocks outside the comments: those of the body, else those between the title and the first comment section. */
function storyBlocks(page: PageModel, draft: BodyDraft, sections: readonly number[], title: TextBlock | null): TextBlock[] {
  const root = draft.root;
  const out: TextBlock[] = [];
  if (root !== null)
    for (const b of page.blocks)
      if (!draft.excluded.has(b) && page.contains(root, b.owner) && !inSections(page, sections, b.owner) && !b.noise) out.push(b);
  if (out.length || !title) return out;
  const first = sections.reduce((m, s) => Math.min(m, s), page.size);
  for (const b of page.blocks) {
    if (b.index <= title.index) continue;
    if (b.owner >= first) break;
    if (!b.noise && b.linkUnits * 2 < b.units) out.push(b);
  }
  return out;
}

/** Images between the title block and the first comment section. */
function imagesBefore(page: PageModel, sections: readonly number[], title: TextBlock | null): number[] {
  if (!title) return [];
  const first = sections.reduce((m, s) => Math.min(m, s), page.size);
  return page.allOfTag('IMG', title.owner + 1, first - 1);
}

/** Rule `6.3-thread-story` (see the header). */
export function* threadRule(ctx: PageContext, { page, anchor }: CombineInput, draft: BodyDraft): Steps<void> {
  const sections = yield* pageCommentSections(ctx, anchor.titleBlock?.owner ?? null, anchor.firstSentence?.owner ?? null);
  draft.commentSections = sections;
  if (!sections.length) return;
  // With no body at all, the comment sections' blocks are what the page holds.
  const root = draft.root ?? sections.reduce((acc, s) => page.lca(acc, s), sections[0] as number);
  // The comments under the root: those still in the body, and all of them (the rules may have taken them out).
  const inComments: TextBlock[] = [];
  const allComments: TextBlock[] = [];
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (!page.contains(root, b.owner) || !inSections(page, sections, b.owner)) continue;
    allComments.push(b);
    if (draft.root === null || !draft.excluded.has(b)) inComments.push(b);
  }
  if (!allComments.length) return;
  const story = storyBlocks(page, draft, sections, anchor.titleBlock);
  const units = story.reduce((n, b) => n + b.units, 0);
  const images = imagesBefore(page, sections, anchor.titleBlock);
  const numbers = {
    commentBlocks: allComments.length,
    inBody: inComments.length,
    sections: sections.length,
    storyUnits: units,
    storyImages: images.length,
    minUnits: ctx.opts.combine.storyMinUnits,
  };
  if (units < ctx.opts.combine.storyMinUnits && !images.length) {
    if (draft.root === null) {
      draft.root = root;
      draft.lead = { method: 'content-region', reason: 'only a thread: its comments' };
      draft.excluded = new Set(page.blocks.filter((b) => page.contains(root, b.owner) && !inSections(page, sections, b.owner)));
    }
    // Only a thread: its comments are the body, whatever took them out before.
    for (const b of allComments) draft.excluded.delete(b);
    draft.pageType = { type: 'thread', from: 'comments', detail: `only comments: ${allComments.length} comment blocks, no story` };
    ctx.trace.decide('combine', {
      rule: '6.3-thread-story',
      verdict: 'keep',
      numbers,
      note: 'no story outside the comment sections: the page is a thread, and its comments are the body',
    });
    return;
  }
  if (!inComments.length) return;
  // A body that holds the story beside its thread stands (the block model kept both: dragnet's and
  // readability's gold bodies keep such comments); a body that is only comments becomes the story.
  const storyInBody = draft.root !== null && story.some((b) => page.contains(draft.root as number, b.owner) && !draft.excluded.has(b));
  const shortStory = units <= ctx.opts.combine.shortStoryMaxUnits;
  if (storyInBody && !shortStory && !ctx.opts.combine.extensions.dropThreadBesideStory) {
    ctx.trace.decide('combine', {
      rule: '6.3-thread-story',
      verdict: 'skip',
      numbers,
      note: 'the body holds the story beside comments: it stands',
    });
    return;
  }
  for (const b of inComments) draft.excluded.add(b);
  if (inSections(page, sections, root) || !story.some((b) => page.contains(root, b.owner))) {
    let lca = story[0]?.owner ?? images[0] ?? root;
    for (const b of story) lca = page.lca(lca, b.owner);
    for (const img of images) lca = page.lca(lca, img);
    draft.root = lca;
    draft.lead = { method: 'content-region', reason: 'the story, not its comment thread' };
    const keep = new Set(story);
    for (const b of page.blocks) if (page.contains(lca, b.owner) && !keep.has(b)) draft.excluded.add(b);
  }
  ctx.trace.decide('combine', () => ({
    rule: '6.3-thread-story',
    verdict: 'drop',
    target: ctx.ref(sections[0] as number),
    numbers,
    note: `the story first: ${inComments.length} blocks of comment sections leave the body`,
  }));
}
