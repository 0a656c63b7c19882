/**
 * A cursor over a document's elements and text nodes in tree order, holding one node at a time: a
 * TreeWalker where the DOM has one that moves by structure (Chromium, happy-dom), else the node getters
 * (linkedom's TreeWalker only steps in document order). Comments and processing instructions are not
 * visited. The cursor never leaves the subtree of its root.
 *
 * An element's open shadow root is walked as part of the page (a declarative `<template shadowrootmode=
 * "open">`, which a browser's parser attaches, or one a script attached): the shadow root's children come
 * first, as the element's first children, then the element's own. The dom engine's model reads parse5's tree
 * in the same order (node/engines/declarative-shadow.ts), so that ordinals agree between hosts.
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
  const treeCursor = (at: Node): Cursor => {
    const walker = dom.createTreeWalker(doc, at, ELEMENTS_AND_TEXT);
    if (typeof walker.firstChild === 'function' && typeof walker.parentNode === 'function') return walkerCursor(walker);
    return getterCursor(at);
  };
  return composedCursor(root, treeCursor);
}

/** The open shadow root of a node, or null (a DOM without shadow roots has none). */
function openShadowRoot(n: Node): ShadowRoot | null {
  return isElement(n) ? (dom.shadowRoot(n) ?? null) : null;
}

/**
 * A cursor that goes down into open shadow roots: one tree cursor for the document and one for each shadow
 * root on the way down from it (a stack, not recursion: roots nest as deep as a page likes). Past the last
 * child of a shadow root, the next sibling is its host's first own child.
 */
function composedCursor(root: Element, treeCursor: (at: Node) => Cursor): Cursor {
  interface Tree {
    readonly cursor: Cursor;
    /** The shadow root the cursor walks (null for the document's tree). */
    readonly shadow: ShadowRoot | null;
    /** Levels below the shadow root (1: one of its children; unused for the document's tree). */
    depth: number;
  }
  const trees: Tree[] = [{ cursor: treeCursor(root), shadow: null, depth: 0 }];
  let top = trees[0] as Tree;
  const leave = (): Tree => {
    trees.pop();
    top = trees[trees.length - 1] as Tree;
    return top;
  };
  return {
    get current() {
      return top.cursor.current;
    },
    firstChild() {
      const shadow = openShadowRoot(top.cursor.current);
      if (shadow) {
        const inner = treeCursor(shadow);
        if (inner.firstChild()) {
          top = { cursor: inner, shadow, depth: 1 };
          trees.push(top);
          return true;
        }
      }
      if (!top.cursor.firstChild()) return false;
      if (top.shadow) top.depth++;
      return true;
    },
    nextSibling() {
      if (top.cursor.nextSibling()) return true;
      if (!top.shadow || top.depth !== 1) return false;
      // Past the shadow root's last child: the host's own children follow, if it has any.
      const host = (trees[trees.length - 2] as Tree).cursor;
      if (!host.firstChild()) return false;
      leave();
      return true;
    },
    parentNode() {
      if (!top.shadow) return top.cursor.parentNode();
      if (top.depth > 1) {
        if (!top.cursor.parentNode()) return false;
        top.depth--;
        return true;
      }
      // Up from a child of the shadow root: to its host, in the tree the host is in.
      leave();
      return true;
    },
  };
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

function getterCursor(root: Node): Cursor {
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
