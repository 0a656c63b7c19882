/**
 * `eval --similar auto` (method 4, issue 14): on the pages that have a same-site partner, the body with the
 * similar page against the body without it (the same engine and options, one run each), and how much of the
 * gold body text fell inside the template regions the diff found.
 */
import type { Dataset } from './dataset.ts';
import type { PrF1 } from './metrics.ts';
import { goldShareInside } from './metrics.ts';
import { mean, median } from './order-stats.ts';
import { bodyFigure } from './score.ts';
import type { Prediction } from './score.ts';

export interface SimilarScores {
  /** Pages of the set, and those with a same-site partner in it. */
  readonly pages: number;
  readonly withPartner: number;
  /** Pages whose diff ran (`similarPage.status` "used"), and why the others did not, by message. */
  readonly used: number;
  readonly notUsed: Readonly<Record<string, number>>;
  /** Body figures over the pages with a partner and a gold body: without and with method 4. */
  readonly without: PrF1 | null;
  readonly with: PrF1 | null;
  /** The same with CJK tokens (CJK sets). */
  readonly withoutCjk: PrF1 | null;
  readonly withCjk: PrF1 | null;
  /** Mean share of gold body shingles inside template regions, over the pages used with a gold body; and the largest. */
  readonly goldInTemplate: number;
  readonly maxGoldInTemplate: { readonly id: string; readonly share: number } | null;
  /**
   * The same over the template regions inside the body's root only: what the template could take from the
   * article (a region elsewhere on the page may repeat the article's words — a teaser of it on a list of the
   * site's latest stories — and counts above, though the body keeps them).
   */
  readonly goldInBodyTemplate: number;
  /** The diff's time (median, largest) over the pages used, in ms. */
  readonly medianDiffMs: number;
  readonly maxDiffMs: number;
}

export function scoreSimilar(dataset: Dataset, without: readonly Prediction[], withSimilar: readonly Prediction[]): SimilarScores {
  const before = new Map(without.map((p) => [p.id, p]));
  const pairs: { id: string; gold: string; before: string; after: string; p: Prediction }[] = [];
  const notUsed: Record<string, number> = {};
  let used = 0;
  const diffMs: number[] = [];
  for (const p of withSimilar) {
    const status = p.similarPage?.status ?? (p.error ? 'failed' : 'not-requested');
    if (status === 'used') {
      used++;
      if (p.similarPage?.diffMs != null) diffMs.push(p.similarPage.diffMs);
    } else {
      // Grouped by reason: the message names the partner page, which every page has its own of, and a
      // share of the page's own (a copy's "sentences (63% of them)").
      const partner = p.similarPage?.url;
      const message = p.similarPage?.message ?? p.error ?? status;
      const why = (partner ? message.replaceAll(partner, '(its partner)') : message).replace(/\b\d+(\.\d+)?%/g, 'N%');
      notUsed[why] = (notUsed[why] ?? 0) + 1;
    }
    const gold = dataset.gold.get(p.id)?.body;
    const b = before.get(p.id);
    if (gold == null || !b) continue;
    pairs.push({ id: p.id, gold, before: b.body, after: p.body, p });
  }
  const figure = (side: 'before' | 'after', tokenizer: 'word' | 'cjk'): PrF1 | null =>
    pairs.length
      ? bodyFigure(
          pairs.map((x) => ({ gold: x.gold, predicted: x[side] })),
          tokenizer,
        )
      : null;
  const tokenizer = dataset.cjk ? 'cjk' : 'word';
  const usedPairs = pairs.filter((x) => x.p.similarPage?.status === 'used');
  const shares = usedPairs.map((x) => ({ id: x.id, share: goldShareInside(x.gold, x.p.similarPage?.templateText ?? '', tokenizer) }));
  const bodyShares = usedPairs.map((x) => goldShareInside(x.gold, x.p.similarPage?.templateBodyText ?? '', tokenizer));
  const worst = shares.reduce<{ id: string; share: number } | null>((m, x) => (!m || x.share > m.share ? x : m), null);
  return {
    pages: dataset.pages.length,
    withPartner: withSimilar.length,
    used,
    notUsed,
    without: figure('before', 'word'),
    with: figure('after', 'word'),
    withoutCjk: dataset.cjk ? figure('before', 'cjk') : null,
    withCjk: dataset.cjk ? figure('after', 'cjk') : null,
    goldInTemplate: shares.length ? mean(shares.map((x) => x.share)) : 0,
    maxGoldInTemplate: worst,
    goldInBodyTemplate: bodyShares.length ? mean(bodyShares) : 0,
    medianDiffMs: diffMs.length ? median(diffMs) : 0,
    maxDiffMs: diffMs.length ? Math.max(...diffMs) : 0,
  };
}

export function formatSimilarScores(s: SimilarScores): string {
  const f3 = (x: number): string => x.toFixed(3);
  const prf = (x: PrF1 | null): string => (x ? `F1 ${f3(x.f1)}  P ${f3(x.precision)}  R ${f3(x.recall)}` : '—');
  const lines = [
    `  method 4 (--similar auto): ${s.withPartner} of ${s.pages} pages have a same-site partner; the diff ran on ${s.used}`,
    `    body without          ${prf(s.without)}`,
    `    body with             ${prf(s.with)}`,
  ];
  if (s.withoutCjk) lines.push(`    CJK without           ${prf(s.withoutCjk)}`, `    CJK with              ${prf(s.withCjk)}`);
  const worst = s.maxGoldInTemplate ? ` (largest ${f3(s.maxGoldInTemplate.share)}: ${s.maxGoldInTemplate.id})` : '';
  lines.push(`    gold inside template  ${(100 * s.goldInTemplate).toFixed(2)}%${worst}`);
  lines.push(`      in the body's root  ${(100 * s.goldInBodyTemplate).toFixed(2)}%`);
  lines.push(`    diff time             median ${s.medianDiffMs.toFixed(1)} ms, largest ${s.maxDiffMs.toFixed(1)} ms`);
  for (const [why, n] of Object.entries(s.notUsed)) lines.push(`    not used (${n}): ${why}`);
  return lines.join('\n');
}
