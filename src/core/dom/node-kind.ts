/**
 * Node-kind guards by `nodeType`, never `instanceof`: the core runs on documents from other realms
 * (iframes, happy-dom/linkedom windows, content-script worlds) where `instanceof HTMLElement` fails.
 */
export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export function isElement(node: Node | null | undefined): node is Element {
  return node?.nodeType === ELEMENT_NODE;
}

export function isText(node: Node | null | undefined): node is Text {
  return node?.nodeType === TEXT_NODE;
}

/** Upper-case tag name ("DIV"), also for XHTML documents whose tagName is lower case. */
export function tagOf(el: Element): string {
  return el.localName.toUpperCase();
}

/** Elements' children in document order, without allocating a live collection. */
export function* elementChildren(el: Element): Generator<Element> {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) yield c;
}

/** Is `a` an ancestor of `b`, or `b` itself? */
export function containsOrIs(a: Node, b: Node): boolean {
  return a === b || a.contains(b);
}
