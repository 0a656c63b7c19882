import { afterAll, describe, expect, it } from 'vitest';
import type { StructuredMeta } from '../../../src/core/metadata/structured.ts';
import { readJsonLd } from '../../../src/core/metadata/json-ld.ts';
import { readStructuredMeta } from '../../../src/core/metadata/structured.ts';
import type { DateFinderOptions } from '../../../src/core/dates/date-finder.ts';
import { closeWindows } from '../../helpers/dom.ts';
import type { ModelKind } from '../../helpers/model.ts';
import { MODEL_KINDS, contextOf, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const DATES: DateFinderOptions = { minYear: 1990, maxYear: 2030, dayFirst: true };

const jsonLd = (json: string): string => `<script type="application/ld+json">${json}</script>`;
const page = (head: string, body = ''): string => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

/**
 * The metadata stage's reading: the page's JSON-LD parsed once, then the structured metadata, with the
 * dates read within DATES' bounds (not the page's own: "now" and the language would move them).
 */
const readWith = (kind: ModelKind, html: string): StructuredMeta => {
  const model = modelOf(kind, html);
  return readStructuredMeta({ ...contextOf(model), dateOpts: DATES }, readJsonLd(model));
};

describe.each(MODEL_KINDS)('readStructuredMeta (%s)', (kind) => {
  const read = (html: string): StructuredMeta => readWith(kind, html);

  it('§1.7 ext: JSON-LD NewsArticle with an author object', () => {
    const meta = read(
      page(
        jsonLd(
          '{"@context":"https://schema.org","@type":"NewsArticle","headline":"City opens library","author":{"@type":"Person","name":"Jane Doe"},"datePublished":"2019-05-13T10:20:00+08:00"}',
        ),
      ),
    );
    expect(meta.titles).toEqual([{ value: 'City opens library', from: 'json-ld', detail: 'NewsArticle.headline' }]);
    expect(meta.authors).toEqual([{ value: 'Jane Doe', from: 'json-ld', detail: 'NewsArticle.author' }]);
    expect(meta.dates).toEqual([
      { iso: '2019-05-13T10:20:00+08:00', text: '2019-05-13T10:20:00+08:00', from: 'json-ld', detail: 'NewsArticle.datePublished' },
    ]);
  });

  it('§1.7: every value is decoded exactly once (JSON-LD strings by us, attributes by the parser)', () => {
    const meta = read(
      page(
        `<meta property="og:title" content="Why the ferry doesn&#039;t run" /><meta name="author" content="Tides &amp;amp; Times" />` +
          jsonLd(
            '{"@type":"NewsArticle","headline":"Why the ferry doesn&#039;t run","author":{"@type":"Person","name":"Tides &amp;amp; Times"}}',
          ),
      ),
    );
    // The parser leaves a script's text raw: one decode of our own gives what the page's author wrote.
    expect(meta.titles.map((t) => t.value)).toEqual(["Why the ferry doesn't run", "Why the ferry doesn't run"]);
    // "&amp;amp;" is the text "&amp;" after one decode, in an attribute as in JSON-LD: never decoded twice.
    expect(meta.authors.map((a) => a.value)).toEqual(['Tides &amp; Times', 'Tides &amp; Times']);
  });

  it('§1.7 ext: JSON-LD author array joins the names', () => {
    const meta = read(
      page(jsonLd('{"@type":"Article","author":[{"@type":"Person","name":"Jane Doe"},"John Roe",{"@type":"Person","name":" "}]}')),
    );
    expect(meta.authors.map((a) => a.value)).toEqual(['Jane Doe, John Roe']);
  });

  it('§1.7 ext: JSON-LD @graph is searched, and non-article types are ignored', () => {
    const meta = read(
      page(
        jsonLd(
          '{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"Example News"},{"@type":"Person","name":"Not An Author"},{"@type":"BlogPosting","headline":"Graph headline","author":{"name":"Gina"},"datePublished":"2018-01-02"}]}',
        ),
      ),
    );
    expect(meta.titles.map((t) => t.value)).toEqual(['Graph headline']);
    expect(meta.authors.map((a) => a.value)).toEqual(['Gina']);
    expect(meta.dates.map((d) => d.iso)).toEqual(['2018-01-02']);
  });

  it('§1.7 ext: a list of JSON-LD objects at the top level', () => {
    const meta = read(page(jsonLd('[{"@type":"Organization","name":"Org"},{"@type":["NewsArticle"],"headline":"Listed"}]')));
    expect(meta.titles.map((t) => t.value)).toEqual(['Listed']);
  });

  it('§1.7 ext: a broken JSON-LD block is ignored without throwing, and the other blocks are read', () => {
    const html = page(jsonLd('{ "@type": "NewsArticle", "headline": ') + jsonLd('{"@type":"NewsArticle","headline":"Still read"}'));
    expect(() => read(html)).not.toThrow();
    expect(read(html).titles.map((t) => t.value)).toEqual(['Still read']);
  });

  it('§1.7 ext: lenient JSON-LD: a trailing comma and raw control characters are forgiven', () => {
    const meta = read(page(jsonLd('{"@type":"NewsArticle","headline":"Line one\nline two","author":"Jane Doe",}')));
    expect(meta.titles.map((t) => t.value)).toEqual(['Line one line two']);
    expect(meta.authors.map((a) => a.value)).toEqual(['Jane Doe']);
  });

  it('§1.7 ext: JSON-LD wrapped in an HTML comment is read', () => {
    const meta = read(page(jsonLd('<!-- {"@type":"NewsArticle","headline":"Commented"} -->')));
    expect(meta.titles.map((t) => t.value)).toEqual(['Commented']);
  });

  it('§1.7 ext: JSON-LD in a CDATA section, bare or behind "//", is read (a BlogPosting\'s author)', () => {
    const bare = read(
      page(jsonLd('\n  <![CDATA[\n  {"@type":"BlogPosting","headline":"Survey","author":{"@type":"Person","name":"Dave Steer"}}\n  ]]>\n')),
    );
    expect(bare.authors.map((a) => a.value)).toEqual(['Dave Steer']);
    const behind = read(page(jsonLd('//<![CDATA[\n{"@type":"NewsArticle","headline":"Behind"}\n//]]>')));
    expect(behind.titles.map((t) => t.value)).toEqual(['Behind']);
  });

  it('§1.7 ext: meta article:published_time, og:title and author', () => {
    const meta = read(
      page(
        '<meta property="article:published_time" content="2019-05-12T08:00:00Z">' +
          '<meta property="og:title" content="OG title">' +
          '<meta name="author" content="Meta Author">',
      ),
    );
    expect(meta.titles).toEqual([{ value: 'OG title', from: 'meta', detail: 'og:title' }]);
    expect(meta.authors).toEqual([{ value: 'Meta Author', from: 'meta', detail: 'author' }]);
    expect(meta.dates.map((d) => [d.iso, d.from, d.detail])).toEqual([['2019-05-12T08:00:00Z', 'meta', 'article:published_time']]);
    expect(meta.dates[0]?.ref?.selector).toMatch(/meta/);
  });

  it('§1.7 ext: an author meta holding a URL is not a name', () => {
    const meta = read(page('<meta property="article:author" content="https://facebook.com/janedoe">'));
    expect(meta.authors).toEqual([]);
  });

  it('§1.7 ext: meta source and lang', () => {
    const meta = read(page('<meta name="source" content="Reuters"><meta property="og:locale" content="en_GB">'));
    expect(meta.sources.map((s) => s.value)).toEqual(['Reuters']);
    expect(meta.lang).toBe('en_GB');
  });

  it('§1.7 ext: itemprop datePublished, author and headline outside meta tags', () => {
    const meta = read(
      page(
        '',
        '<article itemscope><h1 itemprop="headline">Micro headline</h1>' +
          '<span itemprop="author" itemscope><span itemprop="name">Ian Item</span></span>' +
          '<span itemprop="datePublished" content="2019-05-11">May 11</span></article>',
      ),
    );
    expect(meta.titles).toEqual([{ value: 'Micro headline', from: 'itemprop', detail: 'headline' }]);
    expect(meta.authors).toEqual([{ value: 'Ian Item', from: 'itemprop', detail: 'author' }]);
    expect(meta.dates.map((d) => [d.iso, d.from])).toEqual([['2019-05-11', 'itemprop']]);
  });

  it('§1.7 ext: time[datetime][pubdate] comes before other time elements', () => {
    const meta = read(page('', '<time datetime="2019-06-10">June</time><p><time datetime="2019-05-10" pubdate>May</time></p>'));
    expect(meta.dates.map((d) => [d.iso, d.detail])).toEqual([
      ['2019-05-10', 'time[pubdate]'],
      ['2019-06-10', 'time[datetime]'],
    ]);
  });

  it('§1.7 ext: a time element inside a "published" class counts as the publication time', () => {
    const meta = read(page('', '<time datetime="2019-06-10">x</time><span class="published"><time datetime="2019-05-10">y</time></span>'));
    expect(meta.dates[0]).toMatchObject({ iso: '2019-05-10', detail: 'time[pubdate]' });
  });

  it('§1.7 ext: rel=author links', () => {
    const meta = read(page('', '<a rel="author" href="/staff/rel">Rel Author</a><a rel="nofollow author" href="/x">Second</a>'));
    expect(meta.authors.map((a) => [a.value, a.from])).toEqual([
      ['Rel Author', 'rel-author'],
      ['Second', 'rel-author'],
    ]);
  });

  it('§1.7 ext: sources are kept in priority order: JSON-LD, meta, itemprop, time elements', () => {
    const meta = read(
      page(
        jsonLd('{"@type":"NewsArticle","datePublished":"2019-05-13"}') + '<meta property="article:published_time" content="2019-05-12">',
        '<span itemprop="datePublished" content="2019-05-11"></span><time datetime="2019-05-10"></time>',
      ),
    );
    expect(meta.dates.map((d) => d.from)).toEqual(['json-ld', 'meta', 'itemprop', 'time-element']);
  });

  it('§1.7 ext: modification dates are never read as publication', () => {
    const meta = read(
      page(
        jsonLd('{"@type":"NewsArticle","headline":"Only modified","dateModified":"2020-01-01"}') +
          '<meta property="article:modified_time" content="2021-02-02">' +
          '<meta property="og:updated_time" content="2021-03-03">' +
          '<meta itemprop="dateModified" content="2021-04-04">',
        '<span itemprop="dateModified" content="2021-05-05">x</span>',
      ),
    );
    expect(meta.dates).toEqual([]);
  });

  it('§1.7 ext: a modification date next to a publication date does not replace it', () => {
    const meta = read(
      page(
        '<meta property="article:modified_time" content="2021-02-02"><meta property="article:published_time" content="2019-05-12">' +
          jsonLd('{"@type":"NewsArticle","dateModified":"2020-01-01","datePublished":"2019-05-13"}'),
      ),
    );
    expect(meta.dates.map((d) => d.iso)).toEqual(['2019-05-13', '2019-05-12']);
  });

  it('§1.7 ext: a date outside the year bounds is dropped', () => {
    const meta = read(page('<meta property="article:published_time" content="1970-01-01T00:00:00Z">'));
    expect(meta.dates).toEqual([]);
  });

  it('§1.7 ext: the html lang attribute is the language', () => {
    const meta = readWith(kind, '<html lang="zh-CN"><head></head><body></body></html>');
    expect(meta.lang).toBe('zh-CN');
  });

  it('§1.7 ext: a page without structured data gives empty lists', () => {
    const meta = read(page('<title>Plain</title>', '<p>Text</p>'));
    expect(meta).toEqual({
      titles: [],
      authors: [],
      sources: [],
      dates: [],
      lang: null,
      publishers: [],
      sites: [],
      organizations: [],
      persons: [],
    });
  });

  it('§1.7 ext: meta keys are normalised (DC.title = dc:title), property wins over name, common priority order', () => {
    const meta = read(
      page(
        '<meta name="og:title" content="Open Graph name title"><meta name="DC.title" content="Dublin Core name title">' +
          '<meta property="dc:title" content="Dublin Core property title"><meta property="og:title" content="Open Graph property title">',
      ),
    );
    expect(meta.titles.map((t) => t.value)).toEqual(['Dublin Core property title', 'Open Graph property title']);
    expect(meta.titles[0]?.detail).toBe('dc:title');
  });

  it('§1.7 ext: a property attribute may list several keys separated by spaces', () => {
    const meta = read(
      page('<meta property="x:title dc:title" content="Preferred title"><meta property="dc:creator twitter:site" content="Creator Name">'),
    );
    expect(meta.titles[0]?.value).toBe('Preferred title');
    expect(meta.authors[0]?.value).toBe('Creator Name');
  });

  it('§1.7 ext: JSON-LD headline and name differ: the one closer to <title> is the title', () => {
    const ld = jsonLd('{"@type":"Article","name":"List of films featuring time loops","headline":"Wikimedia list article"}');
    const meta = read(page(`<title>List of films featuring time loops - Wikipedia</title>${ld}`));
    expect(meta.titles[0]).toMatchObject({ value: 'List of films featuring time loops', detail: 'Article.name' });
  });
});

describe.each(MODEL_KINDS)('the site names (%s)', (kind) => {
  const read = (html: string): StructuredMeta => readWith(kind, html);

  it('og:site_name, then the JSON-LD article publisher, then application-name, each with where it was read', () => {
    const meta = read(
      page(
        '<meta name="application-name" content="Guardian App" /><meta property="og:site_name" content="The Guardian" />' +
          jsonLd('{"@type":"NewsArticle","headline":"x","publisher":{"@type":"Organization","name":"Guardian News & Media"}}'),
      ),
    );
    expect(meta.sites).toEqual([
      { value: 'The Guardian', from: 'meta', detail: 'og:site_name' },
      { value: 'Guardian News & Media', from: 'json-ld', detail: 'NewsArticle.publisher' },
      { value: 'Guardian App', from: 'meta', detail: 'application-name' },
    ]);
  });

  it('a name given twice is listed once; a page that names no site has none', () => {
    const twice = read(
      page('<meta property="og:site_name" content="Spiegel" />' + jsonLd('{"@type":"NewsArticle","publisher":"Spiegel"}')),
    );
    expect(twice.sites.map((s) => s.value)).toEqual(['Spiegel']);
    expect(read(page('<meta name="author" content="Jane Doe" />')).sites).toEqual([]);
  });
});
