/**
 * §2.2 Full stops of a text leaf. Faithful: the Chinese full stop 。 (96% of them on a page sit in the body,
 * the article reports). Extension `latinStops`, on pages not written mostly in CJK: the terminators . ! ?
 * that end a sentence — followed by white space or the end of the leaf (after any closing quotes or
 * brackets), and preceded by a letter, a digit or a closing mark, so that "3.5", "www.example.com" and a
 * lone "…" do not count, and a run "?!" counts once.
 */
import { countCharClasses } from '../text/char-classes.ts';

const CJK_FULL_STOP = /。/g;
const LATIN_SENTENCE_END = /[\p{L}\p{N}"'”’»)\]][.!?]+(?=["'”’»)\]]*(?:\s|$))/gu;

/** Counts the full stops of `text`: 。 always, and with `latinStops` the sentence-ending . ! ?. */
export function countFullStops(text: string, latinStops: boolean): number {
  let n = countMatches(text, CJK_FULL_STOP);
  if (latinStops) n += countMatches(text, LATIN_SENTENCE_END);
  return n;
}

/**
 * Whether the page is written mostly in CJK: at least `minCjkShare` of its letters are CJK characters. On
 * such a page only 。 counts, as in the article; elsewhere the `latinStops` extension applies.
 */
export function isCjkText(texts: Iterable<string>, minCjkShare: number): boolean {
  let cjk = 0;
  let letters = 0;
  for (const t of texts) {
    const c = countCharClasses(t);
    cjk += c.cjk;
    letters += c.cjk + c.wordLetters;
  }
  return letters > 0 && cjk / letters >= minCjkShare;
}

function countMatches(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}
