/**
 * The options of method 4, the LCS diff against a similar page (`ExtractOptions.lcsDiff`): what each
 * means, its unit and default, and for an extension its measured effect; its defaults; and the rules its
 * values must keep, as data (core/option-rules.ts). core/options.ts composes every section into
 * `ExtractOptions` and checks every section's rules.
 */
import type { OptionRule } from '../option-rules.ts';

/**
 * Method 4 (ALGORITHMS.md §4, patent CN102004805A): the LCS diff of the page's feature tree against that of
 * a similar page of the same site. It runs only when the host passes a similar page (`ExtractEnv.similarPage`);
 * the extension fetches one only when the reader switched it on.
 */
export interface LcsDiffOptions {
  /** Run the diff when a similar page is given. Default true (it only runs with a similar page). */
  readonly enabled: boolean;
  /**
   * §4.7 Ts: a topleft step whose two nodes are less similar than this is a replaced node (a candidate);
   * otherwise the nodes match (template). Also §4.6's gap-filler "parents similar" = compare(parents) ≥ Ts.
   * Default 0.5 (the spec's).
   */
  readonly replaceThreshold: number;
  /** §4.6 gap-filler: box features (width, height, left, top) are equal within this many CSS px. Default 2. */
  readonly boxTolerancePx: number;
  /**
   * §4.9 "close to the best": a cluster whose score is at least the best score minus this margin is an
   * information block. Default 3 (one place behind the best on one metric).
   */
  readonly closeToBestMargin: number;
  /** §4.9 scoring: how many clusters of each metric's ranking score (+5, +3, +1; −5, −3, −1 for link rate). Default 3. */
  readonly rankedClusters: number;
  /** §4.10: most nodes of either feature tree; a larger page is not diffed ("skipped: size"). Default 60 000. */
  readonly maxNodes: number;
  /**
   * §4.10: most cells of one LCS table (n × m after the common ends are trimmed); a larger table is split by
   * matched subtrees (`splitSubtrees`), else the stage is skipped. Default 2 000 000 (8 MB of scores, 2 MB of
   * pointers): against 4 000 000 the same body and template figures on gne, big9, scrapinghub and dragnet
   * (dom, --similar auto), and on the bench's 10 000-element pair whose every text differs 86 ms instead of
   * 121 ms with the same template found.
   */
  readonly maxCells: number;
  /** §4.10: most ms the diff may take; past it the stage stops and says "skipped: budget". Default 1000. */
  readonly budgetMs: number;
  /**
   * §6.3 gap-filler `sameArticleGuard`, its third test: a similar page that matched more than this share of
   * the sentence weight (§0) under method 1's body root holds this article's prose — a copy or another
   * edition of it, not only its template — and is not used. Default 0.5 (most of the article's sentences;
   * one of two is not most: a two-sentence news item under a one-sentence disclaimer is not a copy).
   */
  readonly sameArticleSentenceShare: number;
  /**
   * Extension `noiseQuery`, its data-driven tests: a query parameter with one value on every same-site link
   * that carries it, or carried by every same-site link, is noise only when at least this many links carry
   * it. Default 3 (two links with the same tag may be chance; three are the site's habit).
   */
  readonly noiseQueryMinLinks: number;
  /** §4.10: the common prefix and suffix of identical nodes are matched before the table is filled. Default true. */
  readonly trimCommonEnds: boolean;
  /** §4.10: a table over `maxCells` is split by matched subtrees (child lists aligned, then each pair). Default true. */
  readonly splitSubtrees: boolean;
  /** §6.3: text blocks of the body whose content node matched the similar page (template) leave the body. Default true. */
  readonly dropTemplate: boolean;
  readonly extensions: {
    /**
     * §4.6 gap-filler: "parents similar" read as compare(parents) ≥ Ts (memoised per pair). Off: parents are
     * similar when they have the same tag (the patent does not define the test).
     */
    readonly parentSimilarity: boolean;
    /** §4.6 gap-filler: the box is compared within `boxTolerancePx`. Off: pixel-exact. */
    readonly boxTolerance: boolean;
    /**
     * §4.6 gap-filler: content equality compares whitespace-normalised text and image sources. Off: the raw
     * text of the node, images not compared.
     */
    readonly normalisedContent: boolean;
    /**
     * §6.3 gap-filler: when the article's own title block or first sentence (method 1) matched the similar
     * page, or more than `sameArticleSentenceShare` of the sentences under method 1's root did, that page
     * holds this article (a copy, another edition of it) and is not used (`similarPage` status "skipped", rule
     * `4.7-same-article`): a site's template never holds an article's headline, first sentence or most of its
     * prose. Off: dragnet loses two copies of one article whole (T162, T177: 526 gold tokens each). The
     * sentence test (dom, pages with a same-site partner, body F1 / P / R without it → with it): dragnet
     * 0.9392 / 0.9522 / 0.9266 → 0.9400 / 0.9523 / 0.9280 (R491, a Reuters story whose partner is its
     * update with a new lead, recall 0.18 → 0.99); gne, big9, scrapinghub, daniel unchanged.
     */
    readonly sameArticleGuard: boolean;
    /**
     * §6.3 gap-filler, as method 5's `keepSentences`: a template block of the body that is a sentence (§0)
     * stays — the disclaimers and notes a site repeats inside its articles, which some gold bodies keep.
     * Off by default. Body F1 / P / R (pages with a same-site partner) on → off: daniel (dom) 0.9598 / 0.9633
     * / 0.9564 → 0.9602 / 0.9656 / 0.9547, scrapinghub (chromium) 0.9783 / 0.9617 / 0.9954 → 0.9770 / 0.9666
     * / 0.9875; gne, big9, dragnet and scrapinghub (dom) unchanged. It buys recall with precision on two sets
     * and costs daniel F1: it does not earn its place, and a share line or a sign-up note written as a
     * sentence is furniture to a reader.
     */
    readonly keepTemplateSentences: boolean;
    /**
     * §6.3 extension (rule `6.3-lcs-information`): the information blocks of the kept clusters outside method
     * 1's body are offered back to it. Off by default: body F1 (dom, pages with a same-site partner) gne
     * 0.977 → 0.742 with it on — without layout nearly every node the template does not explain is one
     * candidate cluster, and offering it back brings the page's other text with it.
     */
    readonly offerInformation: boolean;
    /**
     * §4.1 gap-filler (issue 40 item 13): the similar-URL ranking sets aside query parameters that name no
     * page, as it sets aside tracking ones — a known tracking or share name (`s`, `source`, `share*`,
     * `ref_*`…), one value on every same-site link that carries it, or carried by every same-site link
     * (`noiseQueryMinLinks` links or more) — unless a link to the page's own path carries another id-like
     * value of it (`article.php?id=124` on `article.php?id=123`: that query names the page). Each parameter
     * set aside is a `4.1-noise-query` decision of the Explain trace. Off: a site whose every link carries
     * `?s=…` has no similar page ("no link of this page leads to another page of the same site and
     * shape"). The dev sets' eval pairs same-site pages from the gold, not by URL, so no figure moves.
     */
    readonly noiseQuery: boolean;
  };
}

export const LCS_DIFF_DEFAULTS = {
  enabled: true,
  replaceThreshold: 0.5,
  boxTolerancePx: 2,
  closeToBestMargin: 3,
  rankedClusters: 3,
  maxNodes: 60_000,
  maxCells: 2_000_000,
  budgetMs: 1_000,
  sameArticleSentenceShare: 0.5,
  noiseQueryMinLinks: 3,
  trimCommonEnds: true,
  splitSubtrees: true,
  dropTemplate: true,
  extensions: {
    parentSimilarity: true,
    boxTolerance: true,
    normalisedContent: true,
    sameArticleGuard: true,
    keepTemplateSentences: false,
    offerInformation: false,
    noiseQuery: true,
  },
} as const satisfies LcsDiffOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const LCS_DIFF_RULES: readonly OptionRule<LcsDiffOptions>[] = [
  { path: 'boxTolerancePx', check: 'min', min: 0 },
  { path: 'closeToBestMargin', check: 'min', min: 0 },
  { path: 'rankedClusters', check: 'min', min: 0 },
  { path: 'maxNodes', check: 'min', min: 0 },
  { path: 'maxCells', check: 'min', min: 0 },
  { path: 'budgetMs', check: 'min', min: 0 },
  { path: 'noiseQueryMinLinks', check: 'integer', min: 1 },
  { path: 'replaceThreshold', check: 'range', min: 0, max: 1 },
  { path: 'sameArticleSentenceShare', check: 'range', min: 0, max: 1 },
];
