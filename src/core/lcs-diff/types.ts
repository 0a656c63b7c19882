/**
 * Method 4's data (ALGORITHMS.md §4): the feature tree of a page and what the diff of two trees finds.
 * A feature tree is plain serialisable data (arrays of numbers and strings), so that the similar page's
 * tree can be built in another document — a hidden iframe, another tab of the CLI's Chromium, a parsed file —
 * and handed to the core with the page's own.
 */

/**
 * §4.3–4.4 One CNode per rendered element under BODY (BODY included, index 0), in level order (breadth
 * first), so that the node sequence of §4.4 is simply 0 … size − 1. Every array has `size` entries (`box`
 * has 4 × size).
 */
export interface FeatureTree {
  /** True when the boxes are rendered ones; false: every box is 0 and compare() reads id, className, depth only. */
  readonly layout: boolean;
  readonly size: number;
  /** Lower-case tag name (`body`, `div`, `img`…). */
  readonly tag: readonly string[];
  /** The id attribute, "" when none. */
  readonly id: readonly string[];
  /** The class attribute as written (whitespace-normalised), "" when none. */
  readonly className: readonly string[];
  /** Depth below BODY (BODY = 0). */
  readonly depth: readonly number[];
  /** Index of the parent node; −1 for BODY. Parents always come before their children. */
  readonly parent: readonly number[];
  /**
   * left, top, width, height of each node (CSS px, document coordinates), 4 numbers per node; 0s for a node
   * inside a content node (never read: content nodes compare by content) and without layout.
   */
  readonly box: readonly number[];
  /**
   * §4.3 The content of a content node (one that holds text or an image directly, its children only text or
   * inline elements): its whitespace-normalised text, then the sources of its images, joined by "\n";
   * null for a structure node.
   */
  readonly content: readonly (string | null)[];
  /** The raw text of a content node (not normalised; `lcsDiff.extensions.normalisedContent` off compares this). */
  readonly rawContent: readonly (string | null)[];
  /** Characters of text directly in the node (its own text children, whitespace-normalised). */
  readonly textChars: readonly number[];
  /** Of those, characters inside a link (the node is an `a[href]` or inside one). */
  readonly linkChars: readonly number[];
  /** Characters of the node's own markup: its start and end tags with their attributes, and its own text. */
  readonly codeChars: readonly number[];
  /** Children of each node that were left out because the tree reached `lcsDiff.maxNodes` (0 almost always). */
  readonly truncated: boolean;
}

/** Entries of `FeatureTree.box` per node: left, top, width, height. */
export const BOX_STRIDE = 4;

/** A target node matched with a node of the similar page at similarity ≥ Ts, or within the trimmed equal ends (§4.7, §4.10): template. */
export const TEMPLATE = 1;
/** The target has the node and the similar page does not (a left step), or it was replaced (similarity < Ts). */
export const CANDIDATE = 2;

/**
 * The similar page as the host hands it to the core (`ExtractEnv.similarPage`): its feature tree, built in
 * the host's own document (a hidden iframe, a tab of the CLI's Chromium, a parsed file), or why there is none.
 */
export interface SimilarPage {
  /** The similar page's URL (or file name), null when there was none to fetch. */
  readonly url: string | null;
  /** Why this page: the similar-URL ranking's reason (§4.1), or "given with --similar". */
  readonly why: string;
  /** Its feature tree, or null when the host could not get one (then `failure` says why). */
  readonly tree: FeatureTree | null;
  /** One line for people when `tree` is null: "no similar URL among the page's links", "fetch failed: HTTP 404". */
  readonly failure?: string;
  /** Milliseconds the host spent fetching, rendering and building the tree. */
  readonly fetchMs?: number;
}
