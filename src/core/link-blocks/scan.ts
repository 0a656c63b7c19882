/**
 * §5.3–5.8 The logical link-block scan: one pass over an HTML string, no tree.
 *
 * - A link starts at `<a…>` (from "<" to ">" with no "<" or ">" between) and ends at `</a>` (from "</" to
 *   ">" with no "<", ">" or "/" between) — §5.3.
 * - The distance between two adjacent links runs from the end of one `</a>` to the start of the next
 *   `<a`: in characters once every tag's attributes are removed (code distance), or in text units
 *   (text distance) — §5.4.
 * - Links closer than dt join one logical block; at the first gap of dt or more the block ends, and it is
 *   a logical link block when it holds at least Ct links — §5.5–5.6. The patent then restarts after the
 *   end C of the next link B (B is lost); `restartAtNextLink` lets B open the next block instead.
 * - LCR = links in blocks / links, CCR = block characters / page characters — §5.8.
 */
import { decodeEntities } from '../text/entities.ts';
import { countTextUnits, countTextUnitsSteps } from '../text/text-units.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { DUE, NO_CHECKPOINTS, drain } from '../slicing.ts';

export type DistanceMode = 'code' | 'text';

export interface ScanOptions {
  /** Ct: least links in a link block. */
  readonly minLinks: number;
  readonly distance: DistanceMode;
  /** dt: adjacent links join while their distance is below this (characters or text units, by `distance`). */
  readonly maxDistance: number;
  /** True: B opens the next block (ours). False: restart after C, the end of B (the patent). */
  readonly restartAtNextLink: boolean;
  /** True when the input has no attributes already (the serialiser's output): code distance is plain length. */
  readonly attributesStripped: boolean;
  /** Code distance counts each tag as one character (ours) instead of its characters (the patent). */
  readonly tagAsOneChar: boolean;
  /**
   * A block whose links' text is less than this share of its text (in text units) is prose with links,
   * not a link block (ours; 0 = the patent, which does not look at the text).
   */
  readonly minLinkTextShare: number;
}

/** One `<a…>…</a>` in the string. */
export interface LinkSpan {
  /** Offset of the `<` of `<a…>`. */
  readonly start: number;
  /** Offset just after the `>` of `</a>`. */
  readonly end: number;
}

export interface ScannedBlock {
  /** Offset of the first link's `<a`. */
  readonly start: number;
  /** Offset just after the last link's `</a>`. */
  readonly end: number;
  /** Index of the first link in `ScanResult.links`. */
  readonly firstLink: number;
  readonly links: number;
  /** The largest distance between two of its adjacent links (0 for one link). */
  readonly maxGap: number;
  /** Text units inside its links / text units of the whole block (1 when it has no text). */
  readonly linkTextShare: number;
}

export interface ScanResult {
  readonly links: readonly LinkSpan[];
  /** Logical link blocks (≥ Ct links), in document order. */
  readonly blocks: readonly ScannedBlock[];
  /** Links inside link blocks / links (0 without links). */
  readonly lcr: number;
  /** Characters inside link blocks / characters of the string (0 for an empty string). */
  readonly ccr: number;
}

/** `<a>` or `<a …>` (not `<abbr>`), or `</a>` / `</a …>`, case-insensitive. */
const LINK_TAG = /<(\/?)a(?:\s[^<>]*)?>/gi;
/** A tag with its attributes: group 1 is `<name` or `</name`. */
const TAG_WITH_ATTRIBUTES = /(<\/?[a-zA-Z][^\s<>/]*)[^<>]*>/g;
const ANY_TAG = /<[^<>]*>/g;
const LT = 0x3c;

/** §5.3: every link, in order. A start without an end, or an end without a start, is no link. */
export function findLinks(html: string): LinkSpan[] {
  return drain(findLinksSteps(html, NO_CHECKPOINTS));
}

/** `findLinks` with a checkpoint per `ticker` between tags. */
export function* findLinksSteps(html: string, ticker: Ticker): Steps<LinkSpan[]> {
  const links: LinkSpan[] = [];
  let open = -1;
  LINK_TAG.lastIndex = 0;
  for (let m = LINK_TAG.exec(html); m !== null; m = LINK_TAG.exec(html)) {
    if (ticker.tick()) {
      // Another scan may use the shared regex while this one is paused: resume from this match on.
      const resumeAt = LINK_TAG.lastIndex;
      yield;
      LINK_TAG.lastIndex = resumeAt;
    }
    const closing = m[1] === '/';
    if (!closing) {
      // A start inside an open link (malformed markup) restarts the link there: links do not nest.
      open = m.index;
    } else if (open >= 0) {
      // The end tag's own rule (§5.3): no "/" between "</" and ">" apart from the leading one.
      if (m[0].indexOf('/', 2) !== -1) continue;
      links.push({ start: open, end: m.index + m[0].length });
      open = -1;
    }
  }
  return links;
}

/**
 * §5.4 code distance: characters of `html[from, to)` with every tag's attributes removed; with
 * `tagAsOneChar`, every tag counts 1 whatever its length. Counting stops once it reaches `cap`.
 */
export function codeDistance(
  html: string,
  from: number,
  to: number,
  attributesStripped: boolean,
  tagAsOneChar = false,
  cap = Infinity,
): number {
  if (to <= from) return 0;
  if (!tagAsOneChar) {
    if (attributesStripped) return to - from;
    const between = html.slice(from, to);
    return between.includes('<') ? between.replace(TAG_WITH_ATTRIBUTES, '$1>').length : between.length;
  }
  let n = 0;
  for (let i = from; i < to && n < cap; i++) {
    if (html.charCodeAt(i) === LT) {
      const close = html.indexOf('>', i);
      if (close !== -1 && close < to) i = close;
    }
    n++;
  }
  return n;
}

/** The text of an HTML fragment: tags dropped (as spaces, so words on both sides stay apart), entities decoded. */
export function fragmentText(html: string): string {
  return decodeEntities(html.replace(ANY_TAG, ' '));
}

/** Characters of HTML `fragmentTextSteps` reads in one step (a few milliseconds). */
const FRAGMENT_CHUNK = 1 << 16;

/**
 * `fragmentText` a chunk at a time, with a checkpoint between chunks, for fragments that may be megabytes
 * long (a link block of a whole page). Chunks are cut just before a "<": neither a tag nor an entity can
 * span such a cut (an entity holds no "<", a tag starts at one), so the result is the same.
 */
export function* fragmentTextSteps(html: string, ticker: Ticker): Steps<string> {
  if (html.length <= FRAGMENT_CHUNK) return fragmentText(html);
  const parts: string[] = [];
  let from = 0;
  while (from < html.length) {
    const lt = html.indexOf('<', from + FRAGMENT_CHUNK);
    const to = lt === -1 ? html.length : lt;
    parts.push(fragmentText(html.slice(from, to)));
    from = to;
    if (ticker.tick(DUE)) yield;
  }
  return parts.join('');
}

/** §5.4 text distance: the text units (§0) between two offsets, counted no further than `cap`. */
export function textDistance(html: string, from: number, to: number, cap: number): number {
  if (to <= from) return 0;
  return countTextUnits(fragmentText(html.slice(from, to)), cap);
}

function* linkTextShare(
  html: string,
  links: readonly LinkSpan[],
  first: number,
  last: number,
  start: number,
  end: number,
  ticker: Ticker,
): Steps<number> {
  const all = yield* countTextUnitsSteps(yield* fragmentTextSteps(html.slice(start, end), ticker), ticker);
  if (all === 0) return 1;
  let inLinks = 0;
  for (let i = first; i <= last; i++) {
    if (ticker.tick()) yield;
    const l = links[i] as LinkSpan;
    inLinks += countTextUnits(fragmentText(html.slice(l.start, l.end)));
  }
  return Math.min(1, inLinks / all);
}

/** §5.5 the scan. */
export function scanLinkBlocks(html: string, opts: ScanOptions): ScanResult {
  return drain(scanLinkBlocksSteps(html, opts, NO_CHECKPOINTS));
}

/** The scan, with a checkpoint per `ticker` between links. */
export function* scanLinkBlocksSteps(html: string, opts: ScanOptions, ticker: Ticker): Steps<ScanResult> {
  const links = yield* findLinksSteps(html, ticker);
  const blocks: ScannedBlock[] = [];
  const distance = (a: LinkSpan, b: LinkSpan): number =>
    opts.distance === 'code'
      ? codeDistance(html, a.end, b.start, opts.attributesStripped, opts.tagAsOneChar, opts.maxDistance)
      : textDistance(html, a.end, b.start, opts.maxDistance);

  let first = 0;
  while (first < links.length) {
    let last = first;
    let maxGap = 0;
    let gap = Infinity;
    // A = end of link `last`, B = start of link `last + 1`: join while distance(A, B) < dt (M += 1).
    while (last + 1 < links.length) {
      if (ticker.tick()) yield;
      gap = distance(links[last] as LinkSpan, links[last + 1] as LinkSpan);
      if (gap >= opts.maxDistance) break;
      maxGap = Math.max(maxGap, gap);
      last++;
    }
    const count = last - first + 1;
    if (count >= opts.minLinks) {
      const start = (links[first] as LinkSpan).start;
      const end = (links[last] as LinkSpan).end;
      const share = yield* linkTextShare(html, links, first, last, start, end, ticker);
      if (share >= opts.minLinkTextShare) blocks.push({ start, end, firstLink: first, links: count, maxGap, linkTextShare: share });
    }
    // B is link `last + 1`. Ours: B opens the next block. The patent: continue after C, B's end (B is lost).
    first = opts.restartAtNextLink ? last + 1 : last + 2;
  }

  let linksIn = 0;
  let charsIn = 0;
  for (const b of blocks) {
    linksIn += b.links;
    charsIn += b.end - b.start;
  }
  return {
    links,
    blocks,
    lcr: links.length ? linksIn / links.length : 0,
    ccr: html.length ? charsIn / html.length : 0,
  };
}
