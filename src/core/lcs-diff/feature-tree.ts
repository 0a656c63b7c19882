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
import type { PageModel } from '../model/page-model.ts';
import { BOX_FIELDS, F_BLOCK, F_IGNORED_TAG, F_READ, F_RENDERED, F_SKIPPED } from '../model/page-model.ts';
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
  /** Each node's element (its ordinal in the page model). */
  readonly elements: Int32Array;
  /** Each element's node (−1: not in the tree), by ordinal. */
  readonly nodeOf: Int32Array;
}

/** The limits of a feature tree under resolved options: the page's own and the similar page's are bounded alike. */
export function featureTreeLimits(opts: ExtractOptions): FeatureTreeLimits {
  return { maxNodes: opts.lcsDiff.maxNodes, maxDepth: opts.limits.maxDepth };
}

/** Characters of inline content gathered for one content node's text at most (a content node is a paragraph). */
const MAX_CONTENT_CHARS = 100_000;
/** Levels of inline elements walked for a content node's text at most. */
const MAX_INLINE_LEVELS = 64;

/** The feature tree of a page model, at once (hosts building the similar page's tree). */
export function featureTree(model: PageModel, limits: FeatureTreeLimits): FeatureTree {
  return drain(featureTreeSteps(model, limits, NO_CHECKPOINTS)).tree;
}

/**
 * Whether an element is in the feature tree (§4.2: not an ignored tag, and rendered as the model's walk found
 * it — read, or a `<br>` it met; a skipped subtree is not rendered).
 */
function inTree(model: PageModel, el: number): boolean {
  const f = model.flags[el] as number;
  if (f & (F_IGNORED_TAG | F_SKIPPED)) return false;
  return (f & (F_READ | F_RENDERED)) !== 0;
}

/** §4.3–4.4 The feature tree of the page's BODY in level order, with each node's element; no BODY: an empty tree. */
export function* featureTreeSteps(model: PageModel, limits: FeatureTreeLimits, ticker: Ticker): Steps<PageFeatureTree> {
  const b = new TreeBuilder(model);
  const body = model.size > 0 && model.root !== 0 ? model.root : -1;
  if (body < 0) return { tree: b.finish(false), elements: new Int32Array(0), nodeOf: new Int32Array(model.size).fill(-1) };
  b.add(body, -1, 0, false);
  let truncated = false;
  // Level order: the nodes array is the queue.
  for (let head = 0; head < b.elements.length; head++) {
    if (ticker.tick()) yield;
    const el = b.elements[head]!;
    const depth = b.depth[head]!;
    if (depth >= limits.maxDepth) continue;
    const inLink = b.inLink[head]!;
    for (let c = model.firstChild[el] as number; c >= 0; c = model.nextSibling[c] as number) {
      if (!inTree(model, c)) continue;
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
  return { tree: b.finish(truncated), elements: Int32Array.from(b.elements), nodeOf: b.index };
}

class TreeBuilder {
  readonly elements: number[] = [];
  readonly depth: number[] = [];
  readonly inLink: boolean[] = [];
  /** Each element's node index (−1: not in the tree), so that a child is known to be in the tree. */
  readonly index: Int32Array;
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

  constructor(private readonly model: PageModel) {
    this.index = new Int32Array(model.size).fill(-1);
  }

  add(el: number, parent: number, depth: number, parentInLink: boolean): void {
    const m = this.model;
    const tag = m.tag(el).toLowerCase();
    this.index[el] = this.elements.length;
    this.elements.push(el);
    this.parent.push(parent);
    this.depth.push(depth);
    this.tag.push(tag);
    this.inLink.push(parentInLink || (tag === 'a' && m.hasAttr(el, 'href')));
    this.block.push(m.has(el, F_BLOCK));
  }

  /** The node's id, class, own text, markup length and, for a content node, its content. */
  describe(i: number): void {
    const m = this.model;
    const el = this.elements[i]!;
    this.id.push(m.attr(el, 'id') ?? '');
    this.className.push(normalizeSpace(m.attr(el, 'class') ?? ''));
    let own = 0;
    let rawOwn = 0;
    let inlineChildren = this.tag[i] === 'img';
    let inlineOnly = true;
    const after = m.textAfter[el] as number;
    for (let t = m.textFirst[el] as number; t < after; t++) {
      if (m.textParent[t] !== el) continue;
      const data = m.textData(t);
      rawOwn += data.length;
      const text = normalizeSpace(data);
      if (text) {
        own += text.length;
        inlineChildren = true;
      }
    }
    for (let c = m.firstChild[el] as number; c >= 0; c = m.nextSibling[c] as number) {
      const n = this.index[c] as number;
      if (n < 0) continue; // ignored, not rendered, or past the tree's limits
      if (this.block[n]) inlineOnly = false;
      else inlineChildren = true;
    }
    this.textChars.push(own);
    this.linkChars.push(this.inLink[i] ? own : 0);
    this.codeChars.push(markupChars(m, el, this.tag[i]!) + rawOwn);
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
    // and the clusters' effective area counts the outermost content nodes.
    const parent = this.parent[i]!;
    const boxes = m.allBoxes ? m.boxes : null;
    if (boxes && !(parent >= 0 && this.content[parent] !== null)) {
      const at = el * BOX_FIELDS;
      this.box.push(boxes[at]!, boxes[at + 1]!, boxes[at + 2]!, boxes[at + 3]!);
    } else this.box.push(0, 0, 0, 0);
  }

  /** A content node's text (normalised and raw) and its images' sources: its descendants in the tree only, in document order. */
  private inlineContent(el: number): { text: string; raw: string; images: string[] } {
    const m = this.model;
    const parts: string[] = [];
    const images: string[] = [];
    let chars = 0;
    const walk = (node: number, level: number): void => {
      let t = m.textFirst[node] as number;
      let c = m.firstChild[node] as number;
      const after = m.textAfter[node] as number;
      while (chars < MAX_CONTENT_CHARS) {
        const textsEnd = c >= 0 ? (m.textFirst[c] as number) : after;
        if (t < textsEnd) {
          if (m.textParent[t] === node) {
            const data = m.textData(t);
            parts.push(data);
            chars += data.length;
          }
          t++;
          continue;
        }
        if (c < 0) break;
        if (level < MAX_INLINE_LEVELS && (this.index[c] as number) >= 0) {
          if (m.tag(c) === 'IMG') images.push(m.attr(c, 'src') ?? '');
          walk(c, level + 1);
        }
        t = m.textAfter[c] as number;
        c = m.nextSibling[c] as number;
      }
    };
    if (m.tag(el) === 'IMG') images.push(m.attr(el, 'src') ?? '');
    walk(el, 0);
    const raw = parts.join('');
    return { text: normalizeSpace(raw), raw, images };
  }

  finish(truncated: boolean): FeatureTree {
    return {
      layout: this.model.hasLayout && this.model.allBoxes,
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
function markupChars(m: PageModel, el: number, tag: string): number {
  let n = 2 * tag.length + 5;
  const end = m.attrStart[el + 1] as number;
  for (let a = m.attrStart[el] as number; a < end; a++) n += (m.attrNames[a] as string).length + (m.attrValues[a] as string).length + 4;
  return n;
}
