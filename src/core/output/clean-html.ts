/**
 * Clean HTML (ALGORITHMS.md §1.6): the body rebuilt as new nodes from an allow-list, keeping the
 * formatting (b, strong, em, font size, headings, lists, blockquote, pre/code, tables, figures) and
 * nothing else: no scripts, no event handlers, no styles, no classes, only http(s)/mailto/ftp URLs. The
 * input document is never changed. This is sanitisation by construction; every place that *shows* the
 * HTML runs DOMPurify over it as well.
 */
import { MAX_SIBLING_STEPS, dom, textOf } from '../dom/dom-read.ts';
import { isIgnoredTag } from '../dom/ignored.ts';
import { isElement, isText } from '../dom/node-kind.ts';
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
  /** Where the clean nodes are made: an inert document (inertDocument), never the live page. */
  readonly doc: Document;
  readonly base: string | null;
  readonly skipped: ReadonlySet<Element>;
  /** Text nodes left out of the body (title, zone metadata, noise). */
  readonly dropText: (node: Text) => boolean;
  /**
   * Extension `joinLayoutTableRows` (layout-table.ts): tells a layout table, which is written as text with
   * the cells of a row run together where the text runs on; absent, every table is kept as a table.
   */
  readonly layoutTable?: (table: Element) => boolean;
}

/** Cell content that is laid out in blocks of its own: such a cell stays a block. */
const BLOCK_CONTENT = 'p, div, table, ul, ol, dl, li, h1, h2, h3, h4, h5, h6, blockquote, pre, section, article, figure';

/**
 * For a cell of a layout table's row (layout-table.ts): null when it stays a block of its own, else what
 * goes before its content, which joins the row's line ('' or a space; '' for the first cell).
 */
function layoutCellJoin(cell: Element, layoutTable: (table: Element) => boolean): string | null {
  if (dom.querySelector(cell, BLOCK_CONTENT)) return null;
  let prev = dom.previousElementSibling(cell);
  while (prev && !/^t[dh]$/i.test(dom.localName(prev))) prev = dom.previousElementSibling(prev);
  if (!prev) return inLayoutTable(dom.parentElement(cell), layoutTable) ? '' : null;
  if (!sameLayoutRow(prev, cell, layoutTable)) return null;
  return cellJoin(textOf(prev) ?? '', textOf(cell) ?? '');
}

/**
 * A document without a browsing context to build the clean copy in. In a live page, an `<img>` made by
 * the page's own document fetches its `src` at once, even detached: the extraction would fetch every lazy
 * `data-src` and the largest `srcset` candidate, images the page itself never loaded. DOMs that cannot make
 * one (linkedom) fetch nothing anyway, and get `doc` back.
 */
export function inertDocument(doc: Document): Document {
  const implementation = dom.implementation(doc);
  return typeof implementation?.createHTMLDocument === 'function' ? implementation.createHTMLDocument('') : doc;
}

/**
 * Builds the clean copy of `root`'s content (or of `root` itself) inside a new, detached <div>, with at
 * most `maxTextChars` characters of text (the rest of the tree is left out).
 */
export function buildCleanTree(root: Element, ctx: CleanContext, { includeRoot = false, maxTextChars = Infinity } = {}): Element {
  return drain(buildCleanTreeSteps(root, ctx, { includeRoot, maxTextChars }, NO_CHECKPOINTS));
}

/** `buildCleanTree` with a checkpoint per `ticker` between nodes. */
export function* buildCleanTreeSteps(
  root: Element,
  ctx: CleanContext,
  { includeRoot = false, maxTextChars = Infinity },
  ticker: Ticker,
): Steps<Element> {
  const container = dom.createElement(ctx.doc, 'div');
  /** `pre`: inside <pre> (whitespace kept); `table`: inside a kept <table>. */
  interface Item {
    readonly source: Node;
    readonly target: Element;
    readonly pre: boolean;
    readonly table: boolean;
  }
  const stack: Item[] = [];
  const pushChildren = (source: Node, target: Element, pre: boolean, table: boolean): void => {
    const children: Node[] = [];
    for (let c = dom.firstChild(source); c && children.length < MAX_SIBLING_STEPS; c = dom.nextSibling(c)) children.push(c);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ source: children[i] as Node, target, pre, table });
  };
  if (includeRoot) stack.push({ source: root, target: container, pre: false, table: false });
  else pushChildren(root, container, false, false);

  let room = maxTextChars;
  while (stack.length) {
    if (ticker.tick()) yield;
    const { source, target, pre, table } = stack.pop() as Item;
    if (isText(source)) {
      if (ctx.dropText(source)) continue;
      let data = pre ? source.data : source.data.replace(/[\s\u00a0]+/g, ' ');
      if (data.length > room) {
        data = data.slice(0, room);
        stack.length = 0;
      }
      room -= data.length;
      if (data) dom.appendChild(target, dom.createTextNode(ctx.doc, data));
      continue;
    }
    if (!isElement(source) || ctx.skipped.has(source) || isIgnoredTag(source)) continue;
    const tag = dom.localName(source).toLowerCase();
    if (!table && ctx.layoutTable) {
      // A layout table is written as text: its rows as blocks, the cells of a row run together.
      if (tag === 'table' && ctx.layoutTable(source)) {
        pushChildren(source, target, pre, table);
        continue;
      }
      const join = tag === 'td' || tag === 'th' ? layoutCellJoin(source, ctx.layoutTable) : null;
      if (join !== null) {
        pushChildren(source, target, pre, table);
        if (join) stack.push({ source: dom.createTextNode(ctx.doc, join), target, pre, table });
        continue;
      }
    }
    const copy = !table && TABLE_PARTS.has(tag) ? dom.createElement(ctx.doc, 'div') : copyElement(source, tag, ctx);
    if (copy === 'unwrap') {
      pushChildren(source, target, pre, table);
      continue;
    }
    if (copy === null) continue;
    dom.appendChild(target, copy);
    const copyTag = dom.localName(copy);
    if (!VOID.has(copyTag)) pushChildren(source, copy, pre || tag === 'pre', table || copyTag === 'table');
  }
  yield* pruneEmpty(container, ticker);
  return container;
}

function copyElement(source: Element, tag: string, ctx: CleanContext): Element | 'unwrap' | null {
  const name = RENAME[tag] ?? tag;
  if (CONTAINERS.has(name)) return dom.createElement(ctx.doc, 'div');
  const allowed = KEEP[name];
  if (!allowed) return 'unwrap';
  if (name === 'img') {
    const src = imageSource(source, ctx.base);
    if (!src) return null;
    const img = dom.createElement(ctx.doc, 'img');
    dom.setAttribute(img, 'src', src);
    copyAttributes(source, img, ['alt', 'title', 'width', 'height']);
    return img;
  }
  if (name === 'a') {
    const href = resolveUrl(dom.getAttribute(source, 'href'), ctx.base);
    if (!href) return 'unwrap';
    const a = dom.createElement(ctx.doc, 'a');
    dom.setAttribute(a, 'href', href);
    copyAttributes(source, a, ['title']);
    return a;
  }
  if (name === 'font' && !FONT_SIZE.test(dom.getAttribute(source, 'size') ?? '')) return 'unwrap';
  const el = dom.createElement(ctx.doc, name);
  copyAttributes(source, el, allowed);
  return el;
}

function copyAttributes(from: Element, to: Element, names: readonly string[]): void {
  for (const name of names) {
    const value = dom.getAttribute(from, name);
    if (value === null) continue;
    if ((name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan' || name === 'start') && !NUMERIC.test(value))
      continue;
    dom.setAttribute(to, name, value.slice(0, 500));
  }
}

/** Removes elements with no text and no image, rule or table inside, bottom-up. */
function* pruneEmpty(root: Element, ticker: Ticker): Steps<void> {
  const all = [...dom.querySelectorAll(root, '*')].reverse();
  for (const el of all) {
    if (ticker.tick()) yield;
    const tag = dom.localName(el);
    if (VOID.has(tag) || tag === 'td' || tag === 'th' || tag === 'tr') continue;
    if (dom.firstElementChild(el) === null && !(dom.textContent(el) ?? '').trim()) dom.remove(el);
  }
}

const ESCAPE_TEXT: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => ESCAPE_TEXT[c] ?? c);
}

function escapeAttr(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ESCAPE_TEXT[c] ?? c);
}

/**
 * Attributes in the allow-list's order (then by name): DOM libraries differ in the order they keep
 * (linkedom lists the last one set first), and the output must not depend on the library.
 */
function sortedAttributes(el: Element): Attr[] {
  const order = KEEP[dom.localName(el)] ?? [];
  const rank = (name: string): number => {
    const i = order.indexOf(name);
    return i === -1 ? order.length : i;
  };
  return [...dom.attributes(el)].sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Serialises a clean tree's children (our own serialiser: the output does not depend on the DOM library). */
export function serializeChildren(root: Element): string {
  return drain(serializeChildrenSteps(root, NO_CHECKPOINTS));
}

/** `serializeChildren` with a checkpoint per `ticker` between nodes. */
export function* serializeChildrenSteps(root: Element, ticker: Ticker): Steps<string> {
  const out: string[] = [];
  const stack: (Node | string)[] = [];
  const pushChildren = (parent: Node): void => {
    let steps = 0;
    for (let c = dom.lastChild(parent); c && steps < MAX_SIBLING_STEPS; c = dom.previousSibling(c), steps++) stack.push(c);
  };
  pushChildren(root);
  while (stack.length) {
    if (ticker.tick()) yield;
    const item = stack.pop() as Node | string;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    if (isText(item)) {
      out.push(escapeText(item.data));
      continue;
    }
    if (!isElement(item)) continue;
    const tag = dom.localName(item);
    const attrs = sortedAttributes(item)
      .map((a) => ` ${a.name}="${escapeAttr(a.value)}"`)
      .join('');
    out.push(`<${tag}${attrs}>`);
    if (VOID.has(tag)) continue;
    stack.push(`</${tag}>`);
    pushChildren(item);
  }
  return out.join('');
}
