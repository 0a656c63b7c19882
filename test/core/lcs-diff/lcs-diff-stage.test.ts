import { afterAll, describe, expect, it } from 'vitest';
import type { Clock, ExtractEnv } from '../../../src/core/env.ts';
import type { Article, PartialOptions } from '../../../src/core/index.ts';
import { extract, featureTree } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';
import { modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const CLOCK: Clock = { now: () => new Date('2024-06-01T00:00:00Z') };
const ENV: ExtractEnv = { probe: staticProbe, clock: CLOCK, timer: () => 0 };
const LIMITS = { maxNodes: 60_000, maxDepth: 2_000 };
const SHARE_LINE = 'Share this story with your friends on every network.';
/** A template line of the article container that is a sentence (§0: twelve words and more). */
const DESK_LINE = 'Readers who want to reach the desk, with tips, corrections or complaints, can write to us at any hour.';

/** One article page of a fake site: the template (nav, a share line inside the article, a footer) around `paragraphs`. */
function page(title: string, paragraphs: readonly string[], next = '/news/2024-05-02/1002.html'): string {
  return `<!doctype html><html lang="en"><head><title>${title} | Example Daily</title></head><body>
<div id="nav" class="nav"><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a> <a href="/culture">Culture</a></div>
<div id="main" class="main"><h1>${title}</h1>
<div class="article">${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p class="share">${SHARE_LINE}</p>
<p class="desk">${DESK_LINE}</p></div>
<ul class="more"><li><a href="${next}">Another story from the same desk of the paper</a></li></ul>
</div>
<div class="footer"><p>Example Daily is published by Example Media Group, all rights reserved, since 1901.</p></div>
</body></html>`;
}

const A = page('Council approves the new river bridge after a long debate', [
  'The city council approved the new river bridge on Tuesday, after a debate that lasted, with breaks, for nine hours.',
  'The bridge will carry trams, bicycles and people on foot, and it will open, if all goes well, in the spring of 2027.',
  'Critics said the cost, which has doubled since the first plan, would fall on residents, and they asked for a vote.',
]);
const B = page(
  'Museum reopens its west wing after five years of repairs',
  [
    'The museum reopened its west wing on Sunday, five years after a storm had damaged its roof, its walls and its windows.',
    'Visitors queued from early morning, and many of them, young and old, came back for the paintings they had missed.',
  ],
  '/news/2024-05-01/1001.html',
);
const URL_A = 'https://daily.example/news/2024-05-01/1001.html';
const URL_B = 'https://daily.example/news/2024-05-02/1002.html';

/** The similar page's tree as a host without layout builds it: the page read into the model, then its feature tree. */
function similarTree(html: string) {
  return featureTree(modelOf('happy-dom', html), LIMITS);
}

function run(similar: ExtractEnv['similarPage'], options: PartialOptions = {}, html = A): Article {
  const env: ExtractEnv = similar ? { ...ENV, similarPage: similar } : ENV;
  return extract(parseWith('happy-dom', html), env, { url: URL_A, rankSimilarUrls: true }, { ...options, trace: { enabled: true } });
}

describe('method 4 in the pipeline (§4, §6.3)', () => {
  it('keeps the share line without a similar page (so the tests below can fail)', () => {
    const a = run(undefined);
    expect(a.body.text).toContain(SHARE_LINE);
    expect(a.similarPage.status).toBe('not-requested');
    expect(a.similarPage.candidates.map((c) => c.url)).toEqual([URL_B]);
    expect(a.similarPage.message).toMatch(/1 similar page/);
  });

  it('drops the body text that matched the similar page, and keeps the article', () => {
    const a = run({ url: URL_B, why: 'test', tree: similarTree(B), fetchMs: 12 });
    expect(a.similarPage).toMatchObject({ status: 'used', url: URL_B, why: 'test', layout: false, fetchMs: 12 });
    expect(a.similarPage.templateBlocks).toBeGreaterThan(0);
    expect(a.body.text).not.toContain(SHARE_LINE);
    expect(a.body.text).not.toContain(DESK_LINE);
    expect(a.body.text).toContain('The city council approved the new river bridge');
    expect(a.body.text).toContain('Critics said the cost');
    const rule = a.explain.decisions.find((d) => d.rule === '6.3-template');
    expect(rule?.verdict).toBe('drop');
    const template = a.noise.filter((n) => n.kind === 'template');
    expect(template.some((n) => n.removed && n.text.includes('Share this story'))).toBe(true);
    expect(template.some((n) => n.text.includes('Home World Sport Culture'))).toBe(true);
    expect(a.timings['lcs-diff']).toBeDefined();
  });

  it('keeps the template sentences with keepTemplateSentences', () => {
    const a = run({ url: URL_B, why: 'test', tree: similarTree(B) }, { lcsDiff: { extensions: { keepTemplateSentences: true } } });
    expect(a.body.text).not.toContain(SHARE_LINE);
    expect(a.body.text).toContain(DESK_LINE);
  });

  it('keeps the body when the similar page is the same article (sameArticleGuard)', () => {
    const a = run({ url: URL_B, why: 'test', tree: similarTree(A) });
    expect(a.body.text).toContain(SHARE_LINE);
    expect(a.similarPage.status).toBe('skipped');
    expect(a.similarPage.message).toMatch(/holds this article's own title/);
    expect(a.noise.filter((n) => n.kind === 'template')).toEqual([]);
    expect(a.explain.decisions.find((d) => d.rule === '4.7-same-article')?.verdict).toBe('skip');
  });

  it('keeps the body when the similar page is another edition that shares most of its sentences', () => {
    // Another edition: a new headline and lead, the rest of the story word for word (and the desk line).
    const edition = page('Bridge vote: council says yes to the new river crossing', [
      'Late on Tuesday, after nine hours of talks, interruptions and votes, the council said yes to the bridge.',
      'The bridge will carry trams, bicycles and people on foot, and it will open, if all goes well, in the spring of 2027.',
      'Critics said the cost, which has doubled since the first plan, would fall on residents, and they asked for a vote.',
    ]);
    const a = run({ url: URL_B, why: 'test', tree: similarTree(edition) });
    expect(a.similarPage.status).toBe('skipped');
    expect(a.similarPage.message).toMatch(/holds this article's own sentences \(75% of them\)/);
    expect(a.body.text).toContain('Critics said the cost');
    const guard = a.explain.decisions.find((d) => d.rule === '4.7-same-article');
    expect(guard?.numbers).toMatchObject({ titleMatched: 0, firstSentenceMatched: 0, sentenceShare: 0.75, minShare: 0.5 });
    // "More than" the share: at exactly the share matched, the edition is used, and the story's shared
    // paragraphs leave the body.
    const b = run({ url: URL_B, why: 'test', tree: similarTree(edition) }, { lcsDiff: { sameArticleSentenceShare: 0.75 } });
    expect(b.similarPage.status).toBe('used');
    expect(b.body.text).not.toContain('Critics said the cost');
    // The other article of the site shares one sentence of four (the desk line): it is used.
    expect(run({ url: URL_B, why: 'test', tree: similarTree(B) }).similarPage.status).toBe('used');
  });

  it('drops the shared text anyway with the guard off (the faithful rule)', () => {
    const a = run({ url: URL_B, why: 'test', tree: similarTree(A) }, { lcsDiff: { extensions: { sameArticleGuard: false } } });
    expect(a.body.text).not.toContain(SHARE_LINE);
    expect(a.body.text).not.toContain('The city council approved');
  });

  it('leaves the body alone with dropTemplate off (the diff still runs and reports)', () => {
    const a = run({ url: URL_B, why: 'test', tree: similarTree(B) }, { lcsDiff: { dropTemplate: false } });
    expect(a.similarPage.status).toBe('used');
    expect(a.body.text).toContain(SHARE_LINE);
  });

  it('says why when the host has no tree', () => {
    const a = run({ url: URL_B, why: 'test', tree: null, failure: 'the similar page could not be fetched: HTTP 404' });
    expect(a.similarPage.status).toBe('unavailable');
    expect(a.similarPage.message).toBe('the similar page could not be fetched: HTTP 404');
    expect(a.body.text).toContain(SHARE_LINE);
  });

  it('says "skipped: budget" when the diff runs out of time', () => {
    let t = 0;
    const env: ExtractEnv = { ...ENV, timer: () => (t += 10), similarPage: { url: URL_B, why: 'test', tree: similarTree(B) } };
    const a = extract(parseWith('happy-dom', A), env, { url: URL_A }, { lcsDiff: { budgetMs: 5 } });
    expect(a.similarPage.status).toBe('skipped');
    expect(a.similarPage.message).toMatch(/^skipped: budget/);
    expect(a.body.text).toContain(SHARE_LINE);
  });

  it('says "skipped: size" when a tree is over maxNodes', () => {
    const a = run({ url: URL_B, why: 'test', tree: similarTree(B) }, { lcsDiff: { maxNodes: 5 } });
    expect(a.similarPage.status).toBe('skipped');
    expect(a.similarPage.message).toMatch(/^skipped: size/);
  });

  it("resolves the page's links against its <base href>", () => {
    // Against the page's own URL this link would be /news/2024-05-01/2024-05-02/1002.html: no similar page.
    const based = A.replace('<head>', '<head><base href="https://daily.example/news/">').replace(
      '/news/2024-05-02/1002.html',
      '2024-05-02/1002.html',
    );
    expect(run(undefined, {}, based).similarPage.candidates.map((c) => c.url)).toEqual([URL_B]);
  });

  it('says when no link of the page is a similar page', () => {
    const lone = A.replace('/news/2024-05-02/1002.html', '/about');
    const a = run(undefined, {}, lone);
    expect(a.similarPage.status).toBe('unavailable');
    expect(a.similarPage.candidates).toEqual([]);
  });

  it('sets aside a query every link of the site carries, and says so in the Explain trace (noiseQuery)', () => {
    const tagged = A.replace(/href="([^"]*)"/g, 'href="$1?s=abc"');
    const a = run(undefined, {}, tagged);
    expect(a.similarPage.candidates.map((c) => c.url)).toEqual([URL_B]);
    expect(a.similarPage.candidates[0]?.reason).toMatch(/query s set aside as noise/);
    const noise = a.explain.decisions.filter((d) => d.rule === '4.1-noise-query');
    expect(noise).toHaveLength(1);
    expect(noise[0]).toMatchObject({ verdict: 'drop', numbers: { links: 5, sameSiteLinks: 5, minLinks: 3 } });
    expect(noise[0]?.note).toMatch(/query parameter "s" set aside/);
    // Off (the faithful rule): the tag is a parameter the page's address lacks, so no link qualifies.
    const off = run(undefined, { lcsDiff: { extensions: { noiseQuery: false } } }, tagged);
    expect(off.similarPage.status).toBe('unavailable');
    expect(off.explain.decisions.some((d) => d.rule === '4.1-noise-query')).toBe(false);
  });

  it('does nothing with lcsDiff.enabled off', () => {
    const a = run({ url: URL_B, why: 'test', tree: similarTree(B) }, { lcsDiff: { enabled: false } });
    expect(a.similarPage.status).toBe('skipped');
    expect(a.body.text).toContain(SHARE_LINE);
  });
});
