/**
 * The page model in Node, with no DOM at all: parse5 builds the tree (the HTML standard's tree
 * construction, as browsers do it), and one walk turns it into the model's arrays, with the layout of a
 * parsed-only page (core/model/static-layout.ts: hidden by attribute and inline style, block-level by tag
 * name). The parse5 tree is garbage as soon as the walk is done. A declarative shadow root
 * (`<template shadowrootmode="open">`) is read as a browser attaches it (declarative-shadow.ts).
 *
 * Nesting is capped as Chromium's parser caps it (cap-nesting.ts): the elements below an element 513 levels
 * deep follow it as siblings, each with its own text, so that the dom engine sees the chromium engine's tree
 * shape on a hostile page.
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import type { ExtractOptions } from '../../core/options.ts';
import { LAYOUT_NONE, LAYOUT_RENDERED_BLOCK, PageModelBuilder } from '../../core/model/model-builder.ts';
import type { PageModel } from '../../core/model/page-model.ts';
import { isBlockStatic, isRenderedStatic } from '../../core/model/static-layout.ts';
import { MAX_NESTING } from './cap-nesting.ts';
import { composedChildren, declarativeShadowOf } from './declarative-shadow.ts';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];
type P5Parent = DefaultTreeAdapterMap['parentNode'];

const HTML_NS = 'http://www.w3.org/1999/xhtml';

export interface ParsedModel {
  readonly model: PageModel;
  /** Elements made siblings by the nesting cap (0 almost always). */
  readonly flattened: number;
}

/** Parses `html` and reads it into a page model (`url`: the page's URL, http(s), or null). */
export function buildModelFromHtml(html: string, opts: ExtractOptions, url: string | null): ParsedModel {
  const doc = parse(html, { scriptingEnabled: true });
  return modelOfTree(doc, opts, url);
}

/** A parse5 document read into a page model. */
export function modelOfTree(doc: DefaultTreeAdapterMap['document'], opts: ExtractOptions, url: string | null): ParsedModel {
  const b = new PageModelBuilder({ opts, url, hasLayout: false, boxes: false });
  const root = doc.childNodes.find(isElement);
  if (!root) return { model: b.finish(), flattened: 0 };
  const body = root.childNodes.find((n): n is P5Element => isElement(n) && (n.tagName === 'body' || n.tagName === 'frameset')) ?? root;
  const head = root.childNodes.find((n): n is P5Element => isElement(n) && n.tagName === 'head');
  for (const parent of [doc, root, head]) {
    for (const n of parent?.childNodes ?? [])
      if (n.nodeName === '#comment') b.documentComment((n as DefaultTreeAdapterMap['commentNode']).data);
  }
  let flattened = 0;

  /** Opens an element in the builder with its static layout; false when the model is full. */
  const open = (el: P5Element): boolean => {
    const names: string[] = [];
    const values: string[] = [];
    let hidden = false;
    let ariaHidden: string | null = null;
    let style: string | null = null;
    for (const a of el.attrs) {
      const name = a.prefix ? `${a.prefix}:${a.name}` : a.name;
      names.push(name);
      values.push(a.value);
      if (name === 'hidden') hidden = true;
      else if (name === 'aria-hidden') ariaHidden = a.value;
      else if (name === 'style') style = a.value;
    }
    const at = b.openElement(elementName(el), names, values, el === body);
    if (at < 0) return false;
    const need = b.needsLayout();
    if (need !== LAYOUT_NONE) {
      const rendered = isRenderedStatic(hidden, ariaHidden, style);
      b.setLayout(rendered, rendered && need === LAYOUT_RENDERED_BLOCK && isBlockStatic(elementName(el).toUpperCase(), style));
    }
    return true;
  };

  // An explicit stack of child lists (no recursion: a hostile page nests deeply).
  interface Frame {
    readonly nodes: readonly P5Node[];
    next: number;
    /** Nesting level of the nodes in the list (`<html>` is 1). */
    readonly depth: number;
  }
  if (!open(root)) return { model: b.finish(), flattened };
  const stack: Frame[] = [{ nodes: childrenOf(root), next: 0, depth: 2 }];
  while (stack.length && b.accepting) {
    const frame = stack[stack.length - 1] as Frame;
    const node = frame.nodes[frame.next++];
    if (node === undefined) {
      stack.pop();
      b.closeElement();
      continue;
    }
    if (node.nodeName === '#text') {
      b.text((node as DefaultTreeAdapterMap['textNode']).value);
      continue;
    }
    if (!isElement(node)) continue;
    if (frame.depth >= MAX_NESTING && hasNodesToMove(node)) {
      flattened += flattenAt(node);
      continue;
    }
    if (!open(node)) break;
    stack.push({ nodes: childrenOf(node), next: 0, depth: frame.depth + 1 });
  }

  /**
   * An element at the cap: it and every element below it, in document order, as siblings, each with the text
   * directly inside it (cap-nesting.ts) as one text node: Chromium's parser moves comments out as it moves
   * elements, and appends text to a text node just before it. Returns how many were made siblings.
   */
  function flattenAt(top: P5Element): number {
    const order: P5Element[] = [];
    const pending: P5Element[] = [top];
    while (pending.length) {
      const el = pending.pop() as P5Element;
      order.push(el);
      const kids = childrenOf(el);
      for (let i = kids.length - 1; i >= 0; i--) {
        const k = kids[i] as P5Node;
        if (isElement(k)) pending.push(k);
      }
    }
    for (const el of order) {
      if (!open(el)) return order.length - 1;
      let text: string | null = null;
      for (const k of childrenOf(el)) if (k.nodeName === '#text') text = (text ?? '') + (k as DefaultTreeAdapterMap['textNode']).value;
      if (text !== null) b.text(text);
      b.closeElement();
    }
    return order.length - 1;
  }

  return { model: b.finish(), flattened };
}

function isElement(n: P5Node): n is P5Element {
  return 'tagName' in n;
}

/**
 * The children of an element as the page has them: a `<template>`'s content is not the page's, and is not
 * read; a declarative open shadow root's children come first, as the live walk reads them (core/dom/cursor.ts).
 */
function childrenOf(el: P5Parent): readonly P5Node[] {
  if (!('tagName' in el)) return el.childNodes;
  if (el.tagName === 'template') return [];
  const shadow = declarativeShadowOf(el);
  return shadow ? composedChildren(el, shadow) : el.childNodes;
}

/** Whether the cap moves anything out of `el`: Chromium's parser moves comments as it moves elements. */
function hasNodesToMove(el: P5Element): boolean {
  return childrenOf(el).some((n) => isElement(n) || n.nodeName === '#comment');
}

/** The tag as the model keeps it: `localName`'s spelling (lower case for HTML, as written for SVG and MathML). */
function elementName(el: P5Element): string {
  const qualified = el.namespaceURI === HTML_NS ? el.tagName.toUpperCase() : el.tagName;
  return /[a-z]/.test(qualified) ? qualified : qualified.toLowerCase();
}
