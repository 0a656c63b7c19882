/**
 * A nesting cap for the dom engine's parsed page, like the one in Chromium's HTML parser: elements are
 * nested at most 513 deep (`MAX_NESTING`), and what would go deeper becomes siblings at the cap. happy-dom and linkedom
 * have no cap, and their recursive tree walks (textContent, querySelector, connecting a moved subtree)
 * and turndown's overflow the stack on a hostile page 20 000 levels deep. With the cap the dom engine
 * stays bounded and sees the same tree shape as the chromium engine.
 */

/** Chromium's `kMaximumHTMLParserDOMTreeDepth`. */
export const MAX_PARSER_DEPTH = 512;

/**
 * The deepest level an element reaches in Chromium's parse (the root element is level 1): its parser attaches
 * a new element to the current node's parent once its stack of open elements holds more than
 * `MAX_PARSER_DEPTH` (`<html>` included), so the element pushed onto a stack of exactly 512 is still nested,
 * at level 513 (checked in Chromium 150 by test/e2e/model-hosts.test.ts).
 */
export const MAX_NESTING = MAX_PARSER_DEPTH + 1;

const ELEMENT_NODE = 1;
const COMMENT_NODE = 8;

/**
 * Flattens every element nested deeper than `maxDepth` (the root element is depth 1): the elements (and
 * comments) below an element at the cap follow it as siblings, in document order, each keeping its own text. Changes the
 * document (the engine's own parsed copy); returns the number of elements moved. Every DOM call works on
 * a childless or shallow node, so no DOM library recurses deeply.
 */
export function capNesting(doc: Document, maxDepth = MAX_NESTING): number {
  let moved = 0;
  const stack: { el: Element; depth: number }[] = [{ el: doc.documentElement, depth: 1 }];
  while (stack.length > 0) {
    const { el, depth } = stack.pop() as { el: Element; depth: number };
    if (depth >= maxDepth) {
      if (hasNodesToMove(el)) moved += flattenBelow(el);
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

/**
 * Moves every element and comment below `top` out to follow it as a sibling, deepest first (so each element is
 * left with text only), as Chromium's parser places them; returns the number of elements moved.
 */
function flattenBelow(top: Element): number {
  const parent = top.parentNode;
  if (!parent) return 0;
  const below = nodesBelow(top);
  for (let i = below.length - 1; i >= 0; i--) (below[i] as ChildNode).remove();
  const fragment = top.ownerDocument.createDocumentFragment();
  for (const node of below) fragment.appendChild(node);
  parent.insertBefore(fragment, top.nextSibling);
  // Text that only the moved nodes kept apart is one text node, as Chromium's parser appends text to a text
  // node just before it (shallow work: no element has element children any more).
  top.normalize();
  let elements = 0;
  for (const node of below) {
    if (node.nodeType !== ELEMENT_NODE) continue;
    (node as Element).normalize();
    elements++;
  }
  return elements;
}

/** Whether `el` has an element or a comment child (which the cap moves out). */
function hasNodesToMove(el: Element): boolean {
  for (let kid = el.firstChild; kid; kid = kid.nextSibling) if (kid.nodeType === ELEMENT_NODE || kid.nodeType === COMMENT_NODE) return true;
  return false;
}

/** The element and comment descendants of `root` in document order, without recursion. */
function nodesBelow(root: Element): ChildNode[] {
  const out: ChildNode[] = [];
  const stack: ChildNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as ChildNode;
    if (node !== root) out.push(node);
    if (node.nodeType !== ELEMENT_NODE) continue;
    const kids = node.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i] as ChildNode;
      if (kid.nodeType === ELEMENT_NODE || kid.nodeType === COMMENT_NODE) stack.push(kid);
    }
  }
  return out;
}
