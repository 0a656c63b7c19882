/**
 * §3.7 The choice: the largest decision value above the margin wins; with none, the structured date;
 * with neither, "no date"; future dates and kinds the model was not trained on are never scored.
 */
import { describe, expect, it } from 'vitest';
import { chooseBySvm, scoreSamples } from '../../../src/core/date-svm/choose.ts';
import type { CompiledDateModel } from '../../../src/core/date-svm/date-model.ts';
import { createVectorizer } from '../../../src/core/date-svm/date-model.ts';
import type { DateSample, PageDateSamples } from '../../../src/core/date-svm/samples/sample.ts';
import { sampleSpecOf } from '../../../src/core/date-svm/samples/spec.ts';
import type { DateCandidate } from '../../../src/core/types.ts';

/** A stand-in model whose decision value is the sample's `score` statistic. */
function fakeModel(kinds: string[] = ['text', 'meta']): CompiledDateModel {
  const features = { tags: [], tokens: [], stats: ['score'], statMin: [0], statMax: [1], fragmentLevels: 4, kinds };
  return {
    features,
    training: {},
    spec: sampleSpecOf(features),
    vectorizer: createVectorizer(features),
    decision: (s) => s.stats['score'] ?? 0,
  };
}

function s(iso: string, score: number, over: Partial<DateSample> = {}): DateSample {
  return {
    iso,
    day: iso.slice(0, 10),
    text: iso,
    kind: 'text',
    tags: [],
    tokens: [],
    links: 0,
    stats: { score },
    where: `span ${iso}`,
    ...over,
  };
}

const OPTS = { minDecision: 0, structuredFallback: true, reportCandidates: 10, fallbackConfidence: 0.9, localDay: true };
const FALLBACK: DateCandidate = { iso: '2019-01-02', text: '2019-01-02', from: 'json-ld', detail: 'NewsArticle.datePublished' };
const page = (samples: DateSample[], fallback: DateCandidate | null = FALLBACK): PageDateSamples => ({
  samples,
  fallback,
  found: samples.length,
});

describe('chooseBySvm', () => {
  it('takes the largest positive decision value and reports it, its logistic confidence and the runner-ups', () => {
    const t = chooseBySvm(page([s('2019-05-01', -0.5), s('2019-05-13T10:20:00', 1.5), s('2019-05-12', 0.4)]), fakeModel(), OPTS);
    expect(t.iso).toBe('2019-05-13T10:20:00');
    expect(t.method).toBe('date-svm');
    expect(t.from).toBe('page-text');
    expect(t.decision).toBe(1.5);
    expect(t.confidence).toBeCloseTo(1 / (1 + Math.exp(-1.5)), 10);
    expect(t.candidates.map((c) => [c.iso, c.decision])).toEqual([
      ['2019-05-13T10:20:00', 1.5],
      ['2019-05-12', 0.4],
      ['2019-05-01', -0.5],
    ]);
  });

  it('with no positive value falls back to the structured date, else says "no date"', () => {
    const fb = chooseBySvm(page([s('2019-05-01', -0.5)]), fakeModel(), OPTS);
    expect(fb).toMatchObject({ iso: '2019-01-02', method: 'structured-fallback', from: 'json-ld', confidence: 0.9, decision: null });
    const none = chooseBySvm(page([s('2019-05-01', -0.5)], null), fakeModel(), OPTS);
    expect(none).toMatchObject({ iso: null, method: null, confidence: 0, decision: -0.5 });
    expect(chooseBySvm(page([s('2019-05-01', -0.5)]), fakeModel(), { ...OPTS, structuredFallback: false }).iso).toBeNull();
  });

  it('a page with no candidate at all: no date, no exception', () => {
    expect(chooseBySvm(page([], null), fakeModel(), OPTS)).toMatchObject({ iso: null, candidates: [], found: 0 });
  });

  it('never scores a future date or a kind the model was not trained on; minDecision moves the margin', () => {
    const samples = [s('2031-01-01', 5, { stats: { score: 5, future: 1 } }), s('2019-05-13', 3, { kind: 'json-ld' }), s('2019-05-12', 0.4)];
    expect(scoreSamples(page(samples), fakeModel()).map((x) => x.sample.iso)).toEqual(['2019-05-12']);
    expect(chooseBySvm(page(samples, null), fakeModel(), { ...OPTS, minDecision: 0.5 }).iso).toBeNull();
  });

  it('keeps document order between equal values and cuts the report at reportCandidates', () => {
    const t = chooseBySvm(page([s('2019-05-01', 1), s('2019-05-02', 1), s('2019-05-03', 1)]), fakeModel(), {
      ...OPTS,
      reportCandidates: 2,
    });
    expect(t.iso).toBe('2019-05-01');
    expect(t.candidates).toHaveLength(2);
  });
});

describe('chooseBySvm with localDay (a UTC choice on the day the page shows)', () => {
  const meta = (iso: string, score: number): DateSample => s(iso, score, { kind: 'meta', where: 'meta article:published_time' });

  it('an evening article in New York: the UTC meta time is reported as the byline shows it', () => {
    const samples = [meta('2020-02-25T02:25:54Z', 1.3), s('2020-02-24T21:25:00', 0.2, { where: 'p.byline-date' })];
    const t = chooseBySvm(page(samples, null), fakeModel(), OPTS);
    expect(t.iso).toBe('2020-02-24T21:25:00');
    expect(t.decision).toBe(1.3);
    expect(t.detail).toContain('the local time of 2020-02-25T02:25:54Z (UTC-5)');
    expect(chooseBySvm(page(samples, null), fakeModel(), { ...OPTS, localDay: false }).iso).toBe('2020-02-25T02:25:54Z');
  });

  it('the same instant in its own zone counts too; a different minute does not', () => {
    const own = [meta('2023-11-09T01:09:55Z', 1.1), s('2023-11-08T18:09:55-07:00', -1)];
    expect(chooseBySvm(page(own, null), fakeModel(), OPTS).iso).toBe('2023-11-08T18:09:55-07:00');
    const other = [meta('2020-12-05T23:15:00Z', 1.6), s('2020-12-06T00:36:00', 0.5)];
    expect(chooseBySvm(page(other, null), fakeModel(), OPTS).iso).toBe('2020-12-05T23:15:00Z');
  });

  it("without a local time, the URL's neighbouring day when a zone explains it", () => {
    const url = (iso: string): DateSample => s(iso, -2, { kind: 'url', where: 'URL' });
    const late = [meta('2018-12-31T23:11:59Z', 1), url('2019-01-01')];
    expect(chooseBySvm(page(late, null), fakeModel(), OPTS).iso).toBe('2019-01-01');
    const early = [meta('2020-02-18T02:18:11Z', 1), url('2020-02-17')];
    expect(chooseBySvm(page(early, null), fakeModel(), OPTS).iso).toBe('2020-02-17');
    // Three days apart: no zone explains it; the choice stands.
    const far = [meta('2020-02-20T02:18:11Z', 1), url('2020-02-17')];
    expect(chooseBySvm(page(far, null), fakeModel(), OPTS).iso).toBe('2020-02-20T02:18:11Z');
  });

  it('a choice with a local zone or no time is never moved', () => {
    const zoned = [meta('2020-06-29T00:16:15+03:00', 1), s('2020-06-28T21:16:15', 0.5)];
    expect(chooseBySvm(page(zoned, null), fakeModel(), OPTS).iso).toBe('2020-06-29T00:16:15+03:00');
    const dayOnly = [meta('2023-11-08', 1), s('2023-11-09T03:02:00-05:00', 0.9), s('2023-11-07', -1, { kind: 'url' })];
    expect(chooseBySvm(page(dayOnly, null), fakeModel(), OPTS).iso).toBe('2023-11-08');
  });
});

describe('the URL day (extensions urlFallback, urlDayTime)', () => {
  const KINDS = ['text', 'meta', 'url'];
  const url = (day: string, score: number): DateSample => s(day, score, { kind: 'url', where: 'URL', text: day.replace(/-/g, '/') });

  it('urlDayTime: the URL day chosen keeps the time of day the page shows beside that day', () => {
    const samples = [url('2023-11-08', 1.2), s('2023-11-08T19:32:27', 0.8), s('2023-11-07T09:00:00', 0.9)];
    const on = chooseBySvm(page(samples), fakeModel(KINDS), { ...OPTS, urlDayTime: true });
    expect(on.iso).toBe('2023-11-08T19:32:27');
    expect(on.from).toBe('url');
    expect(on.detail).toContain('the time of day from span 2023-11-08T19:32:27');
    const off = chooseBySvm(page(samples), fakeModel(KINDS), OPTS);
    expect(off.iso).toBe('2023-11-08');
  });

  it('urlDayTime: a relative date of that day lends no time; the day itself never changes', () => {
    const rel = s('2023-11-08T10:00:00', 0.5, { stats: { score: 0.5, 'form:relative': 1 } });
    const t = chooseBySvm(page([url('2023-11-08', 1.2), rel, s('2023-11-09T08:00:00', 0.4)]), fakeModel(KINDS), {
      ...OPTS,
      urlDayTime: true,
    });
    expect(t.iso).toBe('2023-11-08');
  });

  it('urlFallback: with no candidate above the margin and no structured date, the URL day (faithful: none)', () => {
    const samples = [url('2021-10-29', -0.4), s('2021-10-29T11:05:00', -0.6), s('2020-01-01', -0.2)];
    const on = chooseBySvm(page(samples, null), fakeModel(KINDS), { ...OPTS, urlFallback: true, urlDayTime: true });
    expect([on.iso, on.method, on.from]).toEqual(['2021-10-29T11:05:00', 'url-fallback', 'url']);
    expect(chooseBySvm(page(samples, null), fakeModel(KINDS), OPTS).iso).toBeNull();
    // A structured date comes first.
    expect(chooseBySvm(page(samples), fakeModel(KINDS), { ...OPTS, urlFallback: true }).method).toBe('structured-fallback');
  });
});

describe("the page's absolute time (extensions scriptTime, scriptAgreement, confirmedText)", () => {
  const KINDS = ['text', 'meta', 'json-ld'];
  const SCRIPT: DateCandidate = { iso: '2023-11-08T10:00:00', text: 'pubDate: 2023-11-08 10:00', from: 'script', detail: 'script pubDate' };
  const relative = s('2026-12-03T09:27:00', 1.4, { text: '昨天 09:27', stats: { score: 1.4, 'form:relative': 1 } });

  it('scriptTime: a relative choice gives way to the structured date, else to the script time (faithful: the relative one)', () => {
    const withJsonLd = chooseBySvm({ ...page([relative]), scriptTime: SCRIPT }, fakeModel(KINDS), { ...OPTS, scriptTime: true });
    expect([withJsonLd.iso, withJsonLd.from]).toEqual(['2019-01-02', 'json-ld']);
    const scriptOnly = chooseBySvm({ ...page([relative], null), scriptTime: SCRIPT }, fakeModel(KINDS), { ...OPTS, scriptTime: true });
    expect([scriptOnly.iso, scriptOnly.from]).toEqual(['2023-11-08T10:00:00', 'script']);
    expect(scriptOnly.detail).toContain('in place of the relative "昨天 09:27"');
    expect(chooseBySvm({ ...page([relative], null), scriptTime: SCRIPT }, fakeModel(KINDS), OPTS).iso).toBe('2026-12-03T09:27:00');
  });

  it('scriptTime: with nothing above the margin and no structured date, the script time', () => {
    const t = chooseBySvm({ ...page([s('2020-01-01', -0.3)], null), scriptTime: SCRIPT }, fakeModel(KINDS), { ...OPTS, scriptTime: true });
    expect([t.iso, t.from]).toEqual(['2023-11-08T10:00:00', 'script']);
  });

  it("scriptAgreement: the script time beats a text date of another day only when a meta date agrees with the script's day", () => {
    const player = s('2023-11-06T21:38:01', 0.8, { where: 'txpdiv.txp_value' });
    const meta = s('2023-11-08T21:30:50', 0.3, { kind: 'meta', where: 'meta apub:time @content' });
    const on = { ...OPTS, scriptAgreement: true };
    const agreed = chooseBySvm({ ...page([player, meta]), scriptTime: SCRIPT }, fakeModel(KINDS), on);
    expect([agreed.iso, agreed.from]).toEqual(['2023-11-08T10:00:00', 'script']);
    expect(chooseBySvm({ ...page([player]), scriptTime: SCRIPT }, fakeModel(KINDS), on).iso).toBe('2023-11-06T21:38:01');
    expect(chooseBySvm({ ...page([player, meta]), scriptTime: SCRIPT }, fakeModel(KINDS), OPTS).iso).toBe('2023-11-06T21:38:01');
  });

  it('confirmedText: a text choice that a machine date confirms on its own day stands against the script time', () => {
    // A template's PublishDate and dateCreated (2004-01-01) against dateModified and the byline (2019-06-13).
    const script: DateCandidate = { iso: '2004-01-01', text: 'PublishDate: 01/01/2004', from: 'script', detail: 'script PublishDate' };
    const byline = s('2019-06-13', 1.2, { text: 'June 13, 2019', where: 'div#createDate_text' });
    const created = s('2004-01-01', -0.4, { kind: 'meta', where: 'meta dateCreated @content' });
    const modified = s('2019-06-13', 0.7, { kind: 'meta', where: 'meta dateModified @content' });
    const samples = { ...page([byline, created, modified], null), scriptTime: script };
    const on = { ...OPTS, scriptAgreement: true, confirmedText: true };
    const kept = chooseBySvm(samples, fakeModel(KINDS), on);
    expect([kept.iso, kept.from]).toEqual(['2019-06-13', 'page-text']);
    expect(kept.detail).toContain('kept over the script time 2004-01-01');
    expect(kept.detail).toContain('meta dateModified @content confirms its day');
    // Off (scriptAgreement alone): the script time, agreed by dateCreated, wins.
    expect(chooseBySvm(samples, fakeModel(KINDS), { ...OPTS, scriptAgreement: true }).iso).toBe('2004-01-01');
    // Without a machine date on the text's day the script time still wins (gne's qq player clock).
    const unconfirmed = { ...page([byline, created], null), scriptTime: script };
    expect(chooseBySvm(unconfirmed, fakeModel(KINDS), on).iso).toBe('2004-01-01');
  });

  it('says the capture time the relative dates were read against', () => {
    const captured = { iso: '2023-11-08T07:00:00', from: 'SingleFile header' };
    expect(chooseBySvm({ ...page([relative]), captured }, fakeModel(KINDS), OPTS).captured).toEqual(captured);
    expect(chooseBySvm(page([relative]), fakeModel(KINDS), OPTS).captured).toBeUndefined();
  });
});
