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
  maxTableCells: 20_000,
  extensions: { dropTitleAndZone: true, dropNoiseBlocks: false, dropDecorativeImages: true, joinLayoutTableRows: true },
} as const satisfies OutputOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const OUTPUT_RULES: readonly OptionRule<OutputOptions>[] = [
  { path: 'maxBodyChars', check: 'min', min: 0 },
  { path: 'maxImages', check: 'min', min: 0 },
  { path: 'minImageSide', check: 'min', min: 0 },
  { path: 'maxImageAspect', check: 'min', min: 0 },
  { path: 'maxTableCells', check: 'min', min: 0 },
];
