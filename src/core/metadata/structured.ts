/**
 * Structured metadata (ALGORITHMS.md §1.7 extension): JSON-LD (NewsArticle, Article, BlogPosting…),
 * meta tags (author, article:published_time, og:*, citation_*, dc.*…), `<time datetime>`, itemprop and
 * rel=author. Every value keeps where it came from. Modification dates are never read as publication.
 */
import type { DateCandidate, Sourced } from '../types.ts';
import { findDates } from '../dates/date-finder.ts';
import { toIso } from '../dates/iso.ts';
import { normalizeSpace } from '../text/normalize.ts';
import { titleSimilarity, titleUnits } from '../text/title-similarity.ts';
import type { PageModel } from '../model/page-model.ts';
import type { PageContext } from '../stage.ts';
import { readTitleElement } from '../title-anchor/title-element.ts';
import type { Json, JsonLdObject } from './json-ld.ts';
import { typeNames } from './json-ld.ts';
import type { Steps } from '../slicing.ts';
import { DUE, drain } from '../slicing.ts';

export interface StructuredMeta {
  readonly titles: readonly Sourced[];
  readonly authors: readonly Sourced[];
  readonly sources: readonly Sourced[];
  /** Publication dates, in priority order. */
  readonly dates: readonly DateCandidate[];
  readonly lang: string | null;
  /** The site's or publisher's own names (og:site_name, application-name, JSON-LD publisher.name). */
  readonly publishers: readonly string[];
  /** The same names with where each was read: og:site_name, then the JSON-LD publisher, then application-name. */
  readonly sites: readonly Sourced[];
  /** Names JSON-LD declares an Organization (a publisher's, or an author's that is no person: "Al Jazeera"). */
  readonly organizations?: readonly string[];
  /** Names JSON-LD declares a Person as an article's author: a personal site's publisher may carry its owner's name. */
  readonly persons?: readonly string[];
}

/**
 * Meta keys in priority order, after normalisation (lower case; the separator after a known prefix
 * written as ":", so DC.title, dc:title and dc-title are one key). The title and author orders follow
 * the common convention (Dublin Core, then Open Graph, then Twitter and Parse.ly).
 */
const TITLE_META = [
  'dc:title',
  'dcterm:title',
  'dcterms:title',
  'og:title',
  'title',
  'twitter:title',
  'parsely:title',
  'citation_title',
  'sailthru:title',
  'headline',
];
const AUTHOR_META = [
  'dc:creator',
  'dcterm:creator',
  'dcterms:creator',
  'author',
  'article:author',
  'og:article:author',
  'citation_author',
  'parsely:author',
  'sailthru:author',
  'byl',
  'byline',
];
const SOURCE_META = ['source', 'article:source', 'dc:source', 'dcterms:source'];
const DATE_META = [
  'article:published_time',
  'og:article:published_time',
  'og:published_time',
  'published_time',
  'datepublished',
  'pubdate',
  'publishdate',
  'publish-date',
  'publish_date',
  'publication_date',
  'article.published',
  'dc:date.issued',
  'dcterms:issued',
  'citation_publication_date',
  'citation_date',
  'parsely:pub-date',
  'sailthru:date',
  'dc:date',
  'dcterms:date',
  'date',
];
const PREFIXED_KEY = /^(dc|dcterm|dcterms|og|twitter|parsely|sailthru|weibo)\s*[-.:]\s*/;

/** A meta key in the normalised spelling of the lists above. */
function normalizeMetaKey(key: string): string {
  return key.trim().toLowerCase().replace(PREFIXED_KEY, '$1:');
}
const ARTICLE_TYPES = /article|posting|report|newsarticle|webpage|creativework/i;

/** The structured metadata of a page, its JSON-LD objects (json-ld.ts) already parsed. */
export function readStructuredMeta(ctx: PageContext, jsonLd: readonly JsonLdObject[]): StructuredMeta {
  return drain(readStructuredMetaSteps(ctx, jsonLd));
}

/** `readStructuredMeta` with a checkpoint per `ctx.ticker` in its loops. */
export function* readStructuredMetaSteps(ctx: PageContext, jsonLd: readonly JsonLdObject[]): Steps<StructuredMeta> {
  const { page, dateOpts, ticker } = ctx;
  const titleElement = readTitleElement(page).text ?? '';
  const titles: Sourced[] = [];
  const authors: Sourced[] = [];
  const sources: Sourced[] = [];
  const dates: DateCandidate[] = [];
  const publishers: string[] = [];
  const addPublisher = (raw: string | null | undefined): void => {
    const value = normalizeSpace(raw ?? '');
    if (value && !publishers.includes(value)) publishers.push(value);
  };
  const jsonLdPublishers: Sourced[] = [];
  const organizations: string[] = [];
  const persons: string[] = [];

  const addDate = (raw: string | null | undefined, from: DateCandidate['from'], detail: string, el?: number): void => {
    if (!raw) return;
    const found = findDates(raw, dateOpts)[0];
    if (!found) return;
    dates.push({
      iso: toIso(found),
      text: normalizeSpace(raw).slice(0, 80),
      from,
      detail,
      ...(el !== undefined ? { ref: ctx.ref(el) } : {}),
    });
  };
  // What each list holds already, by source and value: a Set, so that 40 000 `<a rel=author>` links with
  // distinct names are not compared pairwise (5 s in the metadata stage).
  const held = new Map<Sourced[], Set<string>>();
  const addText = (list: Sourced[], raw: string | null | undefined, from: Sourced['from'], detail: string): void => {
    const value = normalizeSpace(raw ?? '');
    if (!value || /^https?:\/\//i.test(value)) return;
    let keys = held.get(list);
    if (!keys) held.set(list, (keys = new Set()));
    const key = `${from}\u0000${value}`;
    if (keys.has(key)) return;
    keys.add(key);
    list.push({ value, from, detail });
  };

  for (const obj of jsonLd) {
    const type = typeNames(obj['@type']).join(',');
    if (!ARTICLE_TYPES.test(type)) continue;
    const headline = jsonLdTitle(asText(obj['headline']), asText(obj['name']), titleElement);
    if (headline) addText(titles, headline.value, 'json-ld', `${type}.${headline.key}`);
    addText(authors, personNames(obj['author']), 'json-ld', `${type}.author`);
    addDate(asText(obj['datePublished']) ?? asText(obj['dateCreated']), 'json-ld', `${type}.datePublished`);
    addPublisher(personNames(obj['publisher']));
    for (const name of [...organizationNames(obj['publisher']), ...organizationNames(obj['author'])]) organizations.push(name);
    for (const name of typedNames(obj['author'], /^person$/i)) persons.push(name);
    addText(jsonLdPublishers, personNames(obj['publisher']), 'json-ld', `${type}.publisher`);
  }

  // `property` first (it is the RDFa attribute the prefixes belong to), then `name` and `itemprop`; an
  // attribute may list several keys separated by spaces.
  const metas = new Map<string, { content: string; el: number }>();
  const metaElements = page.allOfTag('META').filter((el) => page.hasAttr(el, 'content'));
  for (const attr of ['property', 'name', 'itemprop']) {
    for (const el of metaElements) {
      if (ticker.tick()) yield;
      const content = page.attr(el, 'content') ?? '';
      if (!content.trim()) continue;
      for (const key of (page.attr(el, attr) ?? '').split(/\s+/)) {
        const k = normalizeMetaKey(key);
        if (k && !metas.has(k)) metas.set(k, { content, el });
      }
    }
  }
  for (const key of TITLE_META) addText(titles, metas.get(key)?.content, 'meta', key);
  for (const key of AUTHOR_META) addText(authors, metas.get(key)?.content, 'meta', key);
  for (const key of SOURCE_META) addText(sources, metas.get(key)?.content, 'meta', key);
  for (const key of ['og:site_name', 'application-name']) addPublisher(metas.get(key)?.content);
  for (const key of DATE_META) {
    const m = metas.get(key);
    if (m) addDate(m.content, 'meta', key, m.el);
  }

  if (ticker.tick(DUE)) yield;
  for (let el = 0; el < page.size; el++) {
    if (ticker.tick()) yield;
    const itemprop = page.attr(el, 'itemprop');
    if (itemprop === null || page.localName(el) === 'meta') continue;
    const prop = itemprop.toLowerCase();
    if (prop === 'datepublished')
      addDate(page.attr(el, 'datetime') ?? page.attr(el, 'content') ?? page.textContent(el), 'itemprop', 'datePublished', el);
    else if (prop === 'author')
      addText(authors, itempropName(page, el) ?? page.attr(el, 'content') ?? page.textContent(el), 'itemprop', 'author');
    else if (prop === 'headline') addText(titles, page.textContent(el), 'itemprop', 'headline');
  }
  for (const el of page.allOfTag('A')) {
    if (ticker.tick()) yield;
    if ((page.attr(el, 'rel') ?? '').toLowerCase().split(/\s+/).includes('author'))
      addText(authors, page.textContent(el), 'rel-author', 'a[rel=author]');
  }

  if (ticker.tick(DUE)) yield;
  const times = page.allOfTag('TIME').filter((t) => page.hasAttr(t, 'datetime'));
  const classOf = (el: number): string => (el >= 0 ? (page.attr(el, 'class') ?? '') : '');
  // Which are marked as the publication time: a Set, so that 40 000 sibling times are not compared pairwise.
  const published = new Set(
    times.filter(
      (t) => page.hasAttr(t, 'pubdate') || /publish|posted|entry-date|created/i.test(`${classOf(t)} ${classOf(page.parent[t] as number)}`),
    ),
  );
  for (const t of [...published, ...times.filter((t) => !published.has(t))]) {
    if (ticker.tick()) yield;
    addDate(page.attr(t, 'datetime'), 'time-element', published.has(t) ? 'time[pubdate]' : 'time[datetime]', t);
  }

  const lang =
    (page.size > 0 ? page.attr(0, 'lang') : null) ?? metas.get('content-language')?.content ?? metas.get('og:locale')?.content ?? null;
  const sites: Sourced[] = [];
  addText(sites, metas.get('og:site_name')?.content, 'meta', 'og:site_name');
  for (const p of jsonLdPublishers.filter((p) => !sites.some((s) => s.value === p.value))) sites.push(p);
  addText(sites, metas.get('application-name')?.content, 'meta', 'application-name');
  return { titles, authors, sources, dates, lang: lang ? lang.trim() || null : null, publishers, sites, organizations, persons };
}

/** JSON-LD headline or name: when both are given and differ, the one closer to the page's <title>. */
function jsonLdTitle(headline: string | null, name: string | null, titleElement: string): { value: string; key: string } | null {
  if (headline && name && headline !== name && titleElement) {
    const t = titleUnits(titleElement);
    return titleSimilarity(t, titleUnits(name)) > titleSimilarity(t, titleUnits(headline))
      ? { value: name, key: 'name' }
      : { value: headline, key: 'headline' };
  }
  if (headline) return { value: headline, key: 'headline' };
  return name ? { value: name, key: 'name' } : null;
}

function asText(v: Json | undefined): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return asText(v[0]);
  return null;
}

function personNames(v: Json | undefined): string | null {
  if (typeof v === 'string') return v;
  const list = Array.isArray(v) ? v : v ? [v] : [];
  const names = list
    .map((p) => (typeof p === 'string' ? p : p && typeof p === 'object' && !Array.isArray(p) ? asText(p['name']) : null))
    .filter((n): n is string => !!n && !!n.trim());
  return names.length ? names.join(', ') : null;
}

/** The names of the JSON-LD objects of an Organization type (Organization, NewsMediaOrganization…). */
function organizationNames(v: Json | undefined): string[] {
  return typedNames(v, /organization|corporation/i);
}

/** The names of the JSON-LD objects whose `@type` matches `type`. */
function typedNames(v: Json | undefined, type: RegExp): string[] {
  const list = Array.isArray(v) ? v : v ? [v] : [];
  return list.flatMap((p) =>
    p && typeof p === 'object' && !Array.isArray(p) && typeNames(p['@type']).some((t) => type.test(t))
      ? [normalizeSpace(asText(p['name']) ?? '')].filter(Boolean)
      : [],
  );
}

/** The text of the first element below `el` whose `itemprop` is `name` (`[itemprop="name"]`), or null. */
function itempropName(page: PageModel, el: number): string | null {
  const end = page.end[el] as number;
  for (let i = el + 1; i <= end; i++) if (page.attr(i, 'itemprop') === 'name') return page.textContent(i);
  return null;
}
