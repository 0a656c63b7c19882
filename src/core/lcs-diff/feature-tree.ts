/**
 * Method 4, §4.3–4.4: a page's feature tree. One CNode per rendered element under BODY (BODY included), in
 * level order, with tag, id, className, depth and the rendered box (left, top, width, height from the host's
 * RenderProbe; every box 0 and `layout` false where the host has no layout). A **content node** holds text
 * or an image directly and its element children are all inline; every other node is a **structure node**.
 *
 * §4.2 pre-processing is the walk's: elements of the ignored tags (scripts, styles, frames… §0) and elements
 * that are not rendered are left out with their subtrees. The same builder serves the page being extracted
 * (which also keeps each node's element, for the combine stage and the overlay) and the similar page (whose
 * document the host discards once the plain tree is built).
 */
import { attributeOf, dom } from '../dom/dom-read.ts';
import { isIgnoredTag } from '../dom/ignored.ts';
import { isElement, isText, tagOf } from '../dom/node-kind.ts';
import type { RenderProbe } from '../env.ts';
import type { ExtractOptions } from '../options.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { drain, NO_CHECKPOINTS } from '../slicing.ts';
import { normalizeSpace } from '../text/normalize.ts';
import type { FeatureTree } from './types.ts';

export interface FeatureTreeLimits {
  /** Most nodes (`lcsDiff.maxNodes`); the rest of the page is left out and the tree says `truncated`. */
  readonly maxNodes: number;
  /** Deepest level walked (`limits.maxDepth`). */
  readonly maxDepth: number;
}

/** The page's own tree and, for each node, its element (and back: each element's node). */
export interface PageFeatureTree {
  readonly tree: FeatureTree;
  readonly elements: readonly Element[];
  readonly nodeOf: ReadonlyMap<Element, number>;
}

/** The limits of a feature tree under resolved options: the page's own and the similar page's are bounded alike. */
export function featureTreeLimits(opts: ExtractOptions): FeatureTreeLimits {
  return { maxNodes: opts.lcsDiff.maxNodes, maxDepth: opts.limits.maxDepth };
}

/** Characters of inline content gathered for one content node's text at most (a content node is a paragraph). */
const MAX_CONTENT_CHARS = 100_000;
/** Levels of inline elements walked for a content node's text at most. */
const MAX_INLINE_LEVELS = 64;

/** The feature tree of `doc`, at once (hosts building the similar page's tree). */
export function featureTree(doc: Document, probe: RenderProbe, limits: FeatureTreeLimits): FeatureTree {
  return drain(featureTreeSteps(doc, probe, limits, NO_CHECKPOINTS)).tree;
}

/** §4.3–4.4 The feature tree of `doc`'s BODY in level order, with each node's element; no BODY: an empty tree. */
export function* featureTreeSteps(doc: Document, probe: RenderProbe, limits: FeatureTreeLimits, ticker: Ticker): Steps<PageFeatureTree> {
  const b = new TreeBuilder(probe);
  const body = dom.body(doc);
  if (!body) return { tree: b.finish(false), elements: [], nodeOf: new Map() };
  b.add(body, -1, 0, false);
  let truncated = false;
  // Level order: the nodes array is the queue. Each element is probed once for rendered and block-level here,
  // its box when it is described.
  for (let head = 0; head < b.elements.length; head++) {
    if (ticker.tick()) yield;
    const el = b.elements[head]!;
    const depth = b.depth[head]!;
    if (depth >= limits.maxDepth) continue;
    const inLink = b.inLink[head]!;
    for (let c = dom.firstElementChild(el); c; c = dom.nextElementSibling(c)) {
      if (isIgnoredTag(c) || !probe.isRendered(c)) continue;
      if (b.elements.length >= limits.maxNodes) {
        truncated = true;
        break;
      }
      b.add(c, head, depth + 1, inLink);
    }
    if (truncated) break;
  }
  for (let i = 0; i < b.elements.length; i++) {
    if (ticker.tick()) yield;
    b.describe(i);
  }
  return { tree: b.finish(truncated), elements: b.elements, nodeOf: b.index };
}

class TreeBuilder {
  readonly elements: Element[] = [];
  readonly depth: number[] = [];
  readonly inLink: boolean[] = [];
  /** Each node's index, so that a child element is known to be in the tree (rendered, not ignored) without probing it again. */
  readonly index = new Map<Element, number>();
  private readonly block: boolean[] = [];
  private readonly parent: number[] = [];
  private readonly tag: string[] = [];
  private readonly id: string[] = [];
  private readonly className: string[] = [];
  private readonly box: number[] = [];
  private readonly content: (string | null)[] = [];
  private readonly rawContent: (string | null)[] = [];
  private readonly textChars: number[] = [];
  private readonly linkChars: number[] = [];
  private readonly codeChars: number[] = [];

  constructor(private readonly probe: RenderProbe) {}

  add(el: Element, parent: number, depth: number, parentInLink: boolean): void {
    const tag = tagOf(el).toLowerCase();
    this.index.set(el, this.elements.length);
    this.elements.push(el);
    this.parent.push(parent);
    this.depth.push(depth);
    this.tag.push(tag);
    this.inLink.push(parentInLink || (tag === 'a' && dom.hasAttribute(el, 'href')));
    this.block.push(this.probe.isBlock(el));
  }

  /** The node's id, class, own text, markup length and, for a content node, its content. */
  describe(i: number): void {
    const el = this.elements[i]!;
    this.id.push(attributeOf(el, 'id') ?? '');
    this.className.push(normalizeSpace(attributeOf(el, 'class') ?? ''));
    let own = 0;
    let rawOwn = 0;
    let inlineChildren = this.tag[i] === 'img';
    let inlineOnly = true;
    for (let n = dom.firstChild(el); n; n = dom.nextSibling(n)) {
      if (isText(n)) {
        const data = n.data;
        rawOwn += data.length;
        const t = normalizeSpace(data);
        if (t) {
          own += t.length;
          inlineChildren = true;
        }
      } else if (isElement(n)) {
        const c = this.index.get(n);
        if (c === undefined) continue; // ignored, not rendered, or past the tree's limits
        if (this.block[c]) inlineOnly = false;
        else inlineChildren = true;
      }
    }
    this.textChars.push(own);
    this.linkChars.push(this.inLink[i] ? own : 0);
    this.codeChars.push(markupChars(el, this.tag[i]!) + rawOwn);
    // A content node: text or an image reached through inline children only (§4.3).
    const inline = inlineChildren && inlineOnly ? this.inlineContent(el) : null;
    if (inline && (inline.text || inline.images.length)) {
      this.content.push(inline.images.length ? `${inline.text}\n${inline.images.join('\n')}` : inline.text);
      this.rawContent.push(inline.raw);
    } else {
      this.content.push(null);
      this.rawContent.push(null);
    }
    // The box of a node inside a content node is never read: compare() judges content nodes by their content,
    // and the clusters' effective area counts the outermost content nodes. Not measuring it halves the
    // layout reads of a page (most elements are inline ones inside paragraphs and list items).
    const parent = this.parent[i]!;
    const b = parent >= 0 && this.content[parent] !== null ? null : this.probe.box(el);
    if (b) this.box.push(b.left, b.top, b.width, b.height);
    else this.box.push(0, 0, 0, 0);
  }

  /** A content node's text (normalised and raw) and its images' sources: its descendants in the tree only. */
  private inlineContent(el: Element): { text: string; raw: string; images: string[] } {
    const parts: string[] = [];
    const images: string[] = [];
    let chars = 0;
    const walk = (node: Element, level: number): void => {
      for (let n = dom.firstChild(node); n && chars < MAX_CONTENT_CHARS; n = dom.nextSibling(n)) {
        if (isText(n)) {
          parts.push(n.data);
          chars += n.data.length;
        } else if (isElement(n) && level < MAX_INLINE_LEVELS && this.index.has(n)) {
          if (tagOf(n) === 'IMG') images.push(attributeOf(n, 'src') ?? '');
          walk(n, level + 1);
        }
      }
    };
    if (tagOf(el) === 'IMG') images.push(attributeOf(el, 'src') ?? '');
    walk(el, 0);
    const raw = parts.join('');
    return { text: normalizeSpace(raw), raw, images };
  }

  finish(truncated: boolean): FeatureTree {
    return {
      layout: this.probe.hasLayout,
      size: this.elements.length,
      tag: this.tag,
      id: this.id,
      className: this.className,
      depth: this.depth,
      parent: this.parent,
      box: this.box,
      content: this.content,
      rawContent: this.rawContent,
      textChars: this.textChars,
      linkChars: this.linkChars,
      codeChars: this.codeChars,
      truncated,
    };
  }
}

/** Length of the element's start and end tags with their attributes: `<a href="x">` + `</a>`. */
function markupChars(el: Element, tag: string): number {
  let n = 2 * tag.length + 5;
  const attrs = dom.attributes(el);
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    n += a.name.length + a.value.length + 4;
  }
  return n;
}
