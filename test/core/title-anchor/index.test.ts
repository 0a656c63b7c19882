import { afterAll, describe, expect, it } from 'vitest';
import type { PageModel } from '../../../src/core/model/page-model.ts';
import type { PartialOptions } from '../../../src/core/options.ts';
import { faithfulOptions } from '../../helpers/options.ts';
import type { TitleAnchorResult } from '../../../src/core/title-anchor/index.ts';
import { findTitleAnchoredBody } from '../../../src/core/title-anchor/index.ts';
import { findQueryTitles } from '../../../src/core/title-anchor/query-title.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { MODEL_KINDS, byId, contextOf, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const S = (n: number): string => `<p>第${n}段，市长表示，该馆完全依靠太阳能供电，造价也低于预期。</p>`;

/** The ordinal of the element with the id (it must be there). */
function idOf(model: PageModel, id: string): number {
  const el = byId(model, id);
  if (el < 0) throw new Error(`no #${id}`);
  return el;
}

/** The first `<p>` inside the element with the id (`#id p`). */
function firstParagraphIn(model: PageModel, id: string): number {
  const top = idOf(model, id);
  const p = model.findTag('P', top + 1, model.end[top]);
  if (p < 0) throw new Error(`no p in #${id}`);
  return p;
}

describe.each(MODEL_KINDS)('findTitleAnchoredBody (%s)', (kind) => {
  const run = (html: string, options: PartialOptions = {}, linkTitle: string | null = null): { model: PageModel; r: TitleAnchorResult } => {
    const opts = faithfulOptions(options);
    const model = modelOf(kind, html, opts);
    const queries = findQueryTitles(model, linkTitle, opts.titleAnchor);
    return { model, r: findTitleAnchoredBody(contextOf(model, opts), queries, opts.titleAnchor) };
  };

  const PAGE =
    '<html><head><title>我市首座太阳能图书馆开放_新闻中心</title></head><body>' +
    '<div class="nav"><a href="/">首页</a><a href="/news">新闻</a></div>' +
    `<div id="lca"><h1>我市首座太阳能图书馆开放</h1><div class="info">2019年05月13日 来源：新华社</div>` +
    `<div id="body"><div id="main">${S(1)}${S(2)}${S(3)}</div><div id="side">${S(4)}</div></div></div></body></html>`;

  it('§1.4–1.5 title block, first sentence, LCA and descent to the element holding most sentences', () => {
    const { model, r } = run(PAGE);
    expect(r.query).toEqual({ text: '我市首座太阳能图书馆开放_新闻中心', from: 'title-element' });
    expect(r.titleBlock?.text).toBe('我市首座太阳能图书馆开放');
    expect(r.firstSentence?.text).toMatch(/^第1段/);
    expect(r.bodyRoot).toBe(idOf(model, 'main'));
  });

  it('§1.1 the link title is the query when given', () => {
    const { r } = run(PAGE, {}, '太阳能图书馆开放');
    expect(r.query?.from).toBe('link-title');
    expect(r.titleBlock?.text).toBe('我市首座太阳能图书馆开放');
  });

  const NO_TITLE_MATCH =
    '<html><head><title>首页 - 示例网</title><meta property="og:title" content="我市首座太阳能图书馆开放"></head><body>' +
    `<div id="lca"><h1>我市首座太阳能图书馆开放</h1><div id="main">${S(1)}${S(2)}</div></div></body></html>`;

  it('§1.1 faithful: when <title> matches no block there is no anchor and no body', () => {
    const { r } = run(NO_TITLE_MATCH);
    expect(r).toMatchObject({ titleBlock: null, firstSentence: null, bodyRoot: null, query: null });
  });

  it('§1.1 ext fallbackQueryTitles: og:title is tried when <title> matches no block', () => {
    const { model, r } = run(NO_TITLE_MATCH, { titleAnchor: { extensions: { fallbackQueryTitles: true } } });
    expect(r.query).toEqual({ text: '我市首座太阳能图书馆开放', from: 'meta' });
    expect(r.titleBlock?.text).toBe('我市首座太阳能图书馆开放');
    expect(r.bodyRoot).toBe(idOf(model, 'main'));
  });

  it('§1.5 gap-filler descendFromBodyWithoutTitle: with no anchor, descend from <body>', () => {
    const { model, r } = run(NO_TITLE_MATCH, { titleAnchor: { extensions: { descendFromBodyWithoutTitle: true } } });
    expect(r.titleBlock).toBeNull();
    expect(r.bodyRoot).toBe(idOf(model, 'main'));
    expect(r.firstSentence?.text).toMatch(/^第1段/);
  });

  it('§1.4 a title with no sentence after it takes the nearest sentence before it', () => {
    const { r } = run(
      `<html><head><title>我市首座太阳能图书馆开放</title></head><body><div id="a">${S(1)}</div><h1>我市首座太阳能图书馆开放</h1></body></html>`,
    );
    expect(r.titleBlock?.text).toBe('我市首座太阳能图书馆开放');
    expect(r.firstSentence?.text).toMatch(/^第1段/);
  });

  const WITH_STANDFIRST = (between: string): string =>
    '<html><head><title>Solar library opens in the old goods depot</title></head><body><article id="article">' +
    '<header id="head"><h1>Solar library opens in the old goods depot</h1>' +
    '<p>The council says the new library, a converted brick shed, will produce more electricity than it uses.</p></header>' +
    between +
    '<div id="text"><p>Riverton opened its new public library on Thursday morning, and the queue reached the station by nine.</p>' +
    '<p>More than six hundred people came on the first day, many of them carrying books they had promised to give away.</p>' +
    '<p>The mayor, who cut the ribbon, said the building would pay for itself within twelve years, the council agreed.</p></div>' +
    '</article><footer><p>Comments are closed on this article, as they are on every article older than two weeks.</p></footer></body></html>';
  const LATIN = { text: { extensions: { latinSentence: true } } } as const;

  it('§1.5 faithful: a one-sentence standfirst under the headline becomes the whole body', () => {
    const { model, r } = run(WITH_STANDFIRST(''), LATIN);
    expect(r.firstSentence?.text).toMatch(/^The council says/);
    expect(r.bodyRoot).toBe(firstParagraphIn(model, 'head'));
  });

  it('§1.5 ext multiSentenceLca: the LCA of the title and the first two sentences reaches the article text', () => {
    const { model, r } = run(WITH_STANDFIRST(''), { ...LATIN, titleAnchor: { extensions: { multiSentenceLca: true }, lcaSentences: 2 } });
    expect(r.bodyRoot).toBe(idOf(model, 'text'));
  });

  it('§1.5 ext multiSentenceLca: a second sentence farther than lcaWindowBlocks blocks does not count', () => {
    const gap = '<ul>' + Array.from({ length: 6 }, (_, i) => `<li>Related link ${i}</li>`).join('') + '</ul>';
    const opts = { ...LATIN, titleAnchor: { extensions: { multiSentenceLca: true }, lcaSentences: 2, lcaWindowBlocks: 3 } };
    const { model, r } = run(WITH_STANDFIRST(gap), opts);
    expect(r.bodyRoot).toBe(firstParagraphIn(model, 'head'));
    const wide = run(WITH_STANDFIRST(gap), { ...opts, titleAnchor: { ...opts.titleAnchor, lcaWindowBlocks: 16 } });
    expect(wide.r.bodyRoot).toBe(idOf(wide.model, 'text'));
  });

  describe('descentKeepsAnchor extension', () => {
    const ON: PartialOptions = { titleAnchor: { extensions: { descentKeepsAnchor: true, multiSentenceLca: true } } };
    const HEAD = '<html><head><title>我市首座太阳能图书馆开放_新闻中心</title></head><body>';
    // The article in two sibling containers: a lead paragraph, then the rest in a "read more" box.
    const SPLIT = `${HEAD}<div id="story"><h1>我市首座太阳能图书馆开放</h1><div id="lead">${S(1)}</div><div id="more">${S(2)}${S(3)}${S(4)}</div></div></body></html>`;

    it('faithful reference: the descent takes the heavier container and drops the lead', () => {
      const { model, r } = run(SPLIT);
      expect(r.bodyRoot).toBe(idOf(model, 'more'));
    });

    it('the descent stops where the next step would leave the first sentence behind', () => {
      const { model, r } = run(SPLIT, ON);
      expect(r.bodyRoot).toBe(idOf(model, 'story'));
    });

    it('a caption (a sentence with an image, in a container of little more text) does not bind the descent', () => {
      const page =
        `${HEAD}<div id="story"><h1>我市首座太阳能图书馆开放</h1>` +
        `<div class="photo"><img src="a.jpg" alt=""><p>图为新馆外景，市长表示，该馆完全依靠太阳能供电，造价也低于预期。</p></div>` +
        `<div id="text">${S(1)}${S(2)}${S(3)}</div></div></body></html>`;
      const { model, r } = run(page, ON);
      expect(r.bodyRoot).toBe(idOf(model, 'text'));
    });

    it("a standfirst in the headline's header (no further anchor sentence there) does not bind the descent", () => {
      const page =
        `${HEAD}<div id="story"><header><h1>我市首座太阳能图书馆开放</h1><p>导语：新馆开放，市长表示，该馆完全依靠太阳能供电，造价也低于预期。</p></header>` +
        `<div id="text">${S(1)}${S(2)}${S(3)}</div><div id="side">${S(4)}</div></div></body></html>`;
      const { model, r } = run(page, ON);
      expect(r.bodyRoot).toBe(idOf(model, 'text'));
    });
  });

  describe('skipTeaserLists extension', () => {
    const ON: PartialOptions = { titleAnchor: { extensions: { descentKeepsAnchor: true, multiSentenceLca: true, skipTeaserLists: true } } };
    const HEAD = '<html><head><title>我市首座太阳能图书馆开放_新闻中心</title></head><body>';
    /** A news feed: a linked headline, then a one-sentence summary, per item. */
    const item = (n: number): string =>
      `<dt><a href="/n${n}">快讯${n}</a></dt><dd>第${n}条快讯，记者获悉，相关部门已经介入，调查仍在进行。</dd>`;
    const FEED = `<dl id="feed">${[5, 6, 7, 8, 9, 10, 11].map(item).join('')}</dl>`;
    const PAGE = `${HEAD}<div id="col"><h1>我市首座太阳能图书馆开放</h1><div id="text">${S(1)}${S(2)}${S(3)}</div>${FEED}</div></body></html>`;

    it('faithful reference: the feed holds most sentences and the descent takes it', () => {
      const { model, r } = run(PAGE);
      expect(r.bodyRoot).toBe(idOf(model, 'feed'));
      expect(r.teaserLists).toEqual([]);
    });

    it('descentKeepsAnchor alone stops above both: the body keeps the feed', () => {
      const { model, r } = run(PAGE, { titleAnchor: { extensions: { descentKeepsAnchor: true, multiSentenceLca: true } } });
      expect(r.bodyRoot).toBe(idOf(model, 'col'));
    });

    it('a heaviest child with its sentences in list items is a teaser list: left out, and the descent follows the article', () => {
      const { model, r } = run(PAGE, ON);
      expect(r.bodyRoot).toBe(idOf(model, 'text'));
      expect(r.teaserLists).toEqual([idOf(model, 'feed')]);
    });

    it('below teaserListMinShare of its sentences in list items, the child is not a teaser list', () => {
      // Four sentences in paragraphs, three in headline-and-summary items: 3/7 < 0.5.
      const mixed = `${HEAD}<div id="col"><h1>我市首座太阳能图书馆开放</h1><div id="text">${S(1)}${S(2)}</div><div id="more">${S(3)}${S(4)}${S(5)}${S(6)}<ul>${[7, 8, 9].map((n) => `<li><a href="/n${n}">标题${n}</a>${S(n)}</li>`).join('')}</ul></div></div></body></html>`;
      const { model, r } = run(mixed, ON);
      expect(r.teaserLists).toEqual([]);
      expect(r.bodyRoot).toBe(idOf(model, 'col'));
      const lenient = run(mixed, { titleAnchor: { ...ON.titleAnchor, teaserListMinShare: 0.4 } });
      expect(lenient.r.teaserLists).toEqual([idOf(lenient.model, 'more')]);
    });

    it("an ordered list's items (steps, references) are not teasers", () => {
      const refs = `<ol id="refs">${[5, 6, 7, 8, 9, 10, 11].map((n) => `<li><a href="/r${n}">出处${n}</a>${S(n)}</li>`).join('')}</ol>`;
      const page = `${HEAD}<div id="col"><h1>我市首座太阳能图书馆开放</h1><div id="text">${S(1)}${S(2)}${S(3)}</div>${refs}</div></body></html>`;
      const { model, r } = run(page, ON);
      expect(r.teaserLists).toEqual([]);
      expect(r.bodyRoot).toBe(idOf(model, 'col'));
    });

    it('bullet points (one sentence per item, no headline) are content, not teasers', () => {
      const bullets = `<ul id="points">${[5, 6, 7, 8, 9, 10, 11].map((n) => `<li>${S(n)}</li>`).join('')}</ul>`;
      const page = `${HEAD}<div id="col"><h1>我市首座太阳能图书馆开放</h1><div id="text">${S(1)}${S(2)}${S(3)}</div>${bullets}</div></body></html>`;
      const { model, r } = run(page, ON);
      expect(r.teaserLists).toEqual([]);
      expect(r.bodyRoot).toBe(idOf(model, 'col'));
    });

    it('an anchor sentence in a list item does not make the other lists teasers', () => {
      const listed = `${HEAD}<div id="col"><h1>我市首座太阳能图书馆开放</h1><ul id="steps"><li>${S(1)}</li><li>${S(2)}</li></ul>${FEED}</div></body></html>`;
      const { model, r } = run(listed, ON);
      expect(r.teaserLists).toEqual([]);
      expect(r.bodyRoot).toBe(idOf(model, 'col'));
    });
  });
});
