/**
 * Method 4's figures in the bench: a set's summary of the 'lcs-diff' stage under `bench --similar auto`, a
 * synthetic pair's row of `bench --lcs-sizes` from its runs, and the issue's targets for the stage (10 000
 * nodes within 100 ms and 32 MB; larger pages used within the budget, or "skipped: budget" in bounded time).
 */
import { median } from '../eval/order-stats.ts';
import { round } from './statistics.ts';
import type { HeapReading, LcsRun, LcsSetSummary, LcsSizeBench, LcsStatus, LcsTraceReading, PageBench } from './types.ts';
import type { SyntheticVariant } from './synthetic-pair.ts';

/** The target for pages of up to `LCS_TARGET.nodes` elements: the stage's median and its peak table. */
export const LCS_TARGET = { nodes: 10_000, ms: 100, bytes: 32 * 1024 * 1024 } as const;
/**
 * A larger page meets the target when its diff is used within `lcsDiff.budgetMs`, or stops with "skipped:
 * budget" within this many times the budget (the stage's whole time, trees included: bounded).
 */
export const BUDGET_BOUND = 1.5;

/** The set's pages with a partner (`PageBench.lcs.partner`), by status, and the stage over those whose diff ran. */
export function lcsSetSummary(rows: readonly PageBench[]): LcsSetSummary {
  const paired = rows.filter((r) => r.lcs?.partner != null);
  const count = (status: LcsStatus): number => paired.filter((r) => r.lcs?.status === status).length;
  const diffed = paired.filter((r) => r.error === null && (r.lcs?.status === 'used' || r.lcs?.status === 'skipped'));
  const times = diffed.map((r) => r.lcs?.lcsMs).filter((ms) => ms != null);
  const peaks = diffed.map((r) => r.lcs?.diff?.peakTableBytes).filter((b) => b != null);
  return {
    withPartner: paired.length,
    used: count('used'),
    skipped: count('skipped'),
    unavailable: count('unavailable'),
    lcsMs: times.length ? { median: round(median(times)), max: round(Math.max(...times)) } : null,
    maxPeakTableBytes: peaks.length ? Math.max(...peaks) : null,
  };
}

/** One synthetic pair's row from its timed runs, its heap reading and its trace-enabled run. */
export function lcsSizeRow(r: {
  size: number;
  variant: SyntheticVariant;
  elements: { readonly page: number; readonly similar: number };
  treeMs: number | null;
  /** `featureTree()` on the page itself, each call's ms. */
  pageTreeRunsMs: readonly number[];
  runs: readonly LcsRun[];
  heap: (HeapReading & { readonly arrayBuffers: number | null }) | null;
  trace: LcsTraceReading | null;
  error: string | null;
}): LcsSizeBench {
  const lcsRunsMs = r.runs.map((x) => x.lcsMs).filter((ms) => ms !== null);
  const statuses: Partial<Record<LcsStatus, number>> = {};
  for (const run of r.runs) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
  /** The status most runs had (the first of them on a tie). */
  const status = (Object.entries(statuses) as [LcsStatus, number][]).reduce<[LcsStatus, number] | null>(
    (best, e) => (best === null || e[1] > best[1] ? e : best),
    null,
  );
  return {
    size: r.size,
    variant: r.variant,
    elements: r.elements,
    nodes: r.trace?.nodes ?? r.runs.find((x) => x.nodes !== null)?.nodes ?? null,
    treeMs: r.treeMs === null ? null : round(r.treeMs),
    pageTreeMs: r.pageTreeRunsMs.length ? round(median(r.pageTreeRunsMs)) : null,
    lcsMs: lcsRunsMs.length ? round(median(lcsRunsMs)) : null,
    lcsRunsMs: lcsRunsMs.map(round),
    extractMs: r.runs.length ? round(median(r.runs.map((x) => x.ms))) : null,
    status: status?.[0] ?? null,
    statuses,
    message: r.trace?.message ?? r.runs[0]?.message ?? null,
    diff: r.trace?.diff ?? null,
    heapGrowthBytes: r.heap?.growth ?? null,
    heapSource: r.heap?.source ?? null,
    arrayBufferGrowthBytes: r.heap?.arrayBuffers ?? null,
    error: r.error,
  };
}

/**
 * The row against the target: up to `LCS_TARGET.nodes` elements, the diff used with its median within
 * 100 ms and its peak table within 32 MB; above, used within the budget or "skipped: budget" within
 * `BUDGET_BOUND` × the budget. Null when the row has no figures (an error).
 */
export function lcsTargetMet(row: LcsSizeBench, budgetMs: number): boolean | null {
  if (row.error !== null || row.lcsMs === null || row.status === null) return null;
  if (row.size <= LCS_TARGET.nodes)
    return row.status === 'used' && row.lcsMs <= LCS_TARGET.ms && row.diff !== null && row.diff.peakTableBytes <= LCS_TARGET.bytes;
  if (row.status === 'used') return row.lcsMs <= budgetMs;
  return row.status === 'skipped' && /budget/.test(row.message ?? '') && row.lcsMs <= BUDGET_BOUND * budgetMs;
}
