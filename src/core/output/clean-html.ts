/**
 * Clean HTML (ALGORITHMS.md §1.6): the body cut from the page model and rebuilt from an allow-list, keeping
 * the formatting (b, strong, em, font size, headings, lists, blockquote, pre/code, tables, figures) and
 * nothing else: no scripts, no event handlers, no styles, no classes, only http(s)/mailto/ftp URLs. The clean
 * copy is a small tree of plain objects (`CleanElement`), written out by our own serialiser: no DOM is read
 * or made. This is sanitisation by construction; every place that *shows* the HTML runs DOMPurify over it as well.
 */
import type { PageModel } from '../model/page-model.ts';
import { F_IGNORED_TAG, F_SKIPPED } from '../model/page-model.ts';
import { imageSource, resolveUrl } from './url.ts';
import { cellJoin, inLayoutTable, sameLayoutRow } from './layout-table.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';

/** Tags kept as they are, with the attributes each may carry. */
const KEEP: Readonly<Record<string, readonly string[]>> = {
  p: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start'],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  blockquote: [],
  pre: [],
  code: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  sub: [],
  sup: [],
  small: [],
  mark: [],
  q: [],
  cite: [],
  abbr: ['title'],
  br: [],
  hr: [],
  figure: [],
  figcaption: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  font: ['size'],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
};
/** Block containers, rebuilt as <div> so that their text stays apart. */
const CONTAINERS = new Set([
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'center',
  'form',
  'fieldset',
  'details',
  'summary',
  'address',
  'hgroup',
  'picture',
  'listing',
  'xmp',
  'plaintext',
]);
const RENAME: Readonly<Record<string, string>> = { strike: 's', tt: 'code', kbd: 'code', samp: 'code', var: 'i' };
/** Table parts, kept only inside a kept table (a body root inside a layout table starts at a cell). */
const TABLE_PARTS = new Set(['caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td']);
const VOID = new Set(['br', 'hr', 'img']);
const NUMERIC = /^\d{1,5}$/;
const FONT_SIZE = /^[+-]?[1-7]$/;

export interface CleanContext {
  readonly model: PageModel;
  readonly base: string | null;
  /** Text nodes left out of the body (title, zone metadata, noise), by their index in the model. */
  readonly dropText: (t: number) => boolean;
  /**
   * Extension `joinLayoutTableRows` (layout-table.ts): tells a layout table, which is written as text with
   * the cells of a row run together where the text runs on; absent, every table is kept as a table.
   */
  readonly layoutTable?: (table: number) => boolean;
  /**
   * Extension `dropDecorativeImagesFromHtml` (decorative.ts): whether image `img`, whose source resolved to
   * `src`, decorates and stays out of the HTML; absent, every image with a source is kept.
   */
  readonly dropImage?: (img: number, src: string) => boolean;
}

/** A node of the clean copy: an element with its kept attributes and children, or a text. */
export interface CleanElement {
  readonly tag: string;
  readonly attrs: [string, string][];
  readonly children: CleanNode[];
}
export type CleanNode = CleanElement | string;

/** Cell content that is laid out in blocks of its own: such a cell stays a block. */
const BLOCK_CONTENT = new Set([
  'P',
  'DIV',
  'TABLE',
  'UL',
  'OL',
  'DL',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'PRE',
  'SECTION',
  'ARTICLE',
  'FIGURE',
]);

/**
 * For a cell of a layout table's row (layout-table.ts): null when it stays a block of its own, else what
 * goes before its content, which joins the row's line ('' or a space; '' for the first cell).
 */
function layoutCellJoin(m: PageModel, cell: number, layoutTable: (table: number) => boolean): string | null {
  const end = m.end[cell] as number;
  for (let i = cell + 1; i <= end; i++) if (BLOCK_CONTENT.has(m.tag(i))) return null;
  let prev = m.prevSibling[cell] as number;
  while (prev >= 0 && !/^t[dh]$/i.test(m.localName(prev))) prev = m.prevSibling[prev] as number;
  if (prev < 0) return inLayoutTable(m, m.parent[cell] as number, layoutTable) ? '' : null;
  if (!sameLayoutRow(m, prev, cell, layoutTable)) return null;
  return cellJoin(m.textContent(prev), m.textContent(cell));
}

/** One node of the source to copy, and where its copy goes. */
type Source = { readonly el: number } | { readonly text: number } | { readonly raw: string };

/**
 * Builds the clean copy of `root`'s content (or of `root` itself) inside a new <div>, with at most
 * `maxTextChars` characters of text (the rest of the tree is left out).
 */
export function buildCleanTree(root: number, ctx: CleanContext, { includeRoot = false, maxTextChars = Infinity } = {}): CleanElement {
  return drain(buildCleanTreeSteps(root, ctx, { includeRoot, maxTextChars }, NO_CHECKPOINTS));
}

/** `buildCleanTree` with a checkpoint per `ticker` between nodes. */
export function* buildCleanTreeSteps(
  root: number,
  ctx: CleanContext,
  { includeRoot = false, maxTextChars = Infinity },
  ticker: Ticker,
): Steps<CleanElement> {
  const m = ctx.model;
  const container: CleanElement = { tag: 'div', attrs: [], children: [] };
  /** `pre`: inside <pre> (whitespace kept); `table`: inside a kept <table>. */
  interface Item {
    readonly source: Source;
    readonly target: CleanElement;
    readonly pre: boolean;
    readonly table: boolean;
  }
  const stack: Item[] = [];
  /** The children of `el` in document order (elements and text nodes), pushed so that the first is popped first. */
  const pushChildren = (el: number, target: CleanElement, pre: boolean, table: boolean): void => {
    const items: Source[] = [];
    let t = m.textFirst[el] as number;
    const after = m.textAfter[el] as number;
    for (let c = m.firstChild[el] as number; ; c = m.nextSibling[c] as number) {
      const textsEnd = c >= 0 ? (m.textFirst[c] as number) : after;
      for (; t < textsEnd; t++) if (m.textParent[t] === el) items.push({ text: t });
      if (c < 0) break;
      items.push({ el: c });
      t = m.textAfter[c] as number;
    }
    for (let i = items.length - 1; i >= 0; i--) stack.push({ source: items[i] as Source, target, pre, table });
  };
  if (includeRoot) stack.push({ source: { el: root }, target: container, pre: false, table: false });
  else pushChildren(root, container, false, false);

  let room = maxTextChars;
  while (stack.length) {
    if (ticker.tick()) yield;
    const { source, target, pre, table } = stack.pop() as Item;
    if (!('el' in source)) {
      if ('text' in source && ctx.dropText(source.text)) continue;
      const raw = 'text' in source ? m.textData(source.text) : source.raw;
      let data = pre ? raw : raw.replace(/[\s\u00a0]+/g, ' ');
      if (data.length > room) {
        data = data.slice(0, room);
        stack.length = 0;
      }
      room -= data.length;
      if (data) target.children.push(data);
      continue;
    }
    const el = source.el;
    if ((m.flags[el] as number) & (F_SKIPPED | F_IGNORED_TAG)) continue;
    const tag = m.localName(el).toLowerCase();
    if (!table && ctx.layoutTable) {
      // A layout table is written as text: its rows as blocks, the cells of a row run together.
      if (tag === 'table' && ctx.layoutTable(el)) {
        pushChildren(el, target, pre, table);
        continue;
      }
      const join = tag === 'td' || tag === 'th' ? layoutCellJoin(m, el, ctx.layoutTable) : null;
      if (join !== null) {
        pushChildren(el, target, pre, table);
        if (join) stack.push({ source: { raw: join }, target, pre, table });
        continue;
      }
    }
    const copy = !table && TABLE_PARTS.has(tag) ? newElement('div') : copyElement(m, el, tag, ctx);
    if (copy === 'unwrap') {
      pushChildren(el, target, pre, table);
      continue;
    }
    if (copy === null) continue;
    target.children.push(copy);
    if (!VOID.has(copy.tag)) pushChildren(el, copy, pre || tag === 'pre', table || copy.tag === 'table');
  }
  yield* pruneEmpty(container, ticker);
  return container;
}

function newElement(tag: string): CleanElement {
  return { tag, attrs: [], children: [] };
}

function copyElement(m: PageModel, source: number, tag: string, ctx: CleanContext): CleanElement | 'unwrap' | null {
  const name = RENAME[tag] ?? tag;
  if (CONTAINERS.has(name)) return newElement('div');
  const allowed = KEEP[name];
  if (!allowed) return 'unwrap';
  if (name === 'img') {
    const src = imageSource(m, source, ctx.base);
    if (!src || ctx.dropImage?.(source, src)) return null;
    const img = newElement('img');
    img.attrs.push(['src', src]);
    copyAttributes(m, source, img, ['alt', 'title', 'width', 'height']);
    return img;
  }
  if (name === 'a') {
    const href = resolveUrl(m.attr(source, 'href'), ctx.base);
    if (!href) return 'unwrap';
    const a = newElement('a');
    a.attrs.push(['href', href]);
    copyAttributes(m, source, a, ['title']);
    return a;
  }
  if (name === 'font' && !FONT_SIZE.test(m.attr(source, 'size') ?? '')) return 'unwrap';
  const el = newElement(name);
  copyAttributes(m, source, el, allowed);
  return el;
}

function copyAttributes(m: PageModel, from: number, to: CleanElement, names: readonly string[]): void {
  for (const name of names) {
    const value = m.attr(from, name);
    if (value === null) continue;
    if ((name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan' || name === 'start') && !NUMERIC.test(value))
      continue;
    to.attrs.push([name, value.slice(0, 500)]);
  }
}

/**
 * Removes elements with no text and no image, rule or table inside, bottom-up: an element whose every child
 * element was removed and that holds only white space goes too.
 */
function* pruneEmpty(root: CleanElement, ticker: Ticker): Steps<void> {
  // Every element below the root with its parent's index, in document order.
  const all: CleanElement[] = [];
  const parents: number[] = [];
  const stack: { el: CleanElement; parent: number }[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) {
    const c = root.children[i] as CleanNode;
    if (typeof c !== 'string') stack.push({ el: c, parent: -1 });
  }
  while (stack.length) {
    const { el, parent } = stack.pop() as { el: CleanElement; parent: number };
    const at = all.length;
    all.push(el);
    parents.push(parent);
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i] as CleanNode;
      if (typeof c !== 'string') stack.push({ el: c, parent: at });
    }
  }
  // Last to first, so that an element's children are decided before it: how many of its element children
  // stay, and whether text stays below it.
  const kept = new Int32Array(all.length);
  const text = new Uint8Array(all.length);
  const removed = new Uint8Array(all.length);
  all.forEach((el, i) => {
    for (const c of el.children) if (typeof c === 'string') text[i] = text[i] || (c.trim() !== '' ? 1 : 0);
    for (const c of el.children) if (typeof c !== 'string') kept[i] = (kept[i] as number) + 1;
  });
  for (let i = all.length - 1; i >= 0; i--) {
    if (ticker.tick()) yield;
    const el = all[i] as CleanElement;
    const parent = parents[i] as number;
    const keep = VOID.has(el.tag) || el.tag === 'td' || el.tag === 'th' || el.tag === 'tr' || kept[i] !== 0 || text[i] === 1;
    if (!keep) {
      removed[i] = 1;
      if (parent >= 0) kept[parent] = (kept[parent] as number) - 1;
    }
  }
  const removedSet = new Set(all.filter((_, i) => removed[i] === 1));
  if (!removedSet.size) return;
  const compact = (el: CleanElement): void => {
    const children = el.children.filter((c) => typeof c === 'string' || !removedSet.has(c));
    el.children.length = 0;
    for (const c of children) el.children.push(c);
  };
  compact(root);
  all.forEach((el, i) => {
    if (!removed[i]) compact(el);
  });
}

const ESCAPE_TEXT: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => ESCAPE_TEXT[c] ?? c);
}

function escapeAttr(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ESCAPE_TEXT[c] ?? c);
}

/** Attributes in the allow-list's order (then by name). */
function sortedAttributes(el: CleanElement): [string, string][] {
  const order = KEEP[el.tag] ?? [];
  const rank = (name: string): number => {
    const i = order.indexOf(name);
    return i === -1 ? order.length : i;
  };
  return [...el.attrs].sort((a, b) => rank(a[0]) - rank(b[0]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Serialises a clean tree's children. */
export function serializeChildren(root: CleanElement): string {
  return drain(serializeChildrenSteps(root, NO_CHECKPOINTS));
}

/** `serializeChildren` with a checkpoint per `ticker` between nodes. */
export function* serializeChildrenSteps(root: CleanElement, ticker: Ticker): Steps<string> {
  const out: string[] = [];
  const stack: (CleanNode | { readonly close: string })[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i] as CleanNode);
  while (stack.length) {
    if (ticker.tick()) yield;
    const item = stack.pop() as CleanNode | { readonly close: string };
    if (typeof item === 'string') {
      out.push(escapeText(item));
      continue;
    }
    if ('close' in item) {
      out.push(item.close);
      continue;
    }
    const attrs = sortedAttributes(item)
      .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
      .join('');
    out.push(`<${item.tag}${attrs}>`);
    if (VOID.has(item.tag)) continue;
    stack.push({ close: `</${item.tag}>` });
    for (let i = item.children.length - 1; i >= 0; i--) stack.push(item.children[i] as CleanNode);
  }
  return out.join('');
}
