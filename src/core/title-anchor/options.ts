/**
 * The options of method 1, the title-anchored body finder (`ExtractOptions.titleAnchor`): what each means,
 * its unit and default, and for an extension its measured effect; its defaults; and the rules its values
 * must keep, as data (core/option-rules.ts). core/options.ts composes every section into `ExtractOptions`
 * and checks every section's rules.
 */
import type { OptionRule } from '../option-rules.ts';

/** §1 Title-anchored body finder. */
export interface TitleAnchorOptions {
  /** §0/§1.4 faithful: a block is a title candidate when sim (Jaccard × 100) exceeds this. Default 20. */
  readonly simThresholdPct: number;
  /** §1.5 faithful: descend into the child that keeps MORE than this share of the sentences. Default 0.5. */
  readonly descendKeepRatio: number;
  /** §1.1 gap-filler: a link title with fewer title units than this ("Read more", "更多") is not used as the query. Default 3. */
  readonly minLinkTitleUnits: number;
  /** Longest text (in text units) a block may have to be compared with the title at all. Default 200. */
  readonly maxTitleUnits: number;
  /**
   * §1.5 extension `multiSentenceLca`: how many sentences after the title the lowest common ancestor
   * covers (the first sentence and the next ones). Default 2. Calibrated on the dev sets: 2 and 3 tie on
   * scrapinghub (0.920/0.910 dom), 2 keeps gne; the faithful rule is 1.
   */
  readonly lcaSentences: number;
  /**
   * With `multiSentenceLca`: a further sentence counts only within this many blocks of the one before
   * (so a one-paragraph article does not reach into its comments). Default 16; swept 2, 4, 8, 16, ∞ on
   * scrapinghub (0.858, 0.897, 0.910, 0.920, 0.920) and gne (∞ loses a one-paragraph page).
   */
  readonly lcaWindowBlocks: number;
  /**
   * Extension `skipCommentSections`: an element whose id or class, split at - _ : ., contains one of
   * these words (lower case) is a comment section. Default comment, comments, commentlist, respond,
   * replies, disqus, pinglun (评论).
   */
  readonly commentSectionWords: readonly string[];
  /**
   * With `skipTeaserLists`: the least share of the heaviest child's sentence weight in teaser items (a
   * sentence after its item's headline, in a `<ul>`'s `<li>` or a `<dd>`) for it to be a teaser list.
   * Default 0.5.
   */
  readonly teaserListMinShare: number;
  /** With `paragraphRun`: the least share of a node's text units in its child `<p>` elements. Default 0.8 (0.5 measured worse on daniel). */
  readonly paragraphRunMinShare: number;
  /**
   * Which text is reported as the article's title. 'title-block': the anchored block (§1.4);
   * 'structured-first': JSON-LD headline, og:title… when the page declares one (unless the title block
   * extends it: a truncated meta value), then the block, then `<title>`. Default 'structured-first':
   * readability title exact 0.631 → 0.769 (dom), gne unchanged once truncated values are guarded.
   */
  readonly titleChoice: 'title-block' | 'structured-first';
  /** Title text: a line of a multi-line title block is kept when this share of its units is in the query title. Default 0.5. */
  readonly titleLineMinShare: number;
  /** Title text: a block containing the whole query title is trimmed to it when the query is at least this share of the block. Default 0.6. */
  readonly titleTrimMinShare: number;
  /**
   * When `<title>` itself is reported (no title block, no declared title), a trailing " – Site" part after
   * a spaced separator (| – — - · » /) is dropped if at least this many words remain. Default 3.
   */
  readonly titleElementMinWords: number;
  /** With `dropTitleSiteAffix`: the most words (a CJK character counts as one) a site's name around the headline has. Default 6. */
  readonly titleAffixMaxWords: number;
  /**
   * With `laterStrongerTitle`: the least similarity (Jaccard × 100) of a later heading that replaces the
   * candidate. Default 40 (with `laterTitleMinGain` 15; 60 with 30 gains 5 dragnet pages and nothing
   * elsewhere, 40 with 15 those and 2 more, and 2 daniel pages; no page loses under either).
   */
  readonly laterTitleMinSim: number;
  /** With `laterStrongerTitle`: how much more similar than the candidate the later heading must be. Default 15. */
  readonly laterTitleMinGain: number;
  readonly extensions: {
    /** §1.1 extension: when no block reaches the threshold, retry with og:title, then the first h1. */
    readonly fallbackQueryTitles: boolean;
    /**
     * §1.4 extension: when the first sentence comes before any candidate, keep looking for a candidate
     * only to the end of that first sentence run, then fall back to the h1 nearest above it.
     */
    readonly boundedCandidateScan: boolean;
    /**
     * §1.4 extension (candidate-scan.ts): the scan does not end at the first sentence after a weak
     * candidate when a later block, followed by a sentence, matches the query title much better
     * (`laterTitleMinSim`, `laterTitleMinGain`): a blog's name in its banner, followed by its tagline,
     * matched the " @ Blog" part of `<title>` and the article below was never reached. Only a heading
     * (h1–h6) may replace it: without that guard a "recent posts" list item repeating the headline in the
     * sidebar took the body (dragnet R394, 0.74 → 0). Off → on, body F1 (dom, dev): dragnet 0.8819 →
     * 0.8892 (7 pages of 6 blogs from 0–0.70 to 0.88–1.00), daniel 0.9258 → 0.9265 (2 regnum.ru pages,
     * 0 → 0.63 and 0.91 → 0.92); no page loses; scrapinghub, readability, cwce, gne, big9 unchanged.
     */
    readonly laterStrongerTitle: boolean;
    /**
     * §1.4 extension (candidate-scan.ts): a heading (h1–h6) is compared with the query title before it is
     * taken as a sentence; when it is a candidate (similarity above the threshold and above the best so
     * far) it is the title, not a sentence. Faithful: a sentence is never a candidate, and with the
     * `latinSentence` extension a headline of twelve words ending in "?" is a sentence ("What is the value
     * of drugs that come to the U.S. border?"), so the scan passed over it and anchored on a sidebar heading.
     * Measured (dom, dev, body F1, off → on): scrapinghub 0.9536 → 0.9563 (3 pages gain, 0.77 → 1.00 the
     * most), readability 0.9388 → 0.9389 (wapo-2), dragnet 0.8986 → 0.8992 (5 gain, R763 0.35 → 0.92; R348
     * loses 0.91 → 0.86), daniel 0.9300 → 0.9299 (se.pl 0.77 → 0.66); cwce, gne, big9 unchanged.
     */
    readonly headingBeforeSentence: boolean;
    /**
     * §1.5 extension (descend.ts, index.ts): the descent does not enter a child that leaves the anchor
     * sentence behind — the first anchor sentence (§1.5 with `multiSentenceLca`) that is neither a caption
     * (in a figure, a "caption" class, or beside an image with little more text) nor a standfirst (in a
     * container with the title and no later anchor). An article cut into sibling containers (a lead
     * paragraph, then a "read more" box; paragraphs, then the rest under a gallery) kept only its heaviest
     * part. Off → on, body F1 (dom, dev): readability 0.9229 → 0.9357 (10 pages gain, e.g. wikipedia-2
     * 0.58 → 0.96, quanta-1 0.71 → 0.98; 2 lose ≤ 0.05), cwce (CJK) 0.9322 → 0.9440, dragnet 0.8825 →
     * 0.8874, big9 0.9568 → 0.9586, daniel 0.9265 → 0.9277, scrapinghub 0.9535 → 0.9536, gne unchanged.
     * Without the caption and standfirst guards big9 fell (0.9550) and scrapinghub (0.9443); binding
     * only a sentence within 3 levels of its pair with the title gained less (readability 0.9258).
     */
    readonly descentKeepsAnchor: boolean;
    /**
     * §1.5 extension (descend.ts), with `descentKeepsAnchor`: when the heaviest child leaves the anchor
     * sentence behind and holds at least `teaserListMinShare` of its sentences in teaser items (each a
     * headline, then its summary, in an unordered list; the anchor in no list item), it is a teaser list —
     * a news feed, a "most popular" rail, a slideshow of titled captions: left out of the descent and the
     * body (`1.5-teaser-list`, `6.3-teaser-list`), and the descent goes on among the other children.
     * Off → on, body F1 (dom, dev): dragnet 0.8950 → 0.8972 (5 pages of 4 sites gain, e.g. a WSJ story
     * beside its "most popular" rail 0.41 → 0.99, HuffPost stories with a slideshow 0.12–0.42 → 0.95–0.98),
     * readability 0.9360 → 0.9388 (bug-1255978, a gallery, 0.33 → 0.96), daniel 0.9287 → 0.9292 (a feed of
     * dt/dd news items, 0.28–0.32 → 0.60–0.96); no page loses; scrapinghub, cwce, gne, big9 unchanged.
     * Counting every list item (not only a headline's summary) lost blog link round-ups and bullet-point
     * stories (4 dragnet pages, to 0–0.66), and counting `<ol>` items lost Wikipedia's references.
     */
    readonly skipTeaserLists: boolean;
    /**
     * Title extension (metadata/choose.ts): a declared title (og:title, JSON-LD headline) that is the title
     * block's text with the site's name before or after a separator ("… | Dancing with the Stars",
     * "…_科技_腾讯网") is reported as the block's text. Faithful: the declared title as the page writes it.
     * Default off: the two sets with title gold disagree on it. Off → on, title exact (dom, dev):
     * googletrends 0.549 → 0.618 (7 pages gain: "… | Dancing with the Stars", "… - CBBC Newsround", none
     * lose), readability 0.808 → 0.762 (its gold is Readability's own output, which keeps og:title as
     * written: 6 pages lose, "… | eHow", "… | Factorio"; 4 gain); gne unchanged.
     */
    readonly dropTitleSiteAffix: boolean;
    /** Gap-filler: with no title anchor at all, descend from <body> instead of giving up. */
    readonly descendFromBodyWithoutTitle: boolean;
    /**
     * §1.5 extension: the body root starts from the lowest common ancestor of the title block and the
     * first `lcaSentences` sentences (faithful: the first sentence alone), so that a one-sentence
     * standfirst under the headline does not become the whole body.
     */
    readonly multiSentenceLca: boolean;
    /**
     * §1.5 gap-filler `paragraphRun`: the descent does not enter a `<p>` whose parent holds at least
     * `paragraphRunMinShare` of its text units in child paragraphs (a run of paragraphs is the article, and
     * a paragraph is not a container). On a page where one paragraph alone passes the sentence test (the
     * others have two commas or fewer, or no terminator), the faithful descent narrows the body to it.
     * Body F1 (dom, dev, off → on at 0.8): gne (CJK) 0.966 → 0.978 (toutiao 0.42 → 1.00), readability 0.911
     * → 0.914 (3 pages gain), dragnet 0.881 → 0.882 (7 gain, 1 loses 0.002), daniel 0.926 → 0.926 (4 gain
     * by up to 0.48; 6 lose, marieclaire 0.97 → 0.82 the most, the rest ≤ 0.06); scrapinghub, cwce, big9
     * no page changes. At 0.5 daniel falls to 0.925 (12 pages lose, iatronet 0.93 → 0.21).
     */
    readonly paragraphRun: boolean;
    /**
     * §1.5 gap-filler: comment sections (`commentSectionWords`) that hold neither the title nor the
     * anchor sentences are left out of the descent's sentence counts and of the body. Body F1 (dom):
     * scrapinghub 0.924 → 0.942, readability 0.877 → 0.884, cwce (CJK) 0.893 → 0.899, gne unchanged;
     * four pages gain (a thread that outweighed its post), none lose.
     */
    readonly skipCommentSections: boolean;
  };
}

export const TITLE_ANCHOR_DEFAULTS = {
  simThresholdPct: 20,
  descendKeepRatio: 0.5,
  minLinkTitleUnits: 3,
  maxTitleUnits: 200,
  lcaSentences: 2,
  lcaWindowBlocks: 16,
  paragraphRunMinShare: 0.8,
  teaserListMinShare: 0.5,
  commentSectionWords: ['comment', 'comments', 'commentlist', 'respond', 'replies', 'disqus', 'pinglun'],
  titleChoice: 'structured-first',
  titleLineMinShare: 0.5,
  titleTrimMinShare: 0.6,
  titleElementMinWords: 3,
  titleAffixMaxWords: 6,
  laterTitleMinSim: 40,
  laterTitleMinGain: 15,
  extensions: {
    fallbackQueryTitles: true,
    boundedCandidateScan: false,
    laterStrongerTitle: true,
    dropTitleSiteAffix: false,
    headingBeforeSentence: true,
    descentKeepsAnchor: true,
    skipTeaserLists: true,
    descendFromBodyWithoutTitle: true,
    multiSentenceLca: true,
    paragraphRun: true,
    skipCommentSections: true,
  },
} as const satisfies TitleAnchorOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const TITLE_ANCHOR_RULES: readonly OptionRule<TitleAnchorOptions>[] = [
  { path: 'maxTitleUnits', check: 'min', min: 0 },
  { path: 'minLinkTitleUnits', check: 'min', min: 0 },
  { path: 'lcaSentences', check: 'min', min: 0 },
  { path: 'titleElementMinWords', check: 'min', min: 0 },
  { path: 'titleAffixMaxWords', check: 'min', min: 1 },
  { path: 'lcaWindowBlocks', check: 'min', min: 0 },
  { path: 'titleChoice', check: 'choice', values: ['title-block', 'structured-first'] },
  { path: 'simThresholdPct', check: 'range', min: 0, max: 100 },
  { path: 'laterTitleMinSim', check: 'range', min: 0, max: 100 },
  { path: 'laterTitleMinGain', check: 'range', min: 0, max: 100 },
  { path: 'lcaSentences', check: 'integer', min: 1 },
  { path: 'titleLineMinShare', check: 'range', min: 0, max: 1 },
  { path: 'titleTrimMinShare', check: 'range', min: 0, max: 1 },
  { path: 'paragraphRunMinShare', check: 'range', min: 0, max: 1 },
  { path: 'teaserListMinShare', check: 'range', min: 0, max: 1 },
  { path: 'descendKeepRatio', check: 'range', min: 0, max: 1, maxExclusive: true },
];
