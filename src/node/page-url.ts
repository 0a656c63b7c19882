/**
 * The page URL a host passes to the core (the base for relative links and the URL-date gap-filler) must be
 * an absolute http(s) URL. A gold line or a flag may hold anything else (`/world/article/?aid=436400`, a
 * typo): `extract --url` refuses it in one line, a batch extracts the page without a base URL and says so.
 */

/** True for an absolute http: or https: URL that parses. */
export function isHttpUrl(raw: string): boolean {
  try {
    return /^https?:$/.test(new URL(raw).protocol);
  } catch {
    return false;
  }
}

/** The page URL a batch can use, and the warning when the one given cannot be used. */
export function usablePageUrl(raw: string | null): { readonly url: string | null; readonly warning: string | null } {
  if (raw === null || raw === '') return { url: null, warning: null };
  if (isHttpUrl(raw)) return { url: raw, warning: null };
  return { url: null, warning: `url ${JSON.stringify(raw.slice(0, 200))} is not an absolute http(s) URL: extracted without a base URL` };
}
