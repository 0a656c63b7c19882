/**
 * The options of author, source and time (`ExtractOptions.metadata`): what each means, its unit and
 * default, and for an extension its measured effect; its defaults; and the rules its values must keep, as
 * data (core/option-rules.ts). core/options.ts composes every section into `ExtractOptions` and checks
 * every section's rules.
 */
import type { OptionRule } from '../option-rules.ts';

/** §1.7 Author, source and time. */
export interface MetadataOptions {
  /** Longest author/source value kept, in characters. Default 60. */
  readonly maxValueChars: number;
  /** Extension `pageLabelledAuthor`: longest block (text units) read for a labelled author outside the zone. Default 40. */
  readonly maxLabelBlockUnits: number;
  /**
   * Confidence reported for a rule-based publication time, by where it came from (the date SVM of §3
   * will report its decision value instead). Defaults: JSON-LD 0.9, meta 0.9, itemprop 0.85, zone 0.8,
   * time element 0.7, labelled date 0.7, date line 0.5, URL 0.5.
   */
  readonly dateConfidence: {
    readonly 'json-ld': number;
    readonly meta: number;
    readonly itemprop: number;
    readonly zone: number;
    readonly 'time-element': number;
    readonly 'labelled-date': number;
    readonly 'date-line': number;
    readonly url: number;
  };
  /** Earliest plausible publication year. Default 1990. */
  readonly minYear: number;
  /** Dates more than this many days after "now" are rejected as publication times. Default 1. */
  readonly maxFutureDays: number;
  /** Which source wins for the publication time. */
  readonly datePriority: 'structured-first' | 'zone-first';
  readonly extensions: {
    /** §1.7 extension: read JSON-LD, meta tags, <time>, itemprop and rel=author. */
    readonly structuredData: boolean;
    /** Gap-filler: a date in the page URL (/2019/10/16/) when nothing else gives one. */
    readonly urlDate: boolean;
    /**
     * Gap-filler: when neither the zone nor structured data names an author, read labelled lines
     * (责任编辑：…, 作者：…, By …) of at most `maxLabelBlockUnits` units anywhere, body first.
     */
    readonly pageLabelledAuthor: boolean;
    /**
     * Gap-filler: an author value that is the site's own name — og:site_name, application-name, the
     * JSON-LD publisher, a declared or labelled source, a part of `<title>` after the headline ("网易" of
     * "…_网易新闻", a `meta name=author` many Chinese CMSs fill with the outlet) — goes after every
     * person's name, and the labelled lines of `pageLabelledAuthor` are read before it. Author exact
     * (dom): gne 0.414 → 0.448; cwce 0.382 and readability 0.579 unchanged.
     */
    readonly publisherNotAuthor: boolean;
    /**
     * Gap-filler: the name the site gives itself (`Article.site`): og:site_name, the JSON-LD article's
     * publisher, application-name, or the part of `<title>` after the headline when it names the URL's
     * host. Kept apart from `source`, the outlet a story came from (来源: a syndicated story's source is
     * not the site showing it), so no source figure moves; the popup shows it when no source is named.
     */
    readonly siteName: boolean;
    /**
     * Gap-filler: with no zone or structured date, a labelled date anywhere ("发布日期：…", "Published …"),
     * body first. Date accuracy with this and `dateLines` (dom engine): cwce 0.700 → 0.833, gne
     * 0.793 → 0.862, readability 0.758 → 0.818, htmldate 0.762 → 0.855 (precision 0.911 → 0.893).
     */
    readonly labelledDates: boolean;
    /** Gap-filler: after that, a date in a short non-sentence block (of at most `maxLabelBlockUnits` units), body first. */
    readonly dateLines: boolean;
  };
}

export const METADATA_DEFAULTS = {
  maxValueChars: 60,
  maxLabelBlockUnits: 40,
  dateConfidence: {
    'json-ld': 0.9,
    meta: 0.9,
    itemprop: 0.85,
    zone: 0.8,
    'time-element': 0.7,
    'labelled-date': 0.7,
    'date-line': 0.5,
    url: 0.5,
  },
  minYear: 1990,
  maxFutureDays: 1,
  datePriority: 'structured-first',
  extensions: {
    structuredData: true,
    urlDate: true,
    pageLabelledAuthor: true,
    publisherNotAuthor: true,
    siteName: true,
    labelledDates: true,
    dateLines: true,
  },
} as const satisfies MetadataOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const METADATA_RULES: readonly OptionRule<MetadataOptions>[] = [
  { path: 'maxValueChars', check: 'min', min: 0 },
  { path: 'maxLabelBlockUnits', check: 'min', min: 0 },
  { path: 'dateConfidence.*', check: 'min', min: 0 },
  { path: 'maxFutureDays', check: 'min', min: 0 },
  { path: 'datePriority', check: 'choice', values: ['structured-first', 'zone-first'] },
];
