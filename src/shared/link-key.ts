/**
 * The key under which a link title is stored (ALGORITHMS.md §1 "Input"): the absolute target URL without
 * its fragment. The recorder (content script) and the lookup (content script on the target page) both use
 * it, so a title recorded for `a.html#top` is found on `a.html`.
 */

/** Longest URL the link-title store accepts (longer ones are not recorded). */
export const MAX_LINK_URL_CHARS = 4096;

/** The storage key for `href` resolved against `base`, or null when it is not an http(s) URL. */
export function linkKey(href: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  const key = url.href;
  return key.length <= MAX_LINK_URL_CHARS ? key : null;
}
