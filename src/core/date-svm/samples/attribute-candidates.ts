/**
 * §3.1 extension `attributeCandidates`: `time[datetime]`, `meta[content]`, other `content`/`data-*date*`
 * attributes, a microformat `title`, JSON-LD date keys and the date in the URL are candidates too, each
 * with its own context (fragment, attribute name, `kind:` statistic), so the classifier decides between
 * them and the page text.
 */
import type { PageModel, TextBlock } from '../../model/page-model.ts';
import type { DateFinderOptions } from '../../dates/date-finder.ts';
import { findUrlDate, parseDateValue } from '../../dates/date-values.ts';
import type { JsonLdObject } from '../../metadata/json-ld.ts';
import { typeNames } from '../../metadata/json-ld.ts';
import { normalizeSpace } from '../../text/normalize.ts';
import type { DatePageContext, DateSampleBounds } from './context.ts';
import type { Found } from './found.ts';
import { SAMPLE_TEXT_CHARS } from './found.ts';
import { describeFragment, readFragment, valueTokens } from './fragment.ts';
import type { CandidateKind } from './sample.ts';
import type { SampleSpec } from './spec.ts';
import type { Steps, Ticker } from '../../slicing.ts';
import { lexiconTokens } from './text-candidates.ts';

const DATA_DATE_ATTR = /^data-[\w-]*(?:date|time)[\w-]*$/;
/**
 * A `title` holds the machine-readable date of microformats (`<abbr class="published" title="2013-04-04T18:52:11">`,
 * hAtom/h-entry "value-title") when the element's class or itemprop names a date.
 */
const DATE_TITLE_HOLDER = /(?:^|[\s_-])(?:dt-)?(?:published|updated|modified|date|time|timestamp|dtstart|dtend|pubdate)(?:$|[\s_-])/i;
const JSON_LD_DATE_KEY = /date|time|published|modified|created|updated|uploaded/i;

/** Attribute, JSON-LD and URL candidates, at most about `maxAttributeCandidates` of each source. */
export function* attributeCandidates(ctx: DatePageContext, spec: SampleSpec, bounds: DateSampleBounds, ticker: Ticker): Steps<Found[]> {
  const frag = { levels: spec.fragmentLevels, maxTokensPerValue: spec.windows.maxTokensPerValue };
  const out: Found[] = [];
  const dateOpts = ctx.dateOpts;
  const model = ctx.model;
  const last = Math.min(model.size, ctx.maxElements);
  for (let el = 0; el < last && out.length < bounds.maxAttributeCandidates; el++) {
    if (ticker.tick()) yield;
    const end = model.attrStart[el + 1] as number;
    const start = model.attrStart[el] as number;
    if (start === end) continue;
    const tag = model.localName(el);
    if (tag === 'script' || tag === 'style') continue;
    for (let a = start; a < end; a++) {
      const lower = (model.attrNames[a] as string).toLowerCase();
      if (!mayHoldDate(model, lower, el)) continue;
      const value = model.attrValues[a] as string;
      if (!value || value.length > bounds.maxAttributeValueChars) continue;
      const date = parseDateValue(value, dateOpts);
      if (!date) continue;
      const f = readFragment(model, el, frag);
      const kind: CandidateKind = tag === 'meta' ? 'meta' : lower === 'datetime' ? 'time-attr' : 'attr';
      const labels = spec.labelLexicon ? lexiconTokens(value, date.start, date.end, spec.windows) : [];
      out.push({
        date,
        kind,
        holder: el,
        block: blockNear(model, el),
        tags: f.tags,
        tokens: [...f.tokens, `at:${lower.replace(/\d+/g, '')}`, ...labels],
        links: f.links,
        where: tag === 'meta' ? `meta ${metaKey(model, el)} @${lower}` : `${describeFragment(model, el, 2)} @${lower}`,
        text: normalizeSpace(value).slice(0, SAMPLE_TEXT_CHARS),
      });
    }
  }
  for (const c of jsonLdCandidates(ctx.jsonLd, dateOpts, spec, bounds)) out.push(c);
  if (ctx.url) {
    const date = findUrlDate(ctx.url, dateOpts);
    if (date)
      out.push({ date, kind: 'url', holder: null, block: null, tags: [], tokens: ['url'], links: 0, where: 'URL', text: date.text });
  }
  return out;
}

/** An attribute (its lower-case name) that may hold a machine-readable date: `datetime`, `content`, `data-*date*`/`data-*time*`, a microformat `title`. */
function mayHoldDate(model: PageModel, name: string, el: number): boolean {
  if (name === 'datetime' || name === 'content') return true;
  if (name === 'title') return isDateTitleHolder(model, el);
  return DATA_DATE_ATTR.test(name);
}

function jsonLdCandidates(
  jsonLd: readonly JsonLdObject[],
  dateOpts: DateFinderOptions,
  spec: SampleSpec,
  bounds: DateSampleBounds,
): Found[] {
  const out: Found[] = [];
  for (const obj of jsonLd) {
    const type = typeTokens(obj);
    for (const [key, value] of Object.entries(obj)) {
      if (typeof value !== 'string' || !JSON_LD_DATE_KEY.test(key) || value.length > bounds.maxAttributeValueChars) continue;
      const date = parseDateValue(value, dateOpts);
      if (!date) continue;
      out.push({
        date,
        kind: 'json-ld',
        holder: null,
        block: null,
        tags: ['script'],
        tokens: ['jsonld', ...valueTokens(key, spec.windows.maxTokensPerValue), ...type],
        links: 0,
        where: `JSON-LD ${type.join(',') || 'object'}.${key}`,
        text: normalizeSpace(value).slice(0, SAMPLE_TEXT_CHARS),
      });
      if (out.length >= bounds.maxAttributeCandidates) return out;
    }
  }
  return out;
}

/** The key a `<meta>` names its value by (`article:published_time`), so that the "why" can say which one was read. */
function metaKey(model: PageModel, el: number): string {
  return (model.attr(el, 'property') ?? model.attr(el, 'name') ?? model.attr(el, 'itemprop') ?? model.attr(el, 'http-equiv') ?? '')
    .trim()
    .slice(0, 48);
}

function isDateTitleHolder(model: PageModel, el: number): boolean {
  return DATE_TITLE_HOLDER.test(model.attr(el, 'class') ?? '') || DATE_TITLE_HOLDER.test(model.attr(el, 'itemprop') ?? '');
}

/** The object's `@type` names as tokens (`type:newsarticle`), at most 3 of 24 characters. */
function typeTokens(obj: JsonLdObject): string[] {
  return typeNames(obj['@type'])
    .map((n) => `type:${n.toLowerCase().slice(0, 24)}`)
    .slice(0, 3);
}

/** The text block at or right after an element (a `<time>` holds text; a `<meta itemprop>` sits before it). */
function blockNear(model: PageModel, el: number): TextBlock | null {
  if (model.localName(el) === 'meta' && model.closest(el, 'HEAD') >= 0) return null;
  const after = Math.min(model.textAfter[el] as number, (model.textFirst[el] as number) + 20);
  for (let t = model.textFirst[el] as number; t < after; t++) {
    const b = model.blockOf(t);
    if (b) return b;
  }
  return null;
}
