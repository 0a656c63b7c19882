/**
 * The label of each text block for `train-body`: the share of the block's word n-grams (n = 4, or the
 * block's whole token run when it is shorter) that occur in the page's gold body, with the body metric's own
 * tokens (eval/metrics.ts: `\w+` words, or CJK characters on CJK sets). A block is body when the share is
 * at least `BODY_SHARE`; a block without a token ("—", "|") has no label and no weight.
 */
import type { Tokenizer } from '../../eval/metrics.ts';
import { tokenize } from '../../eval/metrics.ts';

/** The least share of a block's n-grams in the gold body for it to be labelled body. */
export const BODY_SHARE = 0.5;
const N = 4;

/** The gold body's n-grams for n = 1…4 (a short block is looked up whole). */
export function goldGrams(gold: string, tokenizer: Tokenizer): ReadonlySet<string> {
  const tokens = tokenize(gold, tokenizer);
  const grams = new Set<string>();
  for (let n = 1; n <= N; n++) for (let i = 0; i + n <= tokens.length; i++) grams.add(tokens.slice(i, i + n).join('\u0001'));
  return grams;
}

/** The block's share of n-grams in the gold body, and its token count; share −1 for a block with no token. */
export function blockShare(text: string, grams: ReadonlySet<string>, tokenizer: Tokenizer): { share: number; tokens: number } {
  const tokens = tokenize(text, tokenizer);
  if (tokens.length === 0) return { share: -1, tokens: 0 };
  const n = Math.min(N, tokens.length);
  let hit = 0;
  let all = 0;
  for (let i = 0; i + n <= tokens.length; i++) {
    all++;
    if (grams.has(tokens.slice(i, i + n).join('\u0001'))) hit++;
  }
  return { share: hit / all, tokens: tokens.length };
}
