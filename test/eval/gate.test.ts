/**
 * The eval gate's logic on hand-made runs: a figure below its floor fails and names the pages that lost
 * most; a changed corpus or a missing set fails; a better run passes and may raise the floors, never lower
 * them without being told.
 */
import { describe, expect, it } from 'vitest';
import type { Baseline, BaselinePages, SetRun } from '../../src/eval/gate.ts';
import { checkGate, floorOf, formatGate, updateBaseline } from '../../src/eval/gate.ts';
import type { PageScores, SetScores } from '../../src/eval/score.ts';

const prf = (f1: number) => ({ precision: f1, recall: f1, f1, pages: 3 });

function scores(over: Partial<SetScores> = {}): SetScores {
  return {
    set: 'news',
    pages: 3,
    errors: 0,
    issues: { failed: {}, warned: {} },
    body: prf(0.9),
    bodyCjk: null,
    date: null,
    title: { exact: 2 / 3, tokenF1: 0.8, pages: 3 },
    author: null,
    source: null,
    medianMs: 10,
    medianCoreMs: 5,
    linkBlocks: null,
    ...over,
  };
}

const PAGES: PageScores[] = [
  { id: 'a', body: 1, title: 1 },
  { id: 'b', body: 0.9, title: 1 },
  { id: 'c', body: 0.8, title: 0 },
];

function run(over: Partial<SetScores> = {}, pages: PageScores[] = PAGES, fingerprint = 'sha256:aaa'): SetRun {
  return { set: 'news', fingerprint, scores: scores(over), pages };
}

function baselineOf(r: SetRun): { baseline: Baseline; pages: BaselinePages } {
  const u = updateBaseline([r], null, {}, { now: '2026-11-23', optionsHash: 'abc' }, false);
  if ('lowered' in u) throw new Error('unexpected');
  return u;
}

describe('checkGate', () => {
  const { baseline, pages } = baselineOf(run());

  it('the very run of the baseline holds every figure (floors are rounded down to 6 decimals)', () => {
    expect(baseline.sets['news']?.figures).toEqual({ 'body.f1': 0.9, 'title.exact': floorOf(2 / 3) });
    const report = checkGate([run()], baseline, pages);
    expect(report.passed).toBe(true);
    expect(report.checks.map((c) => c.verdict)).toEqual(['held', 'held']);
    expect(formatGate(report)).toMatch(/^ok {3}news: body F1 0\.9000, title exact 0\.6667\neval gate: passed$/);
  });

  it('a figure below its floor fails, with how much it fell and the pages that lost most', () => {
    const worse = run({ body: prf(0.85) }, [
      { id: 'a', body: 1, title: 1 },
      { id: 'b', body: 0.7, title: 1 },
      { id: 'c', body: 0.75, title: 0 },
    ]);
    const report = checkGate([worse], baseline, pages);
    expect(report.passed).toBe(false);
    const fell = report.checks.find((c) => c.verdict === 'fell');
    expect(fell?.figure.key).toBe('body.f1');
    expect(fell?.losers).toEqual([
      { id: 'b', before: 0.9, after: 0.7 },
      { id: 'c', before: 0.8, after: 0.75 },
    ]);
    expect(formatGate(report).split('\n')).toEqual([
      'FELL news: body F1 0.8500, title exact 0.6667',
      '  news body F1 fell 0.9000 → 0.8500 (-0.0500)',
      '    pages that lost most: b 0.900 → 0.700, c 0.800 → 0.750',
      'eval gate: FAILED',
    ]);
  });

  it('a better figure passes and says the floor may be raised', () => {
    const report = checkGate([run({ body: prf(0.95) })], baseline, pages);
    expect(report.passed).toBe(true);
    expect(report.checks[0]?.verdict).toBe('rose');
    expect(formatGate(report)).toContain('raise the baseline with --update');
  });

  it('a figure no longer measured, a changed corpus, or a set not run fails', () => {
    expect(checkGate([run({ title: null })], baseline, pages).passed).toBe(false);
    const changed = checkGate([run({}, PAGES, 'sha256:bbb')], baseline, pages);
    expect(changed.passed).toBe(false);
    expect(changed.problems[0]).toMatch(/^news: the corpus changed/);
    const none = checkGate([], baseline, pages);
    expect(none.problems).toEqual(['news: in the baseline but not run']);
    expect(none.passed).toBe(false);
  });

  it('sets asked for with --sets are the ones expected: an unselected baseline set is no problem', () => {
    const two = updateBaseline([run(), { ...run(), set: 'blogs' }], null, {}, { now: '2026-11-23', optionsHash: 'abc' }, false);
    if ('lowered' in two) throw new Error('unexpected');
    const onlyNews = checkGate([run()], two.baseline, two.pages, ['news']);
    expect(onlyNews.problems).toEqual([]);
    expect(onlyNews.passed).toBe(true);
    expect(checkGate([run()], two.baseline, two.pages).problems).toEqual(['blogs: in the baseline but not run']);
  });

  it('an index set gates its link coverage; an article set does not', () => {
    const lb = { meanLcr: 0.98, minLcr: 0.95, meanCcr: 0.5, goldPages: 0, goldInBlocks: 0, worst: [], pages: 2 };
    const index = baselineOf(run({ body: null, title: null, linkBlocks: lb }, [{ id: 'a', lcr: 0.95 }]));
    expect(index.baseline.sets['news']?.figures).toEqual({ 'linkBlocks.meanLcr': 0.98, 'linkBlocks.minLcr': 0.95 });
    expect(baselineOf(run({ linkBlocks: lb })).baseline.sets['news']?.figures).not.toHaveProperty('linkBlocks.minLcr');
    // A set annotated for dates only (htmldate) is not an index set.
    const datesOnly = run({
      body: null,
      title: null,
      linkBlocks: lb,
      date: { tp: 1, fp: 0, fn: 0, tn: 0, precision: 1, recall: 1, accuracy: 1, fscore: 1, coverage: 1, pages: 1 },
    });
    expect(baselineOf(datesOnly).baseline.sets['news']?.figures).toEqual({ 'date.accuracy': 1 });
  });
});

describe('updateBaseline', () => {
  const { baseline, pages } = baselineOf(run());

  it('raises a floor to a better run and keeps the others', () => {
    const u = updateBaseline([run({ body: prf(0.95), title: { exact: 0.5, tokenF1: 0.5, pages: 3 } })], baseline, pages, baseline, true);
    expect('baseline' in u && u.baseline.sets['news']?.figures).toEqual({ 'body.f1': 0.95, 'title.exact': 0.5 });
  });

  it('refuses to lower a floor unless told to', () => {
    const u = updateBaseline([run({ body: prf(0.85) })], baseline, pages, baseline, false);
    expect(u).toEqual({ lowered: ['news body F1: 0.900000 → 0.850000'] });
  });

  it('keeps the per-page figures of the run, to 3 decimals', () => {
    const u = updateBaseline([run({}, [{ id: 'x', body: 0.12345 }])], null, {}, baseline, false);
    expect('pages' in u && u.pages['news']).toEqual({ body: { x: 0.123 } });
  });

  it('keeps pages and sets whose names are those of Object.prototype (issue 40: `__proto__` was dropped)', () => {
    const ids = ['__proto__', 'constructor', 'toString'];
    const proto: SetRun = {
      ...run(
        {},
        ids.map((id, i) => ({ id, body: 0.5 + i / 10 })),
      ),
      set: '__proto__',
    };
    const u = updateBaseline(
      [
        proto,
        run(
          {},
          ids.map((id) => ({ id, body: 0.25 })),
        ),
      ],
      null,
      {},
      baseline,
      false,
    );
    if (!('pages' in u)) throw new Error('unexpected');
    // Through the files the gate writes and reads again.
    const again = JSON.parse(JSON.stringify(u)) as typeof u;
    expect(Object.keys(again.baseline.sets)).toEqual(['__proto__', 'news']);
    expect(Object.keys(again.pages)).toEqual(['__proto__', 'news']);
    expect(Object.entries(again.pages['news']?.body ?? {})).toEqual(ids.map((id) => [id, 0.25]));
    expect(Object.entries(Object.getOwnPropertyDescriptor(again.pages, '__proto__')?.value.body)).toEqual([
      ['__proto__', 0.5],
      ['constructor', 0.6],
      ['toString', 0.7],
    ]);
    // A fallen page named like a prototype member is reported against its own floor only.
    const fell = checkGate([run({ body: prf(0.1) }, [{ id: 'constructor', body: 0.1 }])], again.baseline, again.pages);
    expect(fell.checks.find((c) => c.figure.key === 'body.f1')?.losers).toEqual([{ id: 'constructor', before: 0.25, after: 0.1 }]);
    const unknown = checkGate([run({ body: prf(0.1) }, [{ id: 'valueOf', body: 0.1 }])], again.baseline, again.pages);
    expect(unknown.checks.find((c) => c.figure.key === 'body.f1')?.losers).toEqual([]);
  });
});
