/**
 * §6 learned combination: one row of numbers per text block, from every method's view of it — the block's
 * own text (§0 units, sentence test, full stops, commas), where it sits (tag, ancestors' tags and class/id
 * words, depth), method 1 (body root, title, zone, first sentence, comment sections, teaser lists), method
 * 2 (accepted, path similarity K against its threshold), method 5 (the share of the block inside logical
 * link blocks), the rules' own decision, and its neighbourhood (parent and grandparent statistics, the
 * blocks before and after it). No layout is read, so that a model trained in Node (no layout) reads the
 * same numbers in the browser.
 *
 * The columns are named in feature-columns.ts (`BLOCK_FEATURES`), the model's contract.
 */
import type { PageModel, TextBlock } from '../../model/page-model.ts';
import type { PunctPathResult } from '../../punct-path/index.ts';
import type { TitleAnchorResult } from '../../title-anchor/index.ts';
import type { Ticker } from '../../slicing.ts';
import type { Steps } from '../../slicing.ts';
import { countCharClasses } from '../../text/char-classes.ts';
import { titleSimilarity, titleUnits } from '../../text/title-similarity.ts';
import { BLOCK_FEATURES, GROUP_BIT, GROUP_NAMES, OWN_TAGS, PLACE_BIT, PLACE_TAGS } from './feature-columns.ts';

export { BLOCK_FEATURES } from './feature-columns.ts';

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

/** The feature rows of every block of the page, `BLOCK_FEATURES.length` numbers a row. */
export interface BlockFeatureRows {
  readonly width: number;
  readonly rows: Float32Array;
}

const WINDOW = 3;

/** Every block's feature row in one array (what training reads). */
export function* blockFeatureRows(input: FeatureInput, ticker: Ticker): Steps<BlockFeatureRows> {
  const width = BLOCK_FEATURES.length;
  const rows = new Float32Array(input.page.blocks.length * width);
  yield* eachBlockFeatureRow(input, ticker, (b, row) => rows.set(row, b.index * width));
  return { width, rows };
}

/**
 * Computes each block's feature row in page order and hands it to `use` (one buffer, overwritten for the next
 * block: a page of 60 000 blocks needs no 30 MB of rows at once).
 */
export function* eachBlockFeatureRow(input: FeatureInput, ticker: Ticker, use: (b: TextBlock, row: Float32Array) => void): Steps<void> {
  const { page, anchor, path, linkCover, ruleRoot, ruleExcluded, zone } = input;
  const blocks = page.blocks;
  const width = BLOCK_FEATURES.length;
  const rows = new Float32Array(width);
  const places = new AncestorMemo(page);
  const pageStats = page.stats(page.root);
  const m1 = anchor.bodyRoot;
  const m1Stats = m1 !== null ? page.stats(m1) : null;
  const m1Depth = m1 !== null ? places.depth(m1) : 0;
  const titleIndex = anchor.titleBlock?.index ?? -1;
  const threshold = path.threshold;
  const nBlocks = blocks.length;

  const keep = new Uint8Array(nBlocks);
  const inRuleRoot = new Uint8Array(nBlocks);
  for (const b of blocks) {
    // `contains` walks up from the block: on a page of 60 000 link items this loop alone was 100 ms.
    if (ticker.tick()) yield;
    const inside = ruleRoot !== null && page.contains(ruleRoot, b.owner);
    inRuleRoot[b.index] = inside ? 1 : 0;
    keep[b.index] = inside && !ruleExcluded.has(b) ? 1 : 0;
  }
  const linkShareOf = (b: TextBlock): number => (b.units ? b.linkUnits / b.units : 0);
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
  const gap = gapsToKept(keep);
  const repeats = new Map<string, number>();
  for (const b of blocks) {
    if (ticker.tick()) yield;
    repeats.set(b.text, (repeats.get(b.text) ?? 0) + 1);
  }
  const titleSet = anchor.titleBlock ? titleUnits(anchor.titleBlock.text) : null;
  const blockUnits = new Set<string>();
  const inSections = (b: TextBlock, sections: readonly number[]): number => (sections.some((s) => page.contains(s, b.owner)) ? 1 : 0);

  // One row's numbers in column order; a value that is not finite is written as 0 (checked once per row).
  let at = 0;
  const f = {
    push(v: number): void {
      rows[at++] = v;
    },
  };
  for (const b of blocks) {
    if (ticker.tick()) yield;
    at = 0;
    const text = b.text;
    const chars = text.length;
    const stops = path.stops[b.index] ?? 0;
    const classes = countCharClasses(text);
    const letters = classes.letters;
    const parent = page.parent[b.owner] as number;
    const grand = parent >= 0 ? (page.parent[parent] as number) : -1;
    f.push(Math.log1p(b.units));
    f.push(Math.log1p(chars));
    f.push(linkShareOf(b));
    f.push(Math.log1p(b.links));
    f.push(b.sentence ? 1 : 0);
    f.push(Math.min(b.sentenceWeight, 10));
    f.push(b.noise ? 1 : 0);
    f.push(b.heading);
    f.push(Math.log1p(stops));
    f.push(b.units ? stops / b.units : 0);
    f.push(Math.log1p(classes.commas));
    f.push(ENDS_WITH_TERMINATOR.test(text) ? 1 : 0);
    f.push(STARTS_LOWER.test(text) ? 1 : 0);
    f.push(lineCount(text, 20));
    f.push(chars ? classes.numbers / chars : 0);
    f.push(letters ? classes.upper / letters : 0);
    f.push(Math.log1p(parent >= 0 ? (page.images[parent] as number) : 0));
    const lower = text.length <= MAX_PHRASE_TEXT ? text.toLowerCase() : '';
    f.push(lower && ANY_FURNITURE_PHRASE.test(lower) ? FURNITURE_PHRASES.reduce((n, w) => n + (lower.includes(w) ? 1 : 0), 0) : 0);
    f.push(CREDIT_START.test(text) ? 1 : 0);
    f.push(COPYRIGHT.test(text) ? 1 : 0);
    f.push(DATE_LIKE.test(text) ? 1 : 0);
    f.push(Math.log(repeats.get(text) ?? 1));
    f.push(titleSet && b.units <= MAX_TITLE_SIM_UNITS ? titleSimilarity(titleSet, titleUnits(text, blockUnits)) / 100 : 0);
    const own = page.tag(b.owner);
    for (const t of OWN_TAGS) f.push(own === t ? 1 : 0);
    const place = places.placeBits(b.owner);
    for (let i = 0; i < PLACE_TAGS.length; i++) f.push(place & (1 << i) ? 1 : 0);
    const near = places.nearGroupBits(b.owner);
    const far = places.groupBits(b.owner);
    for (let i = 0; i < GROUP_NAMES.length; i++) f.push(near & (1 << i) ? 1 : 0);
    for (let i = 0; i < GROUP_NAMES.length; i++) f.push(far & (1 << i) ? 1 : 0);
    const depth = places.depth(b.owner);
    f.push(Math.min(depth, 60) / 10);
    f.push(path.cjk ? 1 : 0);
    f.push(Math.log1p(pageStats.units));
    f.push(Math.log1p(nBlocks));
    f.push(nBlocks > 1 ? b.index / (nBlocks - 1) : 0);
    // Method 1.
    const inM1 = m1 !== null && page.contains(m1, b.owner);
    f.push(m1 !== null ? 1 : 0);
    f.push(inM1 ? 1 : 0);
    f.push(m1Stats && pageStats.units ? m1Stats.units / pageStats.units : 0);
    f.push(inM1 ? Math.min(depth - m1Depth, 30) / 10 : 0);
    f.push(m1 !== null && !inM1 ? Math.min(places.levelsToCommon(b.owner, m1), 30) / 10 : 0);
    f.push(b.index === titleIndex ? 1 : 0);
    f.push(zone.has(b) ? 1 : 0);
    f.push(titleIndex >= 0 && b.index > titleIndex ? 1 : 0);
    f.push(titleIndex >= 0 ? Math.sign(b.index - titleIndex) * Math.log1p(Math.abs(b.index - titleIndex)) : 0);
    f.push(anchor.firstSentence === b ? 1 : 0);
    f.push(inSections(b, anchor.commentSections));
    f.push(inSections(b, anchor.teaserLists));
    // Method 2.
    f.push(path.sample ? 1 : 0);
    f.push(path.accepted.has(b) ? 1 : 0);
    const sim = path.similarity[b.index] ?? 0;
    f.push(sim);
    f.push(path.sample ? sim - threshold : 0);
    const length = path.pathLengths[b.index] ?? 0;
    f.push(Math.min(length, 60) / 10);
    f.push(length ? (path.sharedNodes[b.index] ?? 0) / length : 0);
    f.push(path.totalStops ? stops / path.totalStops : 0);
    // Method 5 and the rules.
    f.push(linkCover.get(b) ?? 0);
    f.push(inRuleRoot[b.index] ?? 0);
    f.push(keep[b.index] ?? 0);
    f.push(firstKept >= 0 && b.index < firstKept ? 1 : 0);
    f.push(lastKept >= 0 && b.index > lastKept ? 1 : 0);
    f.push(Math.log1p(gap[b.index] ?? 0));
    f.push(Math.log1p(ruleUnits));
    // Neighbourhood.
    for (const el of [parent, grand]) {
      const s = el >= 0 ? page.stats(el) : null;
      f.push(s && s.units ? s.linkUnits / s.units : 0);
      f.push(Math.log1p(s?.units ?? 0));
      f.push(Math.log1p(s?.sentences ?? 0));
      f.push(Math.log1p(s?.blocks ?? 0));
      f.push(s && s.blocks ? s.sentenceBlocks / s.blocks : 0);
    }
    for (const n of [blocks[b.index - 1], blocks[b.index + 1]]) {
      f.push(n?.sentence ? 1 : 0);
      f.push(n ? linkShareOf(n) : 0);
      f.push(n ? (keep[n.index] ?? 0) : 0);
      f.push(n && path.accepted.has(n) ? 1 : 0);
    }
    let sentences = 0;
    let kept = 0;
    let linkUnits = 0;
    let units = 0;
    let seen = 0;
    for (let i = Math.max(0, b.index - WINDOW); i <= Math.min(nBlocks - 1, b.index + WINDOW); i++) {
      const n = blocks[i] as TextBlock;
      seen++;
      sentences += n.sentence ? 1 : 0;
      kept += keep[i] ?? 0;
      linkUnits += n.linkUnits;
      units += n.units;
    }
    f.push(sentences / seen);
    f.push(kept / seen);
    f.push(units ? linkUnits / units : 0);
    // The sum of finite numbers is finite (Float32 values cannot overflow a double's sum): the cells are
    // checked one by one only when it is not.
    let sum = 0;
    for (let i = 0; i < at; i++) sum += rows[i] as number;
    if (!Number.isFinite(sum)) for (let i = 0; i < at; i++) if (!Number.isFinite(rows[i] as number)) rows[i] = 0;
    use(b, rows);
  }
}

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

/** The lower-case words of a class or id value: split at non-letters and at camelCase humps. */
export function classTokens(value: string): string[] {
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((t) => t.length > 1);
}

/** What `train-body` learns from, for one page: every block's feature row and text (labelled against the gold). */
export interface PageBodySamples {
  /** Numbers a row (`BLOCK_FEATURES.length`). */
  readonly width: number;
  /** Every block's row, one after another. */
  readonly rows: readonly number[];
  readonly texts: readonly string[];
}
