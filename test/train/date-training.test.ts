/**
 * §3.3–3.6 Training the date SVM from labelled pages: balancing, the TagGlossary, the variants, the
 * model file (deterministic, loadable by the core), and cross-validated predictions through the core's
 * own choice.
 */
import { describe, expect, it } from 'vitest';
import { compileDateModel } from '../../src/core/date-svm/date-model.ts';
import type { DateSample } from '../../src/core/date-svm/samples/sample.ts';
import type { TrainerSettings, LabelledPage } from '../../src/train/date-training.ts';
import {
  balance,
  buildGlossary,
  crossValidatedPredictions,
  trainDateModel,
  variantSamples,
  variantStats,
} from '../../src/train/date-training.ts';
import { siteOf } from '../../src/train/cross-validated-dates.ts';

const ALL = { attributeCandidates: true, pageStatistics: true, labelWords: true, labelLexicon: true, localDay: true };
const FAITHFUL = { attributeCandidates: false, pageStatistics: false, labelWords: false, labelLexicon: false, localDay: false };
const OPTS: TrainerSettings = {
  variant: ALL,
  glossaryTags: 6,
  glossaryTokens: 10,
  weights: { tags: 1, tokens: 1, links: 1, stats: 1 },
  glossaryByPage: false,
  fragmentLevels: 4,
  negativesPerPositive: 1,
  negativesWithoutPositive: 1,
  cs: [1, 8],
  sigmas: [0.5, 1.5],
  folds: 3,
  gridTolerance: 0.005,
  epsilon: 1e-3,
  minDecision: 0,
  structuredFallback: true,
};

function s(day: string, over: Partial<DateSample> = {}): DateSample {
  return {
    iso: day,
    day,
    text: day,
    kind: 'text',
    tags: ['span', 'div'],
    tokens: [],
    links: 0,
    stats: { length: 10, inZone: 0 },
    where: 'span',
    ...over,
  };
}

/**
 * Synthetic pages: the publication date sits in `<span class="pubdate">` after "发布时间"; the other dates
 * are in links of a related list or in comments. The separating features are tokens and the link counter.
 */
function pages(count: number): LabelledPage[] {
  return Array.from({ length: count }, (_, p) => {
    const day = `2019-0${1 + (p % 9)}-1${p % 10}`;
    const other = (k: number) => `2018-1${k % 3}-0${1 + ((p + k) % 9)}`;
    const samples: DateSample[] = [
      s(other(1), { tags: ['em', 'li', 'ul', 'div'], tokens: ['@class', 'item'], links: 1 }),
      s(day, { tags: ['span', 'div', 'div', 'body'], tokens: ['@class', 'pubdate', 'w:发布', 'w:时间'], stats: { length: 16, inZone: 1 } }),
      s(other(2), { tags: ['span', 'li', 'ul', 'div'], tokens: ['@class', 'comment', 'time'], stats: { length: 10, inZone: 0 } }),
      s(other(3), { kind: 'meta', tags: ['meta', 'head', 'html'], tokens: ['@name', 'modified'] }),
    ];
    return { set: p % 2 ? 'odd' : 'even', id: `p${p}`, gold: day, samples: { samples, fallback: null, found: samples.length } };
  });
}

describe('balance', () => {
  it('keeps every positive and as many negatives, chosen the same way on every call', () => {
    const samples = [s('2019-01-01'), s('2019-01-02'), s('2019-01-03'), s('2019-01-02', { kind: 'meta' }), s('2019-01-04')];
    const kept = balance('page-a', samples, '2019-01-02', OPTS);
    expect(kept.filter((x) => x.day === '2019-01-02')).toHaveLength(2);
    expect(kept.filter((x) => x.day !== '2019-01-02')).toHaveLength(2);
    expect(balance('page-a', samples, '2019-01-02', OPTS)).toEqual(kept);
    expect(balance('page-a', samples, '2019-01-02', { ...OPTS, negativesPerPositive: 2 })).toHaveLength(5);
  });

  it('a page without a positive gives negativesWithoutPositive negatives (the faithful rule: none)', () => {
    expect(balance('p', [s('2019-01-01'), s('2019-01-03')], '', OPTS)).toHaveLength(1);
    expect(balance('p', [s('2019-01-01'), s('2019-01-03')], '', { ...OPTS, negativesWithoutPositive: 0 })).toHaveLength(0);
  });
});

describe('variants and the TagGlossary', () => {
  it('the faithful variant reads text candidates only, without label words or page statistics', () => {
    const samples = pages(1)[0]?.samples.samples ?? [];
    const faithful = variantSamples(samples, FAITHFUL);
    expect(faithful.every((x) => x.kind === 'text')).toBe(true);
    expect(faithful.flatMap((x) => x.tokens).some((t) => t.startsWith('w:'))).toBe(false);
    expect(variantStats(FAITHFUL)).not.toContain('inZone');
    expect(variantStats(ALL)).toContain('inZone');
    expect(variantStats(ALL)).toContain('kind:meta');
    expect(variantSamples([s('2099-01-01', { stats: { future: 1 } })], ALL)).toEqual([]);
  });

  it('keeps the m most frequent tags and n most frequent tokens, ties by name, and the statistics range', () => {
    const g = buildGlossary(
      [[s('a', { tags: ['b', 'a'], tokens: ['x', 'y'] }), s('b', { tags: ['a'], tokens: ['y'], stats: { length: 30 } })]],
      FAITHFUL,
      { ...OPTS, glossaryTags: 1, glossaryTokens: 2 },
    );
    expect(g.tags).toEqual(['a']);
    expect(g.tokens).toEqual(['y', 'x']);
    const k = g.stats.indexOf('length');
    expect([g.statMin[k], g.statMax[k]]).toEqual([10, 30]);
  });

  it("with glossaryByPage a token counts once per page: one page's repeated markup does not win", () => {
    const noisy = Array.from({ length: 5 }, () => s('a', { tokens: ['data-list-id'] }));
    const pages = [noisy, [s('b', { tokens: ['published'] })], [s('c', { tokens: ['published'] })]];
    expect(buildGlossary(pages, FAITHFUL, { ...OPTS, glossaryTokens: 1 }).tokens).toEqual(['data-list-id']);
    expect(buildGlossary(pages, FAITHFUL, { ...OPTS, glossaryTokens: 1, glossaryByPage: true }).tokens).toEqual(['published']);
  });
});

describe('trainDateModel', () => {
  const data = pages(24);

  it('learns where the publication date sits, and the model file loads in the core and picks it', () => {
    const trained = trainDateModel(data, OPTS, { now: '2024-06-01' });
    expect(trained.converged).toBe(true);
    expect(trained.model.training['now']).toBe('2024-06-01');
    const compiled = compileDateModel(JSON.parse(JSON.stringify(trained.model)));
    for (const p of data) {
      const best = [...p.samples.samples].sort((a, b) => compiled.decision(b) - compiled.decision(a))[0];
      expect(best?.day).toBe(p.gold);
    }
  });

  it('is deterministic: the same pages give the same model file, byte for byte', () => {
    expect(JSON.stringify(trainDateModel(data, OPTS).model)).toBe(JSON.stringify(trainDateModel([...data], OPTS).model));
  });

  it('the faithful model knows only text candidates', () => {
    const m = trainDateModel(data, { ...OPTS, variant: FAITHFUL }).model;
    expect(m.features.kinds).toEqual(['text']);
    expect(m.features.tokens.some((t) => t.startsWith('w:'))).toBe(false);
  });

  it('refuses pages where the annotated day never occurs', () => {
    const none = data.map((p) => ({ ...p, gold: '1999-01-01' }));
    expect(() => trainDateModel(none, OPTS)).toThrow(/training needs/);
  });
});

describe('crossValidatedPredictions', () => {
  it('predicts every page once, by a model that did not see it, through chooseBySvm', () => {
    const data = pages(24);
    const folds: number[] = [];
    const predictions = crossValidatedPredictions(data, OPTS, 3, (f) => folds.push(f));
    expect(folds).toEqual([0, 1, 2]);
    expect(predictions.map((p) => p.id).sort()).toEqual(data.map((p) => p.id).sort());
    expect(predictions.filter((p) => p.time.iso?.slice(0, 10) === p.gold).length).toBeGreaterThanOrEqual(22);
    expect(new Set(predictions.map((p) => p.fold)).size).toBe(3);
  });
});

describe('site-grouped folds', () => {
  it("deals the pages of one site into one fold: no page is dated by a model that saw its site's template", () => {
    const data = pages(24).map((p, i) => ({ ...p, group: `site-${i % 6}` }));
    const predictions = crossValidatedPredictions(data, OPTS, 3);
    const foldOfSite = new Map<string, Set<number>>();
    for (const p of predictions) {
      const site = data.find((d) => d.id === p.id)?.group as string;
      foldOfSite.set(site, (foldOfSite.get(site) ?? new Set()).add(p.fold));
    }
    expect(foldOfSite.size).toBe(6);
    for (const folds of foldOfSite.values()) expect(folds.size).toBe(1);
    expect(new Set(predictions.map((p) => p.fold)).size).toBe(3);
  });

  it('reads the site from gold `site`, else the URL host without www., else none (the page alone)', () => {
    expect(siteOf({ site: '163', url: 'https://news.163.com/a' })).toBe('163');
    expect(siteOf({ site: null, url: 'https://www.spiegel.de/politik/a.html' })).toBe('spiegel.de');
    expect(siteOf({ site: null, url: null })).toBeUndefined();
    expect(siteOf({ site: null, url: 'not a url' })).toBeUndefined();
  });
});
