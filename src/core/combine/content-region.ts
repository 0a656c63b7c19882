/**
 * §6 gap-filler for pages that are not a run of sentences (issue 42): the content finder that does not need
 * sentences. The title-anchored descent (§1.5) and the path method (§2) follow full stops; a team roster, an
 * episode list, a recipe's ingredients or a product's details have none, and the descent stops on a caption
 * or finds nothing. Here every text block gets a content weight — its text units (§0) when it is content,
 * 0 when it is template furniture (inside `nav`, `header`, `footer`, `aside` or an element of those ARIA
 * roles) or a comment section (thread.ts), a logical link block of method 5 (§5.9), mostly link text, or noise (§0) — except that every
 * cell of a data table (and every definition of a data list) is content, links and short cells included (a standings table's driver names are
 * links, its figures are noise by §0's length test). The region is then found by a descent like §1.5's,
 * with content weight in place of sentences: from `<body>`, move to the child holding at least
 * `combine.regionKeepRatio` of its parent's weight, and stop where no child does — the largest coherent
 * region of content blocks (text, tables, lists, figures); the descent never goes inside a table or a list,
 * nor into one of two tables (lists) side by side. Without layout (the dom engine, the extension
 * without method 4's boxes) the weight is text and structure; with every element's box (`page.allBoxes`),
 * a block whose box has no area is not rendered content and weighs 0.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PageContext } from '../stage.ts';
import type { Steps } from '../slicing.ts';
import type { LinkBlockResult } from '../link-blocks/index.ts';

/** Tags whose content is a site's template, not a page's (HTML's sectioning for furniture). */
const TEMPLATE_TAGS = new Set(['NAV', 'HEADER', 'FOOTER', 'ASIDE']);
/** ARIA landmark roles of the same furniture. */
const TEMPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search']);

/** A table, a list or a definition list is one unit of content: the descent never goes inside it (a table's header row stays with its rows). */
const UNIT_TAGS = new Set(['TABLE', 'UL', 'OL', 'DL']);

/** What a block's content is made of, for the page type (page-type.ts). */
export type ContentKind = 'text' | 'table' | 'list' | 'definition-list';

export interface ContentRegion {
  /** The region's element (null when the page has no content block). */
  readonly root: number | null;
  /** Content weight (text units) of every block, by block index; 0 for what is not content. */
  readonly weight: Float64Array;
  /** Content weight of the region, and of its blocks by kind and in sentences (§0). */
  readonly total: number;
  /** Content weight of the whole page (under `<body>`). */
  readonly pageTotal: number;
  readonly byKind: Readonly<Record<ContentKind, number>>;
  readonly sentenceWeight: number;
  /** The strict data tables of the page (`isDataTable`). */
  readonly dataTables: ReadonlySet<number>;
  /** For each element, the data table it lies in, or −1. */
  readonly inDataTable: Int32Array;
}

/** The numbers of the data-table test (combine options). */
export interface DataTableLimits {
  readonly minRows: number;
  readonly minRowShare: number;
  readonly minPlainCellShare: number;
}

/**
 * A data table (issue 42, stricter than §1.6's two rows and two columns, which old pages' layout tables
 * pass): no table inside it, at least `minRows` rows of two cells or more making `minRowShare` of its rows,
 * and either header cells (`th`, `thead`, a caption) or at least `minPlainCellShare` of its cells without a
 * link (a grid of links is a link block, not a table of data).
 */
export function isDataTable(page: PageModel, table: number, limits: DataTableLimits): boolean {
  const end = page.end[table] as number;
  let rows = 0;
  let wide = 0;
  let cells = 0;
  let linked = 0;
  let header = false;
  for (let i = table + 1; i <= end; i++) {
    const tag = page.tag(i);
    if (tag === 'TABLE') return false;
    if (tag === 'TH' || tag === 'THEAD' || tag === 'CAPTION') header = true;
    if (tag === 'TR') {
      rows++;
      let n = 0;
      for (let c = page.firstChild[i] as number; c >= 0; c = page.nextSibling[c] as number) {
        const t = page.tag(c);
        if (t !== 'TD' && t !== 'TH') continue;
        n++;
        cells++;
        if ((page.links[c] as number) > 0) linked++;
      }
      if (n >= 2) wide++;
    }
  }
  if (wide < limits.minRows || wide < rows * limits.minRowShare) return false;
  return header || (cells > 0 && (cells - linked) / cells >= limits.minPlainCellShare);
}

/**
 * A data list: a definition list (`dl`) of at least `minRows` terms, with at least `minPlainCellShare` of
 * its definitions without a link or with text beside it — a film's facts, a product's details. Its
 * definitions are content as a data table's cells are, a linked name included.
 */
export function isDataList(page: PageModel, dl: number, limits: DataTableLimits): boolean {
  let terms = 0;
  let defs = 0;
  let plain = 0;
  for (let c = page.firstChild[dl] as number; c >= 0; c = page.nextSibling[c] as number) {
    const tag = page.tag(c);
    if (tag === 'DT') terms++;
    else if (tag === 'DD') {
      defs++;
      if ((page.linkUnits[c] as number) * 2 < (page.units[c] as number)) plain++;
    }
  }
  return terms >= limits.minRows && defs > 0 && plain / defs >= limits.minPlainCellShare;
}

/** For every element, the strict data table or data list it lies in (−1 when none), and the set of those. */
export function dataTablesOf(page: PageModel, limits: DataTableLimits): { tables: Set<number>; inTable: Int32Array } {
  const tables = new Set<number>();
  for (const t of page.allOfTag('TABLE')) if (isDataTable(page, t, limits)) tables.add(t);
  for (const d of page.allOfTag('DL')) if (isDataList(page, d, limits)) tables.add(d);
  const inTable = new Int32Array(page.size).fill(-1);
  for (let el = 0; el < page.size; el++) {
    if (tables.has(el)) inTable[el] = el;
    else {
      const p = page.parent[el] as number;
      if (p >= 0) inTable[el] = inTable[p] as number;
    }
  }
  return { tables, inTable };
}

/** Whether `el` or one of its ancestors is template furniture (a `nav`, `header`, `footer`, `aside` or such a role). */
export function inTemplate(page: PageModel, el: number): boolean {
  for (let e = el; e >= 0; e = page.parent[e] as number) if (isTemplateElement(page, e)) return true;
  return false;
}

/** Whether `el` itself is template furniture: a `nav`, `header`, `footer` or `aside`, or such an ARIA role. */
function isTemplateElement(page: PageModel, el: number): boolean {
  return TEMPLATE_TAGS.has(page.tag(el)) || TEMPLATE_ROLES.has((page.attr(el, 'role') ?? '').toLowerCase());
}

/** Whether each element lies in template furniture (a `nav`, `header`, `footer`, `aside` or such a role). */
function templateFlags(page: PageModel): Uint8Array {
  const out = new Uint8Array(page.size);
  for (let el = 0; el < page.size; el++) {
    const p = page.parent[el] as number;
    if (p >= 0 && out[p]) out[el] = 1;
    else if (isTemplateElement(page, el)) out[el] = 1;
  }
  return out;
}

/** The kind of content a block is: a data-table cell, a list item, a definition, or text. */
function kindOf(page: PageModel, b: TextBlock, inTable: Int32Array): ContentKind {
  const data = inTable[b.owner] as number;
  if (data >= 0) return page.tag(data) === 'DL' ? 'definition-list' : 'table';
  for (let el = b.owner, steps = 0; el >= 0 && steps < 4; el = page.parent[el] as number, steps++) {
    const tag = page.tag(el);
    if (tag === 'LI') return 'list';
    if (tag === 'DD' || tag === 'DT') return 'definition-list';
  }
  return 'text';
}

/** Whether a block's box shows nothing (only asked when every element has a box). */
function hidden(page: PageModel, el: number): boolean {
  const box = page.box(el);
  return box !== null && (box.width <= 0 || box.height <= 0);
}

/** Whether another child of `parent` is a table or a list that holds content weight. */
function hasContentTwin(page: PageModel, below: Float64Array, parent: number, child: number): boolean {
  for (let c = page.firstChild[parent] as number; c >= 0; c = page.nextSibling[c] as number)
    if (c !== child && UNIT_TAGS.has(page.tag(c)) && (below[c] as number) > 0) return true;
  return false;
}

/**
 * The content region of the page (see the header), with every block's content weight. With `withLinks`
 * (rule `6.2-link-list`), link text is content too: a block weighs its text units unless it is noise (§0) —
 * the main content of a page that is a list of links (a headline list, a discography).
 */
export function* findContentRegion(
  ctx: PageContext,
  links: LinkBlockResult,
  comments: readonly number[],
  withLinks = false,
): Steps<ContentRegion> {
  const page = ctx.page;
  const opts = ctx.opts.combine;
  const limits = {
    minRows: opts.dataTableMinRows,
    minRowShare: opts.dataTableMinRowShare,
    minPlainCellShare: opts.dataTableMinPlainCellShare,
  };
  const { tables, inTable } = dataTablesOf(page, limits);
  const template = templateFlags(page);
  // A comment section is not the page's content (thread.ts: the story first).
  for (const c of comments) template.fill(1, c, (page.end[c] as number) + 1);
  const useBoxes = page.hasLayout && page.allBoxes;
  const weight = new Float64Array(page.blocks.length);
  const below = new Float64Array(page.size);
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (template[b.owner] || (useBoxes && hidden(page, b.owner))) continue;
    let w = 0;
    if ((inTable[b.owner] as number) >= 0) w = Math.max(b.units, 1);
    else if (withLinks) w = b.noise ? 0 : b.units;
    else if (
      !b.noise &&
      b.linkUnits * 2 < b.units &&
      (b.sentence || (links.pageCoveredShare.get(b) ?? 0) < ctx.opts.linkBlocks.removeMinShare)
    )
      w = b.units;
    weight[b.index] = w;
    below[b.owner] = (below[b.owner] as number) + w;
  }
  for (let el = page.size - 1; el > 0; el--) {
    const p = page.parent[el] as number;
    if (p >= 0) below[p] = (below[p] as number) + (below[el] as number);
  }
  const start = page.findTag('BODY');
  let root: number | null = start >= 0 ? start : page.root;
  const pageTotal = below[root] as number;
  if (!(below[root] as number)) root = null;
  while (root !== null && !UNIT_TAGS.has(page.tag(root))) {
    if (ctx.ticker.tick()) yield;
    let best = -1;
    for (let c = page.firstChild[root] as number; c >= 0; c = page.nextSibling[c] as number)
      if (best < 0 || (below[c] as number) > (below[best] as number)) best = c;
    if (best < 0 || (below[best] as number) < opts.regionKeepRatio * (below[root] as number)) break;
    // Two tables or lists side by side with content are one region: a roster's pitchers and catchers, a film's facts and cast.
    if (UNIT_TAGS.has(page.tag(best)) && hasContentTwin(page, below, root, best)) break;
    root = best;
  }
  const byKind: Record<ContentKind, number> = { text: 0, table: 0, list: 0, 'definition-list': 0 };
  let sentenceWeight = 0;
  if (root !== null) {
    const r = root;
    for (const b of page.blocks) {
      const w = weight[b.index] as number;
      if (!w || !page.contains(r, b.owner)) continue;
      byKind[kindOf(page, b, inTable)] += w;
      if (b.sentence) sentenceWeight += w;
    }
  }
  return {
    root,
    weight,
    total: root !== null ? (below[root] as number) : 0,
    pageTotal,
    byKind,
    sentenceWeight,
    dataTables: tables,
    inDataTable: inTable,
  };
}
