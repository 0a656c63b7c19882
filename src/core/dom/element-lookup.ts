/**
 * Elements found again by their ordinal in the page model (`NodeRef.ordinal`), for the overlay and annotation
 * mode: one walk over the live document with the same rules as the model's (dom-source.ts: every element in
 * tree order from `<html>`, open shadow roots walked in as cursor.ts does, a `<template>`'s content and
 * foreign elements — the overlay's host — left out),
 * and only for what is drawn or picked. The CSS path of the reference checks the element found: a page that
 * changed since the extraction is looked up by its path instead.
 */
import type { NodeRef } from '../types.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';
import { cssIdentifier } from '../model/css-escape.ts';
import { normalizeSpace } from '../text/normalize.ts';
import { openCursor } from './cursor.ts';
import { MAX_ANCESTOR_STEPS, MAX_SIBLING_STEPS, dom } from './dom-read.ts';
import { isElement } from './node-kind.ts';
import { elementName } from './dom-source.ts';

/** Says which elements are not the page's own (`RenderProbe.isForeign`): they are not counted. */
export type ForeignTest = (el: Element) => boolean;

/** The elements of `doc` with the given ordinals (those past the end of the document are missing). */
export function findElements(doc: Document, ordinals: Iterable<number>, isForeign?: ForeignTest): Map<number, Element> {
  return drain(findElementsSteps(doc, ordinals, isForeign, NO_CHECKPOINTS));
}

/** `findElements` with a checkpoint per `ticker` between elements. */
export function* findElementsSteps(
  doc: Document,
  ordinals: Iterable<number>,
  isForeign: ForeignTest | undefined,
  ticker: Ticker,
): Steps<Map<number, Element>> {
  const wanted = new Set(ordinals);
  const found = new Map<number, Element>();
  let last = -1;
  for (const o of wanted) last = Math.max(last, o);
  if (last < 0) return found;
  yield* walkElements(doc, isForeign, ticker, (el, ordinal) => {
    if (wanted.has(ordinal)) found.set(ordinal, el);
    return ordinal < last;
  });
  return found;
}

/** The ordinal of `target` in `doc` as the page model numbers it, or −1 (not in the document, or foreign). */
export function ordinalOf(doc: Document, target: Element, isForeign?: ForeignTest): number {
  let at = -1;
  drain(
    walkElements(doc, isForeign, NO_CHECKPOINTS, (el, ordinal) => {
      if (el !== target) return true;
      at = ordinal;
      return false;
    }),
  );
  return at;
}

/** Resolves a path written by `cssPath` in the same document, or null. */
export function resolveCssPath(doc: Document, selector: string): Element | null {
  try {
    return dom.querySelector(doc, selector);
  } catch {
    return null;
  }
}

/**
 * The element of a reference: the one of its ordinal (from `byOrdinal`, a `findElements` result) when it
 * still matches the reference's path, else the one its path names, else null.
 */
export function resolveRef(doc: Document, ref: NodeRef, byOrdinal: ReadonlyMap<number, Element>): Element | null {
  const el = ref.ordinal === undefined ? undefined : byOrdinal.get(ref.ordinal);
  if (el && (!ref.selector || matches(el, ref.selector) || matchesInShadowTree(el, ref.selector))) return el;
  return ref.selector ? resolveCssPath(doc, ref.selector) : null;
}

/**
 * An element in a shadow root, checked against the path the model wrote through its host (`… > x-story >
 * article > p`), which no selector can match across the root: its own last step must match.
 */
function matchesInShadowTree(el: Element, selector: string): boolean {
  let top: Node = el;
  for (let steps = 0, p = dom.parentNode(el); p && steps < MAX_ANCESTOR_STEPS; p = dom.parentNode(p), steps++) top = p;
  if (dom.nodeType(top) !== DOCUMENT_FRAGMENT_NODE) return false;
  const at = selector.lastIndexOf(' > ');
  const last = at < 0 ? selector : selector.slice(at + 3);
  return last !== '' && matches(el, last);
}

const DOCUMENT_FRAGMENT_NODE = 11;

function matches(el: Element, selector: string): boolean {
  try {
    return dom.matches(el, selector);
  } catch {
    return false;
  }
}

/** Visits the elements in the model's order with their ordinals, until `visit` returns false. */
function* walkElements(
  doc: Document,
  isForeign: ForeignTest | undefined,
  ticker: Ticker,
  visit: (el: Element, ordinal: number) => boolean,
): Steps<void> {
  const html = dom.documentElement(doc);
  if (!html) return;
  const cursor = openCursor(doc, html);
  let ordinal = 0;
  if (!visit(html, 0)) return;
  let descend = elementName(html) !== 'template';
  // Levels below <html>, as dom-source.ts counts them: the walk ends back there, even on a DOM whose parents lie.
  let depth = 0;
  for (;;) {
    if (ticker.tick()) yield;
    let moved = descend && cursor.firstChild();
    if (moved) depth++;
    while (!moved) {
      if (cursor.nextSibling()) {
        moved = true;
        break;
      }
      if (depth === 0 || cursor.current === html || !cursor.parentNode()) return;
      depth--;
      if (depth === 0 || cursor.current === html) return;
    }
    const node = cursor.current;
    descend = false;
    if (!isElement(node) || isForeign?.(node)) continue;
    if (!visit(node, ++ordinal)) return;
    descend = elementName(node) !== 'template';
  }
}

const SIMPLE_ID = /^[A-Za-z][\w-]*$/;
const PREVIEW_CHARS = 60;

/**
 * A reference to an element of the live page that the model did not name (an annotator's pick): its ordinal
 * as the page model counts it, its CSS path (as `CssPaths` writes it from the model), and `preview`.
 */
export function refOfElement(doc: Document, el: Element, preview: string, isForeign?: ForeignTest): NodeRef {
  const ordinal = ordinalOf(doc, el, isForeign);
  return { selector: cssPathOf(doc, el), preview: normalizeSpace(preview).slice(0, PREVIEW_CHARS), ...(ordinal >= 0 ? { ordinal } : {}) };
}

/** The CSS path of a live element: `html > body > div:nth-of-type(2) > p`, shortened at an id that names it. */
function cssPathOf(doc: Document, el: Element): string {
  const parts: string[] = [];
  for (let cur: Element | null = el; cur && parts.length < MAX_ANCESTOR_STEPS;) {
    const id = dom.getAttribute(cur, 'id');
    if (id && SIMPLE_ID.test(id) && dom.getElementById(doc, id) === cur) {
      parts.push(`#${id}`);
      break;
    }
    const tag = elementName(cur);
    const parent: Element | null = dom.parentElement(cur);
    if (!parent) {
      parts.push(cssIdentifier(tag));
      break;
    }
    let sameTag = 0;
    let steps = 0;
    for (let sib = dom.firstElementChild(parent); sib && steps < MAX_SIBLING_STEPS; sib = dom.nextElementSibling(sib), steps++)
      if (elementName(sib) === tag) sameTag++;
    parts.push(sameTag > 1 ? `${cssIdentifier(tag)}:nth-of-type(${sameTagIndex(parent, cur, tag)})` : cssIdentifier(tag));
    cur = parent;
  }
  return parts.reverse().join(' > ');
}

/** The 1-based place of `el` among the children of `parent` that share its tag. */
function sameTagIndex(parent: Element, el: Element, tag: string): number {
  let index = 0;
  let steps = 0;
  for (let sib = dom.firstElementChild(parent); sib && steps < MAX_SIBLING_STEPS; sib = dom.nextElementSibling(sib), steps++) {
    if (elementName(sib) === tag) index++;
    if (sib === el) break;
  }
  return index;
}
