/**
 * Hand-made sets and predictions for the evaluation's tests: a gold record with every field null but those
 * given, a set of such records (no files: `path` null), and a prediction line with an empty result.
 */
import type { Dataset, GoldRecord } from '../../src/eval/dataset.ts';
import type { Prediction } from '../../src/eval/score.ts';

/** A gold record of `id`: lang 'en', every other field null, then `fields`. */
export function goldRecord(id: string, fields: Partial<GoldRecord> = {}): GoldRecord {
  return {
    id,
    url: null,
    lang: 'en',
    title: null,
    author: null,
    source: null,
    date: null,
    datetime: null,
    body: null,
    site: null,
    verdicts: null,
    ...fields,
  };
}

/** A set of these records, in their order, with no page files. */
export function handSet(records: readonly GoldRecord[], opts: { name?: string; cjk?: boolean } = {}): Dataset {
  const gold = new Map(records.map((r) => [r.id, r]));
  return {
    name: opts.name ?? 'hand',
    dir: '/nowhere',
    pages: records.map((r) => ({ id: r.id, url: r.url, path: null })),
    gold,
    cjk: opts.cjk ?? false,
  };
}

/** A prediction of `id` with nothing found, then `fields`. */
export function prediction(id: string, fields: Partial<Prediction> = {}): Prediction {
  return { id, url: null, title: null, author: null, source: null, date: '', datetime: null, body: '', ms: 1, ...fields };
}
