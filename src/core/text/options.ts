/**
 * The options of §0, the text primitives every method shares (`ExtractOptions.text`): what each means, its
 * unit and default, and for an extension its measured effect; its defaults; and the rules its values must
 * keep, as data (core/option-rules.ts). core/options.ts composes every section into `ExtractOptions` and
 * checks every section's rules.
 */
import type { OptionRule } from '../option-rules.ts';

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

export const TEXT_DEFAULTS = {
  sentenceMinCommasExclusive: 2,
  noiseMinCjkChars: 3,
  noiseMinLatinChars: 6,
  latinSentenceMinWords: 12,
  extensions: { latinSentence: true, sentenceLines: true },
} as const satisfies TextOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const TEXT_RULES: readonly OptionRule<TextOptions>[] = [
  { path: 'sentenceMinCommasExclusive', check: 'min', min: 0 },
  { path: 'noiseMinCjkChars', check: 'min', min: 0 },
  { path: 'noiseMinLatinChars', check: 'min', min: 0 },
  { path: 'latinSentenceMinWords', check: 'min', min: 0 },
];
