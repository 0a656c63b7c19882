/**
 * Title similarity (ALGORITHMS.md §0, title method, faithful):
 * sim(a, b) = |A ∩ B| / |A ∪ B| × 100, where A and B are the sets of units of the two texts: each CJK
 * character, and each lower-cased word (a run of letters or digits of any other script).
 */
import { CJK, NUMBER, PAIR, WORD_LETTER, charClassAt } from './char-classes.ts';

/**
 * The units of `text`, lower-cased: each CJK character, and each run of letters, marks or digits of any
 * other script. One pass over the characters' classes (char-classes.ts); the same units as the regular
 * expression `[CJK]|[[\p{L}\p{M}\p{N}]--[CJK]]+` matched over the lower-cased text, which made a match
 * object per unit (a third of the block model's feature time).
 */
export function titleUnits(text: string, into?: Set<string>): Set<string> {
  // A caller that compares many texts in turn passes one set to refill (`into` is cleared first).
  const units = into ?? new Set<string>();
  units.clear();
  const lower = text.toLowerCase();
  let word = -1;
  for (let i = 0; i < lower.length;) {
    const k = charClassAt(lower, i);
    const width = k & PAIR ? 2 : 1;
    if (k & CJK) {
      if (word >= 0) units.add(lower.slice(word, i));
      word = -1;
      units.add(lower.slice(i, i + width));
    } else if (k & (WORD_LETTER | NUMBER)) {
      if (word < 0) word = i;
    } else if (word >= 0) {
      units.add(lower.slice(word, i));
      word = -1;
    }
    i += width;
  }
  if (word >= 0) units.add(lower.slice(word));
  return units;
}

/** Jaccard similarity × 100 of the unit sets; 0 when both are empty. */
export function titleSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const u of small) if (large.has(u)) common++;
  return (common / (a.size + b.size - common)) * 100;
}
