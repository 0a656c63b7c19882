/** Serialisable element references for the trace, the overlay and `--explain` (STYLE.md §8.6). */
import type { NodeRef } from '../types.ts';
import { normalizeSpace } from '../text/normalize.ts';
import { cssIdentifier } from './css-escape.ts';
import { MAX_ANCESTOR_STEPS, MAX_SIBLING_STEPS, dom } from './dom-read.ts';
import { isIgnoredTag } from './ignored.ts';
import { isElement, isText } from './node-kind.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';

const PREVIEW_CHARS = 60;
const PREVIEW_SOURCE_CHARS = 400;
const SIMPLE_ID = /^[A-Za-z][\w-]*$/;

/** A CSS path from the root (`html > body > div:nth-of-type(2) > p`), shortened at a unique id. */
export function cssPath(el: Element): string {
  return drain(cssPathSteps(el, NO_CHECKPOINTS));
}

/** `cssPath` with a checkpoint per `ticker` between siblings (an item of a list of 60 000 reads them all). */
export function* cssPathSteps(el: Element, ticker: Ticker): Steps<string> {
  const parts: string[] = [];
  for (let cur: Element | null = el, steps = 0; cur && steps < MAX_ANCESTOR_STEPS; steps++) {
    if (hasUniqueId(cur)) {
      parts.push(`#${dom.id(cur)}`);
      break;
    }
    const tag = dom.localName(cur);
    const parent: Element | null = dom.parentElement(cur);
    if (!parent) {
      parts.push(cssIdentifier(tag));
      break;
    }
    // By index over `children`: walking `nextElementSibling` is linear per step in happy-dom, so a
    // list of 60 000 items made every path quadratic. Only as far as needed: up to `cur` for its index,
    // then (when it is the first of its tag) to the next of the same tag, if any — a link block's 200
    // parts at the head of a 100 000-item list each read the whole list before.
    const siblings = dom.children(parent);
    let index = 0;
    let i = 0;
    for (; i < siblings.length; i++) {
      if (ticker.tick()) yield;
      const sib = siblings[i] as Element;
      if (dom.localName(sib) === tag) index++;
      if (sib === cur) break;
    }
    let shared = index > 1;
    for (i++; !shared && i < siblings.length; i++) {
      if (ticker.tick()) yield;
      shared = dom.localName(siblings[i] as Element) === tag;
    }
    parts.push(pathStep(tag, index, shared));
    cur = parent;
  }
  return parts.reverse().join(' > ');
}

/**
 * The CSS paths of one run's elements, each step computed once: the parts of a link block share their
 * ancestors, and the items of one list their parent, so `cssPath` per part read the same ancestors and, for
 * every item, the siblings before it again (the link blocks' parts were a tenth of a page's extraction).
 * A path is the one `cssPath` writes. Keep one only while the document does not change (one stage's run).
 */
export class CssPathMemo {
  private readonly paths = new Map<Element, { readonly path: string; readonly parts: number }>();
  /** Each element's own step (`li:nth-of-type(3)`, `b`), filled for all children of a parent at once. */
  private readonly steps = new Map<Element, string>();

  /** `cssPathSteps`, from the nearest ancestor whose path is known. */
  *pathSteps(el: Element, ticker: Ticker): Steps<string> {
    const chain: Element[] = [];
    let known: { path: string; parts: number } | null = null;
    /** Whether the chain ends at an element with a unique id (its step is `#id`). */
    let atId = false;
    for (let cur: Element | null = el; cur;) {
      const memo = this.paths.get(cur);
      if (memo) {
        known = memo;
        break;
      }
      chain.push(cur);
      atId = hasUniqueId(cur);
      if (atId || chain.length >= MAX_ANCESTOR_STEPS) break;
      cur = dom.parentElement(cur);
    }
    // A chain cut by the step limit, or one that would pass it on top of a known path: as `cssPath` does.
    if (chain.length >= MAX_ANCESTOR_STEPS || (known && known.parts + chain.length > MAX_ANCESTOR_STEPS))
      return yield* cssPathSteps(el, ticker);
    let path = known?.path ?? '';
    let parts = known?.parts ?? 0;
    for (let i = chain.length - 1; i >= 0; i--) {
      const cur = chain[i] as Element;
      const id = i === chain.length - 1 && atId ? dom.id(cur) : '';
      const parent = id ? null : dom.parentElement(cur);
      const step = id ? `#${id}` : parent ? yield* this.stepOf(cur, parent, ticker) : cssIdentifier(dom.localName(cur));
      path = path ? `${path} > ${step}` : step;
      parts++;
      this.paths.set(cur, { path, parts });
    }
    return path;
  }

  private *stepOf(el: Element, parent: Element, ticker: Ticker): Steps<string> {
    const step = this.steps.get(el);
    if (step !== undefined) return step;
    const siblings = dom.children(parent);
    const tags: string[] = [];
    const counts = new Map<string, number>();
    for (let i = 0; i < siblings.length; i++) {
      if (ticker.tick()) yield;
      const tag = dom.localName(siblings[i] as Element);
      tags.push(tag);
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    const seen = new Map<string, number>();
    for (let i = 0; i < siblings.length; i++) {
      if (ticker.tick()) yield;
      const tag = tags[i] as string;
      const index = (seen.get(tag) ?? 0) + 1;
      seen.set(tag, index);
      this.steps.set(siblings[i] as Element, pathStep(tag, index, (counts.get(tag) ?? 0) > 1));
    }
    return this.steps.get(el) ?? cssIdentifier(dom.localName(el));
  }
}

/**
 * One step of a path: the tag (escaped: a tag name may hold `:` or other characters CSS reads as syntax),
 * with its place among same-tag siblings when it shares the tag with one.
 */
function pathStep(tag: string, index: number, shared: boolean): string {
  const type = cssIdentifier(tag);
  return shared ? `${type}:nth-of-type(${index})` : type;
}

function hasUniqueId(el: Element): boolean {
  const id = dom.id(el);
  return !!id && SIMPLE_ID.test(id) && dom.getElementById(dom.ownerDocument(el), id) === el;
}

/** Resolves a path written by `cssPath` in the same document (the overlay's way back to elements). */
export function resolveCssPath(doc: Document, selector: string): Element | null {
  try {
    return dom.querySelector(doc, selector);
  } catch {
    return null;
  }
}

export function nodeRef(node: Node, preview?: string): NodeRef {
  return drain(nodeRefSteps(node, preview, NO_CHECKPOINTS));
}

/** `nodeRef` with a checkpoint per `ticker` in its path, read through `paths` when given. */
export function* nodeRefSteps(node: Node, preview: string | undefined, ticker: Ticker, paths?: CssPathMemo): Steps<NodeRef> {
  const el = isElement(node) ? node : dom.parentElement(node);
  const text = preview ?? leadingText(node, PREVIEW_SOURCE_CHARS);
  const selector = !el ? '' : paths ? yield* paths.pathSteps(el, ticker) : yield* cssPathSteps(el, ticker);
  return { selector, preview: normalizeSpace(text).slice(0, PREVIEW_CHARS) };
}

/**
 * The first `max` characters of a subtree's text, read node by node (iteratively), so that a preview of
 * <body> on a huge or very deep page costs no more than a preview of a paragraph.
 */
function leadingText(root: Node, max: number): string {
  let out = '';
  const stack: Node[] = [root];
  while (stack.length && out.length < max) {
    const node = stack.pop() as Node;
    if (isText(node)) out += node.data;
    else if (isElement(node) && isIgnoredTag(node)) continue;
    else {
      let steps = 0;
      for (let c = dom.lastChild(node); c && steps < MAX_SIBLING_STEPS; c = dom.previousSibling(c), steps++) stack.push(c);
    }
  }
  return out.slice(0, max);
}
