import { afterAll, describe, expect, it } from 'vitest';
import type { Clock, ExtractEnv } from '../../src/core/env.ts';
import type { Article, ExtractOptions } from '../../src/core/index.ts';
import { DEFAULT_OPTIONS, extract, resolveOptions } from '../../src/core/index.ts';
import { staticProbe } from '../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../helpers/dom.ts';
import { markdownOf, pageSource } from '../helpers/extract-model.ts';
import { MODEL_KINDS } from '../helpers/model.ts';
import { faithfulOptions } from '../helpers/options.ts';

afterAll(closeWindows);

/** A fixed "now": nothing depends on the day the tests run. */
const CLOCK: Clock = { now: () => new Date('2024-06-01T00:00:00Z') };
const ENV: ExtractEnv = { probe: staticProbe, clock: CLOCK, timer: () => 0 };
const URL_EN = 'https://news.example.com/2019/05/13/solar-library.html';

const EN_PAGE = `<!doctype html><html lang="en"><head><title>City opens solar-powered library | Example News</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav>
<main><article>
<h1>City opens solar-powered library</h1>
<p class="byline">By Jane Doe</p>
<p class="date">May 13, 2019</p>
<div class="body">
<p>The new library, which opened on Monday, runs entirely on solar power, the mayor said, and it cost less than expected.</p>
<p>Residents queued for hours to see the <a href="/building">building</a>, and many of them, young and old, brought books to donate.</p>
<p>The council plans two more such buildings, one in the north and one in the south, before the end of the decade.</p>
</div>
</article></main>
<footer><p>Copyright 2019 Example News. All rights reserved.</p></footer>
</body></html>`;

const ZH_PAGE = `<!doctype html><html lang="zh-CN"><head><title>我市首座太阳能图书馆开放_新闻中心</title></head><body>
<div class="nav"><a href="/">首页</a> <a href="/news">新闻</a> <a href="/sports">体育</a></div>
<div class="main">
<h1>我市首座太阳能图书馆开放</h1>
<div class="info">2019年05月13日 10:20 来源：证券时报网 作者：张三</div>
<div class="content">
<p>新图书馆于周一开放，市长表示，该馆完全依靠太阳能供电，造价也低于预期。</p>
<p>市民排队数小时参观新馆，不少人，无论老少，都带来了自己的书籍捐赠。</p>
<p>市议会计划在本十年结束前，在北部、南部再建两座这样的图书馆。</p>
</div>
</div>
<div class="footer"><p>版权所有 新闻中心 联系我们</p></div>
</body></html>`;

/** The §1 presets; the publication time by the §1.7 rule chain here (the date SVM has its own tests in date-svm/). */
const PRESETS: readonly (readonly [string, ExtractOptions])[] = [
  ['faithful + latinSentence', faithfulOptions({ text: { extensions: { latinSentence: true } }, dateSvm: { enabled: false } })],
  ['defaults', resolveOptions({ dateSvm: { enabled: false } })],
];

describe.each(MODEL_KINDS)('extract() end to end (%s)', (kind) => {
  describe.each(PRESETS)('with %s options', (_name, options) => {
    it('§1 English page: title, byline, date, body from the first paragraph without nav and footer', () => {
      const a = extract(pageSource(kind, EN_PAGE, options), ENV, { url: URL_EN }, options);
      expect(a.title).toBe('City opens solar-powered library');
      expect(a.author).toBe('Jane Doe');
      expect(a.publishedTime.iso).toBe('2019-05-13');
      expect(a.lang).toBe('en');
      expect(a.body.text.startsWith('The new library, which opened on Monday')).toBe(true);
      expect(a.body.text.split('\n')).toHaveLength(3);
      expect(a.body.text).not.toMatch(/Home|World|Sport|Copyright/);
      expect(a.body.html).toContain('<a href="https://news.example.com/building">building</a>');
      expect(markdownOf(a.body)).toContain('[building](https://news.example.com/building)');
      expect(a.anchors.titleBlock?.selector).toBe('html > body > main > article > h1');
      expect(a.warnings).toEqual([]);
    });

    it('§1 Chinese page: title, zone author/source/time, body from the first paragraph without nav and footer', () => {
      const a = extract(pageSource(kind, ZH_PAGE, options), ENV, { url: 'https://news.example.cn/a/20190513/1.html' }, options);
      expect(a.title).toBe('我市首座太阳能图书馆开放');
      expect(a.author).toBe('张三');
      expect(a.source).toBe('证券时报网');
      expect(a.publishedTime).toMatchObject({ iso: '2019-05-13T10:20:00', from: 'zone' });
      expect(a.body.text.startsWith('新图书馆于周一开放')).toBe(true);
      expect(a.body.text.split('\n')).toHaveLength(3);
      expect(a.body.text).not.toMatch(/首页|版权所有|2019年05月13日/);
      expect(a.anchors.bodyRoot?.selector).toBe('html > body > div:nth-of-type(2) > div:nth-of-type(2)');
    });
  });

  it('§1.1 the link title anchors the body when <title> says nothing useful', () => {
    const page = EN_PAGE.replace('City opens solar-powered library | Example News', 'Welcome');
    const opts = faithfulOptions({ text: { extensions: { latinSentence: true } } });
    expect(extract(pageSource(kind, page, opts), ENV, { url: URL_EN }, opts).anchors.titleBlock).toBeNull();
    const a = extract(pageSource(kind, page, opts), ENV, { url: URL_EN, linkTitle: 'Solar-powered library opens' }, opts);
    expect(a.title).toBe('City opens solar-powered library');
    expect(a.body.text.startsWith('The new library')).toBe(true);
  });

  it('§1 a page without sentences reports no article and says why', () => {
    const menu = '<html><head><title>Menu</title></head><body><ul><li><a href="/a">A</a></li></ul></body></html>';
    const a = extract(pageSource(kind, menu, faithfulOptions()), ENV, { url: null }, faithfulOptions());
    expect(a.body).toStrictEqual({ html: '', text: '' });
    expect(markdownOf(a.body)).toBe('');
    expect(a.warnings).toEqual(['no article: the page has no sentences']);
  });

  it('§1.7 a date after "now" (the injected clock) is not a publication time', () => {
    const page = EN_PAGE.replace('May 13, 2019', 'May 13, 2025');
    for (const enabled of [false, true]) {
      const opts = faithfulOptions({ text: { extensions: { latinSentence: true } }, dateSvm: { enabled } });
      expect(extract(pageSource(kind, page, opts), ENV, { url: null }, opts).publishedTime.iso).toBeNull();
    }
  });
});

// A parse5 page model has no document to change: the DOMs only.
describe.each(DOM_KINDS)('extract() on a document (%s)', (kind) => {
  it.each(PRESETS)('§1 extraction never changes the document (%s options)', (_name, options) => {
    const doc = parseWith(kind, EN_PAGE);
    const before = doc.documentElement.outerHTML;
    extract(doc, ENV, { url: URL_EN }, options);
    expect(doc.documentElement.outerHTML).toBe(before);
  });
});

describe('extract() gives the same article on every DOM', () => {
  /** The DOM-independent part of the result (timings and trace excluded). */
  const comparable = (a: Article): unknown => ({ ...a, timings: null, explain: { ...a.explain, steps: [] } });

  it.each([
    ['English', EN_PAGE],
    ['Chinese', ZH_PAGE],
  ])('§8.7 cross-DOM: %s page under happy-dom, linkedom and parse5', (_name, page) => {
    const [first, ...others] = MODEL_KINDS.map((kind) =>
      comparable(extract(pageSource(kind, page, DEFAULT_OPTIONS), ENV, { url: URL_EN }, DEFAULT_OPTIONS)),
    );
    expect(others).toHaveLength(2);
    for (const other of others) expect(other).toEqual(first);
  });
});
