/** URL resolution for links and images: against `<base href>` and the page URL, safe schemes only. */
import type { PageModel } from '../model/page-model.ts';

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'ftp:']);

/** True for an absolute URL with a safe scheme (http, https, mailto, ftp): what an export may link to. */
export function isSafeUrl(value: string): boolean {
  try {
    return SAFE_SCHEMES.has(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

/** The base for relative URLs: `<base href>` resolved against the page URL, else the page URL. */
export function baseUrlOf(model: PageModel, page: string | null): string | null {
  const base = model.allOfTag('BASE').find((el) => model.hasAttr(el, 'href'));
  const baseHref = base === undefined ? null : model.attr(base, 'href');
  if (baseHref) {
    try {
      return new URL(baseHref, page ?? undefined).href;
    } catch {
      // an unusable <base> is ignored
    }
  }
  return page;
}

/**
 * Resolutions of the current base, by raw value: a page links the same targets many times (its menus, its
 * tags), and parsing a URL is most of the output stage's time (the base is a string, so each resolution parses
 * it again). Bounded, and dropped when the base changes; URL parsing is pure, so a hit is what a parse gives.
 */
const RESOLVED_MAX = 8192;
let resolvedBase: string | null = null;
const resolved = new Map<string, string | null>();

/** Absolute URL with a safe scheme, or null (javascript:, data:, unparsable). */
export function resolveUrl(raw: string | null | undefined, base: string | null): string | null {
  const value = raw?.trim();
  if (!value || value.startsWith('#')) return null;
  if (base !== resolvedBase || resolved.size >= RESOLVED_MAX) {
    resolved.clear();
    resolvedBase = base;
  }
  const hit = resolved.get(value);
  if (hit !== undefined) return hit;
  let href: string | null = null;
  try {
    const url = base ? new URL(value, base) : new URL(value);
    href = SAFE_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    // unparsable: null
  }
  resolved.set(value, href);
  return href;
}

/**
 * The path of a URL as `resolveUrl` serialises it (what `new URL(href).pathname` gives, without a second
 * parse): after the scheme and the authority, up to the query or the fragment. A serialised URL's user
 * and host never hold a "/", "?" or "#".
 */
export function pathOfResolved(href: string): string {
  return /^[a-z][a-z\d+.-]*:(?:\/\/[^/?#]*)?([^?#]*)/i.exec(href)?.[1] ?? '';
}

/** The largest candidate of a srcset ("a.jpg 320w, b.jpg 1024w" → "b.jpg"). */
export function largestFromSrcset(srcset: string): string | null {
  let best: string | null = null;
  let bestSize = -1;
  for (const part of srcset.split(/,\s+(?=\S)/)) {
    const [url, descriptor] = part.trim().split(/\s+/);
    if (!url) continue;
    const size = descriptor ? parseFloat(descriptor) : 1;
    if (Number.isFinite(size) && size > bestSize) {
      best = url;
      bestSize = size;
    }
  }
  return best;
}

const LAZY_ATTRIBUTES = [
  'data-src',
  'data-original',
  'data-lazy-src',
  'data-actualsrc',
  'data-url',
  'data-hi-res-src',
  'data-original-src',
  'data-lazyload',
];

/**
 * An image's real source (§1.6 "resolving lazy sources"): lazy-loading attributes first, then the largest
 * srcset candidate (own or of a <picture> source), then src; data: placeholders are skipped.
 */
export function imageSource(m: PageModel, img: number, base: string | null): string | null {
  const candidates: (string | null)[] = LAZY_ATTRIBUTES.map((a) => m.attr(img, a));
  for (const attr of ['data-srcset', 'srcset']) {
    const set = m.attr(img, attr);
    if (set) candidates.push(largestFromSrcset(set));
  }
  const parent = m.parent[img] as number;
  if (parent >= 0 && m.localName(parent) === 'picture') {
    const end = m.end[parent] as number;
    for (let s = parent + 1; s <= end; s++) {
      const srcset = m.tag(s) === 'SOURCE' ? m.attr(s, 'srcset') : null;
      if (srcset !== null) candidates.push(largestFromSrcset(srcset));
    }
  }
  candidates.push(m.attr(img, 'src'));
  for (const c of candidates) {
    const url = resolveUrl(c, base);
    if (url) return url;
  }
  return null;
}
