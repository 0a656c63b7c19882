/**
 * Every threshold and switch of the extractor, in one typed object with documented defaults
 * (STYLE.md §8.4). Method code contains no other numbers than 0, 1 and indices: it reads them from here.
 *
 * "Faithful" values are the published method's (ALGORITHMS.md); "extension" switches are ours, each
 * measured against the faithful rule on the dev sets (figures here and in BENCHMARKS.md). The settings
 * of training the date model are not extraction options: they live in src/train/options.ts.
 */

import { fnv1a } from './hash.ts';
import { isRecord } from './json-object.ts';

/** §0 Shared text primitives. */
export interface TextOptions {
  /** Sentence test (§0, faithful): a sentence has MORE than this many commas (，、 ,). Default 2. */
  readonly sentenceMinCommasExclusive: number;
  /** Noise test (§0, faithful): a non-sentence with fewer than this many CJK characters… Default 3. */
  readonly noiseMinCjkChars: number;
  /** …and fewer than this many Latin letters is noise. Default 6. */
  readonly noiseMinLatinChars: number;
  /** §0 extension "latinSentence": minimum words of a non-CJK block that ends in a terminator. Default 12. */
  readonly latinSentenceMinWords: number;
  readonly extensions: {
    /**
     * §0 extension: a non-CJK block of at least `latinSentenceMinWords` words ending in a terminator is a
     * sentence too (the faithful comma rule misses most English paragraphs).
     */
    readonly latinSentence: boolean;
    /**
     * §0/§1.3 extension: a block that `<br>` breaks into lines counts, in the sentence statistics, one
     * sentence per line that passes the sentence test on its own (at least 1 when the block as a whole
     * is a sentence). Faithful: a block counts 1 however many paragraphs its lines hold, so an article
     * written as one `<br><br>`-separated block weighs no more than one comment and the "more than half"
     * descent stops above it. A `<p>` is still not entered on the strength of one block (see descend.ts).
     * Body F1 CJK (dom): cwce 0.899 → 0.910 (a blog post without `<title>` and a forum thread, both one
     * block of lines, gain; none lose); scrapinghub, gne, readability unchanged.
     */
    readonly sentenceLines: boolean;
  };
}

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

/** §1.6 Body output. */
export interface OutputOptions {
  /** File extensions (lower case, no dot) that make a link a document (§1.6). */
  readonly documentExtensions: readonly string[];
  /** Longest plain text kept, in characters; longer bodies are cut and a warning says so. */
  readonly maxBodyChars: number;
  /** Most images reported. */
  readonly maxImages: number;
  /**
   * Extension `dropDecorativeImages`: an image whose stated width or height (its attributes; not the
   * rendered box, a lazy image's placeholder's as often as the picture's) is below this many CSS pixels is an
   * icon, a bullet or a spacer, not one of the article's pictures.
   * Default 48.
   */
  readonly minImageSide: number;
  /** Extension `dropDecorativeImages`: an image this many times wider than tall (or taller than wide) is a divider. Default 8. */
  readonly maxImageAspect: number;
  /** Most table cells serialised per table. */
  readonly maxTableCells: number;
  readonly extensions: {
    /** Drop the title block and the metadata lines of the title→first-sentence zone from the body. */
    readonly dropTitleAndZone: boolean;
    /** Drop blocks that fail the §0 noise test ("Share", "Ad", "更多") from the body output. */
    readonly dropNoiseBlocks: boolean;
    /**
     * Gap-filler: `Article.images` leaves out icons, dividers, spacers and avatars (small or very thin by
     * `minImageSide` and `maxImageAspect`, or named so by their class, id, alt or file name); the body's
     * HTML keeps them where the page put them.
     */
    readonly dropDecorativeImages: boolean;
    /**
     * Gap-filler (issue 15): a table in the body that is not a data table (§1.6) is written as text, and
     * the cells of one row run together where the text runs on from one into the next (a sentence a
     * layout table cut: 获得了5 | 00万元), instead of one line (and one Markdown table cell) each.
     */
    readonly joinLayoutTableRows: boolean;
  };
}

/** §1.7 Author, source and time. */
export interface MetadataOptions {
  /** Longest author/source value kept, in characters. Default 60. */
  readonly maxValueChars: number;
  /** Extension `pageLabelledAuthor`: longest block (text units) read for a labelled author outside the zone. Default 40. */
  readonly maxLabelBlockUnits: number;
  /**
   * Confidence reported for a rule-based publication time, by where it came from (the date SVM of §3
   * will report its decision value instead). Defaults: JSON-LD 0.9, meta 0.9, itemprop 0.85, zone 0.8,
   * time element 0.7, labelled date 0.7, date line 0.5, URL 0.5.
   */
  readonly dateConfidence: {
    readonly 'json-ld': number;
    readonly meta: number;
    readonly itemprop: number;
    readonly zone: number;
    readonly 'time-element': number;
    readonly 'labelled-date': number;
    readonly 'date-line': number;
    readonly url: number;
  };
  /** Earliest plausible publication year. Default 1990. */
  readonly minYear: number;
  /** Dates more than this many days after "now" are rejected as publication times. Default 1. */
  readonly maxFutureDays: number;
  /** Which source wins for the publication time. */
  readonly datePriority: 'structured-first' | 'zone-first';
  readonly extensions: {
    /** §1.7 extension: read JSON-LD, meta tags, <time>, itemprop and rel=author. */
    readonly structuredData: boolean;
    /** Gap-filler: a date in the page URL (/2019/10/16/) when nothing else gives one. */
    readonly urlDate: boolean;
    /**
     * Gap-filler: when neither the zone nor structured data names an author, read labelled lines
     * (责任编辑：…, 作者：…, By …) of at most `maxLabelBlockUnits` units anywhere, body first.
     */
    readonly pageLabelledAuthor: boolean;
    /**
     * Gap-filler: an author value that is the site's own name — og:site_name, application-name, the
     * JSON-LD publisher, a declared or labelled source, a part of `<title>` after the headline ("网易" of
     * "…_网易新闻", a `meta name=author` many Chinese CMSs fill with the outlet) — goes after every
     * person's name, and the labelled lines of `pageLabelledAuthor` are read before it. Author exact
     * (dom): gne 0.414 → 0.448; cwce 0.382 and readability 0.579 unchanged.
     */
    readonly publisherNotAuthor: boolean;
    /**
     * Gap-filler: the name the site gives itself (`Article.site`): og:site_name, the JSON-LD article's
     * publisher, application-name, or the part of `<title>` after the headline when it names the URL's
     * host. Kept apart from `source`, the outlet a story came from (来源: a syndicated story's source is
     * not the site showing it), so no source figure moves; the popup shows it when no source is named.
     */
    readonly siteName: boolean;
    /**
     * Gap-filler: with no zone or structured date, a labelled date anywhere ("发布日期：…", "Published …"),
     * body first. Date accuracy with this and `dateLines` (dom engine): cwce 0.700 → 0.833, gne
     * 0.793 → 0.862, readability 0.758 → 0.818, htmldate 0.762 → 0.855 (precision 0.911 → 0.893).
     */
    readonly labelledDates: boolean;
    /** Gap-filler: after that, a date in a short non-sentence block (of at most `maxLabelBlockUnits` units), body first. */
    readonly dateLines: boolean;
  };
}

/**
 * §3 Publication time by an SVM over date-text fragments (patent CN108829898B), at prediction. How a page
 * is read into samples and vectors belongs to the model (its feature description: samples/spec.ts), and
 * how a model is trained to `train-date` (src/train/options.ts): neither is an extraction option.
 */
export interface DateSvmOptions {
  /**
   * Use the classifier for the publication time (§6.4). False: the rule chain of §1.7 and its
   * gap-fillers (zone, structured data, labelled dates, date lines, URL) as before method 3.
   */
  readonly enabled: boolean;
  /** §3.7 faithful: a candidate marks the publication time when its decision value exceeds this. Default 0. */
  readonly minDecision: number;
  /** Bounded work: candidates scored on one page (attribute candidates first, then text in document order). Default 300. */
  readonly maxCandidates: number;
  /** Bounded work: attribute, JSON-LD and URL candidates read from one page. Default 100. */
  readonly maxAttributeCandidates: number;
  /** Attribute values longer than this are not read as dates (a description that mentions one). Default 64. */
  readonly maxAttributeValueChars: number;
  /** §3.7 runner-up candidates reported with the chosen time (popup, Explain, JSON). Default 10. */
  readonly reportCandidates: number;
  /** §3.7 faithful: with no positive candidate, the first structured (JSON-LD/meta) date. Default true. */
  readonly structuredFallback: boolean;
  readonly extensions: {
    /**
     * §3.7 extension: when the chosen candidate is a UTC instant (`…Z`, `+00:00`) and the page shows the
     * same instant in local time, or its URL the neighbouring day a time zone explains, the day reported
     * is the page's (local-day.ts). Metadata in UTC puts an evening article in America on the next day.
     * Alone it changes nothing (text candidates rarely carry a zone); the defaults without it 0.878 on
     * htmldate against 0.888 (the other sets unchanged).
     */
    readonly localDay: boolean;
  };
}

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

/** §6 How method 2 confirms or corrects method 1's body in the combine stage. */
export interface CombineOptions {
  /**
   * Which method gives the body: 'combined' (§6: method 1, confirmed or corrected by method 2),
   * 'title-anchor' (method 1 alone, the path rules off) or 'punct-path' (method 2 alone: the leaves it
   * accepts, under their lowest common ancestor). Default 'combined'; the others are for measuring each
   * method on its own.
   */
  readonly bodyMethod: 'combined' | 'title-anchor' | 'punct-path';
  /**
   * §6.2 "disagrees strongly", when method 2's body holds method 1's root: method 2 leads when less than
   * this share of its full stops lie inside method 1's root (method 1 found a fragment). Default 0.5.
   */
  readonly pathLeadMaxAgreement: number;
  /**
   * §6.2 "disagrees strongly", when the two bodies lie apart: method 2 leads when method 1's root holds
   * fewer full stops than this share of method 2's. Default 0.15.
   */
  readonly pathLeadMaxApartShare: number;
  /**
   * §6.2 extension `weakAnchorPathLeads`: the apart threshold when method 1's first sentence lies before
   * the title. Default 1 (method 2 leads when its body holds more full stops than method 1's).
   */
  readonly weakAnchorMaxApartShare: number;
  /**
   * §6.2 extension `joinPathSiblings`: how many levels above the body root sibling containers may rejoin
   * (1: the root's own siblings; more: its parent's and further up, never above the lowest common ancestor
   * of the leaves method 2 accepts, and only when that root passes the guards of `6.2-path-leads`). Default 1:
   * 8 levels measured (dom, dev body F1) readability 0.9115 → 0.913, scrapinghub 0.9535 → 0.951, big9
   * 0.957 → 0.954 (templates whose market-data and "related" boxes share the article's path), so it stays 1.
   */
  readonly siblingJoinMaxLevels: number;
  /** §6.2: least full stops method 2's body must hold before it may lead or bring sibling containers back. Default 3. */
  readonly pathMinStops: number;
  /**
   * §6.2 gap-filler: method 2 leads only when its body holds at least this share of the page's full stops
   * (the article's premise: 96% of them sit in the body; a sample path that gathers few is not a body).
   * Default 0.5.
   */
  readonly pathLeadMinStopShare: number;
  /**
   * §6.2 gap-filler: method 2 leads only when the leaves it accepts hold at least this share of the text
   * units under its root (a root that takes in the whole page's navigation with the article is no body).
   * Default 0.7: chosen on the other six sets in every fold of the leave-one-set-out sweep
   * (BENCHMARKS-methods-loso.md). 0.5 → 0.7, body F1 (dom, dev): cwce (CJK) 0.9235 → 0.9322 (a blog page
   * whose path root held its calendar and archive lists, 0.59 → 1.00), daniel 0.9258 → 0.9265 (2 pages,
   * 0.50 → 0.90 and 0.22 → 1.00), dragnet 0.8819 → 0.8825 (1 page, 0.28 → 0.97); no page loses, and
   * scrapinghub, readability, gne and big9 do not change.
   */
  readonly pathLeadMinPurity: number;
  /**
   * §6.2 gap-filler: method 2 leads only when its sample path has at least this many nodes (L0). A short
   * path ("html > body > div", text straight in a layout cell) makes the threshold (L0 − 1)/(L0 + 1) low
   * (0.5 at L0 = 3), so nearly every leaf of the page passes and method 2's root is the page. 0 turns the
   * guard off. Default 0 (off): at 5, body F1 (dom, dev) dragnet 0.881 → 0.882 (4 pages gain, none lose)
   * and no page of scrapinghub, readability, cwce, gne, big9 or daniel changes — one set only.
   */
  readonly pathLeadMinSamplePath: number;
  /**
   * §6.2 gap-filler: method 2 leads only when at most this share of the text units under its root lies
   * inside links (a root that takes in the site's menus, "related" lists and sidebars with the article is
   * the page, not its body). 1 turns the guard off. Default 0.25: off → 0.25, body F1 (dom, dev) daniel
   * 0.9292 → 0.9300 (3 pages gain: nydailynews 0.49 → 0.97, vz.ru 0.60 → 0.96, interfax 0.31 → 0.54),
   * dragnet 0.8972 → 0.8986 (5 pages gain, e.g. a blog post widened to its sidebar and book promo 0.43 →
   * 1.00; one loses, 0.58 → 0.26: a three-line post whose widened root held the rest of it); scrapinghub,
   * readability, cwce, gne and big9 do not change. 0.15 gains one more daniel page, 0.4 loses two of
   * these; 0.25 keeps a margin above the 0.1–0.2 link text of a link-rich blog post or encyclopaedia
   * article that method 2 rightly widens to.
   */
  readonly pathLeadMaxLinkShare: number;
  /**
   * §6.3: a leaf method 2 rejects stays in the body when it holds at least this share of the body's full
   * stops ("unless they hold a large share of its full stops"). Default 0.2.
   */
  readonly pathKeepStopShare: number;
  /** §6.2 rule on: method 2 may lead (its body replaces method 1's root). */
  readonly pathLeads: boolean;
  /** §6.3 rule on: leaves inside the body that method 2 rejects leave it (`Article.noise` kind `path`). */
  readonly removePathRejected: boolean;
  /**
   * §6.3 furniture rules (`dropControlBoxes`, `dropShortLinkLists`, `dropFigureText`): the largest box, in
   * text units (§0), that they take out of the body; a box with a sentence is never taken. Default 80 (a
   * sign-up box or a two-headline list is 10–40 units; a paragraph of the article is a sentence).
   */
  readonly furnitureMaxUnits: number;
  /**
   * §6 gap-filler, extension `shortPageText`: the longest page, in text units (§0), read as a whole when
   * neither method finds a body. Default 100 (a note, a one-paragraph post; a page with a menu, a footer
   * and a comment form is several hundred).
   */
  readonly shortPageMaxUnits: number;
  /** With `shortPageText`: the largest share of the page's text units inside links. Default 0.5. */
  readonly shortPageMaxLinkShare: number;
  /**
   * §6 learned combination (extension `learnedBlocks`): a block is body when the block model gives it at
   * least this probability. Default 0.5.
   */
  readonly learnedMinProbability: number;
  /** With `dropShortLinkLists`: the fewest links of a short link list. Default 2 (the link-block method's Ct is 3). */
  readonly shortListMinLinks: number;
  /** With `dropShortLinkLists`: the least share of the box's text units inside its links. Default 0.5. */
  readonly shortListMinLinkShare: number;
  readonly extensions: {
    /**
     * §6.2 extension: sibling containers of the body root whose full stops method 2 accepts (at least
     * `pathLeadMaxAgreement` of them, and `pathMinStops` or more) rejoin the body: an article cut into sibling `div`s between images, ads and pull-quotes.
     */
    readonly joinPathSiblings: boolean;
    /**
     * §6.3 extension: a leaf method 2 rejects stays in the body when it passes the sentence test (§0) — a
     * paragraph in a nested quote or box is text; a caption, a share row or a promo line is not.
     */
    readonly keepPathRejectedSentences: boolean;
    /**
     * §6.2 extension: when method 1's first sentence was taken from before the title (§1.4: no sentence
     * follows it), its anchor is weak, and method 2 leads whenever the two bodies lie apart and method 1's
     * root holds fewer full stops than `weakAnchorMaxApartShare` of method 2's. Off: measured (dom, dev body
     * F1) it helps one page of one set (scrapinghub 0.9535 → 0.963) and changes nothing on readability,
     * cwce, gne, big9 and dragnet; a rule earns its place on more than one set.
     */
    readonly weakAnchorPathLeads: boolean;
    /**
     * §6.2 "when (1) fails, (2) leads", also when method 2 is weak: when method 1 has no body at all (no
     * sentence on the page, or none near the title), method 2 leads with `pathMinStops` or more full stops
     * even though its guards (a sample leaf that is a sentence, `pathLeadMinStopShare`, `pathLeadMinPurity`)
     * would keep it from overruling a body method 1 found. Faithful when off: the page has no article.
     * Body F1 (dom, dev): dragnet 10 pages from 0 to 0.05–0.95 (short blog posts with no sentence of three
     * commas), daniel one page 0 → 1.00, none lose; scrapinghub, readability, cwce, gne, big9 unchanged.
     */
    readonly pathLeadsWithoutBody: boolean;
    /**
     * §6.2 extension: when method 2's body holds method 1's (it would widen it), its sample leaf need not
     * pass the sentence test (§0); `pathLeadMinStopShare`, `pathLeadMinPurity` and `pathLeadMinSamplePath`
     * still apply. A CJK article whose paragraphs have two commas or fewer has no sentence but its one
     * paragraph of three, and method 1 keeps that paragraph alone. Off: body F1 (dom, dev) readability
     * 0.911 → 0.914 (one page, qq, 0.38 → 0.88), but daniel 0.926 → 0.921 (12 pages lose, to 0.06–0.71:
     * rizospastis, ifeng, eurolab — the widened root takes in the page's lists), scrapinghub, cwce, gne,
     * big9 unchanged; the sentence guard earns its place.
     */
    readonly widenWithoutSentence: boolean;
    /**
     * §6 gap-filler (short-page.ts): when neither method finds a body, a page of at most
     * `shortPageMaxUnits` text units, at most `shortPageMaxLinkShare` of them in links, is read as a whole
     * (rule `6.2-short-page`): its body root is the lowest common ancestor of its text blocks that are
     * neither noise (§0) nor mostly links, and the article says so in a warning. Faithful when off: the
     * page has no article. Body F1 (dom, dev): readability 0.914 → 0.923 (ol and lazy-image-3, 0 → 1.00),
     * dragnet one page 0 → 0.17 (a blog page whose gold is its byline); no page loses. It can only change
     * a page where neither method found a body: none on scrapinghub, cwce, gne or big9, one on daniel (its
     * text is in one long block with no full stop, over the limit) and three more on dragnet (their saved
     * HTML holds no article). The title-zone and noise drops never leave a short page's body empty (issue
     * 13): readability 0.9603 → 0.9644 (invalid-attributes, whose one line is also its title, 0 → 1.00); no
     * page of the other six body sets moves.
     */
    readonly shortPageText: boolean;
    /**
     * §6 gap-filler, with `shortPageText`: a short page whose every text block is noise (§0) is read from
     * those blocks (a page of a few words). Off by default: it takes readability's
     * 005-unescape-html-entities (one word) 0 → 1.00 but gives dragnet's R237, a redirect notice whose only
     * text is a countdown ("1 Secs"), a wrong body where it had none (body F1 dragnet 0.9346 → 0.9340, the
     * page's precision counted at 0) — it helps one set and costs another.
     */
    readonly shortPageNoiseText: boolean;
    /**
     * §6.3 extension (furniture.ts): a box below the body root with a visible form control (button, input,
     * select, textarea), no sentence and at most `furnitureMaxUnits` units leaves the body: share rows,
     * newsletter sign-ups. Rule `6.3-control-box`. Off: body F1 (dom, issue 13) scrapinghub 0.9535 → 0.9540,
     * readability 0.9115 → 0.9117, cwce 0.8982 → 0.8982 (CJK 0.9235 → 0.9235), gne unchanged, big9
     * 0.9568 → 0.9570: no loss, but every gain is below noise, and daniel and dragnet are not measured yet.
     */
    readonly dropControlBoxes: boolean;
    /**
     * §6.3 extension (furniture.ts): a box below the body root with at least `shortListMinLinks` links
     * holding `shortListMinLinkShare` of its text, no sentence and at most `furnitureMaxUnits` units leaves
     * the body: "Topics" rows, two-link promo and related lists below the link-block method's Ct.
     * Rule `6.3-short-link-list`. Off: body F1 (dom, issue 13) scrapinghub 0.9535 → 0.9538, readability
     * 0.9115 → 0.9115, cwce 0.8982 → 0.8979 (CJK 0.9235 → 0.9234), gne 0.9483 → 0.9483, big9 0.9568 →
     * 0.9594: a gain on big9 alone, noise elsewhere; daniel and dragnet are not measured yet.
     */
    readonly dropShortLinkLists: boolean;
    /**
     * §6.3 extension (furniture.ts): a box below the body root with an image, no sentence and at most
     * `furnitureMaxUnits` units leaves the body with its text: credit and caption lines. Rule `6.3-figure-text`.
     * Off: body F1 (dom, issue 13) scrapinghub 0.9535 → 0.9594, but readability 0.9115 → 0.9095, cwce
     * 0.8982 → 0.8968 (CJK 0.9235 → 0.9220), gne 0.9483 → 0.9443 (CJK 0.9656 → 0.9675): most gold bodies
     * keep their captions.
     */
    readonly dropFigureText: boolean;
    /**
     * §6 learned combination (combine/learned/): after the rules above, a block model — gradient-boosted
     * trees trained offline by `article-lens train-body` on the dev sets, with cross-validation grouped by
     * site — reads every text block's features from all the methods (its text, place and class words,
     * method 1's root, title and zone, method 2's acceptance and path similarity, method 5's link-block
     * cover, the rules' own decision, its neighbours) and the body becomes the blocks it gives at least
     * `learnedMinProbability` (rule `6.5-learned`; what it removes from the rules' body is `learned` noise).
     * Off: the rules' body. Figures (site-grouped and leave-one-set-out cross-validation) in README "The
     * block model" and BENCHMARKS.md.
     */
    readonly learnedBlocks: boolean;
  };
}

/** Bounds that keep a hostile or huge page from freezing the tab. */
export interface LimitOptions {
  /** Elements visited by the stats pass; the rest of the page is skipped with a warning. */
  readonly maxElements: number;
  /** Deepest nesting walked; deeper subtrees are skipped with a warning. */
  readonly maxDepth: number;
  /** Most decisions recorded in the Explain trace. */
  readonly maxDecisions: number;
  /**
   * Longest title reported, in characters (UTF-16 code units): a longer one is cut, ends in "…", and a
   * warning says so. A 1 MiB `<title>` took 4 s to render in the popup. Default 1000: far above every
   * title of the dev sets (at most 111 characters in the gold, 187 in our output on all nine sets, dom).
   */
  readonly maxTitleChars: number;
  /** Longest author reported, in characters, cut the same way. Default 300 (dev sets: 88 in the gold, 59 ours). */
  readonly maxAuthorChars: number;
  /** Longest source reported, in characters, cut the same way. Default 300 (dev sets: at most 38 ours). */
  readonly maxSourceChars: number;
  /**
   * Longest of the Article's other short texts, in characters, cut the same way: the query title, the
   * title/author/source candidates, image alt text and captions, table captions, the text of document
   * links, and the language tag (which is dropped instead, as a cut tag means nothing). Default 2000.
   */
  readonly maxLabelChars: number;
}

/**
 * Time-slicing of an extraction in a live page (`extractSliced`, slicing.ts): the work runs in slices
 * between which the page gets its thread back. The synchronous `extract` (the CLI, the tests) reads none of
 * these, and a sliced run's result is the synchronous one's.
 */
export interface SlicingOptions {
  /**
   * Longest stretch of work between two pauses, in ms: a slice ends at the first checkpoint after this.
   * Default 16 (a frame at 60 Hz), so that with the checkpoints' spacing every task of ours stays well
   * under the 50 ms of a long task.
   */
  readonly sliceMs: number;
  /**
   * Units of work between two checkpoints, where the sliced driver reads the clock (a unit is one loop
   * iteration, e.g. one element visited or one text block read; heavier iterations weigh more). Default 64:
   * on a 100 000-element page in Chromium the costliest loop (the stats pass) does 64 elements in about
   * 1 ms, so a slice overruns its budget by about that, and the clock is read rarely enough to cost nothing.
   */
  readonly checkEvery: number;
}

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
  };
}

export interface ExtractOptions {
  readonly text: TextOptions;
  readonly titleAnchor: TitleAnchorOptions;
  readonly output: OutputOptions;
  readonly metadata: MetadataOptions;
  readonly dateSvm: DateSvmOptions;
  readonly linkBlocks: LinkBlockOptions;
  readonly punctPath: PunctPathOptions;
  readonly combine: CombineOptions;
  readonly lcsDiff: LcsDiffOptions;
  readonly limits: LimitOptions;
  readonly slicing: SlicingOptions;
  readonly trace: { readonly enabled: boolean };
}

export const DEFAULT_OPTIONS = {
  text: {
    sentenceMinCommasExclusive: 2,
    noiseMinCjkChars: 3,
    noiseMinLatinChars: 6,
    latinSentenceMinWords: 12,
    extensions: { latinSentence: true, sentenceLines: true },
  },
  titleAnchor: {
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
    laterTitleMinSim: 40,
    laterTitleMinGain: 15,
    extensions: {
      fallbackQueryTitles: true,
      boundedCandidateScan: false,
      laterStrongerTitle: true,
      headingBeforeSentence: true,
      descentKeepsAnchor: true,
      skipTeaserLists: true,
      descendFromBodyWithoutTitle: true,
      multiSentenceLca: true,
      paragraphRun: true,
      skipCommentSections: true,
    },
  },
  output: {
    documentExtensions: [
      'pdf',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'ppt',
      'pptx',
      'odt',
      'ods',
      'odp',
      'rtf',
      'txt',
      'csv',
      'zip',
      'rar',
      '7z',
      'gz',
      'tar',
      'wps',
      'epub',
    ],
    maxBodyChars: 2_000_000,
    maxImages: 200,
    minImageSide: 48,
    maxImageAspect: 8,
    maxTableCells: 20_000,
    extensions: { dropTitleAndZone: true, dropNoiseBlocks: false, dropDecorativeImages: true, joinLayoutTableRows: true },
  },
  metadata: {
    maxValueChars: 60,
    maxLabelBlockUnits: 40,
    dateConfidence: {
      'json-ld': 0.9,
      meta: 0.9,
      itemprop: 0.85,
      zone: 0.8,
      'time-element': 0.7,
      'labelled-date': 0.7,
      'date-line': 0.5,
      url: 0.5,
    },
    minYear: 1990,
    maxFutureDays: 1,
    datePriority: 'structured-first',
    extensions: {
      structuredData: true,
      urlDate: true,
      pageLabelledAuthor: true,
      publisherNotAuthor: true,
      siteName: true,
      labelledDates: true,
      dateLines: true,
    },
  },
  dateSvm: {
    enabled: true,
    minDecision: 0,
    maxCandidates: 300,
    maxAttributeCandidates: 100,
    maxAttributeValueChars: 64,
    reportCandidates: 10,
    structuredFallback: true,
    extensions: { localDay: true },
  },
  linkBlocks: {
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
  },
  punctPath: {
    checkTop: 5,
    worstCaseNodes: 1,
    cjkPageMinShare: 0.3,
    extensions: { latinStops: true, classIdentity: true, skipCommentSections: true },
  },
  combine: {
    bodyMethod: 'combined',
    pathLeadMaxAgreement: 0.5,
    pathLeadMaxApartShare: 0.15,
    weakAnchorMaxApartShare: 1,
    pathMinStops: 3,
    siblingJoinMaxLevels: 1,
    pathLeadMinStopShare: 0.5,
    pathLeadMinPurity: 0.7,
    pathLeadMinSamplePath: 0,
    pathLeadMaxLinkShare: 0.25,
    pathKeepStopShare: 0.2,
    pathLeads: true,
    removePathRejected: false,
    furnitureMaxUnits: 80,
    shortPageMaxUnits: 100,
    shortPageMaxLinkShare: 0.5,
    shortListMinLinks: 2,
    shortListMinLinkShare: 0.5,
    learnedMinProbability: 0.5,
    extensions: {
      joinPathSiblings: true,
      keepPathRejectedSentences: true,
      dropControlBoxes: false,
      dropShortLinkLists: false,
      dropFigureText: false,
      weakAnchorPathLeads: false,
      pathLeadsWithoutBody: true,
      widenWithoutSentence: false,
      shortPageText: true,
      shortPageNoiseText: false,
      learnedBlocks: true,
    },
  },
  limits: {
    maxElements: 300_000,
    maxDepth: 2_000,
    maxDecisions: 5_000,
    maxTitleChars: 1_000,
    maxAuthorChars: 300,
    maxSourceChars: 300,
    maxLabelChars: 2_000,
  },
  lcsDiff: {
    enabled: true,
    replaceThreshold: 0.5,
    boxTolerancePx: 2,
    closeToBestMargin: 3,
    rankedClusters: 3,
    maxNodes: 60_000,
    maxCells: 2_000_000,
    budgetMs: 1_000,
    sameArticleSentenceShare: 0.5,
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
    },
  },
  slicing: { sliceMs: 16, checkEvery: 64 },
  trace: { enabled: false },
} as const satisfies ExtractOptions;

/** A partial options object, nested: `{ titleAnchor: { extensions: { boundedCandidateScan: true } } }`. */
export type PartialOptions = DeepPartial<ExtractOptions>;
export type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K];
};

export class OptionsError extends Error {}

/**
 * The only merge of user options with the defaults. Merges with `??` semantics (0 and false stay
 * possible), checks ranges and relations, and freezes the result.
 */
export function resolveOptions(partial: PartialOptions = {}, base: ExtractOptions = DEFAULT_OPTIONS): ExtractOptions {
  const merged = mergeOptionTree(base, partial);
  checkOptions(merged);
  return deepFreeze(merged);
}

/**
 * A tree of options with a partial one merged in (`??` semantics; an unknown key is an `OptionsError`),
 * unchecked and unfrozen: `resolveOptions` and the training settings of src/train share it.
 */
export function mergeOptionTree<T extends object>(base: T, partial: DeepPartial<T>): T {
  return deepMerge(base, partial) as T;
}

function deepMerge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isRecord(base) || !isRecord(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (!(key in base)) throw new OptionsError(`unknown option "${key}"`);
    out[key] = deepMerge(base[key], value);
  }
  return out;
}

function checkOptions(o: ExtractOptions): void {
  const nonNegative: [string, number][] = [
    ['text.sentenceMinCommasExclusive', o.text.sentenceMinCommasExclusive],
    ['text.noiseMinCjkChars', o.text.noiseMinCjkChars],
    ['text.noiseMinLatinChars', o.text.noiseMinLatinChars],
    ['text.latinSentenceMinWords', o.text.latinSentenceMinWords],
    ['titleAnchor.maxTitleUnits', o.titleAnchor.maxTitleUnits],
    ['titleAnchor.minLinkTitleUnits', o.titleAnchor.minLinkTitleUnits],
    ['titleAnchor.lcaSentences', o.titleAnchor.lcaSentences],
    ['titleAnchor.titleElementMinWords', o.titleAnchor.titleElementMinWords],
    ['titleAnchor.lcaWindowBlocks', o.titleAnchor.lcaWindowBlocks],
    ['output.maxBodyChars', o.output.maxBodyChars],
    ['output.maxImages', o.output.maxImages],
    ['output.minImageSide', o.output.minImageSide],
    ['output.maxImageAspect', o.output.maxImageAspect],
    ['output.maxTableCells', o.output.maxTableCells],
    ['metadata.maxValueChars', o.metadata.maxValueChars],
    ['metadata.maxLabelBlockUnits', o.metadata.maxLabelBlockUnits],
    ...Object.entries(o.metadata.dateConfidence).map(([k, v]): [string, number] => [`metadata.dateConfidence.${k}`, v]),
    ['metadata.maxFutureDays', o.metadata.maxFutureDays],
    ['dateSvm.maxCandidates', o.dateSvm.maxCandidates],
    ['dateSvm.maxAttributeCandidates', o.dateSvm.maxAttributeCandidates],
    ['dateSvm.maxAttributeValueChars', o.dateSvm.maxAttributeValueChars],
    ['dateSvm.reportCandidates', o.dateSvm.reportCandidates],
    ['linkBlocks.minLinks', o.linkBlocks.minLinks],
    ['linkBlocks.maxCodeDistance', o.linkBlocks.maxCodeDistance],
    ['linkBlocks.maxTextDistance', o.linkBlocks.maxTextDistance],
    ['linkBlocks.maxPartsPerBlock', o.linkBlocks.maxPartsPerBlock],
    ['linkBlocks.maxChars', o.linkBlocks.maxChars],
    ['punctPath.checkTop', o.punctPath.checkTop],
    ['punctPath.worstCaseNodes', o.punctPath.worstCaseNodes],
    ['combine.pathMinStops', o.combine.pathMinStops],
    ['combine.siblingJoinMaxLevels', o.combine.siblingJoinMaxLevels],
    ['combine.furnitureMaxUnits', o.combine.furnitureMaxUnits],
    ['combine.shortPageMaxUnits', o.combine.shortPageMaxUnits],
    ['combine.shortListMinLinks', o.combine.shortListMinLinks],
    ['limits.maxElements', o.limits.maxElements],
    ['limits.maxDepth', o.limits.maxDepth],
    ['limits.maxDecisions', o.limits.maxDecisions],
    ['limits.maxTitleChars', o.limits.maxTitleChars],
    ['limits.maxAuthorChars', o.limits.maxAuthorChars],
    ['limits.maxSourceChars', o.limits.maxSourceChars],
    ['limits.maxLabelChars', o.limits.maxLabelChars],
    ['slicing.sliceMs', o.slicing.sliceMs],
    ['lcsDiff.boxTolerancePx', o.lcsDiff.boxTolerancePx],
    ['lcsDiff.closeToBestMargin', o.lcsDiff.closeToBestMargin],
    ['lcsDiff.rankedClusters', o.lcsDiff.rankedClusters],
    ['lcsDiff.maxNodes', o.lcsDiff.maxNodes],
    ['lcsDiff.maxCells', o.lcsDiff.maxCells],
    ['lcsDiff.budgetMs', o.lcsDiff.budgetMs],
  ];
  for (const [name, value] of nonNegative) {
    if (!Number.isFinite(value) || value < 0) throw new OptionsError(`${name} must be a number ≥ 0, got ${value}`);
  }
  const choices: [string, string, readonly string[]][] = [
    ['titleAnchor.titleChoice', o.titleAnchor.titleChoice, ['title-block', 'structured-first']],
    ['metadata.datePriority', o.metadata.datePriority, ['structured-first', 'zone-first']],
    ['linkBlocks.distance', o.linkBlocks.distance, ['code', 'text']],
    ['combine.bodyMethod', o.combine.bodyMethod, ['combined', 'title-anchor', 'punct-path']],
  ];
  for (const [name, value, allowed] of choices) {
    if (!allowed.includes(value)) throw new OptionsError(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  for (const [name, v] of [
    ['titleAnchor.simThresholdPct', o.titleAnchor.simThresholdPct],
    ['titleAnchor.laterTitleMinSim', o.titleAnchor.laterTitleMinSim],
    ['titleAnchor.laterTitleMinGain', o.titleAnchor.laterTitleMinGain],
  ] as const) {
    if (!(v >= 0 && v <= 100)) throw new OptionsError(`${name} must be in [0, 100], got ${v}`);
  }
  if (!Number.isInteger(o.titleAnchor.lcaSentences) || o.titleAnchor.lcaSentences < 1) {
    throw new OptionsError(`titleAnchor.lcaSentences must be a whole number ≥ 1, got ${o.titleAnchor.lcaSentences}`);
  }
  for (const [name, v] of [
    ['titleAnchor.titleLineMinShare', o.titleAnchor.titleLineMinShare],
    ['titleAnchor.titleTrimMinShare', o.titleAnchor.titleTrimMinShare],
    ['titleAnchor.paragraphRunMinShare', o.titleAnchor.paragraphRunMinShare],
    ['titleAnchor.teaserListMinShare', o.titleAnchor.teaserListMinShare],
    ['linkBlocks.removeMinShare', o.linkBlocks.removeMinShare],
    ['linkBlocks.minLinkTextShare', o.linkBlocks.minLinkTextShare],
    ['punctPath.cjkPageMinShare', o.punctPath.cjkPageMinShare],
    ['combine.pathLeadMaxAgreement', o.combine.pathLeadMaxAgreement],
    ['combine.pathKeepStopShare', o.combine.pathKeepStopShare],
    ['combine.pathLeadMinStopShare', o.combine.pathLeadMinStopShare],
    ['combine.pathLeadMaxApartShare', o.combine.pathLeadMaxApartShare],
    ['combine.weakAnchorMaxApartShare', o.combine.weakAnchorMaxApartShare],
    ['combine.pathLeadMinPurity', o.combine.pathLeadMinPurity],
    ['combine.pathLeadMaxLinkShare', o.combine.pathLeadMaxLinkShare],
    ['combine.shortListMinLinkShare', o.combine.shortListMinLinkShare],
    ['combine.shortPageMaxLinkShare', o.combine.shortPageMaxLinkShare],
    ['combine.learnedMinProbability', o.combine.learnedMinProbability],
    ['lcsDiff.replaceThreshold', o.lcsDiff.replaceThreshold],
    ['lcsDiff.sameArticleSentenceShare', o.lcsDiff.sameArticleSentenceShare],
  ] as const) {
    if (!(v >= 0 && v <= 1)) throw new OptionsError(`${name} must be in [0, 1], got ${v}`);
  }
  if (!Number.isInteger(o.combine.pathLeadMinSamplePath) || o.combine.pathLeadMinSamplePath < 0) {
    throw new OptionsError(`combine.pathLeadMinSamplePath must be a whole number ≥ 0, got ${o.combine.pathLeadMinSamplePath}`);
  }
  if (!Number.isFinite(o.dateSvm.minDecision)) throw new OptionsError(`dateSvm.minDecision must be a number, got ${o.dateSvm.minDecision}`);
  if (!Number.isInteger(o.slicing.checkEvery) || o.slicing.checkEvery < 1) {
    throw new OptionsError(`slicing.checkEvery must be a whole number ≥ 1, got ${o.slicing.checkEvery}`);
  }
  const ratio = o.titleAnchor.descendKeepRatio;
  if (!(ratio >= 0 && ratio < 1)) throw new OptionsError(`titleAnchor.descendKeepRatio must be in [0, 1), got ${ratio}`);
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A short stable hash of the resolved options (FNV-1a over the sorted JSON). */
export function hashOptions(o: ExtractOptions): string {
  return fnv1a(stableStringify(o).text).toString(16).padStart(8, '0');
}

/**
 * The sorted JSON of every deeply frozen object or array, once: every extraction reports the hash of its
 * options, and the subtrees of resolved options are mostly the frozen ones of DEFAULT_OPTIONS, so the
 * hash of an extraction costs the top level only. A frozen tree cannot change, so its text cannot either.
 */
const frozenJson = new WeakMap<object, string>();

function stableStringify(v: unknown): { text: string; frozen: boolean } {
  if (typeof v !== 'object' || v === null) return { text: JSON.stringify(v), frozen: true };
  const known = frozenJson.get(v);
  if (known !== undefined) return { text: known, frozen: true };
  let frozen = Object.isFrozen(v);
  let text: string;
  if (Array.isArray(v)) {
    const parts = v.map((item: unknown) => {
      const r = stableStringify(item);
      frozen &&= r.frozen;
      return r.text;
    });
    text = `[${parts.join(',')}]`;
  } else if (isRecord(v)) {
    const parts = Object.keys(v)
      .sort()
      .map((k) => {
        const r = stableStringify(v[k]);
        frozen &&= r.frozen;
        return `${JSON.stringify(k)}:${r.text}`;
      });
    text = `{${parts.join(',')}}`;
  } else {
    return { text: JSON.stringify(v), frozen: false };
  }
  if (frozen) frozenJson.set(v, text);
  return { text, frozen };
}
