/**
 * The bench's statistics: a page's row from its timed runs (medians, stage medians, `rest`), and a set's
 * summary over its timed pages (median and nearest-rank p95 from src/eval/order-stats.ts, the slowest
 * pages, the link-block and date-SVM stages apart). Times are rounded to 0.01 ms.
 */
import { median, percentile } from '../eval/order-stats.ts';
import type { HeapReading, OursRun, PageBench, ReadabilityRun, SetBenchSummary, Spread } from './types.ts';

const SLOWEST_SHOWN = 3;

/** The stages of the link-block method (pipeline.ts), measured together against the 10 ms. */
const LINK_BLOCK_STAGES: readonly string[] = ['serialize', 'link-blocks'];

/** The stage of the date SVM (pipeline.ts), measured against the median < 5 ms. */
export const DATE_SVM_STAGE = 'date-svm';

/** A page's row from its timed runs (empty when it failed before any), its heap reading and its error. */
export function pageRow(
  set: string,
  id: string,
  r: {
    ours: readonly OursRun[];
    theirs: readonly ReadabilityRun[];
    elements: number | null;
    heap: HeapReading | null;
    error: string | null;
    /** The warm-up runs, each extractor's first in the page (absent when they did not complete). */
    first?: { readonly ours: number; readonly theirs: number };
  },
): PageBench {
  const oursRunsMs = r.ours.map((o) => round(o.ms));
  const readabilityRunsMs = r.theirs.map((t) => round(t.ms));
  return {
    set,
    id,
    elements: r.elements,
    oursMs: oursRunsMs.length ? round(median(r.ours.map((o) => o.ms))) : null,
    oursRunsMs,
    stagesMs: stageMedians(r.ours),
    oursFirstMs: r.first ? round(r.first.ours) : null,
    readabilityMs: readabilityRunsMs.length ? round(median(r.theirs.map((t) => t.ms))) : null,
    readabilityRunsMs,
    readabilityFirstMs: r.first ? round(r.first.theirs) : null,
    readabilityFound: r.theirs.length ? r.theirs.every((t) => t.found) : null,
    heapUsedBytes: r.heap?.used ?? null,
    heapGrowthBytes: r.heap?.growth ?? null,
    heapSource: r.heap?.source ?? null,
    error: r.error,
  };
}

/** Each stage's median over runs (a stage that did not run counts 0), then `rest` = total − stages. */
function stageMedians(runs: readonly OursRun[]): Record<string, number> {
  if (!runs.length) return {};
  const names = stageNames(runs.map((r) => r.timings));
  const out: Record<string, number> = {};
  for (const name of names) out[name] = round(median(runs.map((r) => r.timings[name] ?? 0)));
  out['rest'] = round(median(runs.map((r) => Math.max(0, r.ms - Object.values(r.timings).reduce((a, b) => a + b, 0)))));
  return out;
}

/** Stage names in the order they first appear (the pipeline's order). */
export function stageNames(timings: readonly Readonly<Record<string, number>>[]): string[] {
  const names = new Set<string>();
  for (const t of timings) for (const name of Object.keys(t)) names.add(name);
  return [...names];
}

/** A set's figures over its timed pages (no error, both extractors completed). */
export function summarise(rows: readonly PageBench[]): SetBenchSummary {
  const timed = rows.filter(
    (r): r is PageBench & { oursMs: number; readabilityMs: number } => r.error === null && r.oursMs !== null && r.readabilityMs !== null,
  );
  const oursMs = timed.map((r) => r.oursMs);
  const theirsMs = timed.map((r) => r.readabilityMs);
  const ours = spread(oursMs);
  const readability = spread(theirsMs);
  const stagesMs: Record<string, number> = {};
  for (const name of stageNames(timed.map((r) => r.stagesMs))) stagesMs[name] = round(median(timed.map((r) => r.stagesMs[name] ?? 0)));
  const linkMs = timed.map((r) => LINK_BLOCK_STAGES.reduce((sum, name) => sum + (r.stagesMs[name] ?? 0), 0));
  const hasLinkStages = timed.some((r) => LINK_BLOCK_STAGES.some((name) => name in r.stagesMs));
  const hasDateStage = timed.some((r) => DATE_SVM_STAGE in r.stagesMs);
  const firsts = timed.filter(
    (r): r is typeof r & { oursFirstMs: number; readabilityFirstMs: number } => r.oursFirstMs !== null && r.readabilityFirstMs !== null,
  );
  const oursFirst = spread(firsts.map((r) => r.oursFirstMs));
  const readabilityFirst = spread(firsts.map((r) => r.readabilityFirstMs));
  const heaps = timed.map((r) => r.heapUsedBytes).filter((h) => h !== null);
  const growths = timed.map((r) => r.heapGrowthBytes).filter((h) => h !== null);
  return {
    pages: rows.length,
    timed: timed.length,
    errors: rows.filter((r) => r.error !== null).length,
    ours,
    readability,
    ratio: ratioOf(ours, readability),
    oursFirst,
    readabilityFirst,
    firstRatio: ratioOf(oursFirst, readabilityFirst),
    stagesMs,
    heapUsedBytes: heaps.length ? Math.round(median(heaps)) : null,
    heapGrowthBytes: growths.length ? Math.round(median(growths)) : null,
    readabilityNoArticle: timed.filter((r) => r.readabilityFound === false).length,
    slowest: [...timed]
      .sort((a, b) => b.oursMs - a.oursMs)
      .slice(0, SLOWEST_SHOWN)
      .map((r) => ({ id: r.id, elements: r.elements, oursMs: r.oursMs, readabilityMs: r.readabilityMs })),
    linkBlocks: hasLinkStages ? spread(linkMs) : null,
    withoutLinkBlocks: hasLinkStages ? spread(timed.map((r, i) => Math.max(0, r.oursMs - (linkMs[i] ?? 0)))) : null,
    dateSvm: hasDateStage ? spread(timed.map((r) => r.stagesMs[DATE_SVM_STAGE] ?? 0)) : null,
  };
}

function ratioOf(ours: Spread | null, theirs: Spread | null): number | null {
  return ours && theirs && theirs.median > 0 ? Math.round((ours.median / theirs.median) * 100) / 100 : null;
}

function spread(values: readonly number[]): Spread | null {
  return values.length ? { median: round(median(values)), p95: round(percentile(values, 0.95)) } : null;
}

/** Times rounded to 0.01 ms. */
export function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
