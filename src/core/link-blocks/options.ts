/**
 * The options of method 5, the logical link blocks (`ExtractOptions.linkBlocks`): what each means, its
 * unit and default, and for an extension its measured effect; its defaults; and the rules its values must
 * keep, as data (core/option-rules.ts). core/options.ts composes every section into `ExtractOptions` and
 * checks every section's rules.
 */
import type { OptionRule } from '../option-rules.ts';

/** §5 Logical link blocks (patent CN103942332A). */
export interface LinkBlockOptions {
  /** §5.6–5.7 faithful Ct: a logical block is a link block when it holds at least this many links. Default 3. */
  readonly minLinks: number;
  /** §5.4 which distance joins adjacent links: 'code' (characters, attributes removed) or 'text' (text units). Default 'code'. */
  readonly distance: 'code' | 'text';
  /** §5.7 faithful code distance dt: links closer than this many characters join. Default 80. */
  readonly maxCodeDistance: number;
  /** §5.7 faithful text distance dt: links closer than this many text units join. Default 40. */
  readonly maxTextDistance: number;
  /**
   * §6.3 removal: a text block inside the body root is left out when at least this share of its
   * characters lies inside link blocks (a related-links list goes; a paragraph with a few close links
   * stays). Default 0.5.
   */
  readonly removeMinShare: number;
  /**
   * With `linkTextShare`: a logical block whose links hold less than this share of its text units is not
   * a link block. Default 0.5 (swept 0.3 and 0.5: the gold body text inside link blocks falls from
   * 1.7/3.4/3.3/0.7% to 0.9/1.8/1.3/0.7% on scrapinghub/readability/cwce/gne; index pages stay at LCR 1.0).
   */
  readonly minLinkTextShare: number;
  /**
   * §6.3: leave link blocks inside the body root out of the body output (their text blocks, by
   * `removeMinShare`). Off: link blocks are found, counted and shown; the body is not changed.
   */
  readonly removeFromBody: boolean;
  /** Most elements listed per block in `Article.noise[].parts` (for the overlay). Default 200. */
  readonly maxPartsPerBlock: number;
  /** Longest serialised page scanned, in characters; the rest is not scanned and a warning says so. Default 20 000 000. */
  readonly maxChars: number;
  readonly extensions: {
    /**
     * §5.5 extension: when a block ends at the gap before link B, B opens the next block. Faithful: the
     * scan restarts after C, the end of B, so B belongs to no block (the first link of every list after
     * an isolated link is lost).
     */
    readonly restartAtNextLink: boolean;
    /**
     * §6.3 extension: a text block that passes the sentence test (§0) stays in the body even when link
     * blocks cover it: a paragraph dense with links (Wikipedia, a colophon) is text, a list of headlines
     * is not.
     */
    readonly keepSentences: boolean;
    /**
     * §5.4 extension: in the code distance every tag counts one character, whatever its name (faithful:
     * its characters once attributes are removed, so `</div>` is 6). Today's templates wrap each list
     * item in many levels (`</span></div></div></li><li><div><div><span>`), which alone passes dt = 80
     * and splits a forum's thread list into one-link pieces; text between links weighs the same as before.
     */
    readonly tagAsOneChar: boolean;
    /**
     * §5.6 extension: a block is a link block only when its links hold at least `minLinkTextShare` of its
     * text (the patent looks at distances only). Wikipedia-style prose, a link every few words, passes the
     * distance test but is text; a menu or a headline list is mostly link text.
     */
    readonly linkTextShare: boolean;
  };
}

export const LINK_BLOCKS_DEFAULTS = {
  minLinks: 3,
  distance: 'code',
  maxCodeDistance: 80,
  maxTextDistance: 40,
  removeMinShare: 0.5,
  minLinkTextShare: 0.5,
  maxPartsPerBlock: 200,
  maxChars: 20_000_000,
  removeFromBody: true,
  extensions: { restartAtNextLink: true, keepSentences: true, tagAsOneChar: true, linkTextShare: true },
} as const satisfies LinkBlockOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const LINK_BLOCKS_RULES: readonly OptionRule<LinkBlockOptions>[] = [
  { path: 'minLinks', check: 'min', min: 0 },
  { path: 'maxCodeDistance', check: 'min', min: 0 },
  { path: 'maxTextDistance', check: 'min', min: 0 },
  { path: 'maxPartsPerBlock', check: 'min', min: 0 },
  { path: 'maxChars', check: 'min', min: 0 },
  { path: 'distance', check: 'choice', values: ['code', 'text'] },
  { path: 'removeMinShare', check: 'range', min: 0, max: 1 },
  { path: 'minLinkTextShare', check: 'range', min: 0, max: 1 },
];
