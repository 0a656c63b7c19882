import { afterAll, describe, expect, it } from 'vitest';
import type { TextBlock } from '../../../src/core/model/page-model.ts';
import { chooseAuthor, chooseSite, chooseTitle, publisherNames, withoutSiteName } from '../../../src/core/metadata/choose.ts';
import type { StructuredMeta } from '../../../src/core/metadata/structured.ts';
import type { ExtractOptions } from '../../../src/core/options.ts';
import type { PageContext } from '../../../src/core/stage.ts';
import type { ZoneMetadata } from '../../../src/core/title-anchor/metadata-zone.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { contextOf, modelOf } from '../../helpers/model.ts';
import { faithfulOptions } from '../../helpers/options.ts';

afterAll(closeWindows);

/** A page's context (the references of the chosen values are made in it) and its text blocks. */
function pageOf(body: string, options: ExtractOptions = faithfulOptions({})): { ctx: PageContext; blocks: readonly TextBlock[] } {
  const model = modelOf('happy-dom', `<html><head></head><body>${body}</body></html>`, options);
  return { ctx: contextOf(model, options), blocks: model.blocks };
}

/** A page holding only an `<h1>`: its context and the heading's block. */
function h1Block(text: string): { ctx: PageContext; block: TextBlock } {
  const { ctx, blocks } = pageOf(`<h1>${text}</h1>`);
  const block = blocks[0];
  if (!block) throw new Error('no block');
  return { ctx, block };
}

/** The context of a page with no text, for choices that read no block of the page. */
const EMPTY_PAGE = pageOf('').ctx;

const structured = (titles: string[]): StructuredMeta => ({
  titles: titles.map((value) => ({ value, from: 'meta', detail: 'og:title' })),
  authors: [],
  sources: [],
  dates: [],
  lang: null,
  publishers: [],
  sites: [],
});
const OPTS = {
  titleChoice: 'structured-first',
  titleElementMinWords: 3,
  titleAffixMaxWords: 6,
  extensions: { dropTitleSiteAffix: false },
} as const;
const DROP_AFFIX = { ...OPTS, extensions: { dropTitleSiteAffix: true } } as const;

describe('withoutSiteName', () => {
  it('drops a trailing " – Site" when at least minWords words remain', () => {
    expect(withoutSiteName('Lorem ipsum dolor sit amet – My website', 3)).toBe('Lorem ipsum dolor sit amet');
    expect(withoutSiteName('How to Build a Terrarium | eHow', 3)).toBe('How to Build a Terrarium');
  });

  it('keeps the whole title when too few words would remain, or without a spaced separator', () => {
    expect(withoutSiteName('Mozilla - Wikipedia', 3)).toBe('Mozilla - Wikipedia');
    expect(withoutSiteName('海外留学生看两会_教育频道_中国青年网', 3)).toBe('海外留学生看两会_教育频道_中国青年网');
  });
});

describe('chooseTitle', () => {
  it('structured-first: the declared title wins over <title>', () => {
    const { chosen } = chooseTitle(EMPTY_PAGE, null, null, structured(['Declared']), 'Element title here', OPTS);
    expect(chosen).toMatchObject({ value: 'Declared', from: 'meta' });
  });

  it('title-block: the anchored block wins over the declared title', () => {
    const { ctx, block } = h1Block('On-page headline');
    const { chosen } = chooseTitle(ctx, block, 'On-page headline', structured(['Declared']), 'Element', {
      ...OPTS,
      titleChoice: 'title-block',
    });
    expect(chosen).toMatchObject({ value: 'On-page headline', from: 'title-block' });
  });

  it('structured-first: a declared title that the title block extends was cut short, and the block wins', () => {
    const headline = '多地项目连环爆雷 狂奔的龙湖集团"暗伤"曝露？';
    const { ctx, block } = h1Block(headline);
    const { chosen } = chooseTitle(ctx, block, headline, structured(['多地项目连环爆雷 狂奔的龙湖集团']), null, OPTS);
    expect(chosen).toMatchObject({ value: headline, from: 'title-block' });
  });

  it('markup written into a declared title as text is dropped', () => {
    const { chosen } = chooseTitle(EMPTY_PAGE, null, null, structured(['Three stars join <em>Dancing with the Stars</em>']), null, OPTS);
    expect(chosen).toMatchObject({ value: 'Three stars join Dancing with the Stars', from: 'meta' });
  });

  it('dropTitleSiteAffix: a declared title that is the headline with the site name around it gives way to the headline', () => {
    const headline = 'Season 27 Cast Revealed';
    const { ctx, block } = h1Block(headline);
    for (const declared of [`${headline} | Dancing with the Stars`, `CNN.com - ${headline}`, `${headline}_科技_腾讯网`]) {
      expect(chooseTitle(ctx, block, headline, structured([declared]), null, DROP_AFFIX).chosen?.value, declared).toBe(headline);
      // Faithful: the declared title as written.
      expect(chooseTitle(ctx, block, headline, structured([declared]), null, OPTS).chosen?.value, declared).toBe(declared);
    }
  });

  it('dropTitleSiteAffix: a colon, or a part longer than the headline, is headline, not a site name', () => {
    const headline = 'Russia inquiry chief set for showdown';
    const { ctx, block } = h1Block(headline);
    for (const declared of [`Rod Rosenstein: ${headline}`, `${headline} - and what the committee will ask him first on Monday`])
      expect(chooseTitle(ctx, block, headline, structured([declared]), null, DROP_AFFIX).chosen?.value, declared).toBe(declared);
  });

  it('falls back to <title> without its site name', () => {
    const { chosen } = chooseTitle(EMPTY_PAGE, null, null, null, 'Lorem ipsum dolor sit amet – My website', OPTS);
    expect(chosen).toMatchObject({ value: 'Lorem ipsum dolor sit amet', from: 'title-element' });
  });
});

describe('chooseAuthor', () => {
  const EMPTY_ZONE: ZoneMetadata = { blocks: [], authors: [], sources: [], dates: [], metadataBlocks: new Set() };
  const withAuthors = (authors: string[], publishers: string[] = []): StructuredMeta => ({
    titles: [],
    authors: authors.map((value) => ({ value, from: 'meta', detail: 'author' })),
    sources: [],
    dates: [],
    lang: null,
    publishers,
    sites: [],
  });
  const ON = faithfulOptions({ metadata: { extensions: { pageLabelledAuthor: true, publisherNotAuthor: true } } }).metadata;
  const OFF = faithfulOptions({ metadata: { extensions: { pageLabelledAuthor: true } } }).metadata;
  const BLOCKS = '<p>正文，第一段，有，逗号。</p><p>责任编辑：张三</p>';

  it('§1.7 a value without a letter (a CMS user id in meta author) is not an author', () => {
    const { chosen } = chooseAuthor(EMPTY_PAGE, EMPTY_ZONE, withAuthors(['104363', 'Jane Doe']), [], OFF);
    expect(chosen?.value).toBe('Jane Doe');
  });

  it('publisherNotAuthor: the site name in meta author goes after the labelled editor found on the page', () => {
    const publishers = publisherNames(EMPTY_ZONE, withAuthors([]), '某地新闻标题_网易新闻');
    expect(publishers).toEqual(['网易新闻']);
    const { ctx, blocks } = pageOf(BLOCKS);
    const { chosen, candidates } = chooseAuthor(ctx, EMPTY_ZONE, withAuthors(['网易']), blocks, ON, publishers);
    expect(chosen).toMatchObject({ value: '张三', detail: 'page:责任编辑' });
    expect(candidates.map((c) => c.value)).toEqual(['张三', '网易']);
  });

  it('publisherNotAuthor off: the meta value is taken and the page is not read', () => {
    const { ctx, blocks } = pageOf(BLOCKS);
    const { chosen } = chooseAuthor(ctx, EMPTY_ZONE, withAuthors(['网易']), blocks, OFF, ['网易新闻']);
    expect(chosen?.value).toBe('网易');
  });

  it('publisherNotAuthor: with nothing better the site name is still the last resort', () => {
    const { chosen } = chooseAuthor(EMPTY_PAGE, EMPTY_ZONE, withAuthors(['环球网']), [], ON, ['环球网']);
    expect(chosen?.value).toBe('环球网');
  });

  it('publisherNotAuthor: og:site_name, the JSON-LD publisher and declared sources all name the publisher', () => {
    const s: StructuredMeta = {
      ...withAuthors(['CNN']),
      publishers: ['CNN'],
      sources: [{ value: 'Reuters', from: 'meta', detail: 'source' }],
    };
    expect(publisherNames(EMPTY_ZONE, s, null)).toEqual(['cnn', 'reuters']);
    const { chosen } = chooseAuthor(
      EMPTY_PAGE,
      EMPTY_ZONE,
      { ...s, authors: [...s.authors, { value: 'Jane Doe', from: 'json-ld', detail: 'author' }] },
      [],
      ON,
      publisherNames(EMPTY_ZONE, s, null),
    );
    expect(chosen?.value).toBe('Jane Doe');
  });

  it('pageLabelledAuthor: a block that is all link text (a related headline) is not read as a byline', () => {
    const { ctx, blocks } = pageOf('<h3><a href="/x">外国记者盛赞湾区活力</a></h3><p>编辑：李四</p>');
    const { chosen } = chooseAuthor(ctx, EMPTY_ZONE, null, blocks, OFF);
    expect(chosen?.value).toBe('李四');
  });
});

describe('chooseSite (extension siteName)', () => {
  const withSites = (...names: string[]): StructuredMeta => ({
    ...structured([]),
    sites: names.map((value) => ({ value, from: 'meta', detail: 'og:site_name' })),
  });

  it('the declared site name comes first, with where it was read', () => {
    const { chosen } = chooseSite(
      withSites('The Guardian'),
      'Flood defences hold | UK news | The Guardian',
      'https://www.theguardian.com/uk',
    );
    expect(chosen).toEqual({ value: 'The Guardian', from: 'meta', detail: 'og:site_name' });
  });

  it('with none declared, a part of <title> after the headline that holds a label of the host', () => {
    const site = (title: string, url: string) => chooseSite(null, title, url).chosen?.value ?? null;
    expect(site('Flood defences hold | Politics | The Guardian', 'https://www.theguardian.com/politics/x')).toBe('The Guardian');
    expect(site('Markets slide - Reuters', 'https://www.reuters.com/markets/x')).toBe('Reuters');
    expect(site('Storm warning - BBC News', 'https://www.bbc.co.uk/news/x')).toBe('BBC News');
    expect(site('Regierung stürzt | tagesschau.de', 'https://www.tagesschau.de/inland/x.html')).toBe('tagesschau.de');
  });

  it('a section name, a Chinese site name or a generic host label is not taken for the site', () => {
    const site = (title: string, url: string | null) => chooseSite(null, title, url).chosen?.value ?? null;
    expect(site('Flood defences hold | Politics', 'https://www.example-times.com/x')).toBeNull();
    expect(site('长江洪峰过境_新华网', 'http://www.xinhuanet.com/x.htm')).toBeNull();
    expect(site('Local weather | News', 'https://news.example.org/x')).toBeNull();
    expect(site('Markets slide - Reuters', null)).toBeNull();
    expect(site('Library opens | 127 Gazette', 'http://127.0.0.1:8080/x')).toBeNull();
    expect(site('Markets slide', 'https://www.reuters.com/x')).toBeNull();
  });
});
