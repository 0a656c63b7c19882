/**
 * A nesting cap for the dom engine's parsed page, like the one in Chromium's HTML parser: elements are
 * nested at most 512 deep, and what would go deeper becomes siblings at the cap. happy-dom and linkedom
 * have no cap, and their recursive tree walks (textContent, querySelector, connecting a moved subtree)
 * and turndown's overflow the stack on a hostile page 20 000 levels deep. With the cap the dom engine
 * stays bounded and sees the same tree shape as the chromium engine.
 */

/** Chromium's `kMaximumHTMLParserDOMTreeDepth`. */
export const MAX_PARSER_DEPTH = 512;

const ELEMENT_NODE = 1;

/**
 * Flattens every element nested deeper than `maxDepth` (the root element is depth 1): the elements below
 * an element at the cap follow it as siblings, in document order, each keeping its own text. Changes the
 * document (the engine's own parsed copy); returns the number of elements moved. Every DOM call works on
 * a childless or shallow node, so no DOM library recurses deeply.
 */
export function capNesting(doc: Document, maxDepth = MAX_PARSER_DEPTH): number {
  let moved = 0;
  const stack: { el: Element; depth: number }[] = [{ el: doc.documentElement, depth: 1 }];
  while (stack.length > 0) {
    const { el, depth } = stack.pop() as { el: Element; depth: number };
    if (depth >= maxDepth) {
      if (el.firstElementChild) moved += flattenBelow(el);
      continue;
    }
    // childNodes by index: the fastest walk in happy-dom (children and *Sibling are several times slower).
    const kids = el.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i] as Node;
      if (kid.nodeType === ELEMENT_NODE) stack.push({ el: kid as Element, depth: depth + 1 });
    }
  }
  return moved;
}

/** Moves every element below `top` out to follow it as a sibling, deepest first (so each is childless). */
function flattenBelow(top: Element): number {
  const parent = top.parentNode;
  if (!parent) return 0;
  const below = elementsBelow(top);
  for (let i = below.length - 1; i >= 0; i--) (below[i] as Element).remove();
  const fragment = top.ownerDocument.createDocumentFragment();
  for (const el of below) fragment.appendChild(el);
  parent.insertBefore(fragment, top.nextSibling);
  return below.length;
}

/** The element descendants of `root` in document order, without recursion. */
function elementsBelow(root: Element): Element[] {
  const out: Element[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    if (el !== root) out.push(el);
    const kids = el.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i] as Node;
      if (kid.nodeType === ELEMENT_NODE) stack.push(kid as Element);
    }
  }
  return out;
}
