import { describe, expect, it } from 'vitest';
import type { Dataset, GoldRecord } from '../../src/eval/dataset.ts';
import { annotatorVerdicts, formatVerdicts } from '../../src/eval/verdicts.ts';

function set(verdicts: (Record<string, boolean | null> | null)[]): Dataset {
  const gold = new Map<string, GoldRecord>(
    verdicts.map((v, i) => [
      `p${i}`,
      {
        id: `p${i}`,
        url: null,
        lang: 'en',
        title: null,
        author: null,
        source: null,
        date: null,
        datetime: null,
        body: null,
        site: null,
        verdicts: v,
      },
    ]),
  );
  return { name: 'export', dir: '/nowhere', pages: [...gold.keys()].map((id) => ({ id, url: null, path: null })), gold, cjk: false };
}

describe('annotatorVerdicts', () => {
  it('per field, right of judged, in the panel order; unjudged fields do not count', () => {
    const counts = annotatorVerdicts(
      set([
        { title: true, author: false, source: null, date: true, body: false },
        { title: true, author: true, source: null, date: null, body: true },
        null,
      ]),
    );
    expect(counts).toEqual([
      { field: 'title', right: 2, judged: 2 },
      { field: 'author', right: 1, judged: 2 },
      { field: 'date', right: 1, judged: 1 },
      { field: 'body', right: 1, judged: 2 },
    ]);
    expect(formatVerdicts(counts ?? [])).toMatch(/title 2\/2 · author 1\/2 · date 1\/1 · body 1\/2$/);
  });

  it('a set without verdicts (every evaluation set) has none', () => {
    expect(annotatorVerdicts(set([null, null]))).toBeNull();
  });
});
