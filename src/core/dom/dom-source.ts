/**
 * The page model from a DOM: the live page in the content script (with the live RenderProbe: computed style
 * and boxes), a parsed document in tests (happy-dom, linkedom, with the static probe), the similar page's
 * hidden frame. One walk in document order with a TreeWalker (or, where the DOM has none that moves by
 * structure, with the node getters), reading each node once — tag, attributes, text, and the layout of what
 * the walk for text reads — and keeping no node after reading it: the walker's current node is the only one
 * held, so a content script's isolated world keeps no wrapper alive per node of the page. The walk yields at
 * the ticker's checkpoints (a sliced run gives the page its thread back there).
 *
 * This is the only place of the core (with element-lookup.ts, which walks the same way to find elements again
 * by ordinal) that reads the DOM; every method reads the model.
 */
import type { RenderProbe } from '../env.ts';
import type { ExtractOptions } from '../options.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';
import { LAYOUT_NONE, LAYOUT_RENDERED_BLOCK, PageModelBuilder } from '../model/model-builder.ts';
import type { PageModel } from '../model/page-model.ts';
import { dom } from './dom-read.ts';
import { isElement, isText } from './node-kind.ts';
import { openCursor } from './cursor.ts';

const OPEN = 1;
const LEAF = 2;
const FULL = 3;

export interface DomModelOptions {
  /** Keep every read element's box (method 4's feature trees). */
  readonly boxes?: boolean;
  /** The page's URL (base of relative links); undefined: the document's own, when http(s). */
  readonly url?: string | null;
}

/** `Node.COMMENT_NODE`. */
const COMMENT_NODE = 8;

/** The model of `doc` at once (tests, hosts that need no slicing). */
export function buildModelFromDom(doc: Document, probe: RenderProbe, opts: ExtractOptions, options: DomModelOptions = {}): PageModel {
  return drain(buildModelFromDomSteps(doc, probe, opts, options, NO_CHECKPOINTS));
}

/** The model of `doc`, with a checkpoint per `ticker` between nodes. */
export function* buildModelFromDomSteps(
  doc: Document,
  probe: RenderProbe,
  opts: ExtractOptions,
  options: DomModelOptions,
  ticker: Ticker,
): Steps<PageModel> {
  const boxes = options.boxes === true && probe.hasLayout;
  const b = new PageModelBuilder({
    opts,
    url: options.url === undefined ? documentUrl(doc) : options.url,
    hasLayout: probe.hasLayout,
    boxes,
  });
  const html = dom.documentElement(doc);
  if (!html) return b.finish();
  const body = dom.body(doc) ?? html;
  for (const parent of [doc, html, dom.head(doc)]) {
    if (!parent) continue;
    for (const n of dom.childNodes(parent)) if (dom.nodeType(n) === COMMENT_NODE) b.documentComment((n as Comment).data);
  }
  const cursor = openCursor(doc, html);
  /** Opens an element in the builder (with its layout when asked): `OPEN`, `LEAF` (opened, children not read) or `FULL`. */
  const open = (el: Element): number => {
    const names = dom.getAttributeNames(el);
    const values = names.map((n) => dom.getAttribute(el, n) ?? '');
    const name = elementName(el);
    const at = b.openElement(name, names, values, el === body);
    if (at < 0) return FULL;
    const need = b.needsLayout();
    if (need !== LAYOUT_NONE) {
      const rendered = probe.isRendered(el);
      b.setLayout(rendered, rendered && need === LAYOUT_RENDERED_BLOCK && probe.isBlock(el));
    }
    // Boxes of what the walk reads, with layout: every one for method 4, else the images' (their size).
    if (probe.hasLayout && (boxes || name === 'img') && b.isRendered(at)) {
      const box = probe.box(el);
      if (box) b.setBox(at, box.left, box.top, box.width, box.height);
    }
    // A <template>'s content is not the page's (some DOMs hand it out as the template's children).
    return name === 'template' ? LEAF : OPEN;
  };
  /** The cursor's node: `OPEN` an element open in the builder whose children come next, `LEAF` one whose do not, else 0. */
  let opened = open(html);
  if (opened === FULL) return b.finish();
  // Levels below <html>: the walk ends when it is back there, even on a DOM whose parents lie.
  let depth = 0;
  for (;;) {
    if (ticker.tick()) yield;
    if (opened === OPEN && cursor.firstChild()) {
      depth++;
      opened = enter(cursor.current);
      if (!b.accepting) break;
      continue;
    }
    if (opened !== 0) b.closeElement();
    // The node is done: on to its next sibling, closing each parent left on the way up.
    let moved = false;
    while (!(moved = cursor.nextSibling())) {
      if (depth === 0 || cursor.current === html || !cursor.parentNode()) break;
      depth--;
      b.closeElement();
      if (depth === 0 || cursor.current === html) break;
    }
    if (!moved) break;
    opened = enter(cursor.current);
    if (!b.accepting) break;
  }
  return b.finish();

  /** Reads a node the walk stepped onto: what `open` says of an element, 0 for anything else. */
  function enter(n: Node): number {
    if (isText(n)) {
      b.text(n.data);
      return 0;
    }
    if (!isElement(n)) return 0;
    // Not the page's (the extension's own overlay): neither recorded nor walked.
    if (probe.isForeign?.(n)) return 0;
    const r = open(n);
    return r === FULL ? 0 : r;
  }
}

/**
 * The tag name as the model keeps it: `localName`'s spelling, read from the qualified name (`tagName`) —
 * lower case for an HTML element (whose `tagName` is upper case), as written otherwise (`linearGradient`).
 * Read from `tagName`, not `localName`: a prefixed name in an HTML page (`<atom:link>`, `<g:plusone>`,
 * old CMS tags such as `<sohu_cms_include:…>`) is one unknown element in a browser, while happy-dom splits
 * off the prefix and would call `<atom:link>` a LINK — an ignored tag.
 */
export function elementName(el: Element): string {
  const tagName = dom.tagName(el);
  let name = ELEMENT_NAMES.get(tagName);
  if (name === undefined) {
    name = /[a-z]/.test(tagName) ? tagName : tagName.toLowerCase();
    if (ELEMENT_NAMES.size < ELEMENT_NAMES_MAX) ELEMENT_NAMES.set(tagName, name);
  }
  return name;
}

/** `elementName` by `tagName`: a page uses a few dozen names (bounded, for pages that invent thousands). */
const ELEMENT_NAMES = new Map<string, string>();
const ELEMENT_NAMES_MAX = 1024;

function documentUrl(doc: Document): string | null {
  const url = dom.URL(doc);
  return url && /^https?:/i.test(url) ? url : null;
}
