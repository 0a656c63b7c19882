/**
 * §4.1 Similar page on hand-written link sets: the four principles (host, segment count, shape, another
 * article), the token classes of principle 3, the query-id rule, ranking, de-duplication, the cap, the
 * reason line and bad input. Shapes from Chinese portals (Sina, NetEase, Tencent, Sohu, a Discuz forum)
 * and English sites (BBC, a dated blog).
 */
import { describe, expect, it } from 'vitest';
import type { PageLink, SimilarUrlOptions } from '../../../src/core/lcs-diff/similar-urls.ts';
import { DEFAULT_SIMILAR_URL_OPTIONS, rankSimilarUrls, similarUrlRanking } from '../../../src/core/lcs-diff/similar-urls.ts';

/** A link outside the article body. */
const out = (href: string): PageLink => ({ href, inBody: false });
/** A link inside the article body. */
const inBody = (href: string): PageLink => ({ href, inBody: true });

/** The ranked URLs only. */
const urls = (pageUrl: string, hrefs: readonly (string | PageLink)[], opts?: SimilarUrlOptions): string[] =>
  rankSimilarUrls(
    pageUrl,
    hrefs.map((h) => (typeof h === 'string' ? out(h) : h)),
    opts,
  ).map((s) => s.url);

/** Only `href` qualifies (or nothing, with `false`): the single-link form of the principle tests. */
const qualifies = (pageUrl: string, href: string): boolean => urls(pageUrl, [href]).length === 1;

const SINA = 'https://news.sina.com.cn/c/2010-09-27/2024211.shtml';
const SINA_HOST = 'https://news.sina.com.cn';

describe('rankSimilarUrls: a Sina article (§4.1 principles 1–4)', () => {
  it('keeps the same-shape articles and drops the rest of the page’s links', () => {
    const links = [
      out(`${SINA_HOST}/c/2010-09-26/1534567.shtml`), // another day, another article: similar
      out(`${SINA_HOST}/o/2010-09-27/2024300.shtml`), // channel o, not c: a plain-word middle segment differs
      out(`${SINA_HOST}/c/2010-09-27/2024211.shtml#comments`), // the page itself
      out(`${SINA_HOST}/c/2010-09-27/2024211.shtml?from=rss`), // the page itself, tracking parameter
      out('https://sports.sina.com.cn/c/2010-09-27/2024222.shtml'), // another host
      out(`${SINA_HOST}/c/`), // an index: one segment
      out(`${SINA_HOST}/c/2010-09-27/index.shtml`), // a word, not an article number
      out(`${SINA_HOST}/c/2010-09-27/2024299.html`), // another extension
      inBody(`${SINA_HOST}/c/2010-09-27/2024255.shtml`), // a body link
      out(`${SINA_HOST}/c/2010-09-27/2024256.shtml`), // same day: similar, one more equal segment
    ];
    expect(rankSimilarUrls(SINA, links).map((s) => s.url)).toEqual([
      `${SINA_HOST}/c/2010-09-27/2024256.shtml`,
      `${SINA_HOST}/c/2010-09-26/1534567.shtml`,
    ]);
  });

  it('principle 1: the scheme and the whole host (www. included) must be equal', () => {
    expect(qualifies(SINA, 'http://news.sina.com.cn/c/2010-09-26/1534567.shtml')).toBe(false);
    expect(qualifies(SINA, 'https://www.news.sina.com.cn/c/2010-09-26/1534567.shtml')).toBe(false);
    expect(qualifies(SINA, 'https://news.sina.com.cn:8443/c/2010-09-26/1534567.shtml')).toBe(false);
    expect(qualifies(SINA, 'https://NEWS.sina.com.cn/c/2010-09-26/1534567.shtml')).toBe(true); // hosts are case-insensitive
    expect(qualifies('https://www.163.com/news/article/H7K2J3L40001899O.html', 'https://163.com/news/article/H7K2J3L40001900P.html')).toBe(
      false,
    );
  });

  it('principle 2: the same number of segments, a trailing slash ignored on both', () => {
    expect(qualifies(SINA, `${SINA_HOST}/c/2010-09-26/1534567.shtml/`)).toBe(true);
    expect(qualifies(SINA, `${SINA_HOST}/c/2010/09/26/1534567.shtml`)).toBe(false);
    expect(qualifies(SINA, `${SINA_HOST}/2010-09-26/1534567.shtml`)).toBe(false);
  });

  it('principle 3: a 1–2 letter channel segment is a plain word, so /o/ against /c/ disqualifies', () => {
    expect(qualifies(SINA, `${SINA_HOST}/o/2010-09-27/2024300.shtml`)).toBe(false);
    expect(qualifies(SINA, `${SINA_HOST}/gn/2010-09-27/2024300.shtml`)).toBe(false);
  });

  it('principle 3: a date must stay a date (2010_09_26 is one; 2010-13-40 and a number are not)', () => {
    expect(qualifies(SINA, `${SINA_HOST}/c/2010_09_26/1534567.shtml`)).toBe(true);
    expect(qualifies(SINA, `${SINA_HOST}/c/2010-13-40/1534567.shtml`)).toBe(false);
    expect(qualifies(SINA, `${SINA_HOST}/c/20100926/1534567.shtml`)).toBe(false);
  });

  it('principle 4: the page itself is never a candidate, whatever its fragment, tracking parameters or trailing slash', () => {
    expect(
      urls(SINA, [
        `${SINA}#comments`,
        `${SINA}?from=rss`,
        `${SINA}?utm_source=weibo&utm_medium=social#top`,
        `${SINA}/`,
        `${SINA}?SPM=a.b.c`, // tracking names match without regard to case
      ]),
    ).toEqual([]);
  });

  it('principle 4: a body link is skipped, but the same URL linked outside the body counts', () => {
    const other = `${SINA_HOST}/c/2010-09-26/1534567.shtml`;
    expect(urls(SINA, [inBody(other)])).toEqual([]);
    expect(urls(SINA, [inBody(other), out(other)])).toEqual([other]);
  });

  it('skips links to files, javascript: and mailto:', () => {
    expect(
      urls(SINA, [
        `${SINA_HOST}/c/2010-09-26/1534567.pdf`,
        `${SINA_HOST}/c/2010-09-26/1534567.JPG`,
        `${SINA_HOST}/c/2010-09-26/1534567.zip`,
        `${SINA_HOST}/c/2010-09-26/1534567.doc`,
        'javascript:void(0)',
        'mailto:editor@sina.com.cn',
      ]),
    ).toEqual([]);
  });

  it('returns the candidate without fragment and tracking parameters', () => {
    expect(urls(SINA, [`${SINA_HOST}/c/2010-09-26/1534567.shtml?from=rss&utm_campaign=x#comments`])).toEqual([
      `${SINA_HOST}/c/2010-09-26/1534567.shtml`,
    ]);
  });

  it('an extra non-tracking parameter on a candidate of a page without query disqualifies it', () => {
    expect(qualifies(SINA, `${SINA_HOST}/c/2010-09-26/1534567.shtml?page=2`)).toBe(false);
  });
});

describe('rankSimilarUrls: other portal shapes (§4.1 principle 3 token classes)', () => {
  const NETEASE = 'https://www.163.com/news/article/H7K2J3L40001899O.html';

  it('NetEase: id-like final stems (letters and digits) match, a section word or an index does not', () => {
    expect(
      urls(NETEASE, [
        'https://www.163.com/news/article/H7K3ABC00001899O.html',
        'https://www.163.com/news/article/index.html',
        'https://www.163.com/sports/article/H7K3ABC00001899P.html',
        'https://www.163.com/news/article/H7K3ABC00001899Q.htm',
      ]),
    ).toEqual(['https://www.163.com/news/article/H7K3ABC00001899O.html']);
  });

  it('Tencent: an 8-digit date segment and a zero-padded number are digits', () => {
    const page = 'https://news.qq.com/a/20100927/000123.htm';
    expect(qualifies(page, 'https://news.qq.com/a/20100926/004567.htm')).toBe(true);
    expect(qualifies(page, 'https://news.qq.com/b/20100926/004567.htm')).toBe(false);
  });

  it('Sohu: digit groups joined by "_" are an id', () => {
    const page = 'https://www.sohu.com/a/123456789_121106875';
    expect(qualifies(page, 'https://www.sohu.com/a/987654321_115565')).toBe(true);
    expect(qualifies(page, 'https://www.sohu.com/a/about')).toBe(false);
  });

  it('hex and uuid-like tokens are ids, in the middle of the path too', () => {
    const page = 'https://example.org/item/deadbeef/a1b2c3d4';
    expect(qualifies(page, 'https://example.org/item/0badf00d/e5f6a7b8')).toBe(true);
    const uuid = 'https://example.org/doc/123e4567-e89b-12d3-a456-426614174000/view';
    expect(qualifies(uuid, 'https://example.org/doc/00000000-0000-4000-8000-000000000001/view')).toBe(true);
    expect(qualifies(uuid, 'https://example.org/doc/some-words-here/view')).toBe(false);
  });

  it('BBC: slug-like final segments (words and digits joined by "-") share a class', () => {
    const page = 'https://www.bbc.com/news/world-europe-12345678';
    expect(
      urls(page, [
        'https://www.bbc.com/news/uk-politics-23456789',
        'https://www.bbc.com/news/live', // a word, not a slug
        'https://www.bbc.com/sport/football-34567890', // another section
        'https://www.bbc.com/news/56789012', // digits, not a slug
      ]),
    ).toEqual(['https://www.bbc.com/news/uk-politics-23456789']);
  });

  it('a dated blog: differing digit segments and a final slug, trailing slashes on both', () => {
    const page = 'https://example.com/2019/05/12/some-slug/';
    expect(
      urls(page, [
        'https://example.com/2019/06/01/other-slug/',
        'https://example.com/2019/05/13/another-slug',
        'https://example.com/2019/05/12/',
        'https://example.com/about/team/people/us/',
        'https://example.com/2019/tags/12/other-slug/', // a word where the page has a month
      ]),
    ).toEqual(['https://example.com/2019/05/13/another-slug', 'https://example.com/2019/06/01/other-slug/']);
  });

  it('a slug may differ only as the final segment', () => {
    const page = 'https://example.com/world-news/2019/123';
    expect(qualifies(page, 'https://example.com/world-news/2019/124')).toBe(true);
    expect(qualifies(page, 'https://example.com/local-news/2019/124')).toBe(false);
  });

  it('percent-encoded CJK slugs are classified after decoding', () => {
    const page = 'https://example.cn/post/%E6%96%B0%E9%97%BB-2024';
    expect(qualifies(page, 'https://example.cn/post/%E4%BD%93%E8%82%B2-2025')).toBe(true);
    expect(qualifies(page, 'https://example.cn/post/%E4%BD%93%E8%82%B2')).toBe(false); // a plain word
  });
});

describe('rankSimilarUrls: an id in the query (§4.1 principle 3)', () => {
  const FORUM = 'https://bbs.example.cn/viewthread.php?tid=123';

  it('the same parameter names with values of the same id-like class', () => {
    expect(
      urls(FORUM, [
        'https://bbs.example.cn/viewthread.php?tid=456',
        'https://bbs.example.cn/viewthread.php?tid=456&extra=page%3D1', // another parameter
        'https://bbs.example.cn/forumdisplay.php?fid=2', // another script and name
        'https://bbs.example.cn/viewthread.php?fid=456', // another name
        'https://bbs.example.cn/viewthread.php?tid=abc', // a word, not an id
        'https://bbs.example.cn/viewthread.php', // no id
        'https://bbs.example.cn/viewthread.php?tid=123&from=portal', // the page, tracking parameter
      ]),
    ).toEqual(['https://bbs.example.cn/viewthread.php?tid=456']);
  });

  it('parameter order does not matter; equal values stay equal, differing ones must be id-like', () => {
    const page = 'https://example.com/article.php?cat=news&p=5';
    expect(urls(page, ['https://example.com/article.php?p=6&cat=news'])).toEqual(['https://example.com/article.php?p=6&cat=news']);
    expect(qualifies(page, 'https://example.com/article.php?p=6&cat=sports')).toBe(false);
    expect(urls(page, ['https://example.com/article.php?p=5&cat=news'])).toEqual([]); // the page, reordered
  });

  it('a root path with an id in the query', () => {
    expect(qualifies('https://example.com/?aid=A1B2', 'https://example.com/?aid=C3D4')).toBe(true);
  });
});

describe('rankSimilarUrls: ranking, de-duplication and the cap', () => {
  it('more equal segments first, then the longer common prefix, then page order', () => {
    const ranked = rankSimilarUrls(SINA, [
      out(`${SINA_HOST}/c/2010-08-01/1000001.shtml`), // 1 equal, prefix to "/c/2010-0"
      out(`${SINA_HOST}/c/2010-09-01/1000002.shtml`), // 1 equal, prefix to "/c/2010-09-"
      out(`${SINA_HOST}/c/2010-09-27/1000003.shtml`), // 2 equal, prefix to ".../"
      out(`${SINA_HOST}/c/2010-09-27/2024299.shtml`), // 2 equal, prefix to ".../20242"
      out(`${SINA_HOST}/c/2010-08-02/1000004.shtml`), // ties with the first: after it
    ]);
    expect(ranked.map((s) => [s.url.slice(SINA_HOST.length), s.equalSegments, s.commonPrefix])).toEqual([
      ['/c/2010-09-27/2024299.shtml', 2, SINA.indexOf('11.shtml')],
      ['/c/2010-09-27/1000003.shtml', 2, SINA.lastIndexOf('/') + 1],
      ['/c/2010-09-01/1000002.shtml', 1, SINA.indexOf('27/')],
      ['/c/2010-08-01/1000001.shtml', 1, SINA.indexOf('9-27')],
      ['/c/2010-08-02/1000004.shtml', 1, SINA.indexOf('9-27')],
    ]);
  });

  it('de-duplicates by the normalised URL and keeps the first link', () => {
    const a = `${SINA_HOST}/c/2010-09-26/1534567.shtml`;
    const b = `${SINA_HOST}/c/2010-09-25/1534000.shtml`;
    expect(urls(SINA, [a, `${a}#comments`, `${a}?from=rss`, `${a}/`, b, a])).toEqual([a, b]);
  });

  it('returns at most maxCandidates', () => {
    const links = Array.from({ length: 20 }, (_, i) => `${SINA_HOST}/c/2010-09-26/15345${String(i).padStart(2, '0')}.shtml`);
    expect(urls(SINA, links)).toHaveLength(DEFAULT_SIMILAR_URL_OPTIONS.maxCandidates);
    expect(urls(SINA, links, { ...DEFAULT_SIMILAR_URL_OPTIONS, maxCandidates: 2 })).toEqual(links.slice(0, 2));
    expect(urls(SINA, links, { ...DEFAULT_SIMILAR_URL_OPTIONS, maxCandidates: 0 })).toEqual([]);
  });

  it('reads at most the first 5000 links', () => {
    const filler = Array.from({ length: 5000 }, () => `${SINA_HOST}/c/`);
    expect(urls(SINA, [...filler, `${SINA_HOST}/c/2010-09-26/1534567.shtml`])).toEqual([]);
    expect(urls(SINA, [...filler.slice(1), `${SINA_HOST}/c/2010-09-26/1534567.shtml`])).toHaveLength(1);
  });

  it('tracking parameters come from the options; a trailing "*" is a prefix', () => {
    const link = `${SINA_HOST}/c/2010-09-26/1534567.shtml?src=feed`;
    expect(urls(SINA, [link])).toEqual([]); // src is no tracking parameter by default: an extra parameter
    expect(urls(SINA, [link], { ...DEFAULT_SIMILAR_URL_OPTIONS, trackingParams: ['sr*'] })).toEqual([
      `${SINA_HOST}/c/2010-09-26/1534567.shtml`,
    ]);
  });
});

describe('rankSimilarUrls: the reason line', () => {
  it('names the host, the segments, the shape and the prefix', () => {
    const [best] = rankSimilarUrls(SINA, [out(`${SINA_HOST}/c/2010-09-26/1534567.shtml`)]);
    expect(best?.reason).toBe(`same host, 3 path segments, 1 equal, shape /c/YYYY-MM-DD/N.shtml; prefix ${best?.commonPrefix} chars`);
    expect(best?.commonPrefix).toBe(`${SINA_HOST}/c/2010-09-2`.length);
  });

  it('shows slugs, ids and query ids by their class', () => {
    expect(
      rankSimilarUrls('https://www.bbc.com/news/world-europe-12345678', [out('https://www.bbc.com/news/uk-politics-23456789')])[0]?.reason,
    ).toContain('shape /news/SLUG;');
    expect(
      rankSimilarUrls('https://www.163.com/news/article/H7K2J3L40001899O.html', [
        out('https://www.163.com/news/article/H7K3ABC00001899O.html'),
      ])[0]?.reason,
    ).toContain('shape /news/article/ID.html;');
    expect(
      rankSimilarUrls('https://bbs.example.cn/viewthread.php?tid=123', [out('https://bbs.example.cn/viewthread.php?tid=456')])[0]?.reason,
    ).toContain('1 path segments, 1 equal, shape /viewthread.php?tid=N;');
  });
});

describe('rankSimilarUrls: bad input', () => {
  it('skips relative and malformed hrefs without throwing', () => {
    const good = `${SINA_HOST}/c/2010-09-26/1534567.shtml`;
    expect(urls(SINA, ['/c/2010-09-26/1534568.shtml', '../2010-09-26/1534569.shtml', 'http://', 'https://[bad', '', '%%%', good])).toEqual([
      good,
    ]);
  });

  it('returns [] when the page URL is not http(s) or not a URL', () => {
    const links = [out(`${SINA_HOST}/c/2010-09-26/1534567.shtml`)];
    expect(rankSimilarUrls('file:///c/2010-09-27/2024211.shtml', links)).toEqual([]);
    expect(rankSimilarUrls('about:blank', links)).toEqual([]);
    expect(rankSimilarUrls('/c/2010-09-27/2024211.shtml', links)).toEqual([]);
    expect(rankSimilarUrls('', links)).toEqual([]);
  });

  it('returns [] for no links', () => {
    expect(rankSimilarUrls(SINA, [])).toEqual([]);
  });

  it('the default options are frozen', () => {
    expect(Object.isFrozen(DEFAULT_SIMILAR_URL_OPTIONS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_SIMILAR_URL_OPTIONS.trackingParams)).toBe(true);
  });
});

describe('rankSimilarUrls: query parameters that name no page (extension noiseQuery, issue 40 item 13)', () => {
  const BLOG = 'https://www.example.com/news/2024/05/solar-library';
  /** A real site's links: every one of them carries `?s=abc` (the page's address, as the reader opened it, does not). */
  const TAGGED = [
    'https://www.example.com/?s=abc',
    'https://www.example.com/news/?s=abc',
    'https://www.example.com/about?s=abc',
    'https://www.example.com/news/2024/05/wind-farm-opens?s=abc',
    'https://www.example.com/news/2024/04/council-budget?s=abc',
  ];
  const FAITHFUL: SimilarUrlOptions = { ...DEFAULT_SIMILAR_URL_OPTIONS, noiseQuery: false };

  it('a page whose every link carries ?s=abc finds its similar pages; off, it finds none', () => {
    expect(urls(BLOG, TAGGED)).toEqual([
      'https://www.example.com/news/2024/05/wind-farm-opens',
      'https://www.example.com/news/2024/04/council-budget',
    ]);
    expect(urls(BLOG, TAGGED, FAITHFUL)).toEqual([]);
    // The page opened with its own tag, another value: the same.
    expect(urls(`${BLOG}?s=xyz`, TAGGED)[0]).toBe('https://www.example.com/news/2024/05/wind-farm-opens');
    expect(urls(`${BLOG}?s=xyz`, TAGGED, FAITHFUL)).toEqual([]);
  });

  it('says in the reason line and in the noise list what it set aside, and why', () => {
    const ranking = similarUrlRanking(BLOG, TAGGED.map(out));
    expect(ranking.ranked[0]?.reason).toMatch(/; query s set aside as noise$/);
    expect(ranking.noise).toEqual([{ name: 's', why: 'name', links: 5 }]);
    expect(ranking.sameSiteLinks).toBe(5);
    expect(similarUrlRanking(BLOG, TAGGED.map(out), FAITHFUL).noise).toEqual([]);
  });

  it('an unknown name with one value on every link that carries it (a session id) is noise', () => {
    const links = TAGGED.map((h) => h.replace('s=abc', 'sid=9f8e7d6c5b4a')).concat('https://www.example.com/contact');
    expect(urls(BLOG, links)).toEqual([
      'https://www.example.com/news/2024/05/wind-farm-opens',
      'https://www.example.com/news/2024/04/council-budget',
    ]);
    expect(similarUrlRanking(BLOG, links.map(out)).noise).toEqual([{ name: 'sid', why: 'one-value', links: 5 }]);
  });

  it('an unknown name on every link, whatever its value (a position tag), is noise', () => {
    const links = TAGGED.map((h, i) => h.replace('s=abc', `pos=${['nav', 'top', 'side', 'list', 'foot'][i]}`));
    expect(urls(BLOG, links)[0]).toBe('https://www.example.com/news/2024/05/wind-farm-opens');
    expect(similarUrlRanking(BLOG, links.map(out)).noise).toEqual([{ name: 'pos', why: 'every-link', links: 5 }]);
  });

  it('the data-driven tests need noiseMinLinks links: two links with one tag are not yet the site’s habit', () => {
    const links = ['https://www.example.com/about?k=1', 'https://www.example.com/news/2024/05/wind-farm-opens?k=1'];
    expect(urls(BLOG, links)).toEqual([]);
    expect(urls(BLOG, links, { ...DEFAULT_SIMILAR_URL_OPTIONS, noiseMinLinks: 2 })).toEqual([
      'https://www.example.com/news/2024/05/wind-farm-opens',
    ]);
  });

  it('article.php?id=N still ranks by its id, though every link carries id (and a noise tag beside it)', () => {
    const page = 'https://www.example.org/article.php?id=123';
    const links = [
      'https://www.example.org/index.php?id=1',
      'https://www.example.org/list.php?id=7',
      'https://www.example.org/article.php?id=124',
      'https://www.example.org/article.php?id=99&s=abc',
      'https://www.example.org/article.php?id=123', // the page itself
    ];
    expect(urls(page, links)).toEqual(['https://www.example.org/article.php?id=124', 'https://www.example.org/article.php?id=99']);
    expect(similarUrlRanking(page, links.map(out)).noise).toEqual([{ name: 's', why: 'name', links: 1 }]);
    // A page-identifying query named like noise keeps its meaning: ?s=N on the page's own path is an id.
    const show = 'https://www.example.org/show.php?s=123';
    expect(urls(show, ['https://www.example.org/show.php?s=124', 'https://www.example.org/show.php?s=125'])).toEqual([
      'https://www.example.org/show.php?s=124',
      'https://www.example.org/show.php?s=125',
    ]);
  });
});
