/**
 * Node-kind guards by `nodeType`, never `instanceof`: the core runs on documents from other realms
 * (iframes, happy-dom/linkedom windows, content-script worlds) where `instanceof HTMLElement` fails.
 * Both are read through dom-read.ts: a form control named `nodeType` or `localName` must not change
 * what a form is.
 */
import { dom } from './dom-read.ts';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * Upper-case tag names by qualified name: every stage asks for tag names, and `toUpperCase` makes a new
 * string each time. Bounded, since a page may invent any number of custom element names.
 */
const UPPER_CASE = new Map<string, string>();
const MAX_KNOWN_TAGS = 1024;

export function isElement(node: Node | null | undefined): node is Element {
  return !!node && dom.nodeType(node) === ELEMENT_NODE;
}

export function isText(node: Node | null | undefined): node is Text {
  return !!node && dom.nodeType(node) === TEXT_NODE;
}

/**
 * Upper-case tag name ("DIV"), also for XHTML documents whose tagName is lower case. Read from the qualified
 * name (`tagName`), not `localName`: a prefixed name in an HTML page (`<atom:link>`, `<g:plusone>`, old CMS
 * tags such as `<sohu_cms_include:…>`) is one unknown element in a browser, while happy-dom splits off the
 * prefix and would call `<atom:link>` a LINK — an ignored tag, and a page whose article an unclosed
 * `<atom:link … />` in the head wraps would lose it all.
 */
export function tagOf(el: Element): string {
  const name = dom.tagName(el);
  let tag = UPPER_CASE.get(name);
  if (tag === undefined) {
    tag = name.toUpperCase();
    if (UPPER_CASE.size < MAX_KNOWN_TAGS) UPPER_CASE.set(name, tag);
  }
  return tag;
}
