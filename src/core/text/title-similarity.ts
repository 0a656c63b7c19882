/**
 * Title similarity (ALGORITHMS.md §0, title method, faithful):
 * sim(a, b) = |A ∩ B| / |A ∪ B| × 100, where A and B are the sets of units of the two texts: each CJK
 * character, and each lower-cased word (a run of letters or digits of any other script).
 */
import { CHUNK, extendRun, mayContinue } from './runs.ts';

const CJK = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}`;
const WORD = String.raw`[[\p{L}\p{M}\p{N}]--[${CJK}]]${CHUNK}`;
/** A CJK character, or a chunk of a word (runs.ts: a word longer than a chunk is joined by `titleUnits`). */
const TITLE_UNIT = new RegExp(String.raw`[${CJK}]|${WORD}`, 'gv');
const WORD_CHUNK = new RegExp(WORD, 'vy');

export function titleUnits(text: string): Set<string> {
  const units = new Set<string>();
  const lower = text.toLowerCase();
  TITLE_UNIT.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TITLE_UNIT.exec(lower)) !== null) {
    if (mayContinue(m[0])) {
      const end = extendRun(lower, TITLE_UNIT.lastIndex, WORD_CHUNK);
      units.add(lower.slice(m.index, end));
      TITLE_UNIT.lastIndex = end;
    } else units.add(m[0]);
  }
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
