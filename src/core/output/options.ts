/**
 * The options of the body output (`ExtractOptions.output`): what each means, its unit and default, and for
 * an extension its measured effect; its defaults; and the rules its values must keep, as data
 * (core/option-rules.ts). core/options.ts composes every section into `ExtractOptions` and checks every
 * section's rules.
 */
import type { OptionRule } from '../option-rules.ts';

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
  /**
   * Extension `dropDecorativeImagesFromHtml`: an image whose every stated side (width, height attributes; one
   * at least) is at most this many CSS pixels is an icon, a spinner or a tracking pixel and leaves the body's
   * HTML. Default 32 (a 16×16 icon, a 32×32 spinner), below `minImageSide` so that the HTML keeps what is
   * small but read: an inline formula (120×18) or a flag beside a name (40×27).
   */
  readonly maxIconSide: number;
  /**
   * Extension `dropBylineImages`: an author or byline block (a class, id, itemprop or rel naming the author)
   * holds at most this many text units (§0) — a name, a role and a line of biography. Default 60; a larger
   * element so named is a section of the page, and its images are the article's.
   */
  readonly bylineMaxUnits: number;
  /** Most table cells serialised per table. */
  readonly maxTableCells: number;
  /** With `joinDataTableRows`: what stands between two cells of a data table's row in the plain text. Default " | ". */
  readonly dataTableCellSeparator: string;
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
     * Gap-filler (issue 40 item 14): the body's HTML also leaves out the images the decorative-image rules
     * take (decorative.ts) — there, as the HTML's size rule, those whose every stated side is at most
     * `maxIconSide` (not `minImageSide` and `maxImageAspect`, which would take inline formulas) — and each
     * image left out is an `output` decision `1.6-decorative-image` of the Explain trace. The popup showed a
     * spinner, avatars and an end-of-story image as broken-image icons above the article. Off: the HTML keeps
     * every image with a source where the page put it. Body text does not change (images are no text): on
     * the gate's nine dev sets (dom, 2 716 pages) the body text is the same on every page, and the four
     * image switches of issue 40 together take the body's HTML from 11 435 to 7 918 images (gravatars and
     * avatars of comment threads, share and print icons, spacers, spinners, author photos; most on dragnet,
     * 4 562 → 2 472) and `Article.images` from 7 306 to 7 203.
     */
    readonly dropDecorativeImagesFromHtml: boolean;
    /**
     * Gap-filler: a loading spinner or a lazy image's stand-in — a file named so (`loading.gif`,
     * `ajax-loader.gif`, `lazy-placeholder.png`, `blank.gif`, `clear.gif`) or a class naming a spinner — is
     * decorative. The real source of a lazy image (data-src and the like) is read first, so a lazy picture
     * whose `src` is a spinner stays, by its real source.
     */
    readonly dropPlaceholderImages: boolean;
    /**
     * Gap-filler: an author's photo is decorative — named a headshot, an author or profile photo (class, id,
     * file or folder `/authors/`), or inside an author or byline block of at most `bylineMaxUnits` units.
     */
    readonly dropBylineImages: boolean;
    /**
     * Gap-filler: an image whose alt text is the extracted author's name (one of them, without "By"), or an
     * end mark ("End of story", ■, (完), a class or file `end-mark`, `tombstone`), is decorative: a sign-off
     * under the story, not a picture of it.
     */
    readonly dropSignOffImages: boolean;
    /**
     * Gap-filler (issue 15): a table in the body that is not a data table (§1.6) is written as text, and
     * the cells of one row run together where the text runs on from one into the next (a sentence a
     * layout table cut: 获得了5 | 00万元), instead of one line (and one Markdown table cell) each.
     */
    readonly joinLayoutTableRows: boolean;
    /**
     * Issue 42 (layout-table.ts `sameDataRow`): in the plain text, the cells of one row of a data table (§1.6:
     * two rows and two columns, a caption or header cells) are one line, joined by `dataTableCellSeparator`,
     * where each cell was a line of its own (a roster read "Pitchers / # / Name / B/T" down the page). The
     * Markdown keeps the table as a table. Body F1 does not move (the metric reads word tokens across lines).
     */
    readonly joinDataTableRows: boolean;
  };
}

export const OUTPUT_DEFAULTS = {
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
  maxIconSide: 32,
  bylineMaxUnits: 60,
  dataTableCellSeparator: ' | ',
  maxTableCells: 20_000,
  extensions: {
    dropTitleAndZone: true,
    dropNoiseBlocks: false,
    dropDecorativeImages: true,
    dropDecorativeImagesFromHtml: true,
    dropPlaceholderImages: true,
    dropBylineImages: true,
    dropSignOffImages: true,
    joinLayoutTableRows: true,
    joinDataTableRows: true,
  },
} as const satisfies OutputOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const OUTPUT_RULES: readonly OptionRule<OutputOptions>[] = [
  { path: 'maxBodyChars', check: 'min', min: 0 },
  { path: 'maxImages', check: 'min', min: 0 },
  { path: 'minImageSide', check: 'min', min: 0 },
  { path: 'maxImageAspect', check: 'min', min: 0 },
  { path: 'maxIconSide', check: 'min', min: 0 },
  { path: 'bylineMaxUnits', check: 'min', min: 0 },
  { path: 'maxTableCells', check: 'min', min: 0 },
];
