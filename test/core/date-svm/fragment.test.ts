/** §3.2–3.3 The fragment of a date: 4 levels of tag names, cleaned attribute tokens, the link counter. */
import { afterAll, describe, expect, it } from 'vitest';
import { describeFragment, readFragment, valueTokens } from '../../../src/core/date-svm/samples/fragment.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { MODEL_KINDS, firstTag, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const OPTS = { levels: 4, maxTokensPerValue: 8 };

describe.each(MODEL_KINDS)('readFragment (%s)', (kind) => {
  it('reads 4 levels from the holding element up: tag names, attribute names and class/id/itemprop words', () => {
    const model = modelOf(
      kind,
      `<html><body><div id="main-col"><div class="article-meta__info"><p class="byline"><span class="pubDate" itemprop="datePublished" style="color:red">2019-05-13</span></p></div></div></body></html>`,
    );
    const f = readFragment(model, firstTag(model, 'span'), OPTS);
    expect(f.tags).toEqual(['span', 'p', 'div', 'div']);
    expect(f.links).toBe(0);
    expect(f.tokens).toEqual(
      expect.arrayContaining([
        '@class',
        '@itemprop',
        '@style',
        'pub',
        'date',
        'published',
        'byline',
        'article',
        'meta',
        'info',
        '@id',
        'main',
        'col',
      ]),
    );
    // The style value is not tokenised, only its name.
    expect(f.tokens).not.toContain('color');
    expect(f.tokens).not.toContain('red');
  });

  it('a linked date drops the link (and its href) and counts it; the fragment keeps 4 other levels', () => {
    const model = modelOf(
      kind,
      `<html><body><ul class="list"><li class="item"><a href="https://example.com/2019/05/13/story-12345.html" class="title"><em>2019-05-13</em></a></li></ul></body></html>`,
    );
    const f = readFragment(model, firstTag(model, 'em'), OPTS);
    expect(f.tags).toEqual(['em', 'li', 'ul', 'body']);
    expect(f.links).toBe(1);
    expect(f.tokens).not.toContain('@href');
    expect(f.tokens).not.toContain('title');
  });

  it('describes the fragment for people', () => {
    const model = modelOf(kind, `<html><body><div id="info"><span class="date time">2019-05-13</span></div></body></html>`);
    expect(describeFragment(model, firstTag(model, 'span'), 2)).toBe('span.date < div#info');
  });
});

describe('valueTokens', () => {
  it('splits on non-letters and camelCase, lower-cases, and keeps 2–24 letters', () => {
    expect(valueTokens('article-meta__pubDate x', 8)).toEqual(['article', 'meta', 'pub', 'date']);
    expect(valueTokens('publishTime', 8)).toEqual(['publish', 'time']);
    // A compound written as one word also gives the date words inside it.
    expect(valueTokens('firstpublishedtime', 8)).toEqual(['firstpublishedtime', 'first', 'published', 'time']);
    expect(valueTokens('pubdate lastmodified', 8)).toEqual(['pubdate', 'pub', 'date', 'lastmodified', 'last', 'modified']);
    expect(valueTokens('timeline', 8)).toEqual(['timeline', 'time']);
  });

  it('replaces URLs and long numbers with placeholders; an itemtype URL keeps its type name', () => {
    expect(valueTokens('https://example.com/a/b', 8)).toEqual(['#url']);
    expect(valueTokens('http://schema.org/NewsArticle', 8, true)).toEqual(['newsarticle']);
    expect(valueTokens('//cdn.example.com/', 8)).toEqual(['#url']);
    expect(valueTokens('post-123456', 8)).toEqual(['#num', 'post']);
  });

  it('keeps CJK class words and bounds the count', () => {
    expect(valueTokens('时间 日期', 8)).toEqual(['时间', '日期']);
    expect(valueTokens('a1 b2 cc dd ee ff gg hh ii jj kk', 3)).toHaveLength(3);
  });
});
