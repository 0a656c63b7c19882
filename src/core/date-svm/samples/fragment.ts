/**
 * §3.2–3.3 The fragment of a date candidate — the element holding the text and its ancestors, 4 levels
 * including itself — reduced to what identifies a date and survives a redesign:
 * - the tag names, holding element first;
 * - attribute names (`@class`, `@datetime`…) and the word tokens of class, id, itemprop, name, property,
 *   rel, role and itemtype values (`article-meta__pubDate` → article, meta, pub, date); URLs and long
 *   numbers in those values become the placeholders `#url` and `#num`;
 * - a link (`<a>`) on the way up is not a level: it is dropped with its attributes and counted.
 * Tokens are de-duplicated; whitespace and escapes never reach them (values are split on non-letters).
 */
import type { PageModel } from '../../model/page-model.ts';

/** Attributes whose values are split into word tokens. */
const TOKEN_VALUE_ATTRS = new Set(['class', 'id', 'itemprop', 'name', 'property', 'rel', 'role', 'itemtype', 'http-equiv']);
const URL_VALUE = /^(?:[a-z][a-z\d+.-]*:)?\/\//i;
const LONG_NUMBER = /\d{4,}/;
/** Letters runs, split before an upper-case letter that follows a lower-case one (camelCase). */
const WORD = /\p{Lu}?[\p{Ll}\p{Lo}\p{M}]+|\p{Lu}+(?![\p{Ll}])/gu;
const MIN_TOKEN = 2;
const MAX_TOKEN = 24;
/**
 * The date words inside a run written as one word (`firstpublishedtime`, `pubdate`, `lastmodified`): the
 * camelCase split cannot see them, so they are added as tokens of their own, as if written apart.
 */
const DATE_STEMS = /published|publish|modified|updated|update|created|create|posted|date|time|first|last|pub/g;
const SHORTEST_COMPOUND = 5;

export interface FragmentOptions {
  /** §3.2 levels of the fragment, the holding element included. Default 4. */
  readonly levels: number;
  /** Most tokens kept from one attribute value (a hostile class list cannot flood the sample). */
  readonly maxTokensPerValue: number;
}

export interface Fragment {
  readonly tags: string[];
  readonly tokens: string[];
  readonly links: number;
}

export function readFragment(model: PageModel, holder: number, opts: FragmentOptions): Fragment {
  const tags: string[] = [];
  const tokens = new Set<string>();
  let links = 0;
  for (let el = holder; el >= 0 && tags.length < opts.levels; el = model.parent[el] as number) {
    const tag = model.localName(el);
    if (tag === 'a') {
      links++;
      continue;
    }
    if (tag === 'html' || tag === 'body') {
      tags.push(tag);
      continue;
    }
    tags.push(tag);
    addAttributeTokens(model, el, tokens, opts.maxTokensPerValue);
  }
  return { tags, tokens: [...tokens], links };
}

function addAttributeTokens(model: PageModel, el: number, into: Set<string>, maxTokensPerValue: number): void {
  const end = model.attrStart[el + 1] as number;
  for (let a = model.attrStart[el] as number; a < end; a++) {
    const name = (model.attrNames[a] as string).toLowerCase();
    if (name === 'style' || name.startsWith('on')) {
      into.add(`@${name.startsWith('on') ? 'on' : name}`);
      continue;
    }
    into.add(`@${name.startsWith('data-') ? dataName(name) : name}`);
    if (TOKEN_VALUE_ATTRS.has(name))
      for (const t of valueTokens(model.attrValues[a] as string, maxTokensPerValue, name === 'itemtype')) into.add(t);
  }
}

/** `data-publish-time` keeps its words (`@data-publish-time`); digits in it are dropped. */
function dataName(name: string): string {
  return name.replace(/\d+/g, '').slice(0, MAX_TOKEN + 5);
}

/**
 * Word tokens of an attribute value, lower case, with `#url` and `#num` placeholders; with `typeUrl`
 * (itemtype="https://schema.org/NewsArticle") a URL gives its last word, the type name.
 */
export function valueTokens(value: string, max: number, typeUrl = false): string[] {
  const out: string[] = [];
  for (const part of value.split(/\s+/)) {
    if (!part) continue;
    if (URL_VALUE.test(part)) {
      const last = typeUrl ? /([A-Za-z]+)\/?$/.exec(part)?.[1] : undefined;
      out.push(last ? last.toLowerCase() : '#url');
      continue;
    }
    if (LONG_NUMBER.test(part)) out.push('#num');
    for (const m of part.matchAll(WORD)) {
      const w = m[0].toLowerCase();
      if (w.length >= MIN_TOKEN && w.length <= MAX_TOKEN) out.push(w);
      if (w.length > SHORTEST_COMPOUND) for (const s of w.match(DATE_STEMS) ?? []) if (s !== w) out.push(s);
    }
    if (out.length >= max) break;
  }
  return [...new Set(out)].slice(0, max);
}

/** "span.date < div.meta < div#info": the fragment for people (popup "why", Explain). */
export function describeFragment(model: PageModel, holder: number, levels: number): string {
  const parts: string[] = [];
  for (let el = holder; el >= 0 && parts.length < levels; el = model.parent[el] as number) {
    const cls = (model.attr(el, 'class') ?? '').trim().split(/\s+/)[0];
    const id = model.id(el);
    parts.push(`${model.localName(el)}${id ? `#${id.slice(0, 24)}` : cls ? `.${cls.slice(0, 24)}` : ''}`);
  }
  return parts.join(' < ');
}
