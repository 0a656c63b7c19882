/**
 * §6.3 with method 4 (ALGORITHMS.md §4, lcs-diff/): after every other rule and the block model, the
 * similar page has its say.
 * - `6.3-template` (`lcsDiff.dropTemplate`): text blocks of the body whose content node matched
 *   the similar page — same tag, same content, similar parents — leave the body: they are the site's template
 *   (a similar page that holds the article's own title or first sentence is a copy, and the lcs-diff stage
 *   does not use it: extension `sameArticleGuard`).
 * - `6.3-lcs-information` (extension `lcsDiff.extensions.offerInformation`): text blocks of the information
 *   clusters kept (§4.9) that lie outside the body join it; the root widens to the lowest ancestor holding
 *   both, and what else lies under the wider root stays out.
 * Every region of the page that matched whole becomes a `template` noise block.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PageContext } from '../stage.ts';
import type { Steps } from '../slicing.ts';
import { cutText } from '../text/cut.ts';
import { normalizeSpace } from '../text/normalize.ts';
import type { NoiseBlock } from '../types.ts';
import type { BodyDraft, CombineInput } from './draft.ts';

/** Template regions reported as noise blocks at most (the overlay outlines each). */
const MAX_TEMPLATE_REGIONS = 300;
/** Characters of a template region's text kept in its noise block. */
const MAX_REGION_TEXT = 500;

/** `6.3-template`: the body's text blocks whose content node matched the similar page leave it. */
export function* dropTemplate(ctx: PageContext, { page, lcs }: CombineInput, draft: BodyDraft): Steps<void> {
  const root = draft.root;
  if (lcs.report.status !== 'used' || root === null) return;
  const keepSentences = ctx.opts.lcsDiff.extensions.keepTemplateSentences;
  const dropped = draft.templateDropped;
  for (const b of lcs.templateBlocks) {
    if (ctx.ticker.tick()) yield;
    if (draft.excluded.has(b) || (keepSentences && b.sentence)) continue;
    if (page.contains(root, b.owner)) dropped.add(b);
  }
  for (const b of dropped) draft.excluded.add(b);
  if (dropped.size) {
    ctx.trace.decide('combine', {
      rule: '6.3-template',
      verdict: 'drop',
      numbers: { blocks: dropped.size, units: sumUnits(dropped) },
      note: 'text blocks whose content node matched the similar page: the site template',
    });
  }
}

/** `6.3-lcs-information` (extension `offerInformation`): the information clusters outside the body join it. */
export function* offerInformation(ctx: PageContext, { page, lcs }: CombineInput, draft: BodyDraft): Steps<void> {
  if (lcs.report.status !== 'used') return;
  const root = draft.root;
  const offered = lcs.informationBlocks.filter((b) => !b.noise && (root === null || !page.contains(root, b.owner)));
  if (!offered.length) return;
  const wider = yield* widenRoot(ctx, page, root, offered, draft.excluded);
  ctx.trace.decide('combine', () => ({
    rule: '6.3-lcs-information',
    verdict: 'keep',
    target: ctx.ref(wider),
    numbers: { blocks: offered.length, units: sumUnits(offered) },
    note: 'text blocks of an information cluster of the diff outside the body join it',
  }));
  draft.root = wider;
}

/** `4.9-template-regions`: every region of the page that matched the similar page whole, as a `template` noise block. */
export function* reportTemplateRegions(ctx: PageContext, { lcs }: CombineInput, draft: BodyDraft): Steps<void> {
  if (lcs.report.status !== 'used') return;
  for (const n of templateNoise(ctx, lcs.templateRegions, draft.root, draft.templateDropped)) {
    if (ctx.ticker.tick()) yield;
    draft.noise.push(n);
  }
}

/**
 * The lowest ancestor of the root and the offered blocks; every block under it that was not in the body
 * before and is not offered stays out (`excluded` grows).
 */
function* widenRoot(
  ctx: PageContext,
  page: PageModel,
  root: number | null,
  offered: readonly TextBlock[],
  excluded: Set<TextBlock>,
): Steps<number> {
  let wider: number = root ?? offered[0]!.owner;
  for (const b of offered) wider = page.lca(wider, b.owner);
  const joins = new Set(offered);
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (joins.has(b)) {
      excluded.delete(b);
      continue;
    }
    if (page.contains(wider, b.owner) && (root === null || !page.contains(root, b.owner))) excluded.add(b);
  }
  return wider;
}

function templateNoise(ctx: PageContext, regions: readonly number[], root: number | null, dropped: ReadonlySet<TextBlock>): NoiseBlock[] {
  const page = ctx.page;
  const droppedOwners = [...dropped].map((b) => b.owner);
  return regions.slice(0, MAX_TEMPLATE_REGIONS).map((el) => {
    const ref = ctx.ref(el);
    const inBody = root !== null && page.contains(root, el);
    const taken = droppedOwners.filter((o) => page.contains(el, o)).length;
    const text = cutText(normalizeSpace(page.textContent(el)), MAX_REGION_TEXT);
    return {
      kind: 'template',
      ref,
      parts: [ref],
      inBody,
      removed: taken > 0,
      text,
      reason: taken
        ? `template: matched the similar page whole; ${taken} text block(s) of the body left with it`
        : 'template: matched the similar page whole (same tags, content, place and size)',
      numbers: { textBlocks: taken },
    };
  });
}

function sumUnits(blocks: Iterable<TextBlock>): number {
  let n = 0;
  for (const b of blocks) n += b.units;
  return n;
}
