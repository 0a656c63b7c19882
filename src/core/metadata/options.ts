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
  /** Extension `bylinePieces`: longest zone block (text units) read for unlabelled byline pieces. Default 16. */
  readonly maxBylineUnits: number;
  /** Extension `bylinePieces`: how many zone blocks after the title are read for them. Default 8. */
  readonly maxBylineBlocks: number;
  /** Extension `bodyStartNames`: how many of the body's first lines are read for a names-only byline. Default 3. */
  readonly maxBodyStartLines: number;
  /** Extension `blogOwners`: at most this many owners a blog names ("某某的博客") are candidates. Default 3. */
  readonly maxBlogOwners: number;
  /**
   * Extension `learnedFields` (issue 41): the learned author is the likeliest candidate when the field model
   * gives it at least this probability; below it, no author (empty is better than junk). Chosen by
   * `train-author --cv` on out-of-fold probabilities. Default 0.2.
   */
  readonly authorMinProbability: number;
  /** Extension `learnedFields`: the same for the source (来源). Default 0.2. */
  readonly sourceMinProbability: number;
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
    /**
     * Issue 41: every author and source value is cleaned — role words, separators and an editor's id go
     * ("本报记者 李四" → 李四, "陈智、整合" → 陈智, "杨倩_NF4425" → 杨倩, "By Jane Doe" → Jane Doe, "Jessica Wang
     * Editorial Assistant" → Jessica Wang) — and a placeholder ("name, email@gmail.com"), a label word (注意到,
     * 未知, 网络整理, "View Profile"), an id ("HN666") or the site's own name (og:site_name, JSON-LD
     * publisher, the title's suffix, a named source, the host written as a name: 网易, CSDN.NET, "Al
     * Jazeera") is never an author, not even the last one: empty is better than junk. A source that names
     * no outlet ("本站原创") is dropped the same way.
     * Without it (the others on), author exact (dom): gne 0.828 → 0.897, readability 0.579 → 0.579
     * (nytimes' "By …" and googletrends' role suffix gained, bbc-1 and heise, whose gold is the site's
     * name, lost), googletrends 0.814 → 0.829, cwce 0.588 → 0.618.
     */
    readonly cleanAuthors: boolean;
    /**
     * Issue 41: the byline pieces a page writes without a label beside the title and the date
     * ("2019年11月25日 18:57 参考消息", "石佳/中国青年报", "原创 GameForce 2019-09-04", "加拿大必读 发布时间：…",
     * a names-only block under the title: "胡平"): an outlet-shaped piece (…报, …网, …社, 消息, 新闻…) is a
     * source candidate, a name-shaped one an author candidate. Chinese pages only (a Latin piece after
     * 原创, or in a block with Chinese text): an English date line's "Politics" is no one's name.
     * Without it: author exact gne 0.655 → 0.897, source exact gne 0.724 → 0.931; cwce, readability and
     * googletrends unchanged.
     */
    readonly bylinePieces: boolean;
    /**
     * Issue 41: credits in the story's text — "（记者唐霁）", "（姚峰 上海报道）", "马俊峰/文", a forum's "本贴由
     * 大卫 于…", "ggjjzhzz 发表于…" — as author candidates below the zone's and the structured data's.
     * Without it: author exact gne 0.862 → 0.897, cwce 0.471 → 0.618; readability, googletrends unchanged.
     */
    readonly storyCredits: boolean;
    /**
     * Issue 41: author candidates ranked by where they were written (`authorRanks`) rather than taken in
     * the order found: the zone's author label, then the unlabelled byline, a credit in the story, the
     * structured data, a labelled author anywhere on the page, and an editor (责任编辑) last. The page's
     * labelled lines are read even when the zone or the structured data name someone.
     * Without it: author exact gne 0.621 → 0.897, cwce 0.441 → 0.618; readability, googletrends unchanged.
     * With all five issue-41 switches off: gne 0.552, cwce 0.412, readability 0.579, googletrends 0.814;
     * source gne 0.690. The faithful preset (§1.7 alone): gne 0.310, cwce 0.265, readability 0.171,
     * googletrends 0.400.
     */
    readonly rankedAuthors: boolean;
    /**
     * Issue 41: with no source in the zone, the structured data or the byline, a labelled 来源 line
     * anywhere, body first. Without it: source exact gne 0.897 → 0.931.
     */
    readonly pageLabelledSource: boolean;
    /**
     * Issue 41: the author and the source are chosen by the field model (`train-author`: gradient-boosted
     * trees over each candidate's place, fragment context and text shape, trained with site-grouped
     * cross-validation) instead of the rules' order; below `authorMinProbability` none is chosen.
     * Author exact, site-grouped 5-fold cross-validated (rules' order → learned): gne 0.931 → 0.931, cwce
     * 0.882 → 0.882, readability 0.711 → 0.697, googletrends 0.871 → 0.886; in-sample with the shipped model
     * googletrends 0.871 → 0.886, the others unchanged. Source gne 0.931 either way.
     */
    readonly learnedFields: boolean;
    /**
     * Issue 41: author candidates no label names, low in the rules' order — a post's, a blog's or a writer's
     * account name (a short link to a person's page) and the text of an element whose class, id or itemprop
     * names the author (`class="byline"`, `author-name`; a name linked elsewhere than to a person's page is
     * not taken), within `maxBylineBlocks` blocks before or after the title (nearby-names.ts). Without it:
     * author exact gne 0.931 → 0.897, cwce 0.882 → 0.853, readability 0.711 → 0.671, googletrends 0.886 →
     * 0.857.
     */
    readonly nearbyNames: boolean;
    /**
     * Issue 41: a names-only line among the body's first `maxBodyStartLines` lines, after nothing but short
     * lines (the headline repeated: at most `maxLabelBlockUnits` units, no sentence's end), is an author
     * candidate: the byline found from the body's start when the title finder missed the headline
     * (bylines.ts `findBodyStartName`). Ranked just under a names-only block in the zone: the article's own
     * credit comes before a forum poster's name.
     * Without it: author exact cwce 0.882 → 0.765; gne, readability, googletrends unchanged.
     */
    readonly bodyStartNames: boolean;
    /**
     * Issue 41: the owner a blog names — "某某的博客", "X's blog" in `<title>` or in a link's text or title, or
     * "X | blog.platform.com" as the whole `<title>` — is an author candidate, last in the rules' order
     * (nearby-names.ts `findBlogOwners`). Without it: author exact cwce 0.882 → 0.824; gne, readability,
     * googletrends unchanged.
     */
    readonly blogOwners: boolean;
    /**
     * Issue 41: with `pageLabelledAuthor`, a block that is an author's label alone ("发文机关：", "作 者：") is
     * read with the next block, its value (a table row of label and value cells), when that one is short
     * (`maxLabelBlockUnits`). Without it: author exact cwce 0.882 → 0.853; gne, readability, googletrends unchanged.
     */
    readonly labelValueBlocks: boolean;
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
  maxBylineUnits: 16,
  maxBylineBlocks: 8,
  maxBodyStartLines: 3,
  maxBlogOwners: 3,
  authorMinProbability: 0.2,
  sourceMinProbability: 0.2,
  datePriority: 'structured-first',
  extensions: {
    structuredData: true,
    urlDate: true,
    pageLabelledAuthor: true,
    publisherNotAuthor: true,
    siteName: true,
    cleanAuthors: true,
    bylinePieces: true,
    storyCredits: true,
    rankedAuthors: true,
    pageLabelledSource: true,
    learnedFields: true,
    nearbyNames: true,
    bodyStartNames: true,
    blogOwners: true,
    labelValueBlocks: true,
    labelledDates: true,
    dateLines: true,
  },
} as const satisfies MetadataOptions;

/** The rules `resolveOptions` checks, in this order (a value that breaks two is reported by the first). */
export const METADATA_RULES: readonly OptionRule<MetadataOptions>[] = [
  { path: 'maxValueChars', check: 'min', min: 0 },
  { path: 'maxLabelBlockUnits', check: 'min', min: 0 },
  { path: 'maxBylineUnits', check: 'min', min: 0 },
  { path: 'maxBylineBlocks', check: 'min', min: 0 },
  { path: 'maxBodyStartLines', check: 'min', min: 0 },
  { path: 'maxBlogOwners', check: 'min', min: 0 },
  { path: 'dateConfidence.*', check: 'min', min: 0 },
  { path: 'maxFutureDays', check: 'min', min: 0 },
  { path: 'authorMinProbability', check: 'range', min: 0, max: 1 },
  { path: 'sourceMinProbability', check: 'range', min: 0, max: 1 },
  { path: 'datePriority', check: 'choice', values: ['structured-first', 'zone-first'] },
];
