/**
 * §3.3 The sample of one date candidate, before vectorisation: the raw date string and its value, the
 * tag names of its 4-level fragment, the attribute tokens, the link counter, and the z statistics (§3.5).
 * It depends on the page and the model's `SampleSpec` (spec.ts) only, so that training (Node) and
 * prediction (the page) read the very same samples; the TagGlossary of a model turns it into a vector
 * (date-model.ts `createVectorizer`).
 */
import type { DateCandidate, NodeRef } from '../../types.ts';

/** Where a candidate was read from: page text (faithful), or (extension `attributeCandidates`) an attribute. */
export type CandidateKind = 'text' | 'time-attr' | 'meta' | 'attr' | 'json-ld' | 'url';

export const CANDIDATE_KINDS: readonly CandidateKind[] = ['text', 'time-attr', 'meta', 'attr', 'json-ld', 'url'];

export interface DateSample {
  /** ISO 8601 value, to the minute or second when the string states a time. */
  readonly iso: string;
  /** `YYYY-MM-DD`: the label compares this with the annotated day (§3.3). */
  readonly day: string;
  /** The raw date string (at most 80 characters). */
  readonly text: string;
  readonly kind: CandidateKind;
  /** Tag names of the fragment, the holding element first, links left out (§3.2–3.3). */
  readonly tags: readonly string[];
  /** Cleaned attribute tokens of the fragment, de-duplicated (§3.3); `w:` tokens are label words (extension). */
  readonly tokens: readonly string[];
  /** Links the fragment passed through (§3.3 "a linked date drops the link and increments a link counter"). */
  readonly links: number;
  /** The z statistics, by name (STAT_NAMES), raw values before the model's scaling. */
  readonly stats: Readonly<Record<string, number>>;
  /** The element it was read from (absent for the URL and JSON-LD). */
  readonly ref?: NodeRef;
  /** A short description of the place for people ("span.date < div.meta", "meta article:published_time"). */
  readonly where: string;
}

/**
 * §3.5 The statistics of the raw string (faithful: "length, has time of day, has 年月日, separator kind,
 * year"). The separator kind is the form the date finder read.
 */
export const STRING_STATS = [
  'length',
  'hasTime',
  'hasSeconds',
  'hasZone',
  'hasCjkMarks',
  'year',
  'form:cjk',
  'form:ymd',
  'form:iso',
  'form:dmy',
  'form:mdy',
  'form:name',
  'form:two-digit-year',
  'form:yearless',
  'form:relative',
  'form:compact',
  'form:chinese-numerals',
] as const;

/**
 * §3.5 Page statistics (extension `pageStatistics`; the spec lists some of them as examples: "relative
 * position on the page, rank among the page's dates by value, how often the same day occurs on the page,
 * inside the title→first-sentence zone, inside a link"; the rest are ours).
 */
export const PAGE_STATS = [
  'position',
  'rankNewest',
  'newest',
  'oldest',
  'sameDayCount',
  'sameDayShare',
  'mostFrequentDay',
  'inZone',
  'inLink',
  'inBody',
  'inComments',
  'beforeTitle',
  'titleDistance',
  'blockUnits',
  'inSentence',
  'future',
  'urlSameDay',
  'structuredSameDay',
  'rulesSameDay',
  'fragmentRepeats',
] as const;

/** Extension `attributeCandidates`: the kind of candidate, one-hot. */
export const KIND_STATS = CANDIDATE_KINDS.map((k) => `kind:${k}` as const);

export type StatName = (typeof STRING_STATS)[number] | (typeof PAGE_STATS)[number] | (typeof KIND_STATS)[number];

/** The samples of one page and what the classifier falls back to when no candidate is positive (§3.7). */
export interface PageDateSamples {
  readonly samples: readonly DateSample[];
  /** The first structured (JSON-LD/meta) publication date, or null. */
  readonly fallback: DateCandidate | null;
  /** Candidates found before `dateSvm.maxCandidates` cut the list. */
  readonly found: number;
  /**
   * The first publication time of the publisher's script variables (`pubtime`, `publish_time`, `pubDate`…;
   * PageModel.scriptTimes) that reads as a date and is not in the future, or absent.
   */
  readonly scriptTime?: DateCandidate | null;
  /** The capture time the relative dates were read against (a saved page's mark), ISO, with its mark; absent: now. */
  readonly captured?: { readonly iso: string; readonly from: string } | null;
}
