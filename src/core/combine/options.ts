/**
 * The options of §6, the combination of the methods (`ExtractOptions.combine`): what each means, its unit
 * and default, and for an extension its measured effect; its defaults; and the rules its values must keep,
 * as data (core/option-rules.ts). core/options.ts composes every section into `ExtractOptions` and checks
 * every section's rules.
 */
import type { OptionRule } from '../option-rules.ts';

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
  /**
   * Extension `pageTypes` (content-region.ts, rule `6.2-content-region`): the descent to the content region
   * moves from an element to its child when that child holds at least this share of the element's content
   * weight (text units of content blocks) — §1.5's "does not exceed 1/2" with content in place of sentences.
   * Default 0.5.
   */
  readonly regionKeepRatio: number;
  /**
   * Extension `pageTypes` (rule `6.2-content-region`): on a page that is not an article, the content region
   * becomes the body when its content weight is at least this many times the text units of the article
   * strategy's body. Default 2.
   */
  readonly regionMinGain: number;
  /**
   * Extension `pageTypes` (rule `6.2-page-type`): a page is a table, a list or a definition list by its
   * structure only when less than this share of its content region's weight is in sentences (§0). Default 0.5.
   */
  readonly typeMaxSentenceShare: number;
  /**
   * Extension `pageTypes` (rule `6.2-page-type`): the least share of the content region's weight in
   * data-table cells, list items, or terms and definitions for the page to be of that type. Default 0.4.
   */
  readonly typeMinStructureShare: number;
  /**
   * Extension `pageTypes` (rule `6.2-page-type`): a page is a table, a list or a definition list by its
   * structure only when the article strategy's body holds fewer than this many sentence blocks (§0): a body
   * with a run of sentences is an article, whatever lists the page also holds (a news page's hidden
   * consent-vendor list outweighed its story 3–4×: googletrends' dailymail pages; a Polish news page of
   * three sentences gave way to its right column's lists at 5: daniel's gornictwo.wnp.pl). Default 3.
   */
  readonly typeMaxBodySentences: number;
  /**
   * Extension `pageTypes` (rule `6.2-page-type`): the least content weight (text units) of the content
   * region for a page to be typed by its structure: a blog post of one line over a short definition list
   * of comments is still a post (dragnet 273). Default 100.
   */
  readonly typeMinRegionUnits: number;
  /**
   * Extension `pageTypes` (rule `6.2-page-type`): when method 1's title candidate matched the query title
   * with at least this similarity (§0, ×100) and a sentence follows in the body, the page is an article
   * whatever its structure — a story anchored firmly on its headline (daniel's vesti.kz and we-dwoje.pl,
   * 60–75, whose results table or related list outweighed a one-sentence story); the googletrends table and
   * list pages with a footnote sentence anchored on a copyright line or a language picker (22–42), and a
   * roster under its own headline has no sentence at all. Default 50.
   */
  readonly typeMaxTitleSim: number;
  /**
   * Extension `linkListPages` (rule `6.2-link-list`): the least share of the page's content weight, link text
   * counted, that the region of a page of links must hold to be its main content — a headline list or a
   * discography holds nearly all of it, a blog's sidebar beside a short post a half (dragnet's short posts:
   * 0.25–0.76; googletrends' and cleaneval's link-list pages 0.88–1). Default 0.8.
   */
  readonly linkListMinPageShare: number;
  /**
   * Extension `weakArticleRegion`: the least share of the content region's weight in sentences (§0) for a
   * weak body to give way to it — a region of text the descent missed, not a log of short lines. Default 0.2.
   */
  readonly weakRegionMinSentenceShare: number;
  /**
   * Extension `keepDataTables` (rule `6.3-data-table`): the fewest text units (§0) of a data table inside the
   * body for its cells to rejoin the body — a blog's calendar widget (day numbers under weekday letters, a
   * caption, `th` cells) is 40–50 and is no content. Default 60.
   */
  readonly dataTableKeepMinUnits: number;
  /** Data tables (content-region.ts `isDataTable`, issue 42): the fewest rows of two cells or more. Default 3. */
  readonly dataTableMinRows: number;
  /** Data tables: the least share of a table's rows with two cells or more. Default 0.7. */
  readonly dataTableMinRowShare: number;
  /**
   * Data tables: a table without header cells (`th`, `thead`, `caption`) needs at least this share of its
   * cells without a link (a grid of links is a link block). Default 0.3.
   */
  readonly dataTableMinPlainCellShare: number;
  /**
   * Extension `storyFirst` (thread.ts, rule `6.3-thread-story`): the fewest text units (§0) outside the
   * comment sections for a story to exist (an image between the title and the comments is one too). Default 3.
   */
  readonly storyMinUnits: number;
  /**
   * Extension `storyFirst` (thread.ts): a comment section that holds method 1's first sentence counts only
   * when it holds at least this many comment sections of its own (its comments). Default 2.
   */
  readonly threadMinItems: number;
  /**
   * Extension `storyFirst` (thread.ts): a story of at most this many text units (a photo and a line, a short
   * post) never keeps comments beside it in the body. Default 60.
   */
  readonly shortStoryMaxUnits: number;
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
    /**
     * Issue 42, rules `6.2-page-type` and `6.2-content-region` (page-type.ts, content-region.ts): the page
     * type (JSON-LD, else the content region's structure) decides the strategy; on a table, list, definition
     * list, recipe, product or profile page the largest coherent region of content blocks becomes the body
     * when it holds at least `regionMinGain` times the article strategy's text. Off: every page is read as an
     * article. Body F1 (dom, dev) off → on: googletrends 0.850 → 0.876 (a stats table 0.00 → 0.90, a player
     * page 0.00 → 0.99, a tour-date list 0.06 → 0.98, a product page 0.26 → 0.86), cleaneval 0.896 → 0.897,
     * chaos 0.941 → 0.941; the gated sets unchanged (scrapinghub, readability, cwce, gne, daniel, big9),
     * dragnet 0.9346 → 0.9378 with `storyFirst`.
     */
    readonly pageTypes: boolean;
    /**
     * Issue 42, with `pageTypes`: an article whose body holds fewer than `typeMaxBodySentences` sentence
     * blocks (the title anchored on a banner or a caption, a body of one line) takes the content region
     * instead when it holds at least `regionMinGain` times the body's text (rule `6.2-content-region`,
     * verdict "weak body") and the region is text: at least `typeMinRegionUnits` units, at least
     * `weakRegionMinSentenceShare` of them in sentences, less than `typeMinStructureShare` in list items or
     * definitions. After a firmly anchored headline with a sentence (as for the structure) only when the body
     * is a line (at most `shortStoryMaxUnits` units) inside the region. Without the region guards (first
     * try): cleaneval 0.897 → 0.903 but readability 0.9644 → 0.9603 (invalid-attributes, a 10-unit region)
     * and dragnet 0.9378 → 0.9331 (short posts over 18–97-unit regions and a comment list); with them, body
     * F1 (dom, dev) off → on: cleaneval +7 pages (final_61 0 → 0.62, dev_5 0 → 0.68, dev_1 0.36 → 0.96),
     * googletrends j-001 0.07 → 0.84, readability and dragnet unchanged; daniel loses fedpress.ru (0.89 →
     * 0.54: its Russian comments are not found as a comment section) and gains two we-dwoje.pl pages.
     */
    readonly weakArticleRegion: boolean;
    /**
     * Issue 42, with `pageTypes`, rule `6.2-link-list` (page-type.ts): a page with no article (fewer than
     * `typeMaxBodySentences` sentence blocks in the body) whose content region holds less than
     * `typeMinRegionUnits` text units without its links is a list of links (a headline list, a discography):
     * its content region is found with link text counted, and becomes the body when it holds at least
     * `typeMinRegionUnits`, `linkListMinPageShare` of the page and `regionMinGain` times the body's text,
     * and does not wrap the body with more. Body F1 (dom, dev) off → on: googletrends 014 0 → 0.52 and M-031
     * 0.10 → 0.99, cleaneval final_366 0.09 → 0.88 (final_112 0.43 → 0.12: its body was its sidebar); no
     * other set changes (without the share and wrap guards dragnet lost 29 short posts, 0.938 → 0.910).
     */
    readonly linkListPages: boolean;
    /**
     * Issue 42, with `pageTypes`: an article whose body root (the rules' or the block model's) lies in
     * template furniture — inside `nav`, `header`, `footer`, `aside` or such an ARIA role: the title anchored
     * on a sticky header's headline or a "latest" list, the first sentence a mega-menu's teaser — takes the
     * content region (which leaves furniture out) when it holds at least `regionMinGain` times the body's
     * text (rule `6.2-content-region`). Body F1 (dom, dev) off → on: chaos 0.941 → 0.949 (reef_3 0.00 →
     * 0.96, scorpio_9 0.34 → 0.99); no page of the other eleven sets changes — one set only, harmless.
     */
    readonly furnitureRootRegion: boolean;
    /**
     * Issue 42 (data tables), rule `6.3-data-table` (page-type.ts): a data table inside the body root and
     * the content region, of at least `dataTableKeepMinUnits`, next to a block of the body, is content — the
     * cells the link-block rules or the block model left out rejoin the body. Off: body F1 (dom, dev) on,
     * cleaneval 0.9053 → 0.9083 (final_182 0.44 → 1.00, final_615), googletrends 0.8886 → 0.8887, but
     * cwce 0.9433 → 0.9424 (an encyclopaedia page whose gold leaves its tables out). Without the
     * neighbour guard cleaneval reached 0.912 (final_430 0.36 → 0.97, final_787), but daniel 0.9557 →
     * 0.955 (a news site's headline boxes, a news list in a table are data tables by their form).
     */
    readonly keepDataTables: boolean;
    /**
     * Issue 42, rule `6.3-thread-story` (thread.ts): the story first — comment sections found over the whole
     * page leave the body when a story exists (and the content region never counts them); a page with no
     * story is typed `thread`, its comments its body. Body F1 (dom, dev) off → on: googletrends, cleaneval and
     * chaos unchanged at three decimals (0.876, 0.897, 0.941); with `pageTypes`, dragnet 0.9346 → 0.9378.
     */
    readonly storyFirst: boolean;
    /**
     * Issue 42, with `storyFirst`: comments also leave a body that holds the story beside them. Off: the gold
     * bodies of the gated sets keep such comments — on, body F1 (dom, dev) dragnet 0.9346 → 0.9322 (a blog
     * post's prize thread, 1.00 → 0.05), readability 0.9644 → 0.9639 (firefox-nightly-blog 0.97 → 0.91).
     */
    readonly dropThreadBesideStory: boolean;
  };
}

export const COMBINE_DEFAULTS = {
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
  regionKeepRatio: 0.5,
  regionMinGain: 2,
  typeMaxSentenceShare: 0.5,
  typeMinStructureShare: 0.4,
  typeMaxBodySentences: 3,
  typeMinRegionUnits: 100,
  typeMaxTitleSim: 50,
  linkListMinPageShare: 0.8,
  weakRegionMinSentenceShare: 0.2,
  dataTableKeepMinUnits: 60,
  dataTableMinRows: 3,
  dataTableMinRowShare: 0.7,
  dataTableMinPlainCellShare: 0.3,
  storyMinUnits: 3,
  threadMinItems: 2,
  shortStoryMaxUnits: 60,
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
    pageTypes: true,
    weakArticleRegion: true,
    linkListPages: true,
    furnitureRootRegion: true,
    keepDataTables: false,
    storyFirst: true,
    dropThreadBesideStory: false,
  },
} as const satisfies CombineOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const COMBINE_RULES: readonly OptionRule<CombineOptions>[] = [
  { path: 'pathMinStops', check: 'min', min: 0 },
  { path: 'siblingJoinMaxLevels', check: 'min', min: 0 },
  { path: 'furnitureMaxUnits', check: 'min', min: 0 },
  { path: 'shortPageMaxUnits', check: 'min', min: 0 },
  { path: 'shortListMinLinks', check: 'min', min: 0 },
  { path: 'bodyMethod', check: 'choice', values: ['combined', 'title-anchor', 'punct-path'] },
  { path: 'pathLeadMaxAgreement', check: 'range', min: 0, max: 1 },
  { path: 'pathKeepStopShare', check: 'range', min: 0, max: 1 },
  { path: 'pathLeadMinStopShare', check: 'range', min: 0, max: 1 },
  { path: 'pathLeadMaxApartShare', check: 'range', min: 0, max: 1 },
  { path: 'weakAnchorMaxApartShare', check: 'range', min: 0, max: 1 },
  { path: 'pathLeadMinPurity', check: 'range', min: 0, max: 1 },
  { path: 'pathLeadMaxLinkShare', check: 'range', min: 0, max: 1 },
  { path: 'shortListMinLinkShare', check: 'range', min: 0, max: 1 },
  { path: 'shortPageMaxLinkShare', check: 'range', min: 0, max: 1 },
  { path: 'learnedMinProbability', check: 'range', min: 0, max: 1 },
  { path: 'pathLeadMinSamplePath', check: 'integer', min: 0 },
  { path: 'regionKeepRatio', check: 'range', min: 0, max: 1 },
  { path: 'regionMinGain', check: 'min', min: 0 },
  { path: 'typeMaxSentenceShare', check: 'range', min: 0, max: 1 },
  { path: 'typeMinStructureShare', check: 'range', min: 0, max: 1 },
  { path: 'dataTableMinRows', check: 'integer', min: 1 },
  { path: 'typeMaxBodySentences', check: 'integer', min: 0 },
  { path: 'typeMinRegionUnits', check: 'min', min: 0 },
  { path: 'typeMaxTitleSim', check: 'range', min: 0, max: 100 },
  { path: 'linkListMinPageShare', check: 'range', min: 0, max: 1 },
  { path: 'weakRegionMinSentenceShare', check: 'range', min: 0, max: 1 },
  { path: 'dataTableKeepMinUnits', check: 'min', min: 0 },
  { path: 'storyMinUnits', check: 'min', min: 0 },
  { path: 'threadMinItems', check: 'integer', min: 0 },
  { path: 'shortStoryMaxUnits', check: 'min', min: 0 },
  { path: 'dataTableMinRowShare', check: 'range', min: 0, max: 1 },
  { path: 'dataTableMinPlainCellShare', check: 'range', min: 0, max: 1 },
];
