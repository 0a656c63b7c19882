/**
 * The public benchmarks' metrics, re-implemented from their definitions (facts cited, no code copied):
 * - body: Zyte/scrapinghub article-extraction-benchmark (`evaluate.py`): tokens `\w+` (Unicode), 4-token
 *   shingles with counts, per page tp/fp/fn normalised to sum 1, precision and recall averaged over the
 *   pages where they are defined (tp+fp > 0, tp+fn > 0; 1 when fp = fn = 0), F1 of the two means. The
 *   CJK variant makes every CJK character its own token (for Chinese sets, where `\w+` would glue a whole
 *   sentence into one token).
 * - date: htmldate's `comparison.py`: tp (right day), fp (wrong day), fn (no date, gold has one), tn (no
 *   date, gold has none); precision tp/(tp+fp), recall tp/(tp+fn), accuracy (tp+tn)/all,
 *   F-score 2tp/(2tp+fp+fn). Also "coverage" = predicted / pages with a gold date.
 * - title, author: normalised exact match and token F1, over the pages whose gold is not null.
 */

import { mean } from './order-stats.ts';

const WORD_TOKEN = /[\p{L}\p{N}_]+/gu;
const CJK_OR_WORD_TOKEN = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]|[[\p{L}\p{N}_]--[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]]+/gv;

export type Tokenizer = 'word' | 'cjk';

export function tokenize(text: string, tokenizer: Tokenizer): string[] {
  return (text || '').match(tokenizer === 'cjk' ? CJK_OR_WORD_TOKEN : WORD_TOKEN) ?? [];
}

/** The shingles of a text with their counts; a text shorter than n tokens is one shorter shingle. */
export function shingles(text: string, n: number, tokenizer: Tokenizer): Map<string, number> {
  const tokens = tokenize(text, tokenizer);
  const out = new Map<string, number>();
  const count = Math.max(1, tokens.length - n + 1);
  for (let i = 0; i < count; i++) {
    const shingle = tokens.slice(i, i + n);
    if (shingle.length === 0) continue;
    const key = shingle.join('\u0001');
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

export interface TpFpFn {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
}

export function shingleMatch(gold: string, predicted: string, tokenizer: Tokenizer, n = 4): TpFpFn {
  const g = shingles(gold, n, tokenizer);
  const p = shingles(predicted, n, tokenizer);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...g.keys(), ...p.keys()])) {
    const gc = g.get(key) ?? 0;
    const pc = p.get(key) ?? 0;
    tp += Math.min(gc, pc);
    fp += Math.max(0, pc - gc);
    fn += Math.max(0, gc - pc);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp, fp, fn };
}

/**
 * The share of the gold text's shingles that also occur in `inside` (counts clipped): how much of the
 * article a noise detector took for noise. 0 for an empty gold text.
 */
export function goldShareInside(gold: string, inside: string, tokenizer: Tokenizer, n = 4): number {
  const g = shingles(gold, n, tokenizer);
  if (!inside) return 0;
  const x = shingles(inside, n, tokenizer);
  let total = 0;
  let hit = 0;
  for (const [key, count] of g) {
    total += count;
    hit += Math.min(count, x.get(key) ?? 0);
  }
  return total > 0 ? hit / total : 0;
}

export function precisionScore({ tp, fp, fn }: TpFpFn): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

export function recallScore({ tp, fp, fn }: TpFpFn): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

export interface PrF1 {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly pages: number;
}

export function bodyScores(pages: readonly TpFpFn[]): PrF1 {
  const precisions = pages.filter((p) => p.tp + p.fp > 0).map(precisionScore);
  const recalls = pages.filter((p) => p.tp + p.fn > 0).map(recallScore);
  const precision = mean(precisions);
  const recall = mean(recalls);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, pages: pages.length };
}

export interface DateScores {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly tn: number;
  readonly precision: number;
  readonly recall: number;
  readonly accuracy: number;
  readonly fscore: number;
  /** Pages with a prediction / pages with a gold date. */
  readonly coverage: number;
  readonly pages: number;
}

/** `gold`: "YYYY-MM-DD", or "" when the page states none. `predicted`: a day or null. */
export function dateScores(pairs: readonly { gold: string; predicted: string | null }[]): DateScores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  let predictedWithGold = 0;
  for (const { gold, predicted } of pairs) {
    if (!predicted) {
      if (gold) fn++;
      else tn++;
    } else if (predicted === gold) tp++;
    else fp++;
    if (predicted && gold) predictedWithGold++;
  }
  const withGold = pairs.filter((p) => p.gold).length;
  const ratio = (a: number, b: number): number => (b > 0 ? a / b : 0);
  return {
    tp,
    fp,
    fn,
    tn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    accuracy: ratio(tp + tn, pairs.length),
    fscore: ratio(2 * tp, 2 * tp + fp + fn),
    coverage: ratio(predictedWithGold, withGold),
    pages: pairs.length,
  };
}

/** Lower case, NFKC, one space, no surrounding quotes or punctuation. */
export function normalizeField(s: string | null | undefined): string {
  return (s ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .trim();
}

export function tokenF1(gold: string, predicted: string): number {
  const g = tokenize(normalizeField(gold), 'cjk');
  const p = tokenize(normalizeField(predicted), 'cjk');
  if (g.length === 0 && p.length === 0) return 1;
  if (g.length === 0 || p.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of p) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common++;
      counts.set(t, c - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / p.length;
  const recall = common / g.length;
  return (2 * precision * recall) / (precision + recall);
}

export interface FieldScores {
  readonly exact: number;
  readonly tokenF1: number;
  readonly pages: number;
}

export function fieldScores(pairs: readonly { gold: string; predicted: string | null }[]): FieldScores {
  if (pairs.length === 0) return { exact: 0, tokenF1: 0, pages: 0 };
  let exact = 0;
  let f1 = 0;
  for (const { gold, predicted } of pairs) {
    if (normalizeField(gold) === normalizeField(predicted)) exact++;
    f1 += tokenF1(gold, predicted ?? '');
  }
  return { exact: exact / pairs.length, tokenF1: f1 / pairs.length, pages: pairs.length };
}
