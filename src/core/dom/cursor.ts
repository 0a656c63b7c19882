/**
 * A cursor over a document's elements and text nodes in tree order, holding one node at a time: a
 * TreeWalker where the DOM has one that moves by structure (Chromium, happy-dom), else the node getters
 * (linkedom's TreeWalker only steps in document order). Comments and processing instructions are not
 * visited. The cursor never leaves the subtree of its root.
 */
import { dom } from './dom-read.ts';
import { isElement, isText } from './node-kind.ts';

export interface Cursor {
  readonly current: Node;
  /** Moves to the first child element or text node; false (and no move) when there is none. */
  firstChild(): boolean;
  /** Moves to the next sibling element or text node; false when there is none. */
  nextSibling(): boolean;
  /** Moves to the parent; false at the root. */
  parentNode(): boolean;
}

/** NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT. */
const ELEMENTS_AND_TEXT = 0x1 | 0x4;

export function openCursor(doc: Document, root: Element): Cursor {
  const walker = dom.createTreeWalker(doc, root, ELEMENTS_AND_TEXT);
  if (typeof walker.firstChild === 'function' && typeof walker.parentNode === 'function') return walkerCursor(walker);
  return getterCursor(root);
}

function walkerCursor(walker: TreeWalker): Cursor {
  return {
    get current() {
      return walker.currentNode;
    },
    firstChild: () => walker.firstChild() !== null,
    nextSibling: () => walker.nextSibling() !== null,
    parentNode: () => walker.parentNode() !== null,
  };
}

/** Skips nodes that are neither elements nor text, from `n` on along its siblings. */
function shown(n: Node | null): Node | null {
  let c = n;
  while (c && !isElement(c) && !isText(c)) c = dom.nextSibling(c);
  return c;
}

function getterCursor(root: Element): Cursor {
  let current: Node = root;
  return {
    get current() {
      return current;
    },
    firstChild() {
      const c = shown(dom.firstChild(current));
      if (c) current = c;
      return c !== null;
    },
    nextSibling() {
      if (current === root) return false;
      const c = shown(dom.nextSibling(current));
      if (c) current = c;
      return c !== null;
    },
    parentNode() {
      if (current === root) return false;
      const p = dom.parentNode(current);
      if (!p) return false;
      current = p;
      return true;
    },
  };
}
