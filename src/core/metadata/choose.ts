/**
 * The final title, author, source and publication time, each with where it came from and the other
 * candidates it was chosen over (ALGORITHMS.md §1.7 and §6.1).
 */
import type { TextBlock } from '../model/page-model.ts';
import type { TitleAnchorOptions } from '../title-anchor/options.ts';
import { normalizeSpace } from '../text/normalize.ts';
import type { MetadataOptions } from './options.ts';
import type { PageContext } from '../stage.ts';
import type { DateCandidate, PublishedTime, Refused, Sourced } from '../types.ts';
import { findUrlDate } from '../dates/date-values.ts';
import { toIso } from '../dates/iso.ts';
import { isPlausibleDay, latestPublicationTime } from '../dates/plausible.ts';
import type { ZoneMetadata } from '../title-anchor/metadata-zone.ts';
import { findLabelledAuthor, findLabelledSource, labelAlone } from './labelled-patterns.ts';
import type { SiteNames } from './bylines.ts';
import { cleanAuthor, cleanSource, findBodyStartName, findBylinePieces, findCredit, isNameBlock } from './bylines.ts';
import { findBlogOwners, findNearbyNames } from './nearby-names.ts';
import { findDateLineSteps, findLabelledDateSteps } from './page-dates.ts';
import type { Steps } from '../slicing.ts';
import { drain } from '../slicing.ts';
import { countWords } from '../text/scripts.ts';
import { countCharClasses } from '../text/char-classes.ts';
import type { StructuredMeta } from './structured.ts';
import type { NodeRef } from '../types.ts';
import type { FieldCandidate, FieldPage } from './field-model/field-features.ts';
import { fieldRows } from './field-model/field-features.ts';
import type { FieldName } from './field-model/field-model.ts';
import { fieldProbabilities, learnedValueOrder } from './field-model/field-model.ts';
import { fieldModelFor } from './field-model/default-model.ts';

const NO_STRUCTURED: StructuredMeta = { titles: [], authors: [], sources: [], dates: [], lang: null, publishers: [], sites: [] };

export function chooseTitle(
  ctx: PageContext,
  titleBlock: TextBlock | null,
  blockText: string | null,
  structured: StructuredMeta | null,
  titleElement: string | null,
  opts: Pick<TitleAnchorOptions, 'titleChoice' | 'titleElementMinWords' | 'titleAffixMaxWords'> & {
    readonly extensions: Pick<TitleAnchorOptions['extensions'], 'dropTitleSiteAffix'>;
  },
): { chosen: Sourced | null; candidates: Sourced[] } {
  const choice = opts.titleChoice;
  const headline = opts.extensions.dropTitleSiteAffix ? blockText : null;
  const fromBlock: Sourced[] =
    titleBlock && blockText
      ? [
          {
            value: blockText,
            from: 'title-block',
            detail: ctx.page.localName(titleBlock.owner),
            ref: ctx.ref(titleBlock.owner, titleBlock.text),
          },
        ]
      : [];
  const declared = (structured ?? NO_STRUCTURED).titles;
  const fromStructured = declared.map((t) => withoutAffixAround(withoutTagText(t), headline, opts.titleAffixMaxWords));
  const fromElement: Sourced[] = titleElement
    ? [{ value: withoutSiteName(titleElement, opts.titleElementMinWords), from: 'title-element', detail: 'title' }]
    : [];
  const candidates =
    choice === 'structured-first' ? [...fromStructured, ...fromBlock, ...fromElement] : [...fromBlock, ...fromStructured, ...fromElement];
  const first = candidates[0] ?? null;
  const block = fromBlock[0];
  // A declared title that the title block extends was cut short (an unescaped quote in a meta tag).
  if (first && block && first !== block && extendsValue(block.value, first.value)) return { chosen: block, candidates };
  return { chosen: first, candidates };
}

/** A site's name after the headline begins with a separator (" | Site", "_科技_腾讯网", " - Site")… */
const SUFFIX_START = /^\s*(?:[|–—·»_/]|-(?=\s))/u;
/** …and one before it ends with one ("Site | "). A colon is no separator: "Name: headline" is a headline. */
const PREFIX_END = /(?:[|–—·»_/]|(?<=\s)-)\s*$/u;
/** Markup written into a declared title as text (og:title content="… &lt;em&gt;Show&lt;/em&gt;"). */
const TAG_TEXT = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?>/iu;
const TAG_TEXT_ALL = new RegExp(TAG_TEXT.source, 'giu');

/** Markup written into a declared title as text is no part of the title (og:title "… <em>Show</em>"). */
function withoutTagText(declared: Sourced): Sourced {
  if (!TAG_TEXT.test(declared.value)) return declared;
  return {
    ...declared,
    value: normalizeSpace(declared.value.replace(TAG_TEXT_ALL, '')),
    detail: `${declared.detail}, markup text dropped`,
  };
}

/**
 * Title extension `dropTitleSiteAffix`: a declared title (og:title, JSON-LD headline…) that is the page's own
 * headline (the title block's text, `headline`) with the site's name before or after a separator ("… - CNN.com",
 * "CNN.com - …", "…_科技_腾讯网") gives way to the headline.
 */
function withoutAffixAround(declared: Sourced, headline: string | null, maxWords: number): Sourced {
  if (!headline) return declared;
  const text = declared.value;
  const key = (s: string): string => normalizeSpace(s).toLowerCase();
  const at = key(text).indexOf(key(headline));
  if (at < 0 || key(text) === key(headline)) return declared;
  const before = text.slice(0, at);
  const after = text.slice(at + normalizeSpace(headline).length);
  // A site's name is a few words: a longer part is more headline, not a name.
  const isAffix = (part: string, separator: RegExp): boolean =>
    part.trim() === '' || (separator.test(part) && countWords(part) + countCharClasses(part).cjk <= maxWords);
  if (!isAffix(before, PREFIX_END) || !isAffix(after, SUFFIX_START)) return declared;
  return { ...declared, value: normalizeSpace(headline), detail: `${declared.detail}, site name dropped` };
}

const SITE_SUFFIX = /^(.*\S)\s+[|–—\-·»/]\s+[^|–—·»/]+$/;

/** "Headline – Site" → "Headline", when the headline keeps at least `minWords` words. */
export function withoutSiteName(title: string, minWords: number): string {
  const m = SITE_SUFFIX.exec(title);
  const head = m?.[1];
  return head && countWords(head) >= minWords ? head : title;
}

function extendsValue(longer: string, shorter: string): boolean {
  const a = longer.toLowerCase();
  const b = shorter.toLowerCase().trim();
  return b.length > 0 && a.length > b.length && a.startsWith(b);
}

/** A name is a letter at least: "104363" (a CMS user id in a meta tag) is not an author. */
const HAS_LETTER = /\p{L}/u;

/** Splits a page title into its parts at the separators sites put between headline and site name. */
const TITLE_PARTS = /\s*[|_–—»·]\s*|\s+[-/]\s+/;

/**
 * The names a page gives its site or publisher: og:site_name, application-name, JSON-LD publisher, the
 * declared and labelled sources, and the parts of the `<title>` after the headline ("…_网易新闻").
 */
export function publisherNames(zone: ZoneMetadata, structured: StructuredMeta | null, titleElement: string | null): string[] {
  const s = structured ?? NO_STRUCTURED;
  const names = [...s.publishers, ...s.sources.map((x) => x.value), ...zone.sources.map((h) => h.match.value)];
  // Part by part, not spread into push(): a <title> of 150 000 separators overflowed the call stack.
  if (titleElement) {
    const parts = titleElement.split(TITLE_PARTS);
    for (let i = 1; i < parts.length; i++) names.push(parts[i] as string);
  }
  return names.map((n) => n.trim().toLowerCase()).filter((n) => n.length >= 2);
}

/** An author value that is the site's own name (or part of it: 网易 in 网易新闻), not a person's. */
function namesPublisher(value: string, publishers: readonly string[]): boolean {
  const v = value.trim().toLowerCase();
  return v.length > 0 && publishers.some((p) => p === v || p.includes(v));
}

export function chooseAuthor(
  ctx: PageContext,
  zone: ZoneMetadata,
  structured: StructuredMeta | null,
  pageBlocks: readonly TextBlock[],
  opts: MetadataOptions,
  publishers: readonly string[] = [],
  place: FieldPlace = NO_PLACE,
): { chosen: Sourced | null; candidates: Sourced[] } {
  return drain(chooseAuthorSteps(ctx, zone, structured, pageBlocks, opts, publishers, place));
}

/** Where the title block and the body are (for the learned choice's features). */
export interface FieldPlace {
  readonly titleBlock: number | null;
  readonly bodyRoot: number | null;
  /** The page's `<title>` (a blog's names its owner: `blogOwners`). */
  readonly titleElement?: string | null;
}
const NO_PLACE: FieldPlace = { titleBlock: null, bodyRoot: null };

/** What the learned choice read: every candidate's feature row, in the rules' order (`train-author` learns from them). */
export interface FieldLearning {
  readonly rows: Float32Array;
  readonly values: readonly string[];
}

type FieldResult = { chosen: Sourced | null; candidates: Sourced[]; refused?: Refused[]; learning?: FieldLearning };

/** An author or source candidate with its rank (`rankedAuthors`) and what cleaning did to it. */
export type RankedSourced = Sourced;
export type { Refused };

/** Labels that name the editor, not the writer: read after every writer's label. */
const EDITOR_LABEL = /编辑|责编|editor/iu;

/**
 * The ranks of `rankedAuthors`, by where a candidate was written (the higher first; ties keep the order
 * found: the structured data keep their own order, JSON-LD, meta, itemprop, rel=author). The numbers are
 * the trace's and the popup's "Why?".
 */
export const AUTHOR_RANKS = {
  zoneLabel: 1,
  bylineAfterMarker: 0.9,
  nameBlock: 0.85,
  bodyStartName: 0.82,
  byline: 0.8,
  credit: 0.75,
  structured: 0.7,
  pageLabel: 0.55,
  zoneEditor: 0.5,
  pageEditor: 0.45,
  authorElement: 0.42,
  account: 0.4,
  blogOwner: 0.38,
} as const;

const PLACE_RANK = {
  'after-marker': 'bylineAfterMarker',
  'name-block': 'nameBlock',
  'beside-date': 'byline',
  'own-block': 'byline',
  'body-start': 'bodyStartName',
} as const;

/** The site's names an author must not be: the publishers', the byline's outlets and the site's own. */
function siteNamesOf(zone: ZoneMetadata, structured: StructuredMeta | null, extra: readonly string[]): string[] {
  const s = structured ?? NO_STRUCTURED;
  return [
    ...s.publishers,
    ...s.sites.map((x) => x.value),
    ...s.sources.map((x) => x.value),
    ...zone.sources.map((h) => h.match.value),
    ...extra,
  ];
}

function moreNames(publishers: readonly string[], structured: StructuredMeta | null): SiteNames {
  const s = structured ?? NO_STRUCTURED;
  return { loose: publishers, organizations: s.organizations ?? [], persons: s.persons ?? [] };
}

/**
 * The page's host: its URL's, or, for a saved page read without one, the host its own canonical link or
 * og:url names (so that "CBSNews.com" is still known for the site's name).
 */
function pageHost(ctx: PageContext): string | null {
  const own = hostOf(ctx.url);
  if (own) return own;
  const { page } = ctx;
  for (const el of page.allOfTag('LINK'))
    if ((page.attr(el, 'rel') ?? '').toLowerCase().split(/\s+/).includes('canonical')) return hostOf(page.attr(el, 'href'));
  for (const el of page.allOfTag('META'))
    if ((page.attr(el, 'property') ?? '').toLowerCase() === 'og:url') return hostOf(page.attr(el, 'content'));
  return null;
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

const HAN = /\p{sc=Han}/u;
/** A cheap test before the labelled patterns run on a block: one of their labels is in it. */
const LABEL_HINT = /作者|记者|编辑|责编|撰|通讯员|文|机关|原创|\b(?:by|von|par|por|di|door|autor|auteur|author|автор)\b/iu;
/** The same before the story's credits (bylines.ts `findCredit`). */
const CREDIT_HINT = /记者|报道|发表于|由|[/／]/u;

/** `chooseAuthor` with a checkpoint per `ctx.ticker` between the page's blocks. */
export function* chooseAuthorSteps(
  ctx: PageContext,
  zone: ZoneMetadata,
  structured: StructuredMeta | null,
  pageBlocks: readonly TextBlock[],
  opts: MetadataOptions,
  publishers: readonly string[],
  place: FieldPlace = NO_PLACE,
): Steps<FieldResult> {
  if (opts.extensions.rankedAuthors) return yield* rankAuthors(ctx, zone, structured, pageBlocks, opts, publishers, place);
  const ticker = ctx.ticker;
  const found: Sourced[] = zone.authors.map((h) => ({
    value: h.match.value,
    from: 'zone',
    detail: h.match.label,
    ref: ctx.ref(h.block.owner, h.block.text),
  }));
  // One by one (as everywhere below): a page can name as many authors as it has links.
  for (const a of (structured ?? NO_STRUCTURED).authors) if (a.value.length <= opts.maxValueChars) found.push(a);
  const named = found.filter((a) => HAS_LETTER.test(a.value));
  // Extension `publisherNotAuthor`: the site's own name goes after every person's name.
  const isPublisher = (value: string): boolean => opts.extensions.publisherNotAuthor && namesPublisher(value, publishers);
  const demoted = new Set(named.filter((a) => isPublisher(a.value)));
  const candidates = named.filter((a) => !demoted.has(a));
  if (candidates.length === 0 && opts.extensions.pageLabelledAuthor) {
    for (const block of pageBlocks) {
      if (ticker.tick()) yield;
      // A block that is all link text is a headline pointing elsewhere ("记者盛赞…" in a related list), not a byline.
      if (block.units > opts.maxLabelBlockUnits || block.linkUnits >= block.units) continue;
      const m = findLabelledAuthor(block.text, opts.maxValueChars);
      if (m && !isPublisher(m.value)) {
        candidates.push({ value: m.value, from: 'zone', detail: `page:${m.label}`, ref: ctx.ref(block.owner, block.text) });
      }
    }
  }
  for (const a of demoted) candidates.push(a);
  const refused: Refused[] = [];
  const cleaned = opts.extensions.cleanAuthors
    ? cleanAll(candidates, siteNamesOf(zone, structured, []), pageHost(ctx), refused, moreNames(publishers, structured))
    : candidates;
  return { chosen: cleaned[0] ?? null, candidates: cleaned, refused };
}

/** Every candidate cleaned (`cleanAuthors`); the refused ones dropped, each change kept in `cleaned`. */
function cleanAll(
  candidates: readonly RankedSourced[],
  siteNames: readonly string[],
  host: string | null,
  refused: Refused[],
  more: SiteNames,
): RankedSourced[] {
  const out: RankedSourced[] = [];
  for (const c of candidates) {
    const r = cleanAuthor(c.value, siteNames, host, more);
    if (r.value === null) {
      refused.push({ value: c.value, from: c.from, detail: c.detail, why: r.why, ...(c.rank !== undefined ? { rank: c.rank } : {}) });
      continue;
    }
    // Every place that names the value stays a candidate of its own (the "Why?" counts them).
    out.push(r.value !== c.value ? { ...c, value: r.value, cleaned: `${c.value} → ${r.value}` } : c);
  }
  return out;
}

/**
 * Extension `rankedAuthors`: every author candidate — the zone's labels, the unlabelled byline
 * (`bylinePieces`), the story's credits (`storyCredits`), the structured data, the labelled lines of the
 * page (`pageLabelledAuthor`) — cleaned (`cleanAuthors`) and ranked by `AUTHOR_RANKS`.
 */
function* rankAuthors(
  ctx: PageContext,
  zone: ZoneMetadata,
  structured: StructuredMeta | null,
  pageBlocks: readonly TextBlock[],
  opts: MetadataOptions,
  publishers: readonly string[],
  place: FieldPlace,
): Steps<FieldResult> {
  const { ticker } = ctx;
  const ext = opts.extensions;
  const found: RankedSourced[] = [];
  const { blockOf, refTo } = blockRefs(ctx);
  const add = (value: string, from: Sourced['from'], detail: string, rank: number, block?: TextBlock): void => {
    if (value.length > opts.maxValueChars || !HAS_LETTER.test(value)) return;
    found.push({ value, from, detail, rank, ...(block ? { ref: refTo(block) } : {}) });
  };
  // A zone line that is all link text is navigation ("记者博客 联系记者"), not a byline.
  for (const h of zone.authors.filter((z) => z.block.linkUnits < z.block.units))
    add(h.match.value, 'zone', h.match.label, EDITOR_LABEL.test(h.match.label) ? AUTHOR_RANKS.zoneEditor : AUTHOR_RANKS.zoneLabel, h.block);
  const outlets: string[] = [];
  if (ext.bylinePieces) {
    const pieces = bylinePieces(ctx, zone, opts);
    for (const p of pieces) {
      if (p.kind === 'source') outlets.push(p.value);
      else add(p.value, 'zone', `byline:${p.place}`, AUTHOR_RANKS[PLACE_RANK[p.place]], p.block);
    }
  }
  if (ext.bodyStartNames && place.bodyRoot !== null) {
    const root = place.bodyRoot;
    const inBody = pageBlocks
      .slice(0, opts.maxBodyStartLines)
      .filter((b) => b.nodes[0] !== undefined && ctx.page.contains(root, ctx.page.textParent[b.nodes[0]] as number));
    const name = findBodyStartName(inBody, opts.maxBodyStartLines, opts.maxLabelBlockUnits);
    if (name && name.block.index !== place.titleBlock)
      add(name.value, 'zone', `byline:${name.place}`, AUTHOR_RANKS[PLACE_RANK[name.place]], name.block);
  }
  for (const a of (structured ?? NO_STRUCTURED).authors) add(a.value, a.from, a.detail, AUTHOR_RANKS.structured);
  if (ext.nearbyNames)
    for (const n of findNearbyNames(ctx.page, place.titleBlock, opts.maxBylineBlocks, opts.maxBylineBlocks, opts.maxBylineUnits))
      add(n.value, 'zone', `nearby:${n.kind}`, n.kind === 'account' ? AUTHOR_RANKS.account : AUTHOR_RANKS.authorElement, n.block);
  if (ext.blogOwners)
    for (const o of findBlogOwners(ctx.page, place.titleElement ?? null, opts.maxBlogOwners))
      add(o.value, 'zone', `nearby:blog-${o.kind}`, AUTHOR_RANKS.blogOwner, o.block ?? undefined);
  const chinese = zone.blocks.some((b) => HAN.test(b.text)) || pageBlocks.slice(0, 8).some((b) => HAN.test(b.text));
  if (ext.pageLabelledAuthor || ext.storyCredits) {
    for (const block of pageBlocks) {
      if (ticker.tick()) yield;
      if (block.linkUnits >= block.units) continue;
      if (ext.pageLabelledAuthor && block.units <= opts.maxLabelBlockUnits && LABEL_HINT.test(block.text)) {
        const m = findLabelledAuthor(labelledText(ctx, block, ext.labelValueBlocks, opts.maxLabelBlockUnits), opts.maxValueChars);
        // 原创 names the author only in the byline zone; elsewhere it marks a channel's link ("原创：读书").
        if (m && m.label !== '原创')
          add(m.value, 'zone', `page:${m.label}`, EDITOR_LABEL.test(m.label) ? AUTHOR_RANKS.pageEditor : AUTHOR_RANKS.pageLabel, block);
      }
      if (ext.storyCredits && chinese && CREDIT_HINT.test(block.text)) {
        const c = findCredit(block.text);
        if (c) add(c.value, 'zone', `credit:${c.label}`, AUTHOR_RANKS.credit, block);
      }
    }
  }
  const siteNames = siteNamesOf(zone, structured, outlets);
  const isPublisher = (value: string): boolean =>
    ext.publisherNotAuthor && namesPublisher(value, [...publishers, ...outlets.map((o) => o.toLowerCase())]);
  let ranked = [...found].sort((a, b) => (b.rank ?? 0) - (a.rank ?? 0));
  const demoted = ranked.filter((a) => isPublisher(a.value));
  ranked = [...ranked.filter((a) => !demoted.includes(a)), ...demoted];
  const refused: Refused[] = [];
  const candidates = ext.cleanAuthors ? cleanAll(ranked, siteNames, pageHost(ctx), refused, moreNames(publishers, structured)) : ranked;
  return learnedChoice(ctx, 'author', candidates, refused, blockOf, { zone, place, siteNames: [...siteNames, ...publishers] });
}

/**
 * Extension `labelValueBlocks`: a block that is an author's label alone ("发文机关：") is read with the block
 * after it, its value (a table's row of label and value cells), when that one is short (`maxUnits`).
 */
function labelledText(ctx: PageContext, block: TextBlock, on: boolean, maxUnits: number): string {
  const label = on ? labelAlone(block.text) : null;
  const next = label ? ctx.page.blocks[block.index + 1] : undefined;
  if (!label || !next || next.units > maxUnits || next.linkUnits >= next.units) return block.text;
  return `${label}：${next.text}`;
}

/** References to candidates' blocks, and each reference's block (the learned choice reads the block again). */
function blockRefs(ctx: PageContext): { blockOf: Map<NodeRef, TextBlock>; refTo: (block: TextBlock) => NodeRef } {
  const blockOf = new Map<NodeRef, TextBlock>();
  const refTo = (block: TextBlock): NodeRef => {
    const ref = ctx.ref(block.owner, block.text);
    blockOf.set(ref, block);
    return ref;
  };
  return { blockOf, refTo };
}

/**
 * Extension `learnedFields` (issue 41): the candidates, in the rules' order, each described by its feature
 * row (field-features.ts), ordered by the field model's probability; the first is chosen when it reaches
 * `authorMinProbability` (`sourceMinProbability`), else none. The rows are kept for `train-author`.
 */
function learnedChoice(
  ctx: PageContext,
  field: FieldName,
  candidates: readonly Sourced[],
  refused: Refused[],
  blockOf: ReadonlyMap<NodeRef, TextBlock>,
  where: { readonly zone: ZoneMetadata; readonly place: FieldPlace; readonly siteNames: readonly string[] },
): FieldResult {
  const opts = ctx.opts.metadata;
  if (!opts.extensions.learnedFields || candidates.length === 0)
    return { chosen: candidates[0] ?? null, candidates: [...candidates], refused };
  const page: FieldPage = {
    page: ctx.page,
    titleBlock: where.place.titleBlock,
    bodyRoot: where.place.bodyRoot,
    zone: new Set(where.zone.blocks.map((b) => b.index)),
    dateBlocks: new Set(where.zone.dates.map((d) => d.block.index)),
    siteNames: where.siteNames.map((n) => n.trim().toLowerCase()).filter((n) => n.length >= 2),
    hostLabels: labelsOfHost(pageHost(ctx)),
  };
  const list: FieldCandidate[] = candidates.map((s) => ({ sourced: s, block: (s.ref && blockOf.get(s.ref)) || null }));
  const rows = fieldRows(page, list);
  const learning: FieldLearning = { rows, values: candidates.map((c) => c.value) };
  const model = fieldModelFor(ctx.env.fieldModel)[field];
  const p = fieldProbabilities(model, rows);
  const min = field === 'author' ? opts.authorMinProbability : opts.sourceMinProbability;
  const { order, chosen, valueP } = learnedValueOrder(learning.values, p, min);
  const ordered = order.map((i) => ({ ...(candidates[i] as Sourced), probability: round3(p[i] as number) }));
  const best = ordered[0] as Sourced;
  if (chosen === null)
    ctx.trace.decide('metadata', {
      rule: `41-${field}-learned`,
      verdict: 'reject',
      target: best.ref,
      numbers: { probability: round3(valueP[order[0] as number] as number), min },
      note: `the likeliest ${field} "${best.value}" is below ${field}MinProbability: none chosen`,
    });
  return { chosen: chosen === null ? null : best, candidates: ordered, refused, learning };
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** The zone's unlabelled byline pieces and a names-only block right under the title (`bylinePieces`). */
function bylinePieces(ctx: PageContext, zone: ZoneMetadata, opts: MetadataOptions): ReturnType<typeof findBylinePieces> {
  const pieces = findBylinePieces(zone.blocks, ctx.dateOpts, opts.maxBylineUnits, opts.maxBylineBlocks).filter(
    (p) => HAN.test(p.value) || HAN.test(p.block.text) || p.place === 'after-marker',
  );
  for (const b of zone.blocks.slice(0, 3)) {
    if (b.linkUnits < b.units && isNameBlock(b.text) && !pieces.some((p) => p.block === b))
      pieces.unshift({ value: b.text.trim(), kind: 'author', place: 'name-block', block: b });
  }
  return pieces;
}

export function chooseSource(
  ctx: PageContext,
  zone: ZoneMetadata,
  structured: StructuredMeta | null,
  pageBlocks: readonly TextBlock[] = [],
  place: FieldPlace = NO_PLACE,
  publishers: readonly string[] = [],
): FieldResult & { refused: Refused[] } {
  const opts = ctx.opts.metadata;
  const ext = opts.extensions;
  const refused: Refused[] = [];
  const { blockOf, refTo } = blockRefs(ctx);
  let candidates: Sourced[] = zone.sources.map((h) => ({
    value: h.match.value,
    from: 'zone',
    detail: h.match.label,
    ref: refTo(h.block),
  }));
  for (const src of (structured ?? NO_STRUCTURED).sources) candidates.push(src);
  if (ext.bylinePieces)
    for (const p of bylinePieces(ctx, zone, opts))
      if (p.kind === 'source') candidates.push({ value: p.value, from: 'zone', detail: `byline:${p.place}`, ref: refTo(p.block) });
  if (ext.cleanAuthors) candidates = cleanSources(candidates, refused);
  if (candidates.length === 0 && ext.pageLabelledSource) {
    for (const block of pageBlocks) {
      if (block.units > opts.maxLabelBlockUnits || block.linkUnits >= block.units) continue;
      const m = findLabelledSource(block.text, opts.maxValueChars);
      if (m) candidates.push({ value: m.value, from: 'zone', detail: `page:${m.label}`, ref: refTo(block) });
    }
    if (ext.cleanAuthors) candidates = cleanSources(candidates, refused);
  }
  const siteNames = [
    ...(structured ?? NO_STRUCTURED).sites.map((x) => x.value),
    ...(structured ?? NO_STRUCTURED).publishers,
    ...publishers,
  ];
  return { ...learnedChoice(ctx, 'source', candidates, refused, blockOf, { zone, place, siteNames }), refused };
}

function cleanSources(list: readonly Sourced[], refused: Refused[]): Sourced[] {
  const out: Sourced[] = [];
  for (const c of list) {
    const r = cleanSource(c.value);
    const v = r.value;
    if (v === null) refused.push({ value: c.value, from: c.from, detail: c.detail, why: r.why });
    if (v !== null && !out.some((o) => o.value === v)) out.push(v === c.value ? c : { ...c, value: v });
  }
  return out;
}

/**
 * Extension `siteName`: the name the site gives itself — its declared names (og:site_name, the JSON-LD
 * publisher, application-name), else a part of `<title>` after the headline that holds a label of the
 * URL's host ("… | BBC News" on www.bbc.co.uk; not "… | Politics", nor "…_新华网", whose letters are none
 * of the host's). Not the source.
 */
export function chooseSite(
  structured: StructuredMeta | null,
  titleElement: string | null,
  url: string | null,
): { chosen: Sourced | null; candidates: Sourced[] } {
  const candidates: Sourced[] = [...(structured ?? NO_STRUCTURED).sites];
  const labels = hostLabels(url);
  if (titleElement && labels.length) {
    for (const part of titleElement.split(TITLE_PARTS).slice(1)) {
      const name = part.trim();
      const letters = name.toLowerCase().replace(/[^a-z0-9]/g, '');
      if (labels.some((l) => letters.includes(l)) && !candidates.some((c) => c.value === name))
        candidates.push({ value: name, from: 'title-element', detail: 'after the headline, naming the host' });
    }
  }
  return { chosen: candidates[0] ?? null, candidates };
}

/** Host labels that name no one site (`www`, `com`, `news`…). */
const GENERIC_LABELS: ReadonlySet<string> = new Set([
  'www',
  'com',
  'net',
  'org',
  'gov',
  'edu',
  'info',
  'news',
  'blog',
  'blogs',
  'web',
  'online',
  'home',
]);

/**
 * The labels of the URL's host that can name a site: three characters or more, a letter among them (not an
 * IP address's numbers), not generic ("www.bbc.co.uk" → bbc).
 */
function hostLabels(url: string | null): string[] {
  return labelsOfHost(hostOf(url));
}

/** `hostLabels` of a host name. */
function labelsOfHost(host: string | null): string[] {
  if (!host) return [];
  return host
    .toLowerCase()
    .split('.')
    .filter((l) => /^[a-z0-9-]{3,}$/.test(l) && /[a-z]/.test(l) && !GENERIC_LABELS.has(l) && !/^www\d*$/.test(l))
    .map((l) => l.replace(/-/g, ''));
}

export function* chooseDate(
  ctx: PageContext,
  zone: ZoneMetadata,
  structured: StructuredMeta | null,
  pageBlocks: readonly TextBlock[],
): Steps<PublishedTime> {
  const { url, now, dateOpts } = ctx;
  const opts = ctx.opts.metadata;
  const s = structured ?? NO_STRUCTURED;
  const zoneDates: DateCandidate[] = zone.dates.map((h) => ({
    iso: toIso(h.match),
    text: h.match.text,
    from: 'zone',
    detail: 'zone text',
    ref: ctx.ref(h.block.owner, h.block.text),
  }));
  const declared = s.dates.filter((d) => d.from !== 'time-element');
  const timeElements = s.dates.filter((d) => d.from === 'time-element');
  const ordered =
    opts.datePriority === 'zone-first' ? [...zoneDates, ...declared, ...timeElements] : [...declared, ...zoneDates, ...timeElements];
  if (ordered.length === 0) for (const d of yield* pageDates(ctx, pageBlocks)) ordered.push(d);
  if (opts.extensions.urlDate && url) {
    const urlDate = findUrlDate(url, dateOpts);
    if (urlDate) ordered.push({ iso: toIso(urlDate), text: urlDate.text, from: 'url', detail: 'url path' });
  }
  const latest = latestPublicationTime(now, opts.maxFutureDays);
  const plausible = ordered.filter((c) => isPlausibleDay(c.iso, latest));
  const best = plausible[0];
  const common = { decision: null, found: ordered.length } as const;
  if (!best) return { iso: null, confidence: 0, method: null, from: null, detail: '', chosen: null, candidates: ordered, ...common };
  const confidence = best.from in opts.dateConfidence ? opts.dateConfidence[best.from as keyof MetadataOptions['dateConfidence']] : 0;
  return {
    iso: best.iso,
    confidence,
    method: 'rules',
    from: best.from,
    detail: best.detail,
    chosen: best,
    candidates: plausible,
    ...common,
  };
}

/** The page-wide gap-fillers, tried only when neither the zone nor structured data gives a date. */
function* pageDates(ctx: PageContext, blocks: readonly TextBlock[]): Steps<DateCandidate[]> {
  const { dateOpts, ticker } = ctx;
  const opts = ctx.opts.metadata;
  const found =
    (opts.extensions.labelledDates ? yield* findLabelledDateSteps(blocks, dateOpts, ticker) : null) ??
    (opts.extensions.dateLines ? yield* findDateLineSteps(blocks, opts.maxLabelBlockUnits, dateOpts, ticker) : null);
  if (!found) return [];
  return [
    {
      iso: toIso(found.date),
      text: found.date.text,
      from: found.kind === 'labelled' ? 'labelled-date' : 'date-line',
      detail: found.kind,
      ref: ctx.ref(found.block.owner, found.block.text),
    },
  ];
}
