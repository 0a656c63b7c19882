/** What the date samples of a page are read against: the page, the anchors of method 1 and the metadata (§3.5, §6.4). */
import type { PageModel, TextBlock } from '../../model/page-model.ts';
import type { CaptureTime } from '../../dates/capture-time.ts';
import type { DateFinderOptions } from '../../dates/date-finder.ts';
import type { JsonLdObject } from '../../metadata/json-ld.ts';
import type { NodeRef } from '../../types.ts';
import type { PageDateSamples } from './sample.ts';

export interface DatePageContext {
  readonly model: PageModel;
  /** A reference to an element of the page (its CSS path computed once per element). */
  readonly ref: (el: number, preview?: string) => NodeRef;
  readonly titleBlock: TextBlock | null;
  readonly firstSentence: TextBlock | null;
  readonly bodyRoot: number | null;
  readonly commentSections: readonly number[];
  readonly url: string | null;
  readonly now: Date;
  /**
   * Extension `captureTime`: the time a saved page says it was saved (dates/capture-time.ts), which its
   * relative dates are read against instead of `now`; null: none, or the extension is off.
   */
  readonly captured?: CaptureTime | null;
  /** Extension `readerClock`: the reader's offset from UTC in minutes (east positive), which `now` is read in; 0: UTC. */
  readonly readerOffsetMinutes?: number;
  /** Dates after this time (ms; dates/plausible.ts) are "future": a statistic, and never a publication time. */
  readonly latestTime: number;
  readonly dateOpts: DateFinderOptions;
  /** Extension `looseNumeric`: text candidates include two-digit years without a time and dates between bars. */
  readonly looseNumeric?: boolean;
  /** The page's JSON-LD objects, parsed once by the metadata stage. */
  readonly jsonLd: readonly JsonLdObject[];
  /** The page's first structured publication date (JSON-LD, meta, itemprop), the §3.7 fallback. */
  readonly structuredDate: PageDateSamples['fallback'];
  /** The day the §1.7 rule chain (zone, structured data, labelled dates, date lines, URL) would give, or null. */
  readonly rulesDay: string | null;
  /** Longest loop over the page's elements (limits.maxElements). */
  readonly maxElements: number;
}

/** Bounded work on one page (options `dateSvm.maxCandidates`, `maxAttributeCandidates`, `maxAttributeValueChars`). */
export interface DateSampleBounds {
  readonly maxCandidates: number;
  readonly maxAttributeCandidates: number;
  readonly maxAttributeValueChars: number;
}
