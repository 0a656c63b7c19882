/**
 * §3.1–3.3 Every date on the page as a sample:
 * - faithful: every text block with a date the date finder reads (numeric, CJK, month names, and with
 *   "now" and a page reference also relative dates such as 昨天 09:27 and dates without a year such as
 *   5月20日); the holding element is the smallest element around the date's text;
 * - extension `attributeCandidates`: `time[datetime]`, `meta[content]`, other `content`/`data-*date*`
 *   attributes, JSON-LD date keys and the date in the URL, each with its own context.
 * A date without a year takes the year that puts it on or before the page's latest full date (or "now"
 * when the page has none). The list is cut at `maxCandidates` (attribute candidates first, then text in
 * document order), so an archive or calendar page costs bounded time; every statistic is computed here
 * (sample.ts) so that the model only has to read them.
 */
import type { TextBlock, PageModel } from '../dom/page-model.ts';
import { nodeRef } from '../dom/node-ref.ts';
import { isElement } from '../dom/node-kind.ts';
import type { DateSvmOptions } from '../options.ts';
import type { DateFinderOptions, FoundDate } from '../text/date-finder.ts';
import { findDates, findUrlDate, parseDateValue, toIso, toIsoDay } from '../text/date-finder.ts';
import { normalizeSpace } from '../text/normalize.ts';
import type { Json } from '../metadata/structured.ts';
import { readJsonLd } from '../metadata/structured.ts';
import type { CandidateKind, DateSample, PageDateSamples } from './sample.ts';
import { CANDIDATE_KINDS } from './sample.ts';
import type { FragmentOptions } from './fragment.ts';
import { describeFragment, readFragment, valueTokens } from './fragment.ts';
import { labelTokens } from './label-lexicon.ts';

export interface DatePageContext {
  readonly doc: Document;
  readonly model: PageModel;
  readonly titleBlock: TextBlock | null;
  readonly firstSentence: TextBlock | null;
  readonly bodyRoot: Element | null;
  readonly commentSections: readonly Element[];
  readonly url: string | null;
  readonly now: Date;
  /** Dates later than this many days after `now` are "future" (a statistic, and never a publication time). */
  readonly maxFutureDays: number;
  readonly dateOpts: DateFinderOptions;
  /** The page's first structured publication date (JSON-LD, meta, itemprop), the §3.7 fallback. */
  readonly structuredDate: PageDateSamples['fallback'];
  /** The day the §1.7 rule chain (zone, structured data, labelled dates, date lines, URL) would give, or null. */
  readonly rulesDay: string | null;
  /** Longest loop over the page's elements (limits.maxElements). */
  readonly maxElements: number;
}

/** A candidate before its page statistics. */
interface Found {
  readonly date: FoundDate;
  readonly kind: CandidateKind;
  readonly holder: Element | null;
  readonly block: TextBlock | null;
  readonly tags: readonly string[];
  readonly tokens: readonly string[];
  readonly links: number;
  readonly where: string;
  readonly text: string;
}

const DAY_MS = 86_400_000;
/** `fragmentRepeats` saturates here: a list of 10 or of 100 teasers is a list. */
const MAX_REPEATS = 10;
const TEXT_TEXT_CHARS = 80;
/** A block worth running the date finder on: a digit (ASCII or full-width) or a Chinese-numeral year. */
const MAY_HOLD_DATE = /[\d０-９]|[〇○零一二三四五六七八九十]年|[昨前今]天|刚刚/;
const DATA_DATE_ATTR = /^data-[\w-]*(?:date|time)[\w-]*$/;
/**
 * A `title` holds the machine-readable date of microformats (`<abbr class="published" title="2013-04-04T18:52:11">`,
 * hAtom/h-entry "value-title") when the element's class or itemprop names a date.
 */
const DATE_TITLE_HOLDER = /(?:^|[\s_-])(?:dt-)?(?:published|updated|modified|date|time|timestamp|dtstart|dtend|pubdate)(?:$|[\s_-])/i;
const JSON_LD_DATE_KEY = /date|time|published|modified|created|updated|uploaded/i;
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
const LATIN_WORD = /[\p{L}]+/gu;

export function findDateSamples(ctx: DatePageContext, opts: DateSvmOptions): PageDateSamples {
  const frag: FragmentOptions = { levels: opts.fragmentLevels, maxTokensPerValue: opts.maxTokensPerValue };
  const finderOpts: DateFinderOptions = { ...ctx.dateOpts, now: ctx.now, yearlessReference: dayOf(ctx.now) };
  const attrs = opts.extensions.attributeCandidates ? attributeCandidates(ctx, frag, opts) : [];
  const texts = textCandidates(ctx, frag, finderOpts, opts);
  const all = [...attrs, ...texts];
  const found = all.length;
  const kept = withPageAgreement(withPageYear(all.slice(0, opts.maxCandidates), ctx));
  return { samples: withStats(kept, ctx), fallback: ctx.structuredDate, found };
}

function dayOf(d: Date): { year: number; month: number; day: number } {
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

// ---------------------------------------------------------------------------------------------------
// Text candidates (faithful)

function textCandidates(ctx: DatePageContext, frag: FragmentOptions, finderOpts: DateFinderOptions, opts: DateSvmOptions): Found[] {
  const out: Found[] = [];
  for (const block of ctx.model.blocks) {
    if (out.length >= opts.maxCandidates) break;
    if (!MAY_HOLD_DATE.test(block.text)) continue;
    for (const date of findDates(block.text, finderOpts)) {
      const holder = holderOf(block, date.text);
      const f = readFragment(holder, frag);
      const tokens = [
        ...f.tokens,
        ...(opts.extensions.labelWords ? labelWords(block.text, date.start, opts) : []),
        ...(opts.extensions.labelLexicon ? lexiconTokens(block.text, date.start, date.end, opts) : []),
      ];
      out.push({
        date,
        kind: 'text',
        holder,
        block,
        tags: f.tags,
        tokens,
        links: f.links,
        where: describeFragment(holder, opts.fragmentLevels),
        text: date.text.slice(0, TEXT_TEXT_CHARS),
      });
    }
  }
  return out;
}

/** The smallest element around the date: the parent of the text node holding most of the date's text. */
function holderOf(block: TextBlock, dateText: string): Element {
  const wanted = normalizeSpace(dateText);
  let best: Text | null = null;
  let bestLen = 0;
  for (const node of block.nodes) {
    const t = normalizeSpace(node.data);
    if (!t) continue;
    if (t.includes(wanted)) {
      best = node;
      break;
    }
    const len = commonPrefixInside(t, wanted);
    if (len > bestLen) {
      bestLen = len;
      best = node;
    }
  }
  return best?.parentElement ?? block.owner;
}

/** Length of the longest prefix of `wanted` that occurs in `t` (at least 4 characters to count). */
function commonPrefixInside(t: string, wanted: string): number {
  let len = 0;
  for (let n = Math.min(wanted.length, t.length); n >= 4; n--) {
    if (t.includes(wanted.slice(0, n))) {
      len = n;
      break;
    }
  }
  return len;
}

/** Extension `labelWords`: the words right before the date on its line ("发布时间：", "Updated"), as `w:` tokens. */
export function labelWords(text: string, start: number, opts: Pick<DateSvmOptions, 'labelLatinWords' | 'labelCjkChars'>): string[] {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = text.slice(Math.max(lineStart, start - 4 * opts.labelCjkChars - 8 * opts.labelLatinWords), start);
  const out: string[] = [];
  const cjk = [...before].filter((ch) => CJK.test(ch)).slice(-opts.labelCjkChars);
  for (let i = 0; i + 1 < cjk.length; i++) out.push(`w:${cjk[i]}${cjk[i + 1]}`);
  if (cjk.length === 1) out.push(`w:${cjk[0]}`);
  const words = (before.match(LATIN_WORD) ?? []).filter((w) => !CJK.test(w)).slice(-opts.labelLatinWords);
  for (const w of words) if (w.length >= 2) out.push(`w:${w.toLowerCase()}`);
  return [...new Set(out)];
}

/** Extension `labelLexicon`: the lexicon's reading of the words around the date on its line. */
export function lexiconTokens(
  text: string,
  start: number,
  end: number,
  opts: Pick<DateSvmOptions, 'lexiconLatinWords' | 'lexiconCjkChars'>,
): string[] {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = text.indexOf('\n', end);
  const reach = 4 * opts.lexiconCjkChars + 12 * opts.lexiconLatinWords;
  const before = text.slice(Math.max(lineStart, start - reach), start);
  const after = text.slice(end, Math.min(nextBreak < 0 ? text.length : nextBreak, end + reach));
  return labelTokens(before, after, { latinWords: opts.lexiconLatinWords, cjkChars: opts.lexiconCjkChars });
}

// ---------------------------------------------------------------------------------------------------
// Attribute candidates (extension `attributeCandidates`)

function attributeCandidates(ctx: DatePageContext, frag: FragmentOptions, opts: DateSvmOptions): Found[] {
  const out: Found[] = [];
  const dateOpts = ctx.dateOpts;
  forEachElement(ctx.doc.documentElement, ctx.maxElements, (el) => {
    if (out.length >= opts.maxAttributeCandidates) return false;
    if (!el.hasAttributes() || el.localName === 'script' || el.localName === 'style') return true;
    // Attribute names, not Attr objects: Chromium makes a wrapper object for every Attr it hands out.
    for (const name of el.getAttributeNames()) {
      const lower = name.toLowerCase();
      if (!mayHoldDate(lower, el)) continue;
      const value = el.getAttribute(name);
      if (!value || value.length > opts.maxAttributeValueChars) continue;
      const date = parseDateValue(value, dateOpts);
      if (!date) continue;
      const f = readFragment(el, frag);
      const kind: CandidateKind = el.localName === 'meta' ? 'meta' : lower === 'datetime' ? 'time-attr' : 'attr';
      const labels = opts.extensions.labelLexicon ? lexiconTokens(value, date.start, date.end, opts) : [];
      out.push({
        date,
        kind,
        holder: el,
        block: blockNear(ctx.model, el),
        tags: f.tags,
        tokens: [...f.tokens, `at:${lower.replace(/\d+/g, '')}`, ...labels],
        links: f.links,
        where: `${describeFragment(el, 2)} @${lower}`,
        text: normalizeSpace(value).slice(0, TEXT_TEXT_CHARS),
      });
    }
    return true;
  });
  out.push(...jsonLdCandidates(ctx.doc, dateOpts, opts));
  if (ctx.url) {
    const date = findUrlDate(ctx.url, dateOpts);
    if (date)
      out.push({ date, kind: 'url', holder: null, block: null, tags: [], tokens: ['url'], links: 0, where: 'URL', text: date.text });
  }
  return out;
}

/** An attribute (its lower-case name) that may hold a machine-readable date: `datetime`, `content`, `data-*date*`/`data-*time*`, a microformat `title`. */
function mayHoldDate(name: string, el: Element): boolean {
  if (name === 'datetime' || name === 'content') return true;
  if (name === 'title') return isDateTitleHolder(el);
  return DATA_DATE_ATTR.test(name);
}

/**
 * Visits every element in document order, at most `max`, until `visit` returns false; iteratively over
 * `children` by index: happy-dom's `querySelectorAll('*')` is quadratic (200 s on 200 000 elements),
 * linkedom's `getElementsByTagName('*')` is empty, and `nextElementSibling` is linear per step in happy-dom.
 */
function forEachElement(root: Element, max: number, visit: (el: Element) => boolean): void {
  const parents: Element[] = [root];
  const next: number[] = [0];
  let seen = 1;
  if (!visit(root)) return;
  while (parents.length && seen < max) {
    const top = parents.length - 1;
    const kids = (parents[top] as Element).children;
    const i = next[top] as number;
    if (i >= kids.length) {
      parents.pop();
      next.pop();
      continue;
    }
    next[top] = i + 1;
    const child = kids[i] as Element;
    seen++;
    if (!visit(child)) return;
    parents.push(child);
    next.push(0);
  }
}

function jsonLdCandidates(doc: Document, dateOpts: DateFinderOptions, opts: DateSvmOptions): Found[] {
  const out: Found[] = [];
  for (const obj of readJsonLd(doc)) {
    const type = typeTokens(obj['@type']);
    for (const [key, value] of Object.entries(obj)) {
      if (typeof value !== 'string' || !JSON_LD_DATE_KEY.test(key) || value.length > opts.maxAttributeValueChars) continue;
      const date = parseDateValue(value, dateOpts);
      if (!date) continue;
      out.push({
        date,
        kind: 'json-ld',
        holder: null,
        block: null,
        tags: ['script'],
        tokens: ['jsonld', ...valueTokens(key, opts.maxTokensPerValue), ...type],
        links: 0,
        where: `JSON-LD ${type.join(',') || 'object'}.${key}`,
        text: normalizeSpace(value).slice(0, TEXT_TEXT_CHARS),
      });
      if (out.length >= opts.maxAttributeCandidates) return out;
    }
  }
  return out;
}

function isDateTitleHolder(el: Element): boolean {
  return DATE_TITLE_HOLDER.test(el.getAttribute('class') ?? '') || DATE_TITLE_HOLDER.test(el.getAttribute('itemprop') ?? '');
}

function typeTokens(t: Json | undefined): string[] {
  const names = typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
  return names.map((n) => `type:${n.toLowerCase().slice(0, 24)}`).slice(0, 3);
}

/** The text block at or right after an element (a `<time>` holds text; a `<meta itemprop>` sits before it). */
function blockNear(model: PageModel, el: Element): TextBlock | null {
  if (el.localName === 'meta' && el.closest('head')) return null;
  const doc = el.ownerDocument;
  const walker = doc.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
  for (let n = walker.nextNode(), seen = 0; n && seen < 20; n = walker.nextNode(), seen++) {
    const b = model.blockOf(n as Text);
    if (b) return b;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The page's year for dates without one, and the statistics

/**
 * Gives every yearless date the year that puts it closest to the page's latest full date that is not in
 * the future (its year, the one before or the one after), never after "now"; with no full date on the
 * page, the finder's reading against "now" stands.
 */
function withPageYear(found: Found[], ctx: DatePageContext): Found[] {
  const latestOk = ctx.now.getTime() + ctx.maxFutureDays * DAY_MS;
  let ref: string | null = null;
  for (const f of found) {
    if (f.date.form === 'yearless' || f.date.form === 'relative') continue;
    const day = toIsoDay(f.date);
    if (Date.parse(day) <= latestOk && (ref === null || day > ref)) ref = day;
  }
  if (ref === null) return found;
  const refMs = Date.parse(ref);
  const refYear = Number(ref.slice(0, 4));
  return found.map((f) => {
    if (f.date.form !== 'yearless') return f;
    const { month, day } = f.date;
    let best: number | null = null;
    for (const year of [refYear - 1, refYear, refYear + 1]) {
      if (!validDay(year, month, day)) continue;
      const t = Date.UTC(year, month - 1, day);
      if (t > latestOk) continue;
      if (best === null || Math.abs(t - refMs) < Math.abs(Date.UTC(best, month - 1, day) - refMs)) best = year;
    }
    return best === null ? f : { ...f, date: { ...f.date, year: best } };
  });
}

/** "11/01/2023": day and month both ≤ 12, written with / or - (a dotted date is day-first everywhere). */
const AMBIGUOUS_NUMERIC = /^\s*(\d{1,2})[/-](\d{1,2})[/-]\d{2,4}(?!\d)/;

/**
 * A numeric date that reads both ways (11/01/2023: 11 January or November 1) takes the reading that
 * agrees with a date written unambiguously elsewhere on the page, when only the other reading does;
 * otherwise the finder's choice (by value ranges and the page's language) stands.
 */
function withPageAgreement(found: Found[]): Found[] {
  const ambiguous = (f: Found): boolean => {
    const m = AMBIGUOUS_NUMERIC.exec(f.text);
    return !!m && m[1] !== m[2] && Number(m[1]) <= 12 && Number(m[2]) <= 12 && f.date.month <= 12 && f.date.day <= 12;
  };
  const flags = found.map(ambiguous);
  if (!flags.some(Boolean)) return found;
  const sure = new Set(found.filter((_, i) => !flags[i]).map((f) => toIsoDay(f.date)));
  return found.map((f, i) => {
    if (!flags[i] || sure.has(toIsoDay(f.date))) return f;
    const swapped = { ...f.date, day: f.date.month, month: f.date.day, form: f.date.form === 'mdy' ? ('dmy' as const) : ('mdy' as const) };
    return sure.has(toIsoDay(swapped)) ? { ...f, date: swapped } : f;
  });
}

function validDay(year: number, month: number, day: number): boolean {
  const t = new Date(Date.UTC(year, month - 1, day));
  return t.getUTCFullYear() === year && t.getUTCMonth() === month - 1 && t.getUTCDate() === day;
}

/**
 * The fragment's signature: kind, tag names, link counter and attribute tokens (label words left out). A
 * list of teasers, comments or related stories repeats it once per item; the article's own date is
 * usually the only one of its kind on the page.
 */
function fragmentSignature(f: Found): string {
  const tokens = f.tokens.filter((t) => !t.startsWith('w:') && !t.startsWith('lbl'));
  return `${f.kind}|${f.tags.join('<')}|${f.links}|${tokens.join(' ')}`;
}

function withStats(found: readonly Found[], ctx: DatePageContext): DateSample[] {
  const signatures = found.map(fragmentSignature);
  const repeats = new Map<string, number>();
  for (const sig of signatures) repeats.set(sig, (repeats.get(sig) ?? 0) + 1);
  const days = found.map((f) => toIsoDay(f.date));
  const counts = new Map<string, number>();
  for (const d of days) counts.set(d, (counts.get(d) ?? 0) + 1);
  const distinct = [...counts.keys()].sort();
  const maxCount = Math.max(0, ...counts.values());
  const newestIndex = new Map(distinct.map((d, i) => [d, distinct.length - 1 - i]));
  const latestOk = ctx.now.getTime() + ctx.maxFutureDays * DAY_MS;
  const urlDate = ctx.url ? findUrlDate(ctx.url, ctx.dateOpts) : null;
  const urlDay = urlDate ? toIsoDay(urlDate) : null;
  const structuredDay = ctx.structuredDate?.iso.slice(0, 10) ?? null;
  const blocks = Math.max(1, ctx.model.blocks.length);
  const title = ctx.titleBlock;
  const first = ctx.firstSentence;
  return found.map((f, i): DateSample => {
    const d = f.date;
    const day = days[i] as string;
    const b = f.block;
    const holder = f.holder;
    const count = counts.get(day) ?? 0;
    const inZone = !!(b && title && first && b.index > title.index && b.index < first.index);
    const stats: Record<string, number> = {
      length: f.text.length,
      hasTime: d.hour === null ? 0 : 1,
      hasSeconds: d.second === null ? 0 : 1,
      hasZone: d.offsetMinutes === null ? 0 : 1,
      hasCjkMarks: /[年月日]/.test(f.text) ? 1 : 0,
      year: d.year,
      [`form:${formGroup(d.form)}`]: 1,
      position: b ? b.index / blocks : 0,
      rankNewest: distinct.length > 1 ? (newestIndex.get(day) ?? 0) / (distinct.length - 1) : 0,
      newest: day === distinct[distinct.length - 1] ? 1 : 0,
      oldest: day === distinct[0] ? 1 : 0,
      sameDayCount: Math.min(count, 20),
      sameDayShare: count / found.length,
      mostFrequentDay: count === maxCount ? 1 : 0,
      inZone: inZone ? 1 : 0,
      inLink: f.links > 0 ? 1 : 0,
      inBody: holder && ctx.bodyRoot?.contains(holder) ? 1 : 0,
      inComments: holder && ctx.commentSections.some((c) => c.contains(holder)) ? 1 : 0,
      beforeTitle: b && title && b.index < title.index ? 1 : 0,
      titleDistance: b && title ? Math.min(Math.abs(b.index - title.index), 50) : 50,
      blockUnits: b ? Math.min(b.units, 200) : 0,
      inSentence: b?.sentence ? 1 : 0,
      future: Date.parse(day) > latestOk ? 1 : 0,
      urlSameDay: urlDay === day ? 1 : 0,
      structuredSameDay: structuredDay === day ? 1 : 0,
      rulesSameDay: ctx.rulesDay === day ? 1 : 0,
      fragmentRepeats: Math.min((repeats.get(signatures[i] as string) ?? 1) - 1, MAX_REPEATS),
    };
    for (const k of CANDIDATE_KINDS) stats[`kind:${k}`] = f.kind === k ? 1 : 0;
    return {
      iso: toIso(d),
      day,
      text: f.text,
      kind: f.kind,
      tags: f.tags,
      tokens: f.tokens,
      links: f.links,
      stats,
      ...(holder && isElement(holder) ? { ref: nodeRef(holder, f.text) } : {}),
      where: f.where,
    };
  });
}

function formGroup(form: FoundDate['form']): string {
  return form === 'name-dmy' || form === 'name-mdy' ? 'name' : form;
}
