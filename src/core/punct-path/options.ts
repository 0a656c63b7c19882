/**
 * The options of method 2, the punctuation and DOM-path body (`ExtractOptions.punctPath`): what each
 * means, its unit and default, and for an extension its measured effect; its defaults; and the rules its
 * values must keep, as data (core/option-rules.ts). core/options.ts composes every section into
 * `ExtractOptions` and checks every section's rules.
 */
import type { OptionRule } from '../option-rules.ts';

/** Method 2, the punctuation and DOM-path body (ALGORITHMS.md §2). */
export interface PunctPathOptions {
  /**
   * §2.4 faithful: the sample path is checked against this many leaves with most full stops after the
   * sample ("the top 5"); when most of them disagree with it, the path most of them agree with is taken.
   * Default 5.
   */
  readonly checkTop: number;
  /**
   * §2.6 faithful: s in the threshold K ≥ (L0 − s) / (L0 + s), the worst case the method allows (a leaf
   * both linked and emphasised: s fewer matched nodes, 2s more length). Default 1.
   */
  readonly worstCaseNodes: number;
  /** §2.2 with `latinStops`: a page is CJK, and only 。 counts on it, when at least this share of its letters are CJK characters. Default 0.3. */
  readonly cjkPageMinShare: number;
  readonly extensions: {
    /** §2.2 extension: on pages not written mostly in CJK, the terminators . ! ? that end a sentence count as full stops. */
    readonly latinStops: boolean;
    /** §2.6 extension: a path's node is its tag and class list (faithful: the tag alone). */
    readonly classIdentity: boolean;
    /**
     * §2.2 extension: leaves inside comment sections (elements whose id or class names one, by
     * `titleAnchor.commentSectionWords`, holding neither method 1's title block nor its first sentence)
     * count no full stops and are never body, so a long comment thread under a short post cannot give
     * method 2 its sample path and lead the body into the comments. Body F1 (dom, dev, off → on):
     * dragnet 0.872 → 0.881 (15 pages gain, 8 lose: four of them — Tim Ferriss and John D. Cook pages — have
     * gold that holds the whole comment thread although the set's gold is "without the comments"), daniel
     * 0.926 → 0.926 (3 gain, none lose), scrapinghub, readability, cwce, gne, big9 unchanged.
     */
    readonly skipCommentSections: boolean;
  };
}

export const PUNCT_PATH_DEFAULTS = {
  checkTop: 5,
  worstCaseNodes: 1,
  cjkPageMinShare: 0.3,
  extensions: { latinStops: true, classIdentity: true, skipCommentSections: true },
} as const satisfies PunctPathOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const PUNCT_PATH_RULES: readonly OptionRule<PunctPathOptions>[] = [
  { path: 'checkTop', check: 'min', min: 0 },
  { path: 'worstCaseNodes', check: 'min', min: 0 },
  { path: 'cjkPageMinShare', check: 'range', min: 0, max: 1 },
];
