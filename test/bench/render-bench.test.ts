/**
 * The summary and the rendering of the date-SVM section (stage time and model size against the issue's
 * targets) on hand-made rows, without a browser.
 */
import { describe, expect, it } from 'vitest';
import { renderBenchMarkdown, renderBenchText } from '../../src/bench/render-bench.ts';
import { summarise } from '../../src/bench/statistics.ts';
import type { BenchResult, PageBench, SetBench } from '../../src/bench/types.ts';

/** A timed page of `set` whose our run took `oursMs`, with the given stage medians (first runs 3× the timed ones). */
function row(set: string, id: string, oursMs: number, stagesMs: Record<string, number>): PageBench {
  return {
    set,
    id,
    elements: 100,
    oursMs,
    oursRunsMs: [oursMs],
    stagesMs,
    oursFirstMs: 3 * oursMs,
    readabilityMs: 4,
    readabilityRunsMs: [4],
    readabilityFirstMs: 12,
    readabilityFound: true,
    heapUsedBytes: 1e6,
    heapGrowthBytes: 1e5,
    heapSource: 'cdp',
    error: null,
  };
}

function benchOf(sets: readonly SetBench[], dateModel: BenchResult['dateModel']): BenchResult {
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
    dateModel,
    sets,
  };
}

const setOf = (name: string, pages: readonly PageBench[]): SetBench => ({ name, dir: `/sets/${name}`, summary: summarise(pages), pages });

describe('the date-SVM section (hand-made rows)', () => {
  // Per-page date-svm stage times 1, 2, 3, 4, 9 ms (and one page that failed, left out): median 3, p95 9.
  const times = [3, 1, 9, 2, 4];
  const fast = setOf('fast', [
    ...times.map((t, i) => row('fast', `p${i}`, 10 + t, { preprocess: 2, 'date-svm': t })),
    { ...row('fast', 'broken', 1, {}), oursMs: null, readabilityMs: null, error: 'empty file' },
  ]);
  const slow = setOf('slow', [row('slow', 'a', 20, { 'date-svm': 6 }), row('slow', 'b', 30, { 'date-svm': 8.5 })]);
  const off = setOf('off', [row('off', 'a', 12, { preprocess: 2 })]);

  it('summarise: median and p95 over the timed pages of the date-svm stage, null when no page ran it', () => {
    expect(fast.summary.dateSvm).toEqual({ median: 3, p95: 9 });
    expect(slow.summary.dateSvm).toEqual({ median: 7.25, p95: 8.5 });
    expect(off.summary.dateSvm).toBeNull();
  });

  it('renders the stage against median < 5 ms and the model size in KiB against 1 MB, in Markdown and text', () => {
    const small = benchOf([fast, slow, off], { file: 'src/core/date-svm/default-model.json', bytes: 42_342 });
    const md = renderBenchMarkdown(small);
    expect(md).toContain(
      'Publication time by SVM (method 3): the `date-svm` stage per page (candidates, samples, scores; target: median < 5 ms):',
    );
    expect(md).toContain(
      [
        '| set | date-svm median ms | date-svm p95 ms | median < 5 ms |',
        '|---|---:|---:|---:|',
        '| fast | 3.00 | 9.00 | met |',
        '| slow | 7.25 | 8.50 | missed |',
        '| off | – | – | not run |',
      ].join('\n'),
    );
    expect(md).toContain(
      'Shipped date model `src/core/date-svm/default-model.json` (packed, as the bundles inline it at build time): 41.3 KiB (target ≤ 1 MB: met).',
    );
    const text = renderBenchText(small);
    expect(text).toMatch(/^fast +3\.00 +9\.00 +met$/m);
    expect(text).toMatch(/^slow +7\.25 +8\.50 +missed$/m);
    expect(text).toContain('Shipped date model src/core/date-svm/default-model.json (packed, as the bundles inline it');

    const big = renderBenchMarkdown(benchOf([fast], { file: 'src/core/date-svm/default-model.json', bytes: 1024 * 1024 + 1 }));
    expect(big).toContain('1024.0 KiB (target ≤ 1 MB: missed).');
    expect(renderBenchText(benchOf([fast], null))).toContain(
      'Shipped date model src/core/date-svm/default-model.packed.json: not found beside this build, size not measured.',
    );
  });
});

describe('the first-run figures (hand-made rows)', () => {
  // First runs of ours 30, 36, 60 ms (3× the timed 10, 12, 20) and one page whose first run is unknown; Readability's 12.
  const pages = [row('s', 'a', 10, {}), row('s', 'b', 12, {}), row('s', 'c', 20, {}), { ...row('s', 'd', 11, {}), oursFirstMs: null }];
  const set = setOf('s', pages);

  it('summarise: median and p95 of each first run over the pages where both are known, and their ratio', () => {
    expect(set.summary.oursFirst).toEqual({ median: 36, p95: 60 });
    expect(set.summary.readabilityFirst).toEqual({ median: 12, p95: 12 });
    expect(set.summary.firstRatio).toBe(3);
    expect(set.summary.ratio).toBe(2.88);
  });

  it('renders them in a table of their own, in Markdown and text', () => {
    const bench = benchOf([set], null);
    const md = renderBenchMarkdown(bench);
    expect(md).toContain('First run in a fresh page');
    expect(md).toContain(
      [
        '| set | ours first run median ms | ours first run p95 ms | Readability first run median ms | Readability first run p95 ms | ours / Readability |',
        '|---|---:|---:|---:|---:|---:|',
        '| s | 36.0 | 60.0 | 12.0 | 12.0 | 3.00× |',
      ].join('\n'),
    );
    expect(renderBenchText(bench)).toMatch(/^s +36\.0 +60\.0 +12\.0 +12\.0 +3\.00×$/m);
  });
});
