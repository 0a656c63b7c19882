/**
 * Title similarity (ALGORITHMS.md §0, title method, faithful):
 * sim(a, b) = |A ∩ B| / |A ∪ B| × 100, where A and B are the sets of units of the two texts: each CJK
 * character, and each lower-cased word (a run of letters or digits of any other script).
 */
const TITLE_UNIT = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]|[[\p{L}\p{M}\p{N}]--[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]]+/gv;

export function titleUnits(text: string): Set<string> {
  const units = new Set<string>();
  for (const m of text.toLowerCase().matchAll(TITLE_UNIT)) units.add(m[0]);
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
