/**
 * Method 4 in the bench on hand-made rows, without a browser: the set summary of `--similar auto` and its
 * tables, a synthetic pair's row from its runs, the target verdicts, and the `--lcs-sizes` table; and the
 * bench's output without `--similar` has no method-4 section.
 */
import { describe, expect, it } from 'vitest';
import { LCS_TARGET, lcsSetSummary, lcsSizeRow, lcsTargetMet } from '../../src/bench/lcs-statistics.ts';
import { renderBenchMarkdown, renderBenchText } from '../../src/bench/render-bench.ts';
import { renderLcsSizesMarkdown, renderLcsSizesText } from '../../src/bench/render-lcs.ts';
import { summarise } from '../../src/bench/statistics.ts';
import type { BenchResult, LcsRun, LcsSizeBench, LcsSizesResult, PageBench, PageLcsBench, SetBench } from '../../src/bench/types.ts';

const MB = 1024 * 1024;

function row(id: string, lcs?: Partial<PageLcsBench>): PageBench {
  return {
    set: 's',
    id,
    elements: 100,
    oursMs: 10,
    oursRunsMs: [10],
    stagesMs: { 'lcs-diff': lcs?.lcsMs ?? 0 },
    oursFirstMs: 30,
    readabilityMs: 4,
    readabilityRunsMs: [4],
    readabilityFirstMs: 12,
    readabilityFound: true,
    heapUsedBytes: 1e6,
    heapGrowthBytes: 1e5,
    heapSource: 'cdp',
    error: null,
    ...(lcs
      ? {
          lcs: {
            partner: null,
            why: null,
            treeMs: 5,
            lcsMs: null,
            status: null,
            message: null,
            nodes: null,
            diff: null,
            ...lcs,
          },
        }
      : {}),
  };
}

const diff = (cells: number, peakTableBytes: number, splits = 0) => ({ cells, peakTableBytes, trimmed: 10, splits });

// Pages a–e have partners: three used (12, 30, 7 ms), one skipped by its budget (1 020 ms), one unavailable; f has none.
const PAGES: PageBench[] = [
  row('a', { partner: 'b', status: 'used', lcsMs: 12, nodes: { page: 900, similar: 880 }, diff: diff(50_000, 0.5 * MB) }),
  row('b', { partner: 'c', status: 'used', lcsMs: 30, nodes: { page: 880, similar: 1200 }, diff: diff(3_000_000, 15 * MB, 4) }),
  row('c', { partner: 'd', status: 'used', lcsMs: 7, nodes: { page: 1200, similar: 700 }, diff: diff(1_000, 0.01 * MB) }),
  row('d', { partner: 'e', status: 'skipped', lcsMs: 1020, message: 'skipped: budget (the diff passed lcsDiff.budgetMs = 1000 ms)' }),
  row('e', { partner: 'a', status: 'unavailable', lcsMs: 0.1, message: 'the similar page could not be read: empty file' }),
  row('f', { partner: null }),
];

function benchOf(sets: readonly SetBench[], similar: boolean): BenchResult {
  return {
    engine: 'chromium',
    date: '2026-01-02T03:04:05.000Z',
    node: 'v20.0.0',
    chromium: 'Chromium 150',
    readabilityVersion: '0.6.0',
    machine: '2 × test CPU',
    runs: 1,
    warmupRuns: 1,
    heapSources: ['cdp'],
    dateModel: null,
    ...(similar ? { similar: 'auto' as const } : {}),
    sets,
  };
}

describe('bench --similar auto (hand-made rows)', () => {
  it('lcsSetSummary: pages with a partner by status; the stage over those whose diff ran (used or skipped)', () => {
    expect(lcsSetSummary(PAGES)).toEqual({
      withPartner: 5,
      used: 3,
      skipped: 1,
      unavailable: 1,
      lcsMs: { median: 21, max: 1020 },
      maxPeakTableBytes: 15 * MB,
    });
    expect(lcsSetSummary([row('x', { partner: null }), row('y')])).toEqual({
      withPartner: 0,
      used: 0,
      skipped: 0,
      unavailable: 0,
      lcsMs: null,
      maxPeakTableBytes: null,
    });
  });

  it('a page that failed is counted by its partner but left out of the times', () => {
    const failed = { ...row('g', { partner: 'a', status: 'used', lcsMs: 500, diff: diff(9, 40 * MB) }), error: 'timeout' };
    const s = lcsSetSummary([...PAGES, failed]);
    expect(s.withPartner).toBe(6);
    expect(s.lcsMs?.max).toBe(1020);
    expect(s.maxPeakTableBytes).toBe(15 * MB);
  });

  it('renders the set summary, each page with a partner, and the notes of the pages not used, in Markdown and text', () => {
    const set: SetBench = { name: 's', dir: '/sets/s', summary: { ...summarise(PAGES), lcs: lcsSetSummary(PAGES) }, pages: PAGES };
    const bench = benchOf([set], true);
    const md = renderBenchMarkdown(bench);
    expect(md).toContain(
      [
        '| set | pages | with partner | used | skipped | unavailable | lcs-diff median ms | lcs-diff max ms | max peak table MB |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
        '| s | 6 | 5 | 3 | 1 | 1 | 21.0 | 1020.0 | 15.00 |',
      ].join('\n'),
    );
    expect(md).toContain(
      [
        '| set | page | partner | status | lcs-diff ms | nodes (page / similar) | cells | peak table MB | trimmed | splits | similar tree ms |',
        '|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|',
        '| s | a | b | used | 12.0 | 900 / 880 | 50000 | 0.50 | 10 | 0 | 5.0 |',
        '| s | b | c | used | 30.0 | 880 / 1200 | 3000000 | 15.00 | 10 | 4 | 5.0 |',
        '| s | c | d | used | 7.0 | 1200 / 700 | 1000 | 0.01 | 10 | 0 | 5.0 |',
        '| s | d | e | skipped | 1020.0 | – | – | – | – | – | 5.0 |',
        '| s | e | a | unavailable | 0.1 | – | – | – | – | – | 5.0 |',
      ].join('\n'),
    );
    expect(md).not.toContain('| s | f |');
    expect(md).toContain('- s/d: skipped: budget (the diff passed lcsDiff.budgetMs = 1000 ms)');
    expect(md).toContain('- s/e: the similar page could not be read: empty file');
    const text = renderBenchText(bench);
    expect(text).toMatch(/^s +6 +5 +3 +1 +1 +21\.0 +1020\.0 +15\.00$/m);
    expect(text).toMatch(/^s +b +c +used +30\.0 +880 \/ 1200 +3000000 +15\.00 +10 +4 +5\.0$/m);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('without --similar the output has no method-4 section', () => {
    const plain = PAGES.map((p) => row(p.id));
    const bench = benchOf([{ name: 's', dir: '/sets/s', summary: summarise(plain), pages: plain }], false);
    expect(renderBenchMarkdown(bench)).not.toContain('with partner');
    expect(renderBenchText(bench)).not.toContain('Method 4');
    expect(renderBenchText(bench).endsWith('\n\n')).toBe(false);
  });
});

const run = (ms: number, lcsMs: number | null, status: LcsRun['status'] = 'used'): LcsRun => ({
  ms,
  lcsMs,
  status,
  message: status === 'used' ? 'compared with …' : 'skipped: budget (the diff passed lcsDiff.budgetMs = 1000 ms)',
  nodes: { page: 9_990, similar: 9_950 },
});

function sizeRow(over: Partial<Parameters<typeof lcsSizeRow>[0]> = {}): LcsSizeBench {
  return lcsSizeRow({
    size: 10_000,
    variant: 'typical',
    elements: { page: 10_001, similar: 9_951 },
    treeMs: 123.456,
    pageTreeRunsMs: [40, 41, 39, 60, 42],
    runs: [run(400, 90), run(420, 95.5), run(380, 80), run(500, 120), run(410, 99)],
    heap: { used: 50 * MB, growth: 12 * MB, source: 'cdp', arrayBuffers: 2 * MB },
    trace: {
      status: 'used',
      message: 'compared with x: 10 template text blocks, 3 in information blocks',
      nodes: { page: 9_996, similar: 9_946 },
      diff: diff(3_000_000, 9.5 * MB, 176),
    },
    error: null,
    ...over,
  });
}

describe('bench --lcs-sizes (hand-made runs)', () => {
  it("lcsSizeRow: medians of the runs, the runs' statuses, the trace's numbers", () => {
    const r = sizeRow();
    expect(r).toMatchObject({
      lcsMs: 95.5,
      lcsRunsMs: [90, 95.5, 80, 120, 99],
      extractMs: 410,
      treeMs: 123.46,
      pageTreeMs: 41,
      status: 'used',
      statuses: { used: 5 },
      nodes: { page: 9_996, similar: 9_946 },
      diff: diff(3_000_000, 9.5 * MB, 176),
      heapGrowthBytes: 12 * MB,
      arrayBufferGrowthBytes: 2 * MB,
      message: 'compared with x: 10 template text blocks, 3 in information blocks',
    });
    const mixed = sizeRow({ runs: [run(1, 1000, 'skipped'), run(1, 90), run(1, 1001, 'skipped')] });
    expect(mixed.status).toBe('skipped');
    expect(mixed.statuses).toEqual({ skipped: 2, used: 1 });
    const failed = sizeRow({
      runs: [],
      pageTreeRunsMs: [],
      heap: null,
      trace: null,
      treeMs: null,
      error: 'the core did not load in the page',
    });
    expect(failed).toMatchObject({
      lcsMs: null,
      pageTreeMs: null,
      extractMs: null,
      status: null,
      diff: null,
      heapGrowthBytes: null,
      message: null,
    });
  });

  it('lcsTargetMet: up to 10 000 elements 100 ms and 32 MB; above, within the budget or skipped: budget in bounded time', () => {
    expect(lcsTargetMet(sizeRow(), 1000)).toBe(true);
    expect(lcsTargetMet(sizeRow({ runs: [run(400, LCS_TARGET.ms + 1)] }), 1000)).toBe(false);
    expect(lcsTargetMet(sizeRow({ trace: { status: 'used', message: '', nodes: null, diff: diff(1, 33 * MB) } }), 1000)).toBe(false);
    expect(lcsTargetMet(sizeRow({ runs: [run(400, 50, 'skipped')] }), 1000)).toBe(false);
    const big = (lcsMs: number, status: LcsRun['status'], message: string): LcsSizeBench =>
      sizeRow({ size: 50_000, runs: [run(4000, lcsMs, status)], trace: { status, message, nodes: null, diff: diff(1, 0) } });
    expect(lcsTargetMet(big(900, 'used', 'compared with …'), 1000)).toBe(true);
    expect(lcsTargetMet(big(1100, 'used', 'compared with …'), 1000)).toBe(false);
    expect(lcsTargetMet(big(1200, 'skipped', 'skipped: budget (…)'), 1000)).toBe(true);
    expect(lcsTargetMet(big(1600, 'skipped', 'skipped: budget (…)'), 1000)).toBe(false);
    expect(lcsTargetMet(big(300, 'skipped', 'skipped: size (…)'), 1000)).toBe(false);
    expect(lcsTargetMet(sizeRow({ runs: [], error: 'x' }), 1000)).toBeNull();
  });

  it("renders one row per pair with its verdict, and each pair's message, in Markdown and text", () => {
    const result: LcsSizesResult = {
      engine: 'chromium',
      date: '2026-01-02T03:04:05.000Z',
      node: 'v20.0.0',
      chromium: 'Chromium 150',
      machine: '2 × test CPU',
      runs: 5,
      warmupRuns: 1,
      viewport: { width: 1280, height: 900 },
      budgetMs: 1000,
      maxCells: 4_000_000,
      rows: [
        sizeRow(),
        sizeRow({ variant: 'all-text', runs: [run(1, 200), run(1, 210, 'skipped')] }),
        sizeRow({
          size: 1_000,
          runs: [],
          pageTreeRunsMs: [],
          heap: null,
          trace: null,
          treeMs: null,
          error: 'feature tree (similar page): took longer than 120000 ms',
        }),
      ],
    };
    const md = renderLcsSizesMarkdown(result);
    expect(md).toMatch(/^## Method 4 \(LCS diff\) against page size$/m);
    expect(md).toContain('`lcsDiff.budgetMs = 1000`');
    expect(md).toContain('median of 5 runs after 1 warm-up');
    expect(md).toContain(
      [
        '| size | variant | elements (page / similar) | nodes (page / similar) | similar tree ms | page tree ms | lcs-diff ms | extraction ms | status | cells | peak table MB | trimmed | splits | heap growth MB | array buffers MB | target |',
        '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        '| 10000 | typical | 10001 / 9951 | 9996 / 9946 | 123.5 | 41.0 | 95.5 | 410.0 | used | 3000000 | 9.50 | 10 | 176 | 12.00 | 2.00 | met |',
        '| 10000 | all-text | 10001 / 9951 | 9996 / 9946 | 123.5 | 41.0 | 205.0 | 1.0 | used 1, skipped 1 | 3000000 | 9.50 | 10 | 176 | 12.00 | 2.00 | missed |',
        '| 1000 | typical | 10001 / 9951 | – | – | – | – | – | error | – | – | – | – | – | – | – |',
      ].join('\n'),
    );
    expect(md).toContain('- 10000 typical: compared with x: 10 template text blocks, 3 in information blocks');
    expect(md).toContain('- 1000 typical: error: feature tree (similar page): took longer than 120000 ms');
    const text = renderLcsSizesText(result);
    expect(text).toMatch(
      /^10000 +typical +10001 \/ 9951 +9996 \/ 9946 +123\.5 +41\.0 +95\.5 +410\.0 +used +3000000 +9\.50 +10 +176 +12\.00 +2\.00 +met$/m,
    );
    expect(text).toContain('Target: up to 10000 elements, used within 100 ms and a peak table within 32 MB');
  });
});
