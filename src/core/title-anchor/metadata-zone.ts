/**
 * §1.7 Author, source and time from the text blocks between the title block and the first sentence:
 * labelled author and source patterns, and every date the date finder sees.
 */
import type { TextBlock } from '../model/page-model.ts';
import type { DateFinderOptions, FoundDate } from '../dates/date-finder.ts';
import { findDates } from '../dates/date-finder.ts';
import type { LabelledMatch } from '../metadata/labelled-patterns.ts';
import { findLabelledAuthor, findLabelledSource } from '../metadata/labelled-patterns.ts';

export interface ZoneHit<T> {
  readonly block: TextBlock;
  readonly match: T;
}

export interface ZoneMetadata {
  readonly blocks: readonly TextBlock[];
  readonly authors: readonly ZoneHit<LabelledMatch>[];
  readonly sources: readonly ZoneHit<LabelledMatch>[];
  readonly dates: readonly ZoneHit<FoundDate>[];
  /** Zone blocks that held a metadata value. */
  readonly metadataBlocks: ReadonlySet<TextBlock>;
}

export function zoneBlocks(blocks: readonly TextBlock[], title: TextBlock | null, firstSentence: TextBlock | null): TextBlock[] {
  if (!title || !firstSentence || firstSentence.index <= title.index) return [];
  return blocks.slice(title.index + 1, firstSentence.index);
}

export function readZoneMetadata(zone: readonly TextBlock[], maxValueChars: number, dateOpts: DateFinderOptions): ZoneMetadata {
  const authors: ZoneHit<LabelledMatch>[] = [];
  const sources: ZoneHit<LabelledMatch>[] = [];
  const dates: ZoneHit<FoundDate>[] = [];
  const metadataBlocks = new Set<TextBlock>();
  for (const block of zone) {
    const author = findLabelledAuthor(block.text, maxValueChars);
    const source = findLabelledSource(block.text, maxValueChars);
    const found = findDates(block.text, dateOpts);
    if (author) authors.push({ block, match: author });
    if (source) sources.push({ block, match: source });
    for (const d of found) dates.push({ block, match: d });
    if (author || source || found.length) metadataBlocks.add(block);
  }
  return { blocks: zone, authors, sources, dates, metadataBlocks };
}
