/**
 * §6 gap-filler (issue 42): the page type decides the strategy. An article keeps the body the methods and
 * the block model chose; a page whose main content is a table, a list, a definition list, a recipe, a
 * product or a profile gets the content region (content-region.ts: the largest coherent region of content
 * blocks, found without sentences) when it holds at least `combine.regionMinGain` times the text of the
 * article strategy's body. The type is read, in this order, from
 * - the page's JSON-LD `@type` (schema.org Recipe, Product, an Article type, DiscussionForumPosting or
 *   QAPage, ProfilePage): what the site says its page is (a `Person` alone is
 *   most often the author of an article);
 * - the structure of the content region, when the article strategy's body holds fewer than
 *   `typeMaxBodySentences` sentence blocks (none at all when method 1's title matched at `typeMaxTitleSim` or
 *   more), and the region
 *   holds at least `typeMinRegionUnits` text units: when less than `typeMaxSentenceShare` of its content weight is in
 *   sentences (§0) and at least `typeMinStructureShare` of it is in data-table cells, list items or a
 *   definition list's terms and definitions, the page is a table, a list or a definition list;
 * - else an article.
 * A thread (a page that is only comments) is told by thread.ts. Every decision is in the Explain trace with
 * its numbers, and the type is in the Article (`Article.pageType`) and the popup.
 */
import type { Json, JsonLdObject } from '../metadata/json-ld.ts';
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PageContext } from '../stage.ts';
import type { Steps } from '../slicing.ts';
import { traceNumber } from '../trace.ts';
import type { PageType, PageTypeReport } from '../types.ts';
import type { BodyDraft, CombineInput } from './draft.ts';
import type { LinkBlockResult } from '../link-blocks/index.ts';
import type { ContentKind, ContentRegion } from './content-region.ts';
import { findContentRegion, inTemplate } from './content-region.ts';

/** schema.org types, by the page type they say (first match in this order wins). */
const SCHEMA_TYPES: readonly (readonly [PageType, RegExp])[] = [
  ['recipe', /^recipe$/i],
  ['product', /^(product|individualproduct|productmodel|productgroup)$/i],
  [
    'article',
    /^(article|newsarticle|blogposting|reportagenewsarticle|analysisnewsarticle|opinionnewsarticle|report|techarticle|scholarlyarticle|liveblogposting)$/i,
  ],
  ['thread', /^(discussionforumposting|qapage|question)$/i],
  ['profile', /^profilepage$/i],
];

const STRUCTURE_TYPES: readonly (readonly [ContentKind, PageType])[] = [
  ['table', 'table'],
  ['list', 'list'],
  ['definition-list', 'definition-list'],
];

/** The names in an `@type` value (a string or a list of strings). */
function names(t: Json | undefined): string[] {
  if (typeof t === 'string') return [t];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
}

/** The page type its JSON-LD states, with the `@type` that said it, or null. */
export function schemaPageType(objects: readonly JsonLdObject[]): { type: PageType; detail: string } | null {
  const found = new Set<string>();
  for (const o of objects) for (const n of names(o['@type'])) found.add(n.replace(/^https?:\/\/schema\.org\//i, ''));
  for (const [type, re] of SCHEMA_TYPES) for (const n of found) if (re.test(n)) return { type, detail: n };
  return null;
}

/** The page type from the content region's structure (see the header), or null for text. */
export function structurePageType(
  ctx: PageContext,
  region: ContentRegion,
  body: { readonly sentences: number; readonly titleSim: number },
): { type: PageType; share: number } | null {
  const opts = ctx.opts.combine;
  // A headline anchored firmly (§1.4) with a sentence after it is an article, whatever else the page holds.
  if (body.sentences >= opts.typeMaxBodySentences || (body.sentences > 0 && body.titleSim >= opts.typeMaxTitleSim)) return null;
  if (region.total < opts.typeMinRegionUnits || region.sentenceWeight / region.total >= opts.typeMaxSentenceShare) return null;
  let best: { type: PageType; share: number } | null = null;
  for (const [kind, type] of STRUCTURE_TYPES) {
    const share = region.byKind[kind] / region.total;
    if (share >= opts.typeMinStructureShare && (!best || share > best.share)) best = { type, share };
  }
  return best;
}

/** The text units and sentence blocks (§0) of the draft's body (its root's blocks not left out). */
export function bodySize(page: PageModel, draft: BodyDraft): { units: number; sentences: number } {
  const root = draft.root;
  let units = 0;
  let sentences = 0;
  if (root === null) return { units, sentences };
  for (const b of page.blocks)
    if (!draft.excluded.has(b) && page.contains(root, b.owner)) {
      units += b.units;
      if (b.sentence) sentences++;
    }
  return { units, sentences };
}

/**
 * Rule `6.2-link-list` (extension `combine.extensions.linkListPages`): a page with no article — the article
 * strategy's body holds fewer than `typeMaxBodySentences` sentence blocks — whose content region, link text
 * left out, holds less than `typeMinRegionUnits` text units has no content of its own but its links: a
 * headline list, a discography, a list of sites. Its main content is then the content region with link
 * text counted (template furniture, comment sections and noise still out), when that holds at least
 * `typeMinRegionUnits`, at least `linkListMinPageShare` of the page's weight counted the same way (not a
 * sidebar or a menu), is not the whole page (`<body>`: an index page's links are no article, §5.8), and does
 * not wrap the article strategy's body with more (a short post among the blog's link lists); the page is a
 * list. Null otherwise.
 */
export function* linkListRegion(
  ctx: PageContext,
  input: { links: LinkBlockResult; region: ContentRegion; sentences: number; comments: readonly number[]; bodyRoot: number | null },
): Steps<ContentRegion | null> {
  const opts = ctx.opts.combine;
  if (!opts.extensions.linkListPages) return null;
  if (input.sentences >= opts.typeMaxBodySentences || input.region.total >= opts.typeMinRegionUnits) return null;
  const wide = yield* findContentRegion(ctx, input.links, input.comments, true);
  const numbers = {
    regionUnits: traceNumber(input.region.total),
    withLinksUnits: traceNumber(wide.total),
    pageShare: traceNumber(wide.pageTotal ? wide.total / wide.pageTotal : 0),
    minPageShare: opts.linkListMinPageShare,
    minUnits: opts.typeMinRegionUnits,
    bodySentences: input.sentences,
    maxBodySentences: opts.typeMaxBodySentences,
  };
  const root = wide.root;
  const page = ctx.page;
  // A region that holds the article strategy's body and more is the page around a short post, not a list.
  const wraps = root !== null && input.bodyRoot !== null && root !== input.bodyRoot && page.contains(root, input.bodyRoot);
  const whole = root !== null && (root === page.root || page.tag(root) === 'BODY' || page.tag(root) === 'HTML');
  const why =
    root === null || wide.total < opts.typeMinRegionUnits
      ? 'the region with link text counted is small too'
      : whole
        ? 'the region with link text counted is the whole page: an index page, its links are no content'
        : wide.total < opts.linkListMinPageShare * wide.pageTotal
          ? 'the region with link text counted holds too small a share of the page (a sidebar, a menu)'
          : wraps
            ? 'the region with link text counted wraps the body with more: a short post among link lists'
            : null;
  ctx.trace.decide('combine', () => ({
    rule: '6.2-link-list',
    verdict: why ? 'skip' : 'choose',
    ...(!why && root !== null ? { target: ctx.ref(root) } : {}),
    numbers,
    note: why
      ? `no article and no content but links, but ${why}`
      : "no article and no content but links: the region with link text counted is the page's content",
  }));
  return why ? null : wide;
}

/** Rule `6.2-page-type` (extension `combine.extensions.pageTypes`): the type, and the content region's body for a page that is not an article. */
export function* pageTypeRule(ctx: PageContext, { page, links, meta, anchor }: CombineInput, draft: BodyDraft): Steps<void> {
  const opts = ctx.opts.combine;
  if (draft.pageType.type === 'thread') return;
  let region = yield* findContentRegion(ctx, links, draft.commentSections);
  const schema = schemaPageType(meta.jsonLd);
  const { units, sentences } = bodySize(page, draft);
  const titleSim = anchor.titleBlock ? anchor.sim : 0;
  const linkList = schema
    ? null
    : yield* linkListRegion(ctx, { links, region, sentences, comments: draft.commentSections, bodyRoot: draft.root });
  if (linkList) region = linkList;
  const structure = schema || linkList ? null : structurePageType(ctx, region, { sentences, titleSim });
  const report: PageTypeReport = schema
    ? { type: schema.type, from: 'json-ld', detail: `JSON-LD @type ${schema.detail}` }
    : linkList
      ? { type: 'list', from: 'structure', detail: `no content but links: the page is a list of links (${linkList.total} text units)` }
      : structure
        ? {
            type: structure.type,
            from: 'structure',
            detail: `${Math.round(structure.share * 100)}% of the content region is ${structure.type}`,
          }
        : { type: 'article', from: 'default', detail: 'no structured type, and the content region is text' };
  draft.pageType = report;
  const holdsBody = region.root !== null && draft.root !== null && page.contains(region.root, draft.root);
  const numbers = {
    regionUnits: traceNumber(region.total),
    sentenceShare: traceNumber(region.total ? region.sentenceWeight / region.total : 0),
    tableShare: traceNumber(region.total ? region.byKind.table / region.total : 0),
    listShare: traceNumber(region.total ? region.byKind.list / region.total : 0),
    definitionShare: traceNumber(region.total ? region.byKind['definition-list'] / region.total : 0),
    bodyUnits: units,
    bodySentences: sentences,
    maxBodySentences: opts.typeMaxBodySentences,
    titleSim: traceNumber(titleSim),
    maxTitleSim: opts.typeMaxTitleSim,
    minGain: opts.regionMinGain,
    regionHoldsBody: holdsBody ? 1 : 0,
    shortStoryMaxUnits: opts.shortStoryMaxUnits,
  };
  ctx.trace.decide('combine', () => ({
    rule: '6.2-page-type',
    verdict: 'info',
    ...(region.root !== null ? { target: ctx.ref(region.root) } : {}),
    numbers,
    note: `page type ${report.type} (${report.detail})`,
  }));
  // A weak body gives way only to a region of text (not a list: a thread of comments, a list of teasers),
  // of at least `typeMinRegionUnits`, at least `weakRegionMinSentenceShare` of it in sentences.
  const textRegion =
    region.total >= opts.typeMinRegionUnits &&
    region.sentenceWeight >= opts.weakRegionMinSentenceShare * region.total &&
    Math.max(region.byKind.list, region.byKind['definition-list']) < opts.typeMinStructureShare * region.total;
  const weakArticle =
    report.type === 'article' &&
    opts.extensions.weakArticleRegion &&
    sentences < opts.typeMaxBodySentences &&
    textRegion &&
    // A firmly anchored headline with a sentence after it is a story that stands, unless its body is a line
    // (at most `shortStoryMaxUnits`) inside the region: a listing page's headline and intro over its listings.
    !(sentences > 0 && titleSim >= opts.typeMaxTitleSim && !(units <= opts.shortStoryMaxUnits && holdsBody));
  // A body found in template furniture (a headline and a teaser in the site's header or menu) is no story's body.
  const furnitureRoot =
    report.type === 'article' &&
    opts.extensions.furnitureRootRegion &&
    [draft.rules?.root ?? null, draft.root].some((r) => r !== null && inTemplate(page, r));
  if ((report.type === 'article' && !weakArticle && !furnitureRoot) || report.type === 'thread' || region.root === null) return;
  // A short page read as a whole (`6.2-short-page`) is the fallback of a page with no body: the region is better.
  if (region.total < opts.regionMinGain * units && draft.lead.method !== 'short-page') {
    ctx.trace.decide('combine', {
      rule: '6.2-content-region',
      verdict: 'skip',
      numbers,
      note: `${furnitureRoot ? 'a body in template furniture' : `a ${report.type} page`}, but the article strategy's body holds enough of its content: it stands`,
    });
    return;
  }
  const root = region.root;
  const zone = new Set<TextBlock>(anchor.titleBlock ? [anchor.titleBlock] : []);
  for (const b of meta.zone.metadataBlocks) zone.add(b);
  const excluded = new Set<TextBlock>();
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (page.contains(root, b.owner) && (!(region.weight[b.index] as number) || zone.has(b))) excluded.add(b);
  }
  draft.root = root;
  const what = furnitureRoot
    ? 'an article whose body was found in template furniture'
    : weakArticle
      ? `an article with a weak body (${sentences} sentence blocks)`
      : `a ${report.type} page`;
  draft.lead = { method: 'content-region', reason: `${what}: the largest coherent region of content blocks` };
  draft.excluded = excluded;
  ctx.trace.decide('combine', () => ({
    rule: '6.2-content-region',
    verdict: 'choose',
    target: ctx.ref(root),
    numbers,
    note: `${what}: the content region holds at least ${opts.regionMinGain}× the article strategy's text and becomes the body`,
  }));
}

/**
 * Rule `6.3-data-table` (extension `combine.extensions.keepDataTables`, issue 42 "data tables"): a data table
 * (`isDataTable`: rows of cells with headers or plain cells, not a grid of links) that lies inside the body
 * root is content: the cells the link-block rules or the block model left out rejoin the body (a country
 * list under a travel notice, a recall list beside the news item) when it holds at least
 * `dataTableKeepMinUnits` text units (a calendar widget is a table of day numbers) and lies in the content
 * region (content-region.ts: the page's main content, not a box of headlines in a column beside the story).
 * Tables inside template furniture or a comment section stay out.
 */
export function* keepDataTablesRule(ctx: PageContext, { page, links }: CombineInput, draft: BodyDraft): Steps<void> {
  const root = draft.root;
  if (root === null) return;
  const region = yield* findContentRegion(ctx, links, draft.commentSections);
  const main = region.root;
  if (main === null) return;
  const opts = ctx.opts.combine;
  for (const t of region.dataTables) {
    // Only a table of the page's main content: a box of headlines in a column beside the story is a table too.
    if (!page.contains(root, t) || !page.contains(main, t) || inTemplate(page, t)) continue;
    const inside: TextBlock[] = [];
    for (const b of page.blocks) {
      if (ctx.ticker.tick()) yield;
      if (page.contains(t, b.owner)) inside.push(b);
    }
    const units = inside.reduce((n, b) => n + b.units, 0);
    const linkShare = units ? inside.reduce((n, b) => n + b.linkUnits, 0) / units : 0;
    // A calendar widget (day numbers under weekday letters) is a table of data too, but no content.
    if (units < opts.dataTableKeepMinUnits || !inside.length) continue;
    // The table stands beside the body's text (the block just before or after it is body), not in a column of its own.
    const inBody = (b: TextBlock | undefined): boolean => !!b && page.contains(root, b.owner) && !draft.excluded.has(b);
    const first = (inside[0] as TextBlock).index;
    const last = (inside[inside.length - 1] as TextBlock).index;
    if (!inBody(page.blocks[first - 1]) && !inBody(page.blocks[last + 1])) continue;
    let back = 0;
    const cells = inside.length;
    for (const b of inside) if (draft.excluded.delete(b)) back++;
    if (!back) continue;
    ctx.trace.decide('combine', () => ({
      rule: '6.3-data-table',
      verdict: 'keep',
      target: ctx.ref(t),
      numbers: { blocks: cells, rejoined: back, units, minUnits: opts.dataTableKeepMinUnits, linkShare: traceNumber(linkShare) },
      note: `a data table inside the body: ${back} of its ${cells} blocks rejoin the body`,
    }));
  }
}
