/**
 * Which pages an extension cannot read, so that the popup can say why instead of failing: browser pages,
 * the extension stores, the built-in PDF viewer, and file:// pages when the user has not allowed file
 * access. Everything else that is http(s) (or allowed file://) is readable.
 */

export type Restriction = 'browser-page' | 'web-store' | 'pdf' | 'file-access' | 'unsupported';

/** Schemes that belong to the browser itself (settings, new tab, devtools, other extensions, source view). */
const BROWSER_SCHEMES: ReadonlySet<string> = new Set([
  'about:',
  'chrome:',
  'chrome-extension:',
  'chrome-untrusted:',
  'chrome-search:',
  'devtools:',
  'edge:',
  'extension:',
  'moz-extension:',
  'opera:',
  'brave:',
  'vivaldi:',
  'view-source:',
  'javascript:',
  'data:',
  'blob:',
  'filesystem:',
]);

/** Extension galleries, where browsers block every extension from running. */
function isWebStore(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (host === 'chromewebstore.google.com') return true;
  if (host === 'chrome.google.com' && /^\/webstore(\/|$)/i.test(url.pathname)) return true;
  if (host === 'microsoftedge.microsoft.com' && /^\/addons(\/|$)/i.test(url.pathname)) return true;
  return host === 'addons.mozilla.org';
}

/**
 * Why the page at `url` cannot be read, or null when it can. `fileAccess` is whether the user allowed
 * this extension on file URLs (chrome://extensions → "Allow access to file URLs").
 */
export function restrictionOf(url: string, fileAccess: boolean): Restriction | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'unsupported';
  }
  const scheme = parsed.protocol.toLowerCase();
  if (BROWSER_SCHEMES.has(scheme)) return 'browser-page';
  if (scheme !== 'http:' && scheme !== 'https:' && scheme !== 'file:') return 'unsupported';
  if (isWebStore(parsed)) return 'web-store';
  if (/\.pdf$/i.test(parsed.pathname)) return 'pdf';
  if (scheme === 'file:' && !fileAccess) return 'file-access';
  return null;
}
