/**
 * The final title, author, source and publication time, each with where it came from and the other
 * candidates it was chosen over (ALGORITHMS.md §1.7 and §6.1).
 */
import type { TextBlock } from '../dom/page-model.ts';
import { nodeRef } from '../dom/node-ref.ts';
import type { MetadataOptions, TitleAnchorOptions } from '../options.ts';
import type { DateCandidate, PublishedTime, Sourced } from '../types.ts';
import type { DateFinderOptions } from '../text/date-finder.ts';
import { findUrlDate, toIso } from '../text/date-finder.ts';
import type { ZoneMetadata } from '../title-anchor/metadata-zone.ts';
import { findLabelledAuthor } from './labelled-patterns.ts';
import { findDateLine, findLabelledDate } from './page-dates.ts';
import { countWords } from '../text/scripts.ts';
import type { StructuredMeta } from './structured.ts';

const NO_STRUCTURED: StructuredMeta = { titles: [], authors: [], sources: [], dates: [], lang: null };

export function chooseTitle(
  titleBlock: TextBlock | null,
  blockText: string | null,
  structured: StructuredMeta | null,
  titleElement: string | null,
  opts: Pick<TitleAnchorOptions, 'titleChoice' | 'titleElementMinWords'>,
): { chosen: Sourced | null; candidates: Sourced[] } {
  const choice = opts.titleChoice;
  const fromBlock: Sourced[] =
    titleBlock && blockText
      ? [{ value: blockText, from: 'title-block', detail: titleBlock.owner.localName, ref: nodeRef(titleBlock.owner, titleBlock.text) }]
      : [];
  const fromStructured = (structured ?? NO_STRUCTURED).titles;
  const fromElement: Sourced[] = titleElement
    ? [{ value: withoutSiteName(titleElement, opts.titleElementMinWords), from: 'title-element', detail: 'title' }]
    : [];
  const candidates =
    choice === 'structured-first' ? [...fromStructured, ...fromBlock, ...fromElement] : [...fromBlock, ...fromStructured, ...fromElement];
  const first = candidates[0] ?? null;
  const block = fromBlock[0];
  // A declared title that the title block extends was cut short (an unescaped quote in a meta tag).
  if (first && block && first !== block && extendsValue(block.value, first.value)) return { chosen: block, candidates };
  return { chosen: first, candidates };
}

const SITE_SUFFIX = /^(.*\S)\s+[|–—\-·»/]\s+[^|–—·»/]+$/;

/** "Headline – Site" → "Headline", when the headline keeps at least `minWords` words. */
export function withoutSiteName(title: string, minWords: number): string {
  const m = SITE_SUFFIX.exec(title);
  const head = m?.[1];
  return head && countWords(head) >= minWords ? head : title;
}

function extendsValue(longer: string, shorter: string): boolean {
  const a = longer.toLowerCase();
  const b = shorter.toLowerCase().trim();
  return b.length > 0 && a.length > b.length && a.startsWith(b);
}

export function chooseAuthor(
  zone: ZoneMetadata,
  structured: StructuredMeta | null,
  pageBlocks: readonly TextBlock[],
  opts: MetadataOptions,
): { chosen: Sourced | null; candidates: Sourced[] } {
  const candidates: Sourced[] = zone.authors.map((h) => ({
    value: h.match.value,
    from: 'zone',
    detail: h.match.label,
    ref: nodeRef(h.block.owner, h.block.text),
  }));
  candidates.push(...(structured ?? NO_STRUCTURED).authors.filter((a) => a.value.length <= opts.maxValueChars));
  if (candidates.length === 0 && opts.extensions.pageLabelledAuthor) {
    for (const block of pageBlocks) {
      if (block.units > opts.maxLabelBlockUnits) continue;
      const m = findLabelledAuthor(block.text, opts.maxValueChars);
      if (m) candidates.push({ value: m.value, from: 'zone', detail: `page:${m.label}`, ref: nodeRef(block.owner, block.text) });
    }
  }
  return { chosen: candidates[0] ?? null, candidates };
}

export function chooseSource(zone: ZoneMetadata, structured: StructuredMeta | null): { chosen: Sourced | null; candidates: Sourced[] } {
  const candidates: Sourced[] = zone.sources.map((h) => ({
    value: h.match.value,
    from: 'zone',
    detail: h.match.label,
    ref: nodeRef(h.block.owner, h.block.text),
  }));
  candidates.push(...(structured ?? NO_STRUCTURED).sources);
  return { chosen: candidates[0] ?? null, candidates };
}

export function chooseDate(
  zone: ZoneMetadata,
  structured: StructuredMeta | null,
  pageBlocks: readonly TextBlock[],
  url: string | null,
  now: Date,
  opts: MetadataOptions,
  dateOpts: DateFinderOptions,
): PublishedTime {
  const s = structured ?? NO_STRUCTURED;
  const zoneDates: DateCandidate[] = zone.dates.map((h) => ({
    iso: toIso(h.match),
    text: h.match.text,
    from: 'zone',
    detail: 'zone text',
    ref: nodeRef(h.block.owner, h.block.text),
  }));
  const declared = s.dates.filter((d) => d.from !== 'time-element');
  const timeElements = s.dates.filter((d) => d.from === 'time-element');
  const ordered =
    opts.datePriority === 'zone-first' ? [...zoneDates, ...declared, ...timeElements] : [...declared, ...zoneDates, ...timeElements];
  if (ordered.length === 0) ordered.push(...pageDates(pageBlocks, opts, dateOpts));
  if (opts.extensions.urlDate && url) {
    const urlDate = findUrlDate(url, dateOpts);
    if (urlDate) ordered.push({ iso: toIso(urlDate), text: urlDate.text, from: 'url', detail: 'url path' });
  }
  const latest = now.getTime() + opts.maxFutureDays * 86_400_000;
  const plausible = ordered.filter((c) => Date.parse(c.iso.slice(0, 10)) <= latest);
  const best = plausible[0];
  if (!best) return { iso: null, confidence: 0, from: null, detail: '', candidates: ordered };
  const confidence = best.from in opts.dateConfidence ? opts.dateConfidence[best.from as keyof MetadataOptions['dateConfidence']] : 0;
  return { iso: best.iso, confidence, from: best.from, detail: best.detail, candidates: plausible };
}

/** The page-wide gap-fillers, tried only when neither the zone nor structured data gives a date. */
function pageDates(blocks: readonly TextBlock[], opts: MetadataOptions, dateOpts: DateFinderOptions): DateCandidate[] {
  const found =
    (opts.extensions.labelledDates ? findLabelledDate(blocks, dateOpts) : null) ??
    (opts.extensions.dateLines ? findDateLine(blocks, opts.maxLabelBlockUnits, dateOpts) : null);
  if (!found) return [];
  return [
    {
      iso: toIso(found.date),
      text: found.date.text,
      from: found.kind === 'labelled' ? 'labelled-date' : 'date-line',
      detail: found.kind,
      ref: nodeRef(found.block.owner, found.block.text),
    },
  ];
}
