/** Extension storage keys and their bounds, in one place. */

/** `storage.session`: the recorded link titles, oldest first (see background/link-title-store.ts). */
export const LINK_TITLES_KEY = 'linkTitles';

/** How many link titles are kept; the oldest are dropped beyond this. */
export const LINK_TITLES_LIMIT = 500;

/** Longest link title kept, in characters (anchor texts longer than this are cut). */
export const MAX_LINK_TITLE_CHARS = 300;
