/**
 * The "why" of the publication time, in two parts. For the reader: whether it was picked among other dates,
 * where on the page it was read in plain words (the meta tag or structured-data key by name, the text
 * itself, the page address), and the other dates the page shows. For the annotator, on demand: which rule
 * chose it with its decision value, the element path it was read from, and the runner-up candidates with
 * theirs. Pure, so it is tested on its own and through the rendered popup.
 */
import type { DateCandidate, Provenance, PublishedTime } from '../core/types.ts';
import { formatDecision, formatIsoTime } from './format.ts';
import type { MessageKey } from './i18n.ts';
import { t } from './i18n.ts';

const FROM_TEXT: Readonly<Record<Provenance, MessageKey>> = {
  'link-title': 'fromLinkTitle',
  'title-block': 'fromTitleBlock',
  'title-element': 'fromTitleElement',
  zone: 'fromZone',
  'json-ld': 'fromJsonLd',
  meta: 'fromMeta',
  'time-element': 'fromTimeElement',
  itemprop: 'fromItemprop',
  'rel-author': 'fromRelAuthor',
  url: 'fromUrl',
  'labelled-date': 'fromLabelledDate',
  'date-line': 'fromDateLine',
  'page-text': 'fromPageText',
  attribute: 'fromAttribute',
  script: 'fromScript',
  h1: 'fromH1',
};

/** The message naming where a value was read (a meta tag, the zone under the title…). */
export function fromText(from: Provenance): MessageKey {
  return FROM_TEXT[from];
}

/** One line of the explanation; `item` lines belong to the list under the line before them. */
export interface WhyLine {
  readonly text: string;
  readonly item: boolean;
}

const MAX_OTHER_CANDIDATES = 3;
/** Length of `YYYY-MM-DDTHH:MM`: candidates are told apart to the minute ("…T08:30" = "…T08:30:00Z"). */
const MINUTE_CHARS = 16;
const minute = (iso: string): string => iso.slice(0, MINUTE_CHARS);

const line = (text: string): WhyLine => ({ text, item: false });
const item = (text: string): WhyLine => ({ text, item: true });

/** The "why" in the reader's words, and the annotator's details behind it. */
export interface TimeWhy {
  readonly reader: readonly WhyLine[];
  readonly details: readonly WhyLine[];
}

export function explainTime(time: PublishedTime): TimeWhy {
  return { reader: readerWhy(time), details: detailsWhy(time) };
}

/** Where the time was read, in the reader's words: the meta tag or key by name, the text, the address. */
function readFrom(time: PublishedTime): string | null {
  const text = time.chosen?.text ?? '';
  switch (time.from) {
    case 'meta':
      return t('whyPlainMeta', metaKey(time.detail));
    case 'json-ld':
      return t('whyPlainJsonLd', lastKey(time.detail));
    case 'itemprop':
      return t('whyPlainItemprop', lastKey(time.detail) || 'datePublished');
    case 'url':
      return t('whyPlainUrl');
    case null:
      return null;
    default:
      return text ? t('whyPlainText', text) : null;
  }
}

/** "meta article:published_time @content" (the classifier's candidate) or "article:published_time" (the rules'). */
function metaKey(detail: string): string {
  return detail.replace(/^meta\s+/, '').replace(/\s+@[\w-]+$/, '') || 'meta';
}

/** "JSON-LD type:newsarticle.datePublished" or "NewsArticle.datePublished" → "datePublished". */
function lastKey(detail: string): string {
  const dot = detail.lastIndexOf('.');
  return dot >= 0 ? detail.slice(dot + 1) : detail;
}

function readerWhy(time: PublishedTime): WhyLine[] {
  if (!time.iso) return [line(noDateSummary(time))];
  const lines: WhyLine[] = [];
  if (time.method === 'date-svm') lines.push(line(time.found > 1 ? t('whyPlainSvm', time.found) : t('whyPlainSvmOne')));
  else if (time.method === 'structured-fallback') lines.push(line(t('whyPlainFallback')));
  const where = readFrom(time);
  if (where) lines.push(line(where));
  const others = [...new Set(time.candidates.map((c) => minute(c.iso)))]
    .filter((m) => m !== minute(time.iso ?? ''))
    .slice(0, MAX_OTHER_CANDIDATES);
  if (others.length) lines.push(line(t('whyPlainOthers', others.map(formatIsoTime).join(', '))));
  return lines;
}

/** The annotator's account: the rule and its decision value, the element path, the runner-ups with theirs. */
function detailsWhy(time: PublishedTime): WhyLine[] {
  if (!time.iso) return explainNoDate(time);
  const lines: WhyLine[] = [];
  if (time.method === 'date-svm') {
    const decision = formatDecision(time.decision ?? 0);
    lines.push(line(time.found > 1 ? t('whySvm', decision, time.found) : t('whySvmOne', decision)));
  } else if (time.method === 'structured-fallback') {
    lines.push(line(t('whyFallback')));
  }
  if (time.from) lines.push(line(t('whyFrom', t(FROM_TEXT[time.from]), time.detail || time.from)));
  if (time.chosen?.text) lines.push(line(t('whyText', time.chosen.text)));

  if (time.method === 'date-svm') {
    const runnerUps = distinctScored(time.candidates, minute(time.iso));
    if (runnerUps.length) lines.push(line(t('whyRunnerUps')), ...runnerUps.map(scoredItem));
  } else if (time.method === 'structured-fallback') {
    // What the classifier thought of the page's dates, the declared one's own text included.
    const best = distinctScored(time.candidates, null);
    if (best.length) lines.push(line(t('whyBestRejected')), ...best.map(scoredItem));
  }
  return lines;
}

/** With no time: how many dates the page had, and that none looked like its publication time. */
function noDateSummary(time: PublishedTime): string {
  if (time.found === 0) return t('whyNone');
  return time.found > 1 ? t('whyNoneSeen', time.found) : t('whyNoneSeenOne');
}

function explainNoDate(time: PublishedTime): WhyLine[] {
  if (time.found === 0) return [];
  const scored = distinctScored(time.candidates, null);
  const byClassifier = time.decision !== null || scored.length > 0;
  if (!byClassifier) return [];
  const lines = [line(time.found > 1 ? t('whyNoneSvm', time.found) : t('whyNoneSvmOne'))];
  if (scored.length) lines.push(line(t('whyBestRejected')), ...scored.map(scoredItem));
  return lines;
}

type Scored = DateCandidate & { readonly decision: number };

/** The best scored candidates (the list is best first), one per minute, leaving out `except`'s minute. */
function distinctScored(candidates: readonly DateCandidate[], except: string | null): Scored[] {
  const seen = new Set(except === null ? [] : [except]);
  const out: Scored[] = [];
  for (const c of candidates) {
    if (c.decision === undefined || seen.has(minute(c.iso))) continue;
    seen.add(minute(c.iso));
    out.push({ ...c, decision: c.decision });
    if (out.length === MAX_OTHER_CANDIDATES) break;
  }
  return out;
}

function scoredItem(c: Scored): WhyLine {
  return item(t('whyRunnerUp', formatIsoTime(c.iso), formatDecision(c.decision), c.detail || c.text));
}
