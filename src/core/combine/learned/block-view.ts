/**
 * What the block model's columns read (§6 learned combination), computed once: the page's facts — method 1's
 * root and title, method 2's threshold, the rules' body — and, block by block, the facts of one block that
 * several columns share (its text's character classes, full stops, place among its ancestors, neighbours).
 * The columns themselves are named functions of this view (feature-columns.ts).
 */
import { classTokens } from '../../text/class-words.ts';
import type { PageModel, NodeStats, TextBlock } from '../../model/page-model.ts';
import type { PunctPathResult } from '../../punct-path/index.ts';
import type { TitleAnchorResult } from '../../title-anchor/index.ts';
import type { Steps, Ticker } from '../../slicing.ts';
import type { CharClassCounts } from '../../text/char-classes.ts';
import { countCharClasses } from '../../text/char-classes.ts';
import { titleSimilarity, titleUnits } from '../../text/title-similarity.ts';
import { GROUP_BIT, PLACE_BIT } from './feature-groups.ts';

/**
 * Words of page furniture in the block's own text (lower case; CJK phrases as they are): credits and
 * captions, calls to share, subscribe, read more or comment, copyright lines, "related" headings, ads.
 */
const FURNITURE_PHRASES = [
  'photo',
  'image',
  'credit',
  'getty',
  'reuters',
  'afp',
  'associated press',
  'caption',
  'copyright',
  'all rights reserved',
  'advertisement',
  'sponsored',
  'read more',
  'more:',
  'related',
  'see also',
  'recommended',
  'subscribe',
  'newsletter',
  'sign up',
  'follow us',
  'share',
  'tweet',
  'email',
  'print',
  'comments',
  'click here',
  'download',
  'watch',
  'video',
  'playback',
  'cookies',
  'privacy',
  'terms of',
  'log in',
  'login',
  'register',
  'next article',
  'previous',
  'tags:',
  'topics',
  '责任编辑',
  '编辑：',
  '来源：',
  '原标题',
  '相关新闻',
  '相关阅读',
  '相关文章',
  '推荐阅读',
  '延伸阅读',
  '版权',
  '免责声明',
  '点击',
  '扫描',
  '二维码',
  '关注',
  '分享',
  '上一篇',
  '下一篇',
  '返回',
  '首页',
  '评论',
  '图片来源',
  '图：',
  '（图）',
  '广告',
  '打印',
  '收藏',
  '举报',
] as const;
/**
 * Whether a text holds any of the phrases: one test that rules out nearly every block before the phrases
 * are counted one by one (counting them all on every short block took 4 µs a block).
 */
const ANY_FURNITURE_PHRASE = new RegExp(FURNITURE_PHRASES.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
const CREDIT_START = /^(?:photo|image|picture|credit|source|foto|bild|图|图片|来源|©|\(c\))/iu;
const COPYRIGHT = /©|copyright|版权所有|all rights reserved/iu;
const DATE_LIKE =
  /\d{4}\s*[-/.年]\s*\d{1,2}|\d{1,2}\s*[-/.]\s*\d{1,2}\s*[-/.]\s*\d{2,4}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b/iu;
const ENDS_WITH_TERMINATOR = /[。.！!？?…；;:："”’»)]\s*$/u;
const STARTS_LOWER = /^\p{Ll}/u;

/** What the features are read from: the page model, methods 1, 2 and 5, and the rules' decision. */
export interface FeatureInput {
  readonly page: PageModel;
  readonly anchor: TitleAnchorResult;
  /** The title block and the metadata lines of the title→first-sentence zone. */
  readonly zone: ReadonlySet<TextBlock>;
  readonly path: PunctPathResult;
  /** Each block's share of visible characters inside logical link blocks (method 5), page-wide. */
  readonly linkCover: ReadonlyMap<TextBlock, number>;
  /** The rules' body root and the blocks they left out of it. */
  readonly ruleRoot: number | null;
  readonly ruleExcluded: ReadonlySet<TextBlock>;
}

/** Blocks before and after a block that its window reads. */
const WINDOW = 3;

/** The page's facts the columns read, computed once per page. */
export interface PageFacts {
  readonly input: FeatureInput;
  readonly page: PageModel;
  readonly blocks: readonly TextBlock[];
  readonly nBlocks: number;
  readonly pageStats: NodeStats;
  readonly places: AncestorMemo;
  /** Method 1's body root, its statistics and depth. */
  readonly m1: number | null;
  readonly m1Stats: NodeStats | null;
  readonly m1Depth: number;
  readonly titleIndex: number;
  readonly titleSet: ReadonlySet<string> | null;
  /** Each block inside the rules' root, and kept by the rules (by `TextBlock.index`). */
  readonly inRuleRoot: Uint8Array;
  readonly keep: Uint8Array;
  readonly firstKept: number;
  readonly lastKept: number;
  readonly ruleUnits: number;
  /** Each block's distance to the nearest kept block. */
  readonly gap: Int32Array;
  /** How often each block text occurs on the page. */
  readonly repeats: ReadonlyMap<string, number>;
}

/** The page's facts, with a checkpoint per `ticker` in its passes over the blocks. */
export function* pageFacts(input: FeatureInput, ticker: Ticker): Steps<PageFacts> {
  const { page, anchor, ruleRoot, ruleExcluded } = input;
  const blocks = page.blocks;
  const nBlocks = blocks.length;
  const places = new AncestorMemo(page);
  const m1 = anchor.bodyRoot;
  const keep = new Uint8Array(nBlocks);
  const inRuleRoot = new Uint8Array(nBlocks);
  for (const b of blocks) {
    if (ticker.tick()) yield;
    const inside = ruleRoot !== null && page.contains(ruleRoot, b.owner);
    inRuleRoot[b.index] = inside ? 1 : 0;
    keep[b.index] = inside && !ruleExcluded.has(b) ? 1 : 0;
  }
  // Where the rules' body starts and ends, and how far each block lies from its nearest kept block.
  let firstKept = -1;
  let lastKept = -1;
  let ruleUnits = 0;
  for (const b of blocks)
    if (keep[b.index]) {
      if (firstKept < 0) firstKept = b.index;
      lastKept = b.index;
      ruleUnits += b.units;
    }
  const repeats = new Map<string, number>();
  for (const b of blocks) {
    if (ticker.tick()) yield;
    repeats.set(b.text, (repeats.get(b.text) ?? 0) + 1);
  }
  return {
    input,
    page,
    blocks,
    nBlocks,
    pageStats: page.stats(page.root),
    places,
    m1,
    m1Stats: m1 !== null ? page.stats(m1) : null,
    m1Depth: m1 !== null ? places.depth(m1) : 0,
    titleIndex: anchor.titleBlock?.index ?? -1,
    titleSet: anchor.titleBlock ? titleUnits(anchor.titleBlock.text) : null,
    inRuleRoot,
    keep,
    firstKept,
    lastKept,
    ruleUnits,
    gap: gapsToKept(keep),
    repeats,
  };
}

/** One block as the columns read it: the block, and the facts several columns share, computed once. */
export class BlockView {
  b!: TextBlock;
  text = '';
  chars = 0;
  /** Method 2's full stops in the block. */
  stops = 0;
  classes!: CharClassCounts;
  letters = 0;
  /** The owner's parent and grandparent (−1: none), and their statistics. */
  parent = -1;
  grand = -1;
  parentStats: NodeStats | null = null;
  grandStats: NodeStats | null = null;
  /** The owner's tag, PLACE_TAGS bits, CLASS_GROUPS bits near (itself and two ancestors) and far, depth. */
  own = '';
  place = 0;
  near = 0;
  far = 0;
  depth = 0;
  inM1 = false;
  /** The block's similarity to the title (0–1; 0 when too long or no title). */
  titleSim = 0;
  /** Method 2's K of the block's path to the sample path, and the path's length. */
  similarity = 0;
  pathLength = 0;
  /** The blocks before and after it (undefined at the ends). */
  prev: TextBlock | undefined;
  next: TextBlock | undefined;
  /** Over the window of WINDOW blocks on each side: sentences, kept blocks, link units and units, blocks seen. */
  windowSentences = 0;
  windowKept = 0;
  windowLinkUnits = 0;
  windowUnits = 0;
  windowSeen = 0;
  /** Scratch set of the title-unit reader (one per view, not per block). */
  private readonly blockUnits = new Set<string>();

  constructor(readonly f: PageFacts) {}

  /** Points the view at block `b`, computing its shared facts. */
  set(b: TextBlock): void {
    const { page, places, path, titleSet } = {
      page: this.f.page,
      places: this.f.places,
      path: this.f.input.path,
      titleSet: this.f.titleSet,
    };
    this.b = b;
    const text = b.text;
    this.text = text;
    this.chars = text.length;
    this.stops = path.stops[b.index] ?? 0;
    this.classes = countCharClasses(text);
    this.letters = this.classes.letters;
    this.parent = page.parent[b.owner] as number;
    this.grand = this.parent >= 0 ? (page.parent[this.parent] as number) : -1;
    this.parentStats = this.parent >= 0 ? page.stats(this.parent) : null;
    this.grandStats = this.grand >= 0 ? page.stats(this.grand) : null;
    this.own = page.tag(b.owner);
    this.place = places.placeBits(b.owner);
    this.near = places.nearGroupBits(b.owner);
    this.far = places.groupBits(b.owner);
    this.depth = places.depth(b.owner);
    const m1 = this.f.m1;
    this.inM1 = m1 !== null && page.contains(m1, b.owner);
    this.titleSim = titleSet && b.units <= MAX_TITLE_SIM_UNITS ? titleSimilarity(titleSet, titleUnits(text, this.blockUnits)) / 100 : 0;
    this.similarity = path.similarity[b.index] ?? 0;
    this.pathLength = path.pathLengths[b.index] ?? 0;
    const blocks = this.f.blocks;
    this.prev = blocks[b.index - 1];
    this.next = blocks[b.index + 1];
    let sentences = 0;
    let kept = 0;
    let linkUnits = 0;
    let units = 0;
    let seen = 0;
    const keep = this.f.keep;
    for (let i = Math.max(0, b.index - WINDOW); i <= Math.min(this.f.nBlocks - 1, b.index + WINDOW); i++) {
      const n = blocks[i] as TextBlock;
      seen++;
      sentences += n.sentence ? 1 : 0;
      kept += keep[i] ?? 0;
      linkUnits += n.linkUnits;
      units += n.units;
    }
    this.windowSentences = sentences;
    this.windowKept = kept;
    this.windowLinkUnits = linkUnits;
    this.windowUnits = units;
    this.windowSeen = seen;
  }
}

/** Link text share of a block. */
export function linkShareOf(b: TextBlock): number {
  return b.units ? b.linkUnits / b.units : 0;
}

/** The number of furniture phrases in a block's text (0 for a long one). */
export function furniturePhrases(text: string): number {
  const lower = text.length <= MAX_PHRASE_TEXT ? text.toLowerCase() : '';
  return lower && ANY_FURNITURE_PHRASE.test(lower) ? FURNITURE_PHRASES.reduce((n, w) => n + (lower.includes(w) ? 1 : 0), 0) : 0;
}

export const TEXT_PATTERNS = { CREDIT_START, COPYRIGHT, DATE_LIKE, ENDS_WITH_TERMINATOR, STARTS_LOWER } as const;

/** Longest block text searched for furniture phrases (a long paragraph is no credit line). */
const MAX_PHRASE_TEXT = 400;
/** Longest block (text units) compared with the title. */
const MAX_TITLE_SIM_UNITS = 200;

/** The number of lines of `text` (newlines + 1), counted up to `max`. */
export function lineCount(text: string, max: number): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0 && lines < max; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** Each block's distance, in blocks, to the nearest block the rules keep (the page's length when none is kept). */
function gapsToKept(keep: Uint8Array): Int32Array {
  const n = keep.length;
  const gap = new Int32Array(n).fill(n);
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (keep[i]) last = i;
    if (last >= 0) gap[i] = i - last;
  }
  last = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (keep[i]) last = i;
    if (last >= 0) gap[i] = Math.min(gap[i] as number, last - i);
  }
  return gap;
}

/**
 * Per-element facts that depend on the ancestors (depth below the content root, PLACE_TAGS and CLASS_GROUPS
 * bits along the chain), each element's computed once, folded from the nearest element already known.
 */
class AncestorMemo {
  private readonly depths: Int32Array;
  private readonly places: Int32Array;
  private readonly groups: Int32Array;
  private readonly own: Int32Array;
  /** Group bits of each distinct class or id value (a page repeats a few values over thousands of elements). */
  private readonly valueBits = new Map<string, number>();
  private readonly root: number;

  constructor(private readonly page: PageModel) {
    this.root = page.root;
    this.depths = new Int32Array(page.size).fill(-1);
    this.places = new Int32Array(page.size);
    this.groups = new Int32Array(page.size);
    this.own = new Int32Array(page.size).fill(-1);
  }

  /** Elements from the element up to the content root, the root not counted. */
  depth(el: number): number {
    this.fold(el);
    return el === this.root ? 0 : (this.depths[el] as number);
  }

  /** Bits of PLACE_TAGS among the element and its ancestors below the root. */
  placeBits(el: number): number {
    this.fold(el);
    return el === this.root ? 0 : (this.places[el] as number);
  }

  /** Bits of CLASS_GROUPS named by the class or id of the element or any ancestor below the root. */
  groupBits(el: number): number {
    this.fold(el);
    return el === this.root ? 0 : (this.groups[el] as number);
  }

  /** The group bits of the element and its two nearest ancestors. */
  nearGroupBits(el: number): number {
    let bits = 0;
    let e = el;
    for (let i = 0; i < 3 && e >= 0 && e !== this.root; i++, e = this.page.parent[e] as number) bits |= this.ownGroups(e);
    return bits;
  }

  /** Levels from `el` up to the lowest ancestor it shares with `other`. */
  levelsToCommon(el: number, other: number): number {
    let levels = 0;
    for (let e = el; e >= 0; e = this.page.parent[e] as number, levels++) if (this.page.contains(e, other)) return levels;
    return levels;
  }

  private ownGroups(el: number): number {
    const cached = this.own[el] as number;
    if (cached >= 0) return cached;
    let bits = 0;
    for (const name of ['class', 'id']) {
      const v = this.page.attr(el, name);
      if (v) bits |= this.bitsOfValue(v);
    }
    this.own[el] = bits;
    return bits;
  }

  private bitsOfValue(value: string): number {
    let bits = this.valueBits.get(value);
    if (bits === undefined) {
      bits = 0;
      for (const token of classTokens(value)) bits |= GROUP_BIT.get(token) ?? 0;
      this.valueBits.set(value, bits);
    }
    return bits;
  }

  /** Computes the facts of `el` and of its ancestors below the root not yet known (iteratively). */
  private fold(el: number): void {
    const p = this.page;
    const chain: number[] = [];
    let e = el;
    let depth = 0;
    let place = 0;
    let groups = 0;
    while (e >= 0 && e !== this.root) {
      if ((this.depths[e] as number) >= 0) {
        depth = this.depths[e] as number;
        place = this.places[e] as number;
        groups = this.groups[e] as number;
        break;
      }
      chain.push(e);
      e = p.parent[e] as number;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const c = chain[i] as number;
      depth++;
      place |= PLACE_BIT.get(p.tag(c)) ?? 0;
      groups |= this.ownGroups(c);
      this.depths[c] = depth;
      this.places[c] = place;
      this.groups[c] = groups;
    }
  }
}

export { classTokens } from '../../text/class-words.ts';
