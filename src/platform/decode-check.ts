/**
 * Signs that a page's text was decoded with the wrong charset (issue 16 "mis-declared charsets": a page
 * declaring Shift_JIS that is really Latin-1 came out as mojibake without a word). The signs:
 *
 * - **Replacement characters.** U+FFFD is what a decoder writes for bytes that are not valid in its
 *   charset. A page in its own charset has none or a stray few (a cut string, one pasted byte).
 * - **Lone CJK letters inside Latin words.** Latin-1 bytes read as a double-byte charset pair each accented
 *   letter with the next byte into one ideograph: "très bien" becomes "tr鑚 bien". Real pages put
 *   CJK text next to Latin words ("iPhone手机"), but a run of one or two CJK letters with a Latin letter
 *   right on both sides is rare in text written that way.
 *
 * Two more for text read as a single-byte charset: UTF-8 sequences spelled out ("Ã©"), and long runs of
 * accented letters ("ÖÐÎÄ", GBK read as windows-1252).
 *
 * Host-neutral, like decode-html.ts. The thresholds were measured with `node scripts/measure-decoding.js`
 * over the 2 716 pages of the nine dev sets: decoded right, one page warns (dragnet T19, declared UTF-8 and
 * holding Latin-1 bytes: a true warning); decoded wrong on purpose, the check catches Latin-1 read as
 * Shift_JIS 97 %, as GBK 88 %, as Big5 95 %, as EUC-JP/EUC-KR 100 %; GBK read as windows-1252, Shift_JIS or
 * UTF-8 100 %; UTF-8 read as windows-1252 100 %, as Big5/EUC-KR 99–100 %, as Shift_JIS 90 %, as GBK 66 %
 * (pages with at least 20 non-ASCII characters). It cannot tell GBK read as Big5 or EUC-KR (0 %, 5 %):
 * both decode to valid CJK text, and only a language model would see it is nonsense.
 */

/** The thresholds of the check; each sign must pass both its count and its share to warn. */
export interface DecodeCheckOptions {
  /** Replacement characters (U+FFFD) a page may hold before it is said to decode badly. */
  readonly minReplacements: number;
  /** …and their share of the page's non-ASCII characters. */
  readonly minReplacementShare: number;
  /** Runs of one or two CJK letters with a Latin letter right on both sides (Latin-1 read as Shift_JIS)… */
  readonly minLoneCjk: number;
  /** …and their share of all the page's CJK letters. */
  readonly minLoneCjkShare: number;
  /**
   * UTF-8 sequences read as windows-1252 ("Ã©" for é, "â€™" for ’): a lead character Â–ô followed by
   * the continuation characters a UTF-8 sequence needs…
   */
  readonly minUtf8Pairs: number;
  /** …and the share of the page's non-ASCII characters they take. */
  readonly minUtf8PairShare: number;
  /**
   * Characters of windows-1252's non-ASCII repertoire (no-break spaces aside) standing in runs of three or
   * more ("ÖÐÎÄÍøÒ³"): what GBK, Big5 or Shift_JIS text becomes when read as a single-byte charset…
   */
  readonly minAccentRuns: number;
  /** …and their share of the page's non-ASCII characters. */
  readonly minAccentRunShare: number;
  /**
   * A page without a declaration that is not valid UTF-8 is still read as UTF-8 (or GB18030) when its good
   * characters (non-ASCII ones for UTF-8, Chinese ones for GB18030) outnumber its bad sequences this many
   * times over, and the result shows none of the signs above.
   */
  readonly minGoodPerBadSequence: number;
}

export const DEFAULT_DECODE_CHECK: DecodeCheckOptions = {
  minReplacements: 8,
  minReplacementShare: 0.02,
  minLoneCjk: 5,
  minLoneCjkShare: 0.2,
  minUtf8Pairs: 5,
  minUtf8PairShare: 0.3,
  minAccentRuns: 100,
  minAccentRunShare: 0.3,
  minGoodPerBadSequence: 100,
};

/** The counts behind the check, for the measurement script and the tests. */
export interface DecodeSigns {
  readonly nonAscii: number;
  readonly replacements: number;
  readonly cjk: number;
  readonly loneCjk: number;
  /** Characters of UTF-8 sequences read as windows-1252. */
  readonly utf8Pairs: number;
  /** Characters in runs of 3+ of windows-1252's non-ASCII repertoire. */
  readonly accentRuns: number;
}

const NON_ASCII = /[^\x00-\x7f]/g;
const REPLACEMENT = /\ufffd/g;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** What windows-1252 makes of the bytes 0x80–0x9f (the 27 it defines). */
const W1252_C1 =
  '\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122';
/** What windows-1252 makes of a UTF-8 continuation byte 0x80–0xbf. */
const CONT = `[${W1252_C1}\u0080-\u00bf]`;
const UTF8_AS_1252 = new RegExp(`[\u00c2-\u00df]${CONT}|[\u00e0-\u00ef]${CONT}{2}|[\u00f0-\u00f4]${CONT}{3}`, 'g');
/** windows-1252's non-ASCII repertoire without the no-break space (which pages repeat on purpose). */
const ACCENT_RUN = new RegExp(`[${W1252_C1}\u0080-\u009f\u00a1-\u00ff]{3,}`, 'g');
const LONE_CJK = /(?<=\p{Script=Latin})[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{1,2}(?=\p{Script=Latin})/gu;

export function decodeSigns(text: string): DecodeSigns {
  return {
    nonAscii: count(text, NON_ASCII),
    replacements: count(text, REPLACEMENT),
    cjk: count(text, CJK),
    loneCjk: count(text, LONE_CJK),
    utf8Pairs: runLength(text, UTF8_AS_1252),
    accentRuns: runLength(text, ACCENT_RUN),
  };
}

/**
 * One-line warnings about `text` decoded as `charset` (empty when it looks right). `declared` is the label
 * the page gave, if any, so that the warning can say the declaration looks wrong.
 */
export function checkDecodedText(
  text: string,
  charset: string,
  declared: string | null,
  opts: DecodeCheckOptions = DEFAULT_DECODE_CHECK,
): string[] {
  const s = decodeSigns(text);
  const warnings: string[] = [];
  const wrong = declared ? `the declared charset "${declared}" looks wrong` : 'the guess looks wrong';
  if (s.replacements >= opts.minReplacements && s.replacements >= opts.minReplacementShare * s.nonAscii)
    warnings.push(
      `text decodes badly as ${charset}: ${s.replacements} of ${s.nonAscii} non-ASCII characters are not valid ${charset} (${wrong}; the text may be garbled)`,
    );
  if (s.loneCjk >= opts.minLoneCjk && s.loneCjk >= opts.minLoneCjkShare * s.cjk)
    warnings.push(
      `text decodes badly as ${charset}: ${s.loneCjk} lone CJK letters inside Latin words, of ${s.cjk} CJK letters (${wrong}; the text may be garbled)`,
    );
  if (s.utf8Pairs >= opts.minUtf8Pairs && s.utf8Pairs >= opts.minUtf8PairShare * s.nonAscii)
    warnings.push(
      `text decodes badly as ${charset}: ${s.utf8Pairs} of ${s.nonAscii} non-ASCII characters look like UTF-8 read as a single-byte charset ("Ã©" for "é"; ${wrong}; the text may be garbled)`,
    );
  if (s.accentRuns >= opts.minAccentRuns && s.accentRuns >= opts.minAccentRunShare * s.nonAscii)
    warnings.push(
      `text decodes badly as ${charset}: ${s.accentRuns} of ${s.nonAscii} non-ASCII characters stand in runs like "ÖÐÎÄ" (${wrong}; the text may be garbled)`,
    );
  return warnings;
}

/** The total length of the matches of `re`. */
function runLength(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) n += m[0].length;
  return n;
}

function count(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}
