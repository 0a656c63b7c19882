/**
 * The page model: the page read once (ALGORITHMS.md §0–§1.3, DESIGN.md "the page is read once"), as arrays
 * indexed by element ordinal — a struct of arrays — and the text as one string. Every method reads this and
 * nothing else: no stage holds a DOM node, so the same core runs over a live page (the content script's walk,
 * dom-source.ts), over a parsed-only page in Node (parse5's tree turned into arrays, no DOM at all) and in
 * tests, and a huge page costs the isolated world of a content script no wrapper per node the core holds.
 *
 * - **Elements** are numbered in document order from `<html>` (ordinal 0), every element of the document,
 *   also those the walk for text skips (the head, scripts, hidden subtrees): metadata, the date candidates'
 *   attributes and the CSS paths of `NodeRef` read them. Each has its interned tag, parent, first child, next
 *   and previous sibling (elements only), the last ordinal of its subtree (`end`: `a` contains `b` when
 *   `a ≤ b ≤ end[a]`), its depth, its attributes and flags (`F_*`).
 * - **Text nodes** are numbered in document order too, each with its parent and its place in `text`, the
 *   concatenation of every text node's data (script and style content excepted, but JSON-LD). An element's
 *   subtree holds the text nodes `textFirst[el] … textAfter[el] − 1`, so its `textContent` is one slice.
 * - **Text blocks** (§0) and the **statistics** of §1.3 (sentences, links, link text, text units, images,
 *   blocks per element) are those of the walk from `<body>` (the content root), which skips ignored and
 *   unrendered subtrees; elements outside it, or inside a skipped subtree, count nothing.
 * - **Boxes** (left, top, width, height in document coordinates) where the host has layout and asked for them.
 */
import type { TextOptions } from '../options.ts';

/** The element's tag is one of the ignored tags of §0 (script, style, svg…). */
export const F_IGNORED_TAG = 1;
/** The element starts a subtree the walk for text skipped: an ignored tag, not rendered, or nested too deep. */
export const F_SKIPPED = 2;
/** The walk for text read the element: it has statistics (the content root, and every rendered element under it but `<br>`). */
export const F_READ = 4;
/** The element starts a text block (computed display in a rendered page, tag name without layout); read elements and `<br>` only. */
export const F_BLOCK = 8;
/** `a[href]`. */
export const F_LINK = 16;
/** The element or one of its ancestors has an ignored tag. */
export const F_IN_IGNORED = 32;
/** The element is rendered, as far as the walk asked (read elements, and `<br>`s the walk met). */
export const F_RENDERED = 64;
/** The element starts a skipped subtree or lies inside one (`F_SKIPPED` on it or an ancestor). */
export const F_IN_SKIPPED = 128;

export interface TextBlock {
  readonly index: number;
  /** The nearest block-level element around the text (an element ordinal). */
  readonly owner: number;
  /** Normalised text, lines separated by "\n". */
  readonly text: string;
  /** The text nodes that make up the block, in order. */
  readonly nodes: readonly number[];
  readonly units: number;
  /** Text units inside links. */
  readonly linkUnits: number;
  /** Links (a[href]) that start inside the block. */
  readonly links: number;
  readonly sentence: boolean;
  /** What the block adds to its ancestors' sentence counts (1 or 0; per sentence line with `sentenceLines`). */
  readonly sentenceWeight: number;
  readonly noise: boolean;
  /** 1–6 when the owner is a heading element, else 0. */
  readonly heading: number;
}

/** The §1.3 statistics of one element, as `PageModel.stats` hands them out. */
export interface NodeStats {
  readonly sentences: number;
  readonly sentenceBlocks: number;
  readonly links: number;
  readonly linkUnits: number;
  readonly units: number;
  readonly images: number;
  readonly blocks: number;
}

/** Everything the builder (model-builder.ts) hands over. */
export interface PageModelParts {
  readonly size: number;
  readonly root: number;
  readonly tagId: Uint16Array;
  readonly tagNames: readonly string[];
  readonly parent: Int32Array;
  readonly firstChild: Int32Array;
  readonly nextSibling: Int32Array;
  readonly prevSibling: Int32Array;
  readonly end: Int32Array;
  readonly depth: Int32Array;
  readonly flags: Uint8Array;
  readonly attrStart: Int32Array;
  readonly attrNames: readonly string[];
  readonly attrValues: readonly string[];
  readonly text: string;
  readonly textCount: number;
  readonly textParent: Int32Array;
  readonly textStart: Int32Array;
  readonly textEnd: Int32Array;
  readonly textFirst: Int32Array;
  readonly textAfter: Int32Array;
  readonly textBlock: Int32Array;
  readonly blocks: readonly TextBlock[];
  readonly sentences: Int32Array;
  readonly sentenceBlocks: Int32Array;
  readonly links: Int32Array;
  readonly linkUnits: Int32Array;
  readonly units: Int32Array;
  readonly images: Int32Array;
  readonly blockCount: Int32Array;
  readonly boxes: Float64Array | null;
  readonly allBoxes: boolean;
  readonly hasLayout: boolean;
  readonly elementCount: number;
  readonly skippedCount: number;
  readonly warnings: readonly string[];
  readonly url: string | null;
  /** The page's publisher variables naming a publication time in inline scripts (model-builder.ts `SCRIPT_TIME`). */
  readonly scriptTimes?: readonly ScriptTime[];
  /** The document's own comments (children of the document, `<html>` and `<head>`): a saved page's capture mark. */
  readonly documentComments?: readonly string[];
}

/** `publish_time = 1699420800`, `"pubDate":"2023-11-08 10:00"` in an inline script: the key and the raw value. */
export interface ScriptTime {
  readonly key: string;
  readonly value: string;
}

/** Entries of `PageModel.boxes` per element: left, top, width, height. */
export const BOX_FIELDS = 4;

export class PageModel implements PageModelParts {
  readonly size: number;
  /** The content root: `<body>` (or `<frameset>`), else `<html>`. */
  readonly root: number;
  readonly tagId: Uint16Array;
  /** Interned tag names as `localName` gives them: lower case for HTML (`div`), as written for SVG (`linearGradient`). */
  readonly tagNames: readonly string[];
  /** The same upper-cased (`DIV`, `LINEARGRADIENT`): what `tagOf` compares. */
  readonly tagUpper: readonly string[];
  readonly parent: Int32Array;
  readonly firstChild: Int32Array;
  readonly nextSibling: Int32Array;
  readonly prevSibling: Int32Array;
  readonly end: Int32Array;
  readonly depth: Int32Array;
  readonly flags: Uint8Array;
  readonly attrStart: Int32Array;
  readonly attrNames: readonly string[];
  readonly attrValues: readonly string[];
  readonly text: string;
  readonly textCount: number;
  readonly textParent: Int32Array;
  readonly textStart: Int32Array;
  readonly textEnd: Int32Array;
  readonly textFirst: Int32Array;
  readonly textAfter: Int32Array;
  readonly textBlock: Int32Array;
  readonly blocks: readonly TextBlock[];
  readonly sentences: Int32Array;
  readonly sentenceBlocks: Int32Array;
  readonly links: Int32Array;
  readonly linkUnits: Int32Array;
  readonly units: Int32Array;
  readonly images: Int32Array;
  readonly blockCount: Int32Array;
  /** Boxes (BOX_FIELDS per element, 0s where none was measured) where the host has layout, else null. */
  readonly boxes: Float64Array | null;
  /** True when every element the walk read was measured (method 4's feature trees); else only images were. */
  readonly allBoxes: boolean;
  readonly hasLayout: boolean;
  /** Elements the walk for text met under the content root (the limit `limits.maxElements` counts these). */
  readonly elementCount: number;
  /** Roots of skipped subtrees under the content root. */
  readonly skippedCount: number;
  /** Warnings such as "page truncated after N elements". */
  readonly warnings: readonly string[];
  /** The document's own URL when it is http(s), else null. */
  readonly url: string | null;
  /** Publication-time variables of the publisher's inline scripts, in document order (at most a few). */
  readonly scriptTimes: readonly ScriptTime[];
  /** Comments at the document's top (a "saved from url" mark, a SingleFile header, an archive's record). */
  readonly documentComments: readonly string[];

  constructor(p: PageModelParts) {
    this.size = p.size;
    this.root = p.root;
    this.tagId = p.tagId;
    this.tagNames = p.tagNames;
    this.tagUpper = p.tagNames.map((n) => n.toUpperCase());
    this.parent = p.parent;
    this.firstChild = p.firstChild;
    this.nextSibling = p.nextSibling;
    this.prevSibling = p.prevSibling;
    this.end = p.end;
    this.depth = p.depth;
    this.flags = p.flags;
    this.attrStart = p.attrStart;
    this.attrNames = p.attrNames;
    this.attrValues = p.attrValues;
    this.text = p.text;
    this.textCount = p.textCount;
    this.textParent = p.textParent;
    this.textStart = p.textStart;
    this.textEnd = p.textEnd;
    this.textFirst = p.textFirst;
    this.textAfter = p.textAfter;
    this.textBlock = p.textBlock;
    this.blocks = p.blocks;
    this.sentences = p.sentences;
    this.sentenceBlocks = p.sentenceBlocks;
    this.links = p.links;
    this.linkUnits = p.linkUnits;
    this.units = p.units;
    this.images = p.images;
    this.blockCount = p.blockCount;
    this.boxes = p.boxes;
    this.allBoxes = p.allBoxes;
    this.hasLayout = p.hasLayout;
    this.elementCount = p.elementCount;
    this.scriptTimes = p.scriptTimes ?? [];
    this.documentComments = p.documentComments ?? [];
    this.skippedCount = p.skippedCount;
    this.warnings = p.warnings;
    this.url = p.url;
  }

  /** Upper-case tag name (`DIV`), as `tagOf` gives it for an element. */
  tag(el: number): string {
    return this.tagUpper[this.tagId[el] as number] as string;
  }

  /** Tag name as `localName` gives it (`div`). */
  localName(el: number): string {
    return this.tagNames[this.tagId[el] as number] as string;
  }

  has(el: number, flag: number): boolean {
    return ((this.flags[el] as number) & flag) !== 0;
  }

  /** Whether `a` is `b` or one of its ancestors (DOM `contains`). */
  contains(a: number, b: number): boolean {
    return a <= b && b <= (this.end[a] as number);
  }

  /** The lowest common ancestor of two elements (DOM-wise: the deepest element containing both). */
  lca(a: number, b: number): number {
    for (let x = b; x >= 0; x = this.parent[x] as number) if (this.contains(x, a)) return x;
    return 0;
  }

  /** The element's attribute `name` (lower case for HTML elements), or null: DOM `getAttribute`. */
  attr(el: number, name: string): string | null {
    const end = this.attrStart[el + 1] as number;
    for (let i = this.attrStart[el] as number; i < end; i++) if (this.attrNames[i] === name) return this.attrValues[i] as string;
    return null;
  }

  hasAttr(el: number, name: string): boolean {
    return this.attr(el, name) !== null;
  }

  /** Number of attributes of the element. */
  attrCount(el: number): number {
    return (this.attrStart[el + 1] as number) - (this.attrStart[el] as number);
  }

  /** The element's `id` (DOM `el.id`): '' without one. */
  id(el: number): string {
    return this.attr(el, 'id') ?? '';
  }

  /** The data of text node `t`. */
  textData(t: number): string {
    return this.text.slice(this.textStart[t], this.textEnd[t]);
  }

  /** DOM `textContent` of an element: the data of every text node in its subtree (script and style content left out). */
  textContent(el: number): string {
    const first = this.textFirst[el] as number;
    const after = this.textAfter[el] as number;
    return first < after ? this.text.slice(this.textStart[first], this.textEnd[after - 1]) : '';
  }

  /** The §1.3 statistics of an element (zeros for one the walk for text did not read). */
  stats(el: number): NodeStats {
    return {
      sentences: this.sentences[el] as number,
      sentenceBlocks: this.sentenceBlocks[el] as number,
      links: this.links[el] as number,
      linkUnits: this.linkUnits[el] as number,
      units: this.units[el] as number,
      images: this.images[el] as number,
      blocks: this.blockCount[el] as number,
    };
  }

  /** The block a text node belongs to, or undefined. */
  blockOf(t: number): TextBlock | undefined {
    const b = this.textBlock[t] as number;
    return b >= 0 ? this.blocks[b] : undefined;
  }

  /** Whether the walk read the element and found it block-level; undefined for an element it skipped or did not read. */
  isBlock(el: number): boolean | undefined {
    const f = this.flags[el] as number;
    return f & F_READ ? (f & F_BLOCK) !== 0 : undefined;
  }

  /** The element's box (document coordinates), or null without layout. */
  box(el: number): { left: number; top: number; width: number; height: number } | null {
    const b = this.boxes;
    if (!b) return null;
    const i = el * BOX_FIELDS;
    return { left: b[i] as number, top: b[i + 1] as number, width: b[i + 2] as number, height: b[i + 3] as number };
  }

  /** Which interned tags are `tag` (upper case): an HTML `title` and an SVG `title` are two names of one tag. */
  private tagMask(tag: string): Uint8Array | null {
    let mask: Uint8Array | null = null;
    this.tagUpper.forEach((t, id) => {
      if (t !== tag) return;
      mask ??= new Uint8Array(this.tagUpper.length);
      mask[id] = 1;
    });
    return mask;
  }

  /** The first element in document order whose tag (upper case) is `tag`, in `[from, to]`, or −1. */
  findTag(tag: string, from = 0, to = this.size - 1): number {
    const mask = this.tagMask(tag);
    if (!mask) return -1;
    const ids = this.tagId;
    for (let i = from; i <= to; i++) if (mask[ids[i] as number]) return i;
    return -1;
  }

  /** The element ordinals with tag (upper case) `tag` in `[from, to]`, in document order. */
  allOfTag(tag: string, from = 0, to = this.size - 1): number[] {
    const out: number[] = [];
    const mask = this.tagMask(tag);
    if (!mask) return out;
    const ids = this.tagId;
    for (let i = from; i <= to; i++) if (mask[ids[i] as number]) out.push(i);
    return out;
  }

  /** The element's nearest ancestor (itself included) with the tag (upper case), or −1: DOM `closest(tag)`. */
  closest(el: number, tag: string): number {
    for (let e = el; e >= 0; e = this.parent[e] as number) if (this.tag(e) === tag) return e;
    return -1;
  }

  /** The element children of `el`, in order. */
  children(el: number): number[] {
    const out: number[] = [];
    for (let c = this.firstChild[el] as number; c >= 0; c = this.nextSibling[c] as number) out.push(c);
    return out;
  }
}

/** The text options the builder needs (sentence and noise tests of §0). */
export type ModelTextOptions = TextOptions;
