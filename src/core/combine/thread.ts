/**
 * §6.3 gap-filler for discussion pages (issue 42, extension `combine.extensions.storyFirst`): the story
 * first. Comment sections are found over the whole page by the words of `titleAnchor.commentSectionWords`
 * (§1.5's gap-filler reads them only under the title's container, and the block model can bring a thread
 * back). After the block model, rule `6.3-thread-story`:
 * - when the body holds blocks of a comment section and a story exists — content outside every comment
 *   section, in the body or between the title and the first comment section (a photo post: a picture and
 *   one line), at least `combine.storyMinUnits` text units or an image — the comments leave the body, and a
 *   body that was only comments becomes the story;
 * - when no story exists and the comment sections hold sentences, the page is only a thread: its type is
 *   `thread` (Article.pageType) and its comments are its body.
 * Every decision is in the Explain trace with its numbers.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PageContext } from '../stage.ts';
import type { Steps } from '../slicing.ts';
import { findCommentSectionsSteps } from '../title-anchor/comment-sections.ts';
import type { BodyDraft, CombineInput } from './draft.ts';

/** The page's comment sections (outermost), none holding the title block or method 1's first sentence (`keep`). */
export function* pageCommentSections(ctx: PageContext, keep: readonly number[]): Steps<number[]> {
  const page = ctx.page;
  const start = page.findTag('BODY');
  return yield* findCommentSectionsSteps(
    start >= 0 ? start : page.root,
    keep,
    ctx.opts.titleAnchor.commentSectionWords,
    page,
    ctx.ticker,
  );
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
  const keep: number[] = [];
  if (anchor.titleBlock) keep.push(anchor.titleBlock.owner);
  if (anchor.firstSentence) keep.push(anchor.firstSentence.owner);
  const sections = yield* pageCommentSections(ctx, keep);
  draft.commentSections = sections;
  if (!sections.length || draft.root === null) return;
  const root = draft.root;
  const inComments: TextBlock[] = [];
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (!draft.excluded.has(b) && page.contains(root, b.owner) && inSections(page, sections, b.owner)) inComments.push(b);
  }
  if (!inComments.length) return;
  const story = storyBlocks(page, draft, sections, anchor.titleBlock);
  const units = story.reduce((n, b) => n + b.units, 0);
  const images = imagesBefore(page, sections, anchor.titleBlock);
  const numbers = { commentBlocks: inComments.length, sections: sections.length, storyUnits: units, storyImages: images.length, minUnits: ctx.opts.combine.storyMinUnits };
  if (units < ctx.opts.combine.storyMinUnits && !images.length) {
    draft.pageType = { type: 'thread', from: 'comments', detail: `only comments: ${inComments.length} comment blocks, no story` };
    ctx.trace.decide('combine', { rule: '6.3-thread-story', verdict: 'keep', numbers, note: 'no story outside the comment sections: the page is a thread, and its comments are the body' });
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
