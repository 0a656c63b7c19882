/**
 * The options of method 3, the publication time by an SVM, at prediction (`ExtractOptions.dateSvm`): what
 * each means, its unit and default, and for an extension its measured effect; its defaults; and the rules
 * its values must keep, as data (core/option-rules.ts). core/options.ts composes every section into
 * `ExtractOptions` and checks every section's rules.
 */
import type { OptionRule } from '../option-rules.ts';

/**
 * §3 Publication time by an SVM over date-text fragments (patent CN108829898B), at prediction. How a page
 * is read into samples and vectors belongs to the model (its feature description: samples/spec.ts), and
 * how a model is trained to `train-date` (src/train/options.ts): neither is an extraction option.
 */
export interface DateSvmOptions {
  /**
   * Use the classifier for the publication time (§6.4). False: the rule chain of §1.7 and its
   * gap-fillers (zone, structured data, labelled dates, date lines, URL) as before method 3.
   */
  readonly enabled: boolean;
  /** §3.7 faithful: a candidate marks the publication time when its decision value exceeds this. Default 0. */
  readonly minDecision: number;
  /** Bounded work: candidates scored on one page (attribute candidates first, then text in document order). Default 300. */
  readonly maxCandidates: number;
  /** Bounded work: attribute, JSON-LD and URL candidates read from one page. Default 100. */
  readonly maxAttributeCandidates: number;
  /** Attribute values longer than this are not read as dates (a description that mentions one). Default 64. */
  readonly maxAttributeValueChars: number;
  /** §3.7 runner-up candidates reported with the chosen time (popup, Explain, JSON). Default 10. */
  readonly reportCandidates: number;
  /** §3.7 faithful: with no positive candidate, the first structured (JSON-LD/meta) date. Default true. */
  readonly structuredFallback: boolean;
  readonly extensions: {
    /**
     * §3.7 extension: when the chosen candidate is a UTC instant (`…Z`, `+00:00`) and the page shows the
     * same instant in local time, or its URL the neighbouring day a time zone explains, the day reported
     * is the page's (local-day.ts). Metadata in UTC puts an evening article in America on the next day.
     * Alone it changes nothing (text candidates rarely carry a zone); the defaults without it 0.878 on
     * htmldate against 0.888 (the other sets unchanged).
     */
    readonly localDay: boolean;
    /**
     * §3.7 extension: with no candidate above the margin and no structured date, the day written in the
     * URL's path (`/2023/11/08/`, `/20231108/`, `/29-10-2021`): the publisher's own address names it. The
     * faithful choice returns no date there. On the dev sets no page reaches it (in-sample the same figures
     * with and without).
     */
    readonly urlFallback: boolean;
    /**
     * §3.7 extension: when the day reported is the URL's (which states no time), the time of day of the
     * best-scored candidate of that same day that states one ("19:32:27" beside the day on the page), so the
     * URL's day is never a reason to drop the time the page shows. Changes the time only, never the day:
     * 58 htmldate and 12 googletrends pages gain their time, the day figures are unchanged.
     */
    readonly urlDayTime: boolean;
    /**
     * §3.7 extension: an absolute time the page carries outranks a relative one. When the classifier's
     * choice is a relative date ("昨天 09:27", "2 days ago": read against the day of the run, or of the
     * capture), the publisher's own absolute time is reported instead — the structured date (JSON-LD,
     * meta), else a publication time in its script variables (`publish_time = 1699420800`,
     * `"pubDate":"2023-11-08 10:00"`). With nothing chosen and no structured date, the script time is
     * the fallback (before the URL's day). Dev sets in-sample: htmldate 0.937 with, 0.935 without (a shop
     * page dated only in its script); the others unchanged.
     */
    readonly scriptTime: boolean;
    /**
     * §3.7 extension: the publisher's script time wins over a page-text choice on another day when a
     * machine-written candidate (meta, JSON-LD, `time[datetime]`) agrees with the script on its day: two
     * records of the publisher against one date found in the text (a video player's clock, a sidebar).
     * Dev sets in-sample: gne 1.000 with, 0.966 without (qq's player console); the others unchanged.
     */
    readonly scriptAgreement: boolean;
    /**
     * §3.7 extension, a bound on `scriptAgreement`: the script time does not replace a page-text choice
     * that a machine-written candidate (meta, JSON-LD, `time[datetime]`) confirms on the choice's own day.
     * Then the publisher's records disagree among themselves (a template's `PublishDate: 01/01/2004` and
     * `dateCreated` against `dateModified` and the byline's "June 13, 2019"), and two of them side with
     * what the page shows. Site-grouped 5-fold CV (`eval --date-cv 5 --date-cv-by site`, the other dev
     * sets in training): htmldate 0.894 with, 0.892 without (bettycrocker.com: its byline day, not the
     * template's 2004-01-01); cwce 0.800 and gne 1.000 either way (gne's qq page, the case
     * `scriptAgreement` was written for, has no machine date on the player's day). In-sample the same with
     * and without: htmldate 0.937, cwce 0.933, gne 1.000, readability 0.879, googletrends 0.928.
     */
    readonly confirmedText: boolean;
    /**
     * Extension: a saved page's relative dates are read against the capture time it writes about itself
     * (a SingleFile header, an archive record, an HTTrack mark: dates/capture-time.ts) instead of the day
     * of the run; `eval` counts the pages where that happened (7 archive.org pages of htmldate, whose
     * chosen day does not change).
     */
    readonly captureTime: boolean;
    /**
     * Extension: relative dates ("3小时前", "yesterday") are read against the reader's wall clock (the host's
     * time zone) instead of UTC's: the finder reads "now" by its UTC fields, so "3小时前" read at 07:00 in
     * Beijing came out as 20:00 the day before, without an offset. Node runs here in UTC: the dev figures
     * are the same with and without.
     */
    readonly readerClock: boolean;
    /**
     * §3.1 extension: the text candidates include the numeric dates the finder leaves out elsewhere
     * (dates/found-date.ts `looseNumeric`): a two-digit year without a time ("8.5.12", "26.10.13",
     * "26/10/13, 03:48 pm") and day, month and year between bars ("26 | 01 | 2022"). The classifier weighs
     * them by their form (`form:two-digit-year`) and place like any other candidate. On htmldate 6 of the 24
     * pages without a candidate on the annotated day gain one. Site-grouped 5-fold CV at C 2, σ 1.4 (dom
     * samples, the other annotated sets in training), without → with: htmldate 0.888 → 0.898, cwce 0.800,
     * gne 1.000, readability 0.909 → 0.939. Off, the shipped model (trained with it) gives in-sample htmldate
     * 0.941 against 0.949 with it (the other sets unchanged).
     */
    readonly looseNumeric: boolean;
  };
}

export const DATE_SVM_DEFAULTS = {
  enabled: true,
  minDecision: 0,
  maxCandidates: 300,
  maxAttributeCandidates: 100,
  maxAttributeValueChars: 64,
  reportCandidates: 10,
  structuredFallback: true,
  extensions: {
    localDay: true,
    urlFallback: true,
    urlDayTime: true,
    scriptTime: true,
    scriptAgreement: true,
    confirmedText: true,
    captureTime: true,
    readerClock: true,
    looseNumeric: true,
  },
} as const satisfies DateSvmOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const DATE_SVM_RULES: readonly OptionRule<DateSvmOptions>[] = [
  { path: 'maxCandidates', check: 'min', min: 0 },
  { path: 'maxAttributeCandidates', check: 'min', min: 0 },
  { path: 'maxAttributeValueChars', check: 'min', min: 0 },
  { path: 'reportCandidates', check: 'min', min: 0 },
  { path: 'minDecision', check: 'finite' },
];
