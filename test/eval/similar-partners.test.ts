/**
 * `eval --similar auto` on hand-made sets: each page's partner is the next page of its site (gold `site`,
 * else the URL host), never itself; the scores compare the two runs on the same pages and group the reasons
 * a page was not compared.
 */
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../src/eval/dataset.ts';
import { goldRecord, handSet, prediction } from '../helpers/eval-fixtures.ts';
import type { Prediction } from '../../src/eval/score.ts';
import { similarPartners } from '../../src/eval/similar-partners.ts';
import { formatSimilarScores, scoreSimilar } from '../../src/eval/similar-scores.ts';

function dataset(pages: readonly { id: string; url?: string; site?: string; body?: string }[]): Dataset {
  return handSet(pages.map((p) => goldRecord(p.id, { url: p.url ?? null, site: p.site ?? null, body: p.body ?? null })));
}

describe('similarPartners', () => {
  const set = dataset([
    { id: 'a1', site: 'alpha' },
    { id: 'b1', url: 'https://b.example/news/1.html' },
    { id: 'a2', site: 'alpha' },
    { id: 'a3', site: 'alpha' },
    { id: 'b2', url: 'https://b.example/news/2.html' },
    { id: 'lone', url: 'https://c.example/x.html' },
    { id: 'nothing' },
    // The gold site wins over the host: this page is alpha's, not b.example's.
    { id: 'a4', site: 'alpha', url: 'https://b.example/news/3.html' },
  ]);
  const partners = similarPartners(set);

  it('gives each page the next page of its site, the last one the first, never itself', () => {
    expect(partners.get('a1')?.page.id).toBe('a2');
    expect(partners.get('a2')?.page.id).toBe('a3');
    expect(partners.get('a3')?.page.id).toBe('a4');
    expect(partners.get('a4')?.page.id).toBe('a1');
    expect(partners.get('a1')?.why).toBe('same site (alpha) as the page');
  });

  it('falls back to the URL host', () => {
    expect(partners.get('b1')?.page.id).toBe('b2');
    expect(partners.get('b2')?.page.id).toBe('b1');
    expect(partners.get('b1')?.why).toBe('same host (b.example) as the page');
  });

  it('gives no partner to a page alone on its site or without site and URL', () => {
    expect(partners.has('lone')).toBe(false);
    expect(partners.has('nothing')).toBe(false);
    for (const [id, p] of partners) expect(p.page.id).not.toBe(id);
  });
});

const GOLD = 'The council approved the new budget on Monday after a long debate about schools and roads.';
const MENU = 'Home News Sport Weather and all the rest of the menu of the site';

function predicted(id: string, body: string, similarPage?: Prediction['similarPage']): Prediction {
  return prediction(id, { body, ...(similarPage ? { similarPage } : {}) });
}

describe('scoreSimilar', () => {
  const set = dataset([
    { id: 'p', body: GOLD },
    { id: 'q', body: GOLD },
    { id: 'r', body: GOLD },
    { id: 's', body: GOLD },
    { id: 't', body: GOLD },
  ]);
  const without = [
    predicted('p', `${GOLD}\n${MENU}`),
    predicted('q', GOLD),
    predicted('r', GOLD),
    predicted('s', GOLD),
    predicted('t', GOLD),
  ];
  const used = (templateText: string): NonNullable<Prediction['similarPage']> => ({
    status: 'used',
    url: 'x',
    message: 'compared',
    templateText,
    diffMs: 10,
  });
  const copy = (url: string): Prediction['similarPage'] => ({
    status: 'skipped',
    url,
    message: `skipped: ${url} holds this article's own title (a copy of it)`,
    templateText: '',
    diffMs: 4,
  });
  const edition = (url: string, share: number): Prediction['similarPage'] => ({
    status: 'skipped',
    url,
    message: `skipped: ${url} holds this article's own sentences (${share}% of them) (a copy of it)`,
    templateText: '',
    diffMs: 5,
  });
  const withSimilar = [
    predicted('p', GOLD, used(MENU)),
    predicted('q', GOLD, copy('q2.html')),
    predicted('r', GOLD, copy('r2.html')),
    predicted('s', GOLD, edition('s2.html', 57)),
    predicted('t', GOLD, edition('t2.html', 88)),
  ];
  const s = scoreSimilar(set, without, withSimilar);

  it('scores the same pages with and without the similar page', () => {
    expect(s.withPartner).toBe(5);
    expect(s.used).toBe(1);
    expect(s.with?.precision).toBe(1);
    expect(s.without?.precision).toBeLessThan(1);
    expect(s.with?.recall).toBe(s.without?.recall);
  });

  it('measures gold text inside template regions over the pages used', () => {
    expect(s.goldInTemplate).toBe(0);
    const leaky = scoreSimilar(set, without, [predicted('p', '', used(GOLD))]);
    expect(leaky.goldInTemplate).toBe(1);
    expect(leaky.maxGoldInTemplate).toEqual({ id: 'p', share: 1 });
    expect(leaky.goldInBodyTemplate).toBe(0);
    // A teaser of the article elsewhere on the page is template, but only a region inside the body could take it.
    const inBody = scoreSimilar(set, without, [predicted('p', '', { ...used(GOLD), templateBodyText: GOLD })]);
    expect(inBody.goldInBodyTemplate).toBe(1);
    expect(formatSimilarScores(inBody)).toMatch(/in the body's root +100\.00%/);
  });

  it('groups the reasons a page was not compared, whatever its partner', () => {
    expect(s.notUsed).toEqual({
      "skipped: (its partner) holds this article's own title (a copy of it)": 2,
      "skipped: (its partner) holds this article's own sentences (N% of them) (a copy of it)": 2,
    });
    expect(formatSimilarScores(s)).toContain("not used (2): skipped: (its partner) holds this article's own title");
  });
});
