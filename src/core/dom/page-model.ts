/**
 * One pass over the page (ALGORITHMS.md §0 and §1.2–1.3): skips ignored and unrendered subtrees,
 * segments the text into blocks (the inline content of one block-level element; `<br>` breaks a block
 * into lines) in document order, and records for every element its sentence count, link count,
 * link-text length, text length (in text units) and image count. Every later step reads these numbers;
 * nothing is computed twice and nothing in the document is changed.
 *
 * The walk is iterative (a hostile page may nest thousands of levels) and bounded by
 * `limits.maxElements` and `limits.maxDepth`.
 */
import type { RenderProbe } from '../env.ts';
import type { ExtractOptions } from '../options.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';
import { normalizeLines } from '../text/normalize.ts';
import { isNoiseText } from '../text/noise.ts';
import { isSentence, sentenceWeight } from '../text/sentence.ts';
import { countTextUnits } from '../text/text-units.ts';
import { MAX_SIBLING_STEPS, dom } from './dom-read.ts';
import { isIgnoredTag } from './ignored.ts';
import { isElement, isText, tagOf } from './node-kind.ts';

export interface TextBlock {
  readonly index: number;
  /** The nearest block-level element around the text. */
  readonly owner: Element;
  /** Normalised text, lines separated by "\n". */
  readonly text: string;
  /** The text nodes that make up the block, in order. */
  readonly nodes: readonly Text[];
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

export interface NodeStats {
  /** Sentence weight of the blocks inside (one per sentence block; per sentence line with `sentenceLines`). */
  sentences: number;
  /** Blocks inside that add to `sentences`. */
  sentenceBlocks: number;
  links: number;
  linkUnits: number;
  units: number;
  images: number;
  blocks: number;
}

export interface PageModel {
  readonly root: Element;
  readonly blocks: readonly TextBlock[];
  readonly elementCount: number;
  /** Roots of skipped subtrees (ignored tags and unrendered elements). */
  readonly skipped: ReadonlySet<Element>;
  /** Warnings such as "page truncated after N elements". */
  readonly warnings: readonly string[];
  stats(el: Element): Readonly<NodeStats>;
  /**
   * Whether the probe found the element block-level, for an element the walk read (so: rendered, not
   * ignored); undefined for one it skipped or never reached. Later walks (method 4's feature tree) ask this
   * instead of the probe: a computed style per element is most of a walk's cost in a rendered page.
   */
  isBlock(el: Element): boolean | undefined;
  /** The block a text node belongs to, if any. */
  blockOf(node: Text): TextBlock | undefined;
}

const EMPTY_STATS: Readonly<NodeStats> = Object.freeze({
  sentences: 0,
  sentenceBlocks: 0,
  links: 0,
  linkUnits: 0,
  units: 0,
  images: 0,
  blocks: 0,
});
const HEADING = /^H([1-6])$/;

/** Zero counts for one element (a literal: cheaper than a spread of EMPTY_STATS, once per element). */
function newStats(): NodeStats {
  return { sentences: 0, sentenceBlocks: 0, links: 0, linkUnits: 0, units: 0, images: 0, blocks: 0 };
}

interface Frame {
  readonly el: Element;
  readonly stats: NodeStats;
  readonly block: boolean;
  readonly link: boolean;
  next: Node | null;
  /** Children visited so far (bounded by MAX_SIBLING_STEPS). */
  steps: number;
}

interface Run {
  owner: Element;
  parts: string[];
  linkParts: string[];
  nodes: Text[];
  links: number;
}

/** The page model at once (the tests; the pipeline runs `buildPageModelSteps`). */
export function buildPageModel(doc: Document, probe: RenderProbe, opts: ExtractOptions): PageModel {
  return drain(buildPageModelSteps(doc, probe, opts, NO_CHECKPOINTS));
}

/** The page model, with a checkpoint per `ticker` in the walk. */
export function* buildPageModelSteps(doc: Document, probe: RenderProbe, opts: ExtractOptions, ticker: Ticker): Steps<PageModel> {
  const root = (dom.body(doc) ?? dom.documentElement(doc)) as Element;
  const statsMap = new Map<Element, NodeStats>();
  const blockByNode = new Map<Text, TextBlock>();
  const blocks: TextBlock[] = [];
  const skipped = new Set<Element>();
  const blockElements = new Set<Element>();
  const warnings: string[] = [];
  let elementCount = 0;
  let linkDepth = 0;
  /** Links opened before the text of the next run started (`<a><b>text</b></a>`). */
  let pendingLinks = 0;
  let run: Run | null = null;

  const flush = (): void => {
    pendingLinks = 0;
    if (!run) return;
    const current = run;
    run = null;
    const text = normalizeLines(current.parts.join(''));
    if (!text) return;
    const sentence = isSentence(text, opts.text);
    const headingMatch = HEADING.exec(tagOf(current.owner));
    const block: TextBlock = {
      index: blocks.length,
      owner: current.owner,
      text,
      nodes: current.nodes,
      units: countTextUnits(text),
      linkUnits: current.linkParts.length ? countTextUnits(current.linkParts.join(' ')) : 0,
      links: current.links,
      sentence,
      sentenceWeight: sentenceWeight(text, sentence, opts.text),
      noise: isNoiseText(text, sentence, opts.text),
      heading: headingMatch ? Number(headingMatch[1]) : 0,
    };
    blocks.push(block);
    for (const node of current.nodes) blockByNode.set(node, block);
    const s = statsMap.get(current.owner);
    if (s) {
      s.blocks++;
      s.units += block.units;
      s.linkUnits += block.linkUnits;
      s.sentences += block.sentenceWeight;
      if (block.sentenceWeight > 0) s.sentenceBlocks++;
    }
  };

  const ownerOf = (stack: Frame[]): Element => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const f = stack[i];
      if (f?.block) return f.el;
    }
    return root;
  };

  const rootStats: NodeStats = newStats();
  statsMap.set(root, rootStats);
  const stack: Frame[] = [{ el: root, stats: rootStats, block: true, link: false, next: dom.firstChild(root), steps: 0 }];
  let truncated = false;
  let tooDeep = false;

  while (stack.length > 0) {
    if (ticker.tick()) yield;
    const frame = stack[stack.length - 1] as Frame;
    const node = frame.steps < MAX_SIBLING_STEPS ? frame.next : null;
    if (node === null) {
      stack.pop();
      if (frame.block) flush();
      if (frame.link) linkDepth--;
      const parent = stack[stack.length - 1];
      if (parent) addStats(parent.stats, frame.stats);
      continue;
    }
    frame.next = dom.nextSibling(node);
    frame.steps++;

    if (isText(node)) {
      const value = node.data;
      if (!value) continue;
      if (!run) {
        if (!value.trim()) continue;
        run = { owner: ownerOf(stack), parts: [], linkParts: [], nodes: [], links: pendingLinks };
        pendingLinks = 0;
      }
      run.parts.push(value.replace(/\n/g, ' '));
      run.nodes.push(node);
      if (linkDepth > 0) run.linkParts.push(value);
      continue;
    }
    if (!isElement(node)) continue;

    if (truncated) continue;
    elementCount++;
    if (elementCount > opts.limits.maxElements) {
      truncated = true;
      warnings.push(`page truncated: only the first ${opts.limits.maxElements} elements were read`);
      continue;
    }
    if (stack.length > opts.limits.maxDepth) {
      if (!tooDeep) warnings.push(`elements nested deeper than ${opts.limits.maxDepth} levels were skipped`);
      tooDeep = true;
      skipped.add(node);
      continue;
    }
    if (isIgnoredTag(node) || !probe.isRendered(node)) {
      skipped.add(node);
      continue;
    }
    const tag = tagOf(node);
    if (tag === 'BR') {
      if (run) run.parts.push('\n');
      continue;
    }
    const stats: NodeStats = newStats();
    statsMap.set(node, stats);
    if (tag === 'IMG') stats.images++;
    const block = probe.isBlock(node);
    if (block) {
      flush();
      blockElements.add(node);
    }
    const link = tag === 'A' && dom.hasAttribute(node, 'href');
    if (link) {
      linkDepth++;
      stats.links++;
      if (run) run.links++;
      else pendingLinks++;
    }
    stack.push({ el: node, stats, block, link, next: dom.firstChild(node), steps: 0 });
  }
  flush();

  return {
    root,
    blocks,
    elementCount,
    skipped,
    warnings,
    stats: (el) => statsMap.get(el) ?? EMPTY_STATS,
    isBlock: (el) => (statsMap.has(el) ? blockElements.has(el) : undefined),
    blockOf: (node) => blockByNode.get(node),
  };
}

function addStats(into: NodeStats, from: Readonly<NodeStats>): void {
  into.sentences += from.sentences;
  into.sentenceBlocks += from.sentenceBlocks;
  into.links += from.links;
  into.linkUnits += from.linkUnits;
  into.units += from.units;
  into.images += from.images;
  into.blocks += from.blocks;
}
