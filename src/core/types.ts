/**
 * The result contract (DESIGN.md "Result contract") and the Explain trace types. Everything here is plain
 * serialisable data: no Element ever leaves the core, so the same result feeds the popup, the overlay, the
 * CLI and the evaluation.
 */
/** The method slugs, one vocabulary for folders, options, trace entries and CLI flags (STYLE.md §8.3). */
export type Method =
  'preprocess' | 'title-anchor' | 'punct-path' | 'date-svm' | 'lcs-diff' | 'link-blocks' | 'metadata' | 'output' | 'combine';

export type Verdict = 'keep' | 'drop' | 'candidate' | 'choose' | 'reject' | 'fallback' | 'skip' | 'info';

/**
 * A serialisable pointer to an element: its ordinal in the page model (elements in document order from
 * `<html>`, as the overlay counts them again), a CSS path from the root and a short text preview.
 */
export interface NodeRef {
  readonly selector: string;
  readonly preview: string;
  /** The element's ordinal in the page model; absent in references written elsewhere (an annotation's gold). */
  readonly ordinal?: number;
}

/** One decision of one rule, with the numbers behind it (STYLE.md §8.6). */
export interface Decision {
  readonly method: Method;
  /** Rule id after the spec section, e.g. '1.4-title-candidate', '1.5-descend'. */
  readonly rule: string;
  readonly verdict: Verdict;
  readonly target?: NodeRef;
  readonly numbers: Readonly<Record<string, number>>;
  readonly note?: string;
}

export interface StepRecord {
  readonly method: Method;
  readonly name: string;
  readonly ms: number;
}

export interface Explain {
  readonly steps: readonly StepRecord[];
  readonly decisions: readonly Decision[];
  /** A short hash of the resolved options, so that a result can be reproduced. */
  readonly optionsHash: string;
}

/** Where a metadata value came from. */
export type Provenance =
  | 'link-title'
  | 'title-block'
  | 'title-element'
  | 'zone'
  | 'json-ld'
  | 'meta'
  | 'time-element'
  | 'itemprop'
  | 'rel-author'
  | 'url'
  | 'labelled-date'
  | 'date-line'
  | 'page-text'
  | 'attribute'
  | 'script'
  | 'h1';

export interface Sourced {
  readonly value: string;
  readonly from: Provenance;
  /** The meta name, JSON-LD key or zone pattern that matched. */
  readonly detail: string;
  readonly ref?: NodeRef;
  /** An author's rank by where it was written (extension `metadata.extensions.rankedAuthors`; higher first). */
  readonly rank?: number;
  /** The field model's probability that this is the page's author or source (extension `metadata.extensions.learnedFields`). */
  readonly probability?: number;
  /** What the cleaning changed, "raw → cleaned" (extension `metadata.extensions.cleanAuthors`). */
  readonly cleaned?: string;
}

/** An author or source value the cleaning refused (extension `metadata.extensions.cleanAuthors`), with why. */
export interface Refused {
  readonly value: string;
  readonly from: Provenance;
  readonly detail: string;
  /** "the site's own name", "a label word", "an id", "an e-mail placeholder"… */
  readonly why: string;
  readonly rank?: number;
}

/** How an author or a source was chosen: its candidates in the order tried, and the values refused. */
export interface FieldChoice {
  readonly candidates: readonly Sourced[];
  readonly refused: readonly Refused[];
}

export interface DateCandidate {
  /** ISO 8601: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS][±HH:MM]`. */
  readonly iso: string;
  /** The text (or attribute value) the date was read from. */
  readonly text: string;
  readonly from: Provenance;
  readonly detail: string;
  readonly ref?: NodeRef;
  /** The date SVM's decision value for this candidate (§3.7; positive = publication time). */
  readonly decision?: number;
}

/** Which rule gave the publication time: the date SVM (§3.7), its structured fallback, or the §1.7 rule chain. */
export type TimeMethod = 'date-svm' | 'structured-fallback' | 'url-fallback' | 'rules';

export interface PublishedTime {
  /** ISO 8601 or null when the page states no date. */
  readonly iso: string | null;
  /**
   * Confidence in [0, 1]: for the date SVM the logistic of its decision value, 1 / (1 + e^−f) (so 0.5 is
   * the margin's middle); for the rule chain and the fallback the option `metadata.dateConfidence` of the
   * source.
   */
  readonly confidence: number;
  /** The date SVM's decision value f(x) of the chosen candidate (§3.7 "the decision value as confidence"), else null. */
  readonly decision: number | null;
  readonly method: TimeMethod | null;
  readonly from: Provenance | null;
  readonly detail: string;
  /**
   * The candidate the time was read from (for the date SVM its decision value; with `localDay` the page's
   * local reading of the chosen instant), or null with no date. The popup's "why" quotes its text.
   */
  readonly chosen: DateCandidate | null;
  /** The candidates considered, best first (with the date SVM: the top `dateSvm.reportCandidates` by decision value). */
  readonly candidates: readonly DateCandidate[];
  /**
   * Extension `captureTime`: the capture time a saved page states (the saver's wall clock where the mark
   * gives its offset, else UTC; ISO without a zone) and the mark it was read from,
   * which the page's relative dates were read against instead of the day of the run; absent otherwise.
   */
  readonly captured?: { readonly iso: string; readonly from: string };
  /** Date candidates found on the page (before the list was cut for the report). */
  readonly found: number;
}

export interface ArticleImage {
  readonly src: string;
  readonly alt: string;
  readonly caption: string;
  readonly width: number | null;
  readonly height: number | null;
}

export interface ArticleTable {
  readonly html: string;
  readonly rows: number;
  readonly cols: number;
  readonly caption: string;
}

export interface ArticleDocument {
  readonly href: string;
  readonly text: string;
  /** Lower-case file extension: pdf, docx, xlsx… */
  readonly type: string;
}

export type NoiseKind = 'link-block' | 'template' | 'path' | 'learned';

/** Which method gave the body root (§6.2), and why. */
export interface BodyLead {
  /**
   * The method that gave the body root; `short-page` when neither did and the short page was read whole (§6
   * gap-filler); `learned` when the block model of the learned combination chose the body's blocks;
   * `content-region` when the page is not an article and its largest coherent region of content is the body.
   */
  readonly method: 'title-anchor' | 'punct-path' | 'short-page' | 'learned' | 'content-region';
  readonly reason: string;
}

/**
 * What kind of page it is (issue 42), which decides how its body is found: an article by the methods and the
 * block model; a table, a list, a definition list, a recipe, a product or a profile by the content region
 * (combine/content-region.ts); a thread is a page that is only comments.
 */
export type PageType = 'article' | 'table' | 'list' | 'definition-list' | 'recipe' | 'product' | 'profile' | 'thread';

/** The page type and what told it. */
export interface PageTypeReport {
  readonly type: PageType;
  /** `json-ld`: the page's schema.org `@type`; `structure`: the content region's make-up; `comments`: only a thread; `default`: none of these. */
  readonly from: 'json-ld' | 'structure' | 'comments' | 'default';
  /** One line for people: "JSON-LD @type Recipe", "82% of the content region is table". */
  readonly detail: string;
}

export interface NoiseBlock {
  readonly kind: NoiseKind;
  /** The smallest element that holds the whole block (for `--explain` and the JSON export). */
  readonly ref: NodeRef;
  /**
   * The elements the block covers, outermost first: for a logical link block that joins the end of one
   * parent and the start of the next (ALGORITHMS.md §5.6), the covered children of both parents. The
   * overlay outlines these. Capped at `linkBlocks.maxPartsPerBlock`.
   */
  readonly parts: readonly NodeRef[];
  /** True when the block lies inside the body root. */
  readonly inBody: boolean;
  /** True when its text was left out of the body. */
  readonly removed: boolean;
  /** The block's text (links and the text between them). */
  readonly text: string;
  /** One line for people: which rule, which numbers ("7 links, largest gap 23 < dt 80 (code), Ct 3"). */
  readonly reason: string;
  readonly numbers: Readonly<Record<string, number>>;
}

/** A page of the same site that the similar-URL ranking (§4.1) offers, best first. */
export interface SimilarUrlChoice {
  readonly url: string;
  /** Why it ranks where it does: same host, segments, shape, common prefix. */
  readonly reason: string;
}

/**
 * Method 4 on this page (§4): whether a similar page was used, which one and why, how long it took, and
 * what the diff found.
 */
export interface SimilarPageReport {
  /**
   * `used`: the page was diffed against the similar page; `not-requested`: the host gave none (method 4 is
   * off by default in the extension); `unavailable`: the host looked and had none (no similar URL, the fetch
   * failed or timed out: `message` says which); `skipped`: the diff did not finish (budget, size) or is off.
   */
  readonly status: 'used' | 'not-requested' | 'unavailable' | 'skipped';
  readonly url: string | null;
  /** Why that page (the ranking's reason), or null. */
  readonly why: string | null;
  /** One line for people: "compared with …: 41 template blocks, 1 information block" or why not. */
  readonly message: string;
  /** True when both feature trees carry rendered boxes; false when compare() read tag, id, class and depth only. */
  readonly layout: boolean | null;
  /** Nodes of the page's and the similar page's feature trees. */
  readonly nodes: { readonly page: number; readonly similar: number } | null;
  /** Milliseconds the host spent getting the similar page's tree, and the diff itself took. */
  readonly fetchMs: number | null;
  readonly diffMs: number | null;
  /** Text blocks that matched the similar page (template), and those of the information clusters kept. */
  readonly templateBlocks: number;
  readonly informationBlocks: number;
  /** With `ExtractInput.rankSimilarUrls`: the page's similar URLs, best first (the host fetches the first). */
  readonly candidates: readonly SimilarUrlChoice[];
}

/** Method 5's own evaluation (ALGORITHMS.md §5.8), over the whole page. */
export interface LinkBlockStats {
  /** Link coverage: links inside link blocks / links on the page (0 when the page has no link). */
  readonly lcr: number;
  /** Code coverage: characters inside link blocks / characters of the serialised page. */
  readonly ccr: number;
  readonly links: number;
  readonly blocks: number;
  /** Length of the serialised page the scan read. */
  readonly chars: number;
}

export interface ArticleBody {
  /** Clean, sanitised HTML (allow-listed tags and attributes, safe URLs only). */
  readonly html: string;
  /** Plain text, blocks separated by "\n". */
  readonly text: string;
  /**
   * Markdown, made from `html` only when a host asks for it (output/markdown.ts `bodyMarkdown`): the CLI's JSON
   * output carries it, an extraction does not.
   */
  readonly markdown?: string;
}

/**
 * What a run knows once its metadata and publication time are chosen, before the body (the longer half of
 * the run): a sliced host shows it while the rest goes on (`SliceControl.onPreview`).
 */
export type ArticlePreview = Pick<Article, 'title' | 'author' | 'source' | 'site' | 'publishedTime'>;

export interface Article {
  readonly url: string | null;
  readonly title: string | null;
  readonly author: string | null;
  readonly source: string | null;
  /**
   * The name the site gives itself (og:site_name, JSON-LD publisher, application-name, or `<title>`'s
   * part naming the host): "The Guardian". Not the source, the outlet a story came from (来源).
   */
  readonly site: string | null;
  readonly publishedTime: PublishedTime;
  readonly lang: string | null;
  readonly body: ArticleBody;
  /** The page type that decided how the body was found (issue 42), and what told it. */
  readonly pageType: PageTypeReport;
  readonly images: readonly ArticleImage[];
  readonly tables: readonly ArticleTable[];
  readonly documents: readonly ArticleDocument[];
  readonly noise: readonly NoiseBlock[];
  readonly linkBlockStats: LinkBlockStats | null;
  /** Method 4: the similar page the body was diffed against, or why none was. */
  readonly similarPage: SimilarPageReport;
  /** Where title, author and source came from, with the other candidates seen. */
  readonly provenance: {
    readonly title: Sourced | null;
    readonly author: Sourced | null;
    readonly source: Sourced | null;
    readonly site: Sourced | null;
    readonly candidates: readonly Sourced[];
    /** The author's and the source's candidates and refused values (issue 41): the popup's "Why?". */
    readonly choices?: { readonly author: FieldChoice; readonly source: FieldChoice };
  };
  /** The elements the values and the body were found in (what the overlay outlines, and annotators check). */
  readonly anchors: {
    /** The query title that found the title block (§1.1): the link title, `<title>`, og:title or h1. */
    readonly query: { readonly text: string; readonly from: Provenance } | null;
    readonly titleBlock: NodeRef | null;
    readonly firstSentence: NodeRef | null;
    readonly bodyRoot: NodeRef | null;
    /** Which method gave the body root (§6.2: method 2 leads when method 1 fails or disagrees strongly). */
    readonly bodyLead: BodyLead;
    /** Method 2's sample leaf (§2.3), when the page has full stops. */
    readonly pathSample: NodeRef | null;
    /**
     * The element of the publication time: that of `publishedTime.chosen`; when the time was read where no
     * element shows it (JSON-LD, the URL), the element of the best candidate stating the same time.
     */
    readonly date: NodeRef | null;
    /** The element the author was read from, when it was read from one. */
    readonly author: NodeRef | null;
  };
  /** Human-readable problems with this page: "no sentences found", "page truncated at …". */
  readonly warnings: readonly string[];
  readonly timings: Readonly<Record<string, number>>;
  readonly explain: Explain;
}
