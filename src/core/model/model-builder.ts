/**
 * Builds the page model (page-model.ts) in one pass over the document, fed by a source that walks a tree in
 * document order: the live page or any DOM (dom/dom-source.ts), or parse5's tree in Node (no DOM). The source
 * says what the tree holds (`open`, `text`, `close`); the layout of an element (rendered, block-level, its
 * box) it says only when the builder asks (`needsLayout`), which is for the elements the walk for text reads —
 * not for the head, nor inside a skipped subtree, where a computed style would be wasted.
 *
 * The walk for text is ALGORITHMS.md §0 and §1.2–1.3, from the content root (`<body>`): it skips ignored and
 * unrendered subtrees, segments the text into blocks (the inline content of one block-level element; `<br>`
 * breaks a block into lines) and records for every element its sentence count, link count, link-text
 * length, text length (in text units) and image count. It is bounded by `limits.maxElements` (elements it
 * reads; the model records at most twice as many, the head and skipped subtrees included) and `limits.maxDepth`.
 */
import type { ExtractOptions } from '../options.ts';
import { normalizeLines } from '../text/normalize.ts';
import { isNoiseText } from '../text/noise.ts';
import { isSentence, sentenceWeight } from '../text/sentence.ts';
import { countTextUnits } from '../text/text-units.ts';
import { isIgnoredTagName } from './ignored.ts';
import type { TextBlock } from './page-model.ts';
import {
  BOX_FIELDS,
  F_BLOCK,
  F_IGNORED_TAG,
  F_IN_IGNORED,
  F_IN_SKIPPED,
  F_LINK,
  F_READ,
  F_RENDERED,
  F_SKIPPED,
  PageModel,
} from './page-model.ts';

/** What the builder needs of an element's layout, when it asks (`needsLayout`): nothing, ... */
export const LAYOUT_NONE = 0;
/** ... or whether it is rendered and, when it is, whether it is block-level. */
export const LAYOUT_RENDERED_BLOCK = 2;

/** How the walk for text sees the open element. */
const OUTSIDE = 0; // not under the content root (the head), or past the end of it
const SKIPPING = 1; // a skipped subtree: the root of one, or inside one
const READ = 2; // read: rendered, under the content root
const BR = 3; // a <br> the walk met: its children (none from a parser) are not read
const NOT_READ = 4; // past the limit of elements read: neither read nor skipped

const HEADING = /^H([1-6])$/;
/**
 * Elements the model records at most, per element the walk for text may read (`limits.maxElements`): the head,
 * hidden subtrees (an SVG sprite of thousands of paths) and what lies past the walk's limit are recorded too.
 */
const MODEL_ELEMENTS_PER_READ = 2;
/** …and this many more, whatever the limit (a page's head alone may hold hundreds). */
const MODEL_ELEMENTS_BESIDE = 10_000;
/** Text nodes the model records at most, per element it may record (a page has about one of each). */
const TEXT_NODES_PER_ELEMENT = 2;

export interface BuildOptions {
  readonly opts: ExtractOptions;
  /** The document's URL (http(s) only), or null. */
  readonly url: string | null;
  /** True when the source's layout answers come from a rendered page. */
  readonly hasLayout: boolean;
  /**
   * Keep a box for every element the walk reads (method 4's feature trees); without it, a source with layout
   * keeps the boxes of images only (their size in the Article). The source calls `setBox`.
   */
  readonly boxes: boolean;
}

interface Run {
  readonly owner: number;
  readonly parts: string[];
  readonly linkParts: string[];
  readonly nodes: number[];
  links: number;
}

/** An Int32Array that grows. */
class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) this.grow(this.length * 2);
    this.data[this.length++] = v;
  }
  grow(capacity: number): void {
    const bigger = new Int32Array(capacity);
    bigger.set(this.data);
    this.data = bigger;
  }
  done(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * A publisher's variable naming the publication time in an inline script, and its value: a quoted date
 * (`"pubDate":"2023-11-08 10:00"`, `pubtime: '2019-09-07 19:02:26'`) or a Unix time (`publish_time = 1699420800`).
 * Keys: pubtime, pub_date, publishTime, publish_date, published_at, datePublished, firstPublishTime….
 */
const SCRIPT_TIME =
  /["']?\b((?:first_?)?(?:pub|publish|published)_?(?:time|date|at|datetime|timestamp)|date_?published)["']?\s*[:=]\s*(?:"([^"\\\n]{8,40})"|'([^'\\\n]{8,40})'|(\d{10}(?:\d{3})?)(?!\d))/gi;
/** Script time variables kept per page, and the longest script text searched (a bundle is not the publisher's). */
const MAX_SCRIPT_TIMES = 8;
const MAX_SCRIPT_CHARS = 1_000_000;
const MAX_DOCUMENT_COMMENTS = 8;
const MAX_COMMENT_CHARS = 2000;

export class PageModelBuilder {
  private readonly opts: ExtractOptions;
  private readonly scriptTimes: { key: string; value: string }[] = [];
  private readonly documentComments: string[] = [];
  /** The inline `<script>` open now (its text is searched for `SCRIPT_TIME`), or -1. */
  private inScript = -1;
  private readonly build: BuildOptions;
  private readonly maxElements: number;
  /** Elements the model records at most (head, hidden subtrees and the rest of the page included). */
  private readonly maxRecorded: number;
  // Elements.
  private size = 0;
  private capacity = 1024;
  private tagId: Uint16Array = new Uint16Array(this.capacity);
  private parent: Int32Array = new Int32Array(this.capacity);
  private firstChild: Int32Array = new Int32Array(this.capacity);
  private lastChild: Int32Array = new Int32Array(this.capacity);
  private nextSibling: Int32Array = new Int32Array(this.capacity);
  private prevSibling: Int32Array = new Int32Array(this.capacity);
  private end: Int32Array = new Int32Array(this.capacity);
  private depth: Int32Array = new Int32Array(this.capacity);
  private flags: Uint8Array = new Uint8Array(this.capacity);
  private textFirst: Int32Array = new Int32Array(this.capacity);
  private textAfter: Int32Array = new Int32Array(this.capacity);
  private sentences: Int32Array = new Int32Array(this.capacity);
  private sentenceBlocks: Int32Array = new Int32Array(this.capacity);
  private links: Int32Array = new Int32Array(this.capacity);
  private linkUnits: Int32Array = new Int32Array(this.capacity);
  private units: Int32Array = new Int32Array(this.capacity);
  private images: Int32Array = new Int32Array(this.capacity);
  private blockCount: Int32Array = new Int32Array(this.capacity);
  private boxes: Float64Array | null;
  private readonly attrStart = new IntList();
  private readonly attrNames: string[] = [];
  private readonly attrValues: string[] = [];
  private readonly tagIds = new Map<string, number>();
  private readonly tagNames: string[] = [];
  /** `tagNames` in upper case, by tag id (what the rules compare with). */
  private readonly tagNamesUpper: string[] = [];
  // Text nodes.
  private readonly textParts: string[] = [];
  private textLength = 0;
  private readonly textParent = new IntList();
  private readonly textStart = new IntList();
  private readonly textEnd = new IntList();
  private readonly textBlock = new IntList();
  // The open elements, and how the walk for text sees each.
  private readonly open: number[] = [];
  private readonly state: number[] = [];
  /** Open elements the walk reads (the content root first): the depth limit counts these. */
  private readDepth = 0;
  private root = -1;
  /** Set by `open`, answered by `setLayout`: the element waiting for its layout, and what it is. */
  private pending = -1;
  private pendingNeed = LAYOUT_NONE;
  private pendingBr = false;
  // The walk for text.
  private readonly blocks: TextBlock[] = [];
  private readonly blockFlags: boolean[] = [];
  private readonly linkFlags: boolean[] = [];
  private elementCount = 0;
  private skippedCount = 0;
  private truncated = false;
  private tooDeep = false;
  private full = false;
  private linkDepth = 0;
  private pendingLinks = 0;
  private run: Run | null = null;
  private readonly warnings: string[] = [];
  /** The open `<script>` holds JSON-LD (its text is kept); any other script's or style's is not. */
  private rawTextKept: boolean[] = [];

  constructor(build: BuildOptions) {
    this.build = build;
    this.opts = build.opts;
    this.maxElements = build.opts.limits.maxElements;
    this.maxRecorded = MODEL_ELEMENTS_PER_READ * this.maxElements + MODEL_ELEMENTS_BESIDE;
    this.boxes = build.hasLayout ? new Float64Array(this.capacity * BOX_FIELDS) : null;
  }

  /** False once the model holds as many elements (or text nodes) as it records at most: the source should stop. */
  get accepting(): boolean {
    return !this.full;
  }

  /**
   * Opens an element (its tag as `localName` gives it, its attributes' names and values); `contentRoot` marks
   * `<body>` (or `<frameset>`; `<html>` when the document has neither). Returns its ordinal, or −1 when the
   * model is full (then the source skips the element's subtree and closes nothing for it).
   */
  openElement(name: string, attrNames: readonly string[], attrValues: readonly string[], contentRoot: boolean): number {
    this.pending = -1;
    this.pendingNeed = LAYOUT_NONE;
    if (this.size >= this.maxRecorded) {
      if (!this.full) this.warnings.push(`page truncated: only the first ${this.maxRecorded} elements were recorded`);
      this.full = true;
      return -1;
    }
    const el = this.size++;
    if (el === this.capacity) this.growElements();
    const tag = this.internTag(name);
    const upper = this.tagNamesUpper[tag] as string;
    this.tagId[el] = tag;
    const parent = this.open.length ? (this.open[this.open.length - 1] as number) : -1;
    this.parent[el] = parent;
    this.firstChild[el] = -1;
    this.lastChild[el] = -1;
    this.nextSibling[el] = -1;
    this.prevSibling[el] = -1;
    if (parent >= 0) {
      const last = this.lastChild[parent] as number;
      if (last >= 0) {
        this.nextSibling[last] = el;
        this.prevSibling[el] = last;
      } else this.firstChild[parent] = el;
      this.lastChild[parent] = el;
    }
    this.depth[el] = this.open.length;
    this.textFirst[el] = this.textParent.length;
    this.attrStart.push(this.attrNames.length);
    for (let i = 0; i < attrNames.length; i++) {
      this.attrNames.push(attrNames[i] as string);
      this.attrValues.push(attrValues[i] as string);
    }
    this.flags[el] = 0;
    let flags = 0;
    const ignored = isIgnoredTagName(upper);
    if (ignored) flags |= F_IGNORED_TAG;
    if (ignored || (parent >= 0 && (this.flags[parent] as number) & F_IN_IGNORED)) flags |= F_IN_IGNORED;
    if (upper === 'A' && this.hasAttribute(el, 'href')) flags |= F_LINK;
    this.rawTextKept.push(upper === 'SCRIPT' ? isJsonLd(this.attributeOf(el, 'type')) : upper !== 'STYLE');
    if (upper === 'SCRIPT' && !this.attributeOf(el, 'src') && !isJsonLd(this.attributeOf(el, 'type'))) this.inScript = el;

    const parentState = parent >= 0 ? (this.state[this.state.length - 1] as number) : OUTSIDE;
    let state: number;
    if (contentRoot && this.root < 0) {
      this.root = el;
      state = READ;
      flags |= F_READ | F_BLOCK | F_RENDERED;
      this.readDepth++;
      this.blockFlags.push(true);
      this.linkFlags.push(false);
    } else if (parentState === READ) {
      state = this.classify(el, upper, ignored);
    } else if (parentState === SKIPPING) state = SKIPPING;
    else if (parentState === OUTSIDE) state = OUTSIDE;
    else state = NOT_READ;
    if (state === SKIPPING) flags |= F_IN_SKIPPED;
    this.flags[el] = flags | (this.flags[el] as number);
    this.open.push(el);
    this.state.push(state);
    return el;
  }

  /** What the source must say of the element just opened (LAYOUT_*), before its attributes are forgotten. */
  needsLayout(): number {
    return this.pendingNeed;
  }

  /** The layout of the element just opened, when `needsLayout` asked for it. */
  setLayout(rendered: boolean, block: boolean): void {
    const el = this.pending;
    if (el < 0) return;
    this.pending = -1;
    this.pendingNeed = LAYOUT_NONE;
    const at = this.state.length - 1;
    if (!rendered) {
      this.state[at] = SKIPPING;
      this.flags[el] = (this.flags[el] as number) | F_SKIPPED | F_IN_SKIPPED;
      this.skippedCount++;
      return;
    }
    this.flags[el] = (this.flags[el] as number) | F_RENDERED;
    if (this.pendingBr) {
      // A <br> (§0 breaks a block into lines): not read, never a block of text (its display is kept for method 4).
      if (this.run) this.run.parts.push('\n');
      this.state[at] = BR;
      if (block) this.flags[el] = (this.flags[el] as number) | F_BLOCK;
      return;
    }
    this.readElement(el, block);
  }

  /** Whether the walk read the element, or met it as a rendered `<br>` (what a source measures boxes of). */
  isRendered(el: number): boolean {
    return ((this.flags[el] as number) & (F_READ | F_RENDERED)) !== 0;
  }

  /** The element's box (document coordinates), for a model built with layout. */
  setBox(el: number, left: number, top: number, width: number, height: number): void {
    const b = this.boxes;
    if (!b || el < 0) return;
    const i = el * BOX_FIELDS;
    b[i] = left;
    b[i + 1] = top;
    b[i + 2] = width;
    b[i + 3] = height;
  }

  /** Closes the innermost open element. */
  closeElement(): void {
    const el = this.open.pop();
    if (el === this.inScript) this.inScript = -1;
    const state = this.state.pop();
    this.rawTextKept.pop();
    if (el === undefined) return;
    if (this.pending === el) this.setLayout(true, false);
    this.end[el] = this.size - 1;
    this.textAfter[el] = this.textParent.length;
    if (state !== READ) return;
    this.readDepth--;
    const block = this.blockFlags.pop();
    const link = this.linkFlags.pop();
    if (block) this.flush();
    if (link) this.linkDepth--;
    if (el === this.root) return;
    const parent = this.parent[el] as number;
    this.sentences[parent] = (this.sentences[parent] as number) + (this.sentences[el] as number);
    this.sentenceBlocks[parent] = (this.sentenceBlocks[parent] as number) + (this.sentenceBlocks[el] as number);
    this.links[parent] = (this.links[parent] as number) + (this.links[el] as number);
    this.linkUnits[parent] = (this.linkUnits[parent] as number) + (this.linkUnits[el] as number);
    this.units[parent] = (this.units[parent] as number) + (this.units[el] as number);
    this.images[parent] = (this.images[parent] as number) + (this.images[el] as number);
    this.blockCount[parent] = (this.blockCount[parent] as number) + (this.blockCount[el] as number);
  }

  /** A text node, child of the innermost open element. */
  text(data: string): void {
    const parent = this.open.length ? (this.open[this.open.length - 1] as number) : -1;
    if (this.inScript >= 0 && parent === this.inScript) this.readScriptTimes(data);
    if (parent < 0 || !this.rawTextKept[this.rawTextKept.length - 1]) return;
    const t = this.textParent.length;
    if (t >= TEXT_NODES_PER_ELEMENT * this.maxRecorded) {
      if (!this.full) this.warnings.push(`page truncated: only the first ${t} text nodes were read`);
      this.full = true;
      return;
    }
    this.textParent.push(parent);
    this.textStart.push(this.textLength);
    this.textParts.push(data);
    this.textLength += data.length;
    this.textEnd.push(this.textLength);
    this.textBlock.push(-1);
    if (this.state[this.state.length - 1] !== READ || !data) return;
    let run = this.run;
    if (!run) {
      if (!data.trim()) return;
      run = { owner: this.ownerOfRun(), parts: [], linkParts: [], nodes: [], links: this.pendingLinks };
      this.run = run;
      this.pendingLinks = 0;
    }
    run.parts.push(data.replace(/\n/g, ' '));
    run.nodes.push(t);
    if (this.linkDepth > 0) run.linkParts.push(data);
  }

  /** The model, once the source has closed every element. */
  /**
   * A comment of the document's top (a child of the document, `<html>` or `<head>`: the source says which
   * it passes); a saved page's capture mark is one (dates/capture-time.ts). At most a few, each cut short.
   */
  documentComment(data: string): void {
    if (this.documentComments.length < MAX_DOCUMENT_COMMENTS) this.documentComments.push(data.slice(0, MAX_COMMENT_CHARS));
  }

  /** The publication-time variables of an inline script's text (`SCRIPT_TIME`), the first few of the page. */
  private readScriptTimes(data: string): void {
    if (this.scriptTimes.length >= MAX_SCRIPT_TIMES || data.length > MAX_SCRIPT_CHARS) return;
    SCRIPT_TIME.lastIndex = 0;
    for (let m = SCRIPT_TIME.exec(data); m !== null; m = SCRIPT_TIME.exec(data)) {
      this.scriptTimes.push({ key: m[1] as string, value: (m[2] ?? m[3] ?? m[4]) as string });
      if (this.scriptTimes.length >= MAX_SCRIPT_TIMES) break;
    }
    SCRIPT_TIME.lastIndex = 0;
  }

  finish(): PageModel {
    while (this.open.length) this.closeElement();
    this.flush();
    const size = this.size;
    if (this.root < 0 && size > 0) this.readRootless();
    this.attrStart.push(this.attrNames.length);
    const textBlock = this.textBlock.done();
    for (const b of this.blocks) for (const t of b.nodes) textBlock[t] = b.index;
    return new PageModel({
      size,
      root: this.root < 0 ? 0 : this.root,
      tagId: this.tagId.slice(0, size),
      tagNames: this.tagNames,
      parent: this.parent.slice(0, size),
      firstChild: this.firstChild.slice(0, size),
      nextSibling: this.nextSibling.slice(0, size),
      prevSibling: this.prevSibling.slice(0, size),
      end: this.end.slice(0, size),
      depth: this.depth.slice(0, size),
      flags: this.flags.slice(0, size),
      attrStart: this.attrStart.done(),
      attrNames: this.attrNames,
      attrValues: this.attrValues,
      text: this.textParts.join(''),
      textCount: this.textParent.length,
      textParent: this.textParent.done(),
      textStart: this.textStart.done(),
      textEnd: this.textEnd.done(),
      textFirst: this.textFirst.slice(0, size),
      textAfter: this.textAfter.slice(0, size),
      textBlock,
      blocks: this.blocks,
      sentences: this.sentences.slice(0, size),
      sentenceBlocks: this.sentenceBlocks.slice(0, size),
      links: this.links.slice(0, size),
      linkUnits: this.linkUnits.slice(0, size),
      units: this.units.slice(0, size),
      images: this.images.slice(0, size),
      blockCount: this.blockCount.slice(0, size),
      boxes: this.boxes ? this.boxes.slice(0, size * BOX_FIELDS) : null,
      allBoxes: this.boxes !== null && this.build.boxes,
      hasLayout: this.build.hasLayout,
      elementCount: this.elementCount,
      skippedCount: this.skippedCount,
      warnings: this.warnings,
      url: this.build.url,
      scriptTimes: this.scriptTimes,
      documentComments: this.documentComments,
    });
  }

  // ---- the walk for text ----

  /** How the walk for text takes an element met inside a read element (§0 skip rules, the limits). */
  private classify(el: number, upper: string, ignored: boolean): number {
    if (this.truncated) return NOT_READ;
    this.elementCount++;
    if (this.elementCount > this.maxElements) {
      this.truncated = true;
      this.warnings.push(`page truncated: only the first ${this.maxElements} elements were read`);
      return NOT_READ;
    }
    if (this.readDepth > this.opts.limits.maxDepth) {
      if (!this.tooDeep) this.warnings.push(`elements nested deeper than ${this.opts.limits.maxDepth} levels were skipped`);
      this.tooDeep = true;
      this.flags[el] = (this.flags[el] as number) | F_SKIPPED;
      this.skippedCount++;
      return SKIPPING;
    }
    if (ignored) {
      this.flags[el] = (this.flags[el] as number) | F_SKIPPED;
      this.skippedCount++;
      return SKIPPING;
    }
    // Rendered or not, block-level or not: the source says, when it is asked (`needsLayout`).
    this.pending = el;
    this.pendingNeed = LAYOUT_RENDERED_BLOCK;
    this.pendingBr = upper === 'BR';
    return READ;
  }

  /** The element is read: its statistics start, it may start a block, and a link is counted. */
  private readElement(el: number, block: boolean): void {
    let flags = (this.flags[el] as number) | F_READ;
    if (this.tagUpper(el) === 'IMG') this.images[el] = 1;
    if (block) {
      this.flush();
      flags |= F_BLOCK;
    }
    const link = (flags & F_LINK) !== 0;
    if (link) {
      this.linkDepth++;
      this.links[el] = 1;
      if (this.run) this.run.links++;
      else this.pendingLinks++;
    }
    this.flags[el] = flags;
    this.readDepth++;
    this.blockFlags.push(block);
    this.linkFlags.push(link);
  }

  /** The nearest open block-level element that is read (the content root at the latest). */
  private ownerOfRun(): number {
    for (let i = this.open.length - 1; i >= 0; i--) {
      const el = this.open[i] as number;
      if (this.state[i] === READ && (this.flags[el] as number) & F_BLOCK) return el;
    }
    return this.root;
  }

  /** Ends the current run of text: a text block when it holds any text. */
  private flush(): void {
    this.pendingLinks = 0;
    const run = this.run;
    if (!run) return;
    this.run = null;
    const text = normalizeLines(run.parts.join(''));
    if (!text) return;
    const t = this.opts.text;
    const sentence = isSentence(text, t);
    const heading = HEADING.exec(this.tagUpper(run.owner));
    const block: TextBlock = {
      index: this.blocks.length,
      owner: run.owner,
      text,
      nodes: run.nodes,
      units: countTextUnits(text),
      linkUnits: run.linkParts.length ? countTextUnits(run.linkParts.join(' ')) : 0,
      links: run.links,
      sentence,
      sentenceWeight: sentenceWeight(text, sentence, t),
      noise: isNoiseText(text, sentence, t),
      heading: heading ? Number(heading[1]) : 0,
    };
    this.blocks.push(block);
    const o = run.owner;
    this.blockCount[o] = (this.blockCount[o] as number) + 1;
    this.units[o] = (this.units[o] as number) + block.units;
    this.linkUnits[o] = (this.linkUnits[o] as number) + block.linkUnits;
    this.sentences[o] = (this.sentences[o] as number) + block.sentenceWeight;
    if (block.sentenceWeight > 0) this.sentenceBlocks[o] = (this.sentenceBlocks[o] as number) + 1;
  }

  /** A document whose source named no content root: `<html>` is the root, read with nothing under it counted. */
  private readRootless(): void {
    this.root = 0;
    this.flags[0] = (this.flags[0] as number) | F_READ | F_BLOCK | F_RENDERED;
  }

  // ---- storage ----

  private tagUpper(el: number): string {
    return this.tagNamesUpper[this.tagId[el] as number] as string;
  }

  private internTag(name: string): number {
    let id = this.tagIds.get(name);
    if (id === undefined) {
      id = this.tagNames.length;
      this.tagNames.push(name);
      this.tagNamesUpper.push(name.toUpperCase());
      this.tagIds.set(name, id);
    }
    return id;
  }

  private attributeOf(el: number, name: string): string | null {
    const end = this.attrNames.length;
    for (let i = this.attrStart.data[el] as number; i < end; i++) if (this.attrNames[i] === name) return this.attrValues[i] as string;
    return null;
  }

  private hasAttribute(el: number, name: string): boolean {
    return this.attributeOf(el, name) !== null;
  }

  private growElements(): void {
    const n = this.capacity * 2;
    const grow32 = (a: Int32Array): Int32Array => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.tagId = ((): Uint16Array => {
      const b = new Uint16Array(n);
      b.set(this.tagId);
      return b;
    })();
    this.flags = ((): Uint8Array => {
      const b = new Uint8Array(n);
      b.set(this.flags);
      return b;
    })();
    this.parent = grow32(this.parent);
    this.firstChild = grow32(this.firstChild);
    this.lastChild = grow32(this.lastChild);
    this.nextSibling = grow32(this.nextSibling);
    this.prevSibling = grow32(this.prevSibling);
    this.end = grow32(this.end);
    this.depth = grow32(this.depth);
    this.textFirst = grow32(this.textFirst);
    this.textAfter = grow32(this.textAfter);
    this.sentences = grow32(this.sentences);
    this.sentenceBlocks = grow32(this.sentenceBlocks);
    this.links = grow32(this.links);
    this.linkUnits = grow32(this.linkUnits);
    this.units = grow32(this.units);
    this.images = grow32(this.images);
    this.blockCount = grow32(this.blockCount);
    if (this.boxes) {
      const b = new Float64Array(n * BOX_FIELDS);
      b.set(this.boxes);
      this.boxes = b;
    }
    this.capacity = n;
  }
}

/** `<script type="application/ld+json">` (the type compared as the HTML parser's selectors do: ASCII case-insensitively). */
function isJsonLd(type: string | null): boolean {
  return type !== null && type.toLowerCase() === 'application/ld+json';
}
