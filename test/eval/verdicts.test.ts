import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../src/eval/dataset.ts';
import { goldRecord, handSet } from '../helpers/eval-fixtures.ts';
import { annotatorVerdicts, formatVerdicts } from '../../src/eval/verdicts.ts';

function set(verdicts: (Record<string, boolean | null> | null)[]): Dataset {
  return handSet(
    verdicts.map((v, i) => goldRecord(`p${i}`, { verdicts: v })),
    { name: 'export' },
  );
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
