/**
 * Method 3 inside extract(): the shipped model on clear pages (English and Chinese), the Explain trace,
 * the sample export for training, a host's own model, and bad input — no date, an archive with thousands
 * of dates, future and impossible dates — with a sensible answer and no exception.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../../src/core/env.ts';
import type { ExtractOptions, PartialOptions } from '../../../src/core/index.ts';
import { DEFAULT_OPTIONS, extract, extractWithDateSamples, fullSampleSpec, resolveOptions } from '../../../src/core/index.ts';
import type { PageSource } from '../../../src/core/dom/preprocess.ts';
import type { DateModel } from '../../../src/core/date-svm/date-model.ts';
import { svmColumns } from '../../../src/core/date-svm/date-model.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';
import type { ModelKind } from '../../helpers/model.ts';
import { MODEL_KINDS, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

const PARAS = `<p>The new library, which opened on Monday, runs entirely on solar power, the mayor said, and it cost less than expected.</p>
<p>Residents queued for hours to see the building, and many of them, young and old, brought books to donate to it.</p>
<p>The council plans two more such buildings, one in the north and one in the south, before the end of the decade.</p>`;

const EN_PAGE = `<!doctype html><html lang="en"><head><title>City opens solar-powered library | Example News</title>
<meta property="article:published_time" content="2019-05-13T10:20:00+02:00"></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav>
<main><article><h1>City opens solar-powered library</h1>
<p class="byline">By Jane Doe · <time datetime="2019-05-13T10:20:00+02:00">13 May 2019, 10:20</time></p>
${PARAS}
<p class="updated">Last updated 15 May 2019</p>
</article>
<aside class="related"><h2>Related</h2><ul>
<li><a href="/a">Bridge reopens</a> <span class="date">2 April 2019</span></li>
<li><a href="/b">New park plans</a> <span class="date">28 March 2019</span></li>
<li><a href="/c">Budget approved</a> <span class="date">1 March 2019</span></li></ul></aside>
<section class="comments"><p class="comment-meta">Reader, 14 May 2019 at 08:01</p><p>Great news.</p></section>
</main><footer><p>© 2019 Example News</p></footer></body></html>`;

const ZH_PAGE = `<!doctype html><html lang="zh-CN"><head><title>我市首座太阳能图书馆开放_新闻中心</title></head><body>
<div class="nav"><a href="/">首页</a> <a href="/news">新闻</a></div>
<div class="main"><h1>我市首座太阳能图书馆开放</h1>
<div class="info">发布时间：2019-05-07 10:20 来源：本报 作者：张三</div>
<div class="content"><p>新图书馆于周一开放，市长表示，该馆完全依靠太阳能供电，造价也低于预期。</p>
<p>市民排队数小时参观新馆，不少人，无论老少，都带来了自己的书籍捐赠。</p></div>
<ul class="related"><li><a href="/1">另一条新闻标题在这里</a> 2019-04-02</li><li><a href="/2">第二条相关新闻标题</a> 2019-03-28</li></ul>
<div class="pinglun"><p>网友 2019-05-08 09:27 说：好！</p></div></div>
<div class="footer">版权所有 2003-2019 新闻中心</div></body></html>`;

/**
 * What `extract` reads the page from: the document for a DOM (the preprocess stage walks it), the page model
 * parse5 builds without a DOM otherwise (with the options of the extraction: the blocks depend on them).
 */
const source = (kind: ModelKind, html: string, options: ExtractOptions | PartialOptions = {}): PageSource =>
  kind === 'parse5' ? modelOf(kind, html, options) : parseWith(kind, html);

describe.each(MODEL_KINDS)('the date SVM in extract() (%s)', (kind) => {
  it('English: the byline time wins over related-story, comment and "updated" dates', () => {
    const a = extract(source(kind, EN_PAGE), ENV, { url: 'https://news.example.com/story/42' }, { trace: { enabled: true } });
    const t = a.publishedTime;
    expect(t.iso?.slice(0, 10)).toBe('2019-05-13');
    expect(t.method).toBe('date-svm');
    expect(t.decision).toBeGreaterThan(0);
    expect(t.confidence).toBeCloseTo(1 / (1 + Math.exp(-(t.decision ?? 0))), 10);
    expect(t.found).toBeGreaterThanOrEqual(8);
    const decisions = t.candidates.map((c) => c.decision ?? 0);
    expect(decisions).toEqual([...decisions].sort((x, y) => y - x));
    expect(a.timings['date-svm']).toBeDefined();
    const rules = a.explain.decisions.filter((d) => d.method === 'date-svm').map((d) => d.rule);
    expect(rules).toContain('3.7-candidate');
    expect(rules[rules.length - 1]).toBe('3.7-time');
  });

  it('Chinese: 发布时间 under the title wins over the related list and the comments', () => {
    const a = extract(source(kind, ZH_PAGE), ENV, { url: null });
    expect(a.publishedTime).toMatchObject({ iso: '2019-05-07T10:20:00', method: 'date-svm', from: 'page-text' });
  });

  it('exports every candidate sample only when asked (train-date), beside the same article', () => {
    expect(Object.keys(extract(source(kind, EN_PAGE), ENV, {}))).not.toContain('dateSamples');
    const { article, dateSamples } = extractWithDateSamples(source(kind, EN_PAGE), ENV, {}, {}, fullSampleSpec(4));
    expect(dateSamples.samples.length).toBe(article.publishedTime.found);
    expect(dateSamples.samples.every((s) => s.tags.length > 0 || s.kind === 'url' || s.kind === 'json-ld')).toBe(true);
    // Every label token is exported (the variants of train-date are cut from it); the product reads none of `w:`.
    expect(dateSamples.samples.some((s) => s.tokens.some((t) => t.startsWith('w:')))).toBe(true);
    expect(article).toEqual(extract(source(kind, EN_PAGE), ENV, {}));
  });

  it('a host may pass its own model: here one that prefers the "updated" line', () => {
    const features = { tags: [], tokens: ['updated'], stats: [], statMin: [], statMax: [], fragmentLevels: 4, kinds: ['text'] };
    const model: DateModel = {
      format: 'article-lens/date-svm',
      version: 2,
      features,
      // f(x) = 2·K(x, [1]) − 1: +1 for a sample with the token, 2e^−1/2 − 1 < 0 without.
      svm: { sigma: 1, c: 1, bias: -1, coef: [2], ...svmColumns([[0, 1]], 2) },
      training: {},
    };
    const a = extract(source(kind, EN_PAGE), { ...ENV, dateModel: model }, {});
    expect(a.publishedTime).toMatchObject({ iso: '2019-05-15', method: 'date-svm' });
  });

  it('bad input: a page with no date says "no date", without an exception', () => {
    const a = extract(source(kind, `<html><head><title>Plain</title></head><body><h1>Plain</h1>${PARAS}</body></html>`), ENV, {});
    expect(a.publishedTime).toMatchObject({ iso: null, method: null, found: 0, candidates: [] });
  });

  it('bad input: an archive with 3000 dates is cut at maxCandidates and still answers', () => {
    const days = Array.from({ length: 3000 }, (_, i) => new Date(Date.UTC(2012, 0, 1 + i)).toISOString().slice(0, 10));
    const html = `<html><head><title>Archive</title></head><body><h1>Archive</h1>${PARAS}<ul>${days
      .map((d) => `<li><a href="/${d}">Story of ${d}</a> ${d}</li>`)
      .join('')}</ul></body></html>`;
    const a = extract(source(kind, html), ENV, {});
    expect(a.publishedTime.found).toBeGreaterThanOrEqual(DEFAULT_OPTIONS.dateSvm.maxCandidates);
    expect(a.publishedTime.candidates.length).toBeLessThanOrEqual(DEFAULT_OPTIONS.dateSvm.reportCandidates);
    if (a.publishedTime.iso) expect(days).toContain(a.publishedTime.iso.slice(0, 10));
  });

  it('bad input: future and impossible dates are never the publication time', () => {
    const html = `<html><head><title>Odd dates</title></head><body><h1>Odd dates</h1>
      <p class="date">Published 2099-01-01 10:00</p><p class="date">2019-02-30</p><p class="date">2019-13-45 25:61</p><p>9999-99-99</p>${PARAS}</body></html>`;
    const a = extract(source(kind, html), ENV, {});
    expect(a.publishedTime.iso).toBeNull();
    expect(a.publishedTime.candidates.map((c) => c.iso)).toEqual([]);
    const off = resolveOptions({ dateSvm: { enabled: false } });
    expect(extract(source(kind, html, off), ENV, {}, off).publishedTime.iso).toBeNull();
  });
});
