/** Extension storage keys and their bounds, in one place. */

/** `storage.session`: the recorded link titles, oldest first (see background/link-title-store.ts). */
export const LINK_TITLES_KEY = 'linkTitles';

export interface LinkTitleLimits {
  /** Entries kept in all; beyond this the origin holding the most loses its oldest. */
  readonly total: number;
  /** Entries one source origin may hold; beyond this it loses its own oldest. */
  readonly perOrigin: number;
  /** New entries one source origin may add per window; more are refused. */
  readonly rate: { readonly count: number; readonly windowMs: number };
}

/**
 * A reader clicks a few links a minute; even opening a front page's stories in background tabs stays far
 * below 30 a minute. A page that clicks its own links (or tricks the reader into clicking fast) gets 30
 * entries a minute and 100 in all, and never displaces the titles recorded on other sites.
 */
export const LINK_TITLE_LIMITS: LinkTitleLimits = { total: 500, perOrigin: 100, rate: { count: 30, windowMs: 60_000 } };

/** Longest link title kept, in characters (anchor texts longer than this are cut). */
export const MAX_LINK_TITLE_CHARS = 300;

/** `storage.local`: the reader's own settings of the extraction (src/shared/user-options.ts). */
export const USER_OPTIONS_KEY = 'userOptions';

/**
 * `storage.local`: the reader's switch "Compare with another page of this site" (method 4, ALGORITHMS.md §4):
 * `true` when on; absent (the default) when off. Read by the content script before each extraction.
 */
export const COMPARE_SIMILAR_PAGE_KEY = 'compareSimilarPage';

/** `storage.local`: the UI language chosen on the options page (`en`, `zh_CN`); absent: the browser's. */
export const UI_LANGUAGE_KEY = 'uiLanguage';
