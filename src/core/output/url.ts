/** URL resolution for links and images: against `<base href>` and the page URL, safe schemes only. */
import { attributeOf, dom } from '../dom/dom-read.ts';

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
export function baseUrlOf(doc: Document, page: string | null): string | null {
  const baseHref = attributeOf(dom.querySelector(doc, 'base[href]'), 'href');
  if (baseHref) {
    try {
      return new URL(baseHref, page ?? undefined).href;
    } catch {
      // an unusable <base> is ignored
    }
  }
  return page;
}

/** Absolute URL with a safe scheme, or null (javascript:, data:, unparsable). */
export function resolveUrl(raw: string | null | undefined, base: string | null): string | null {
  const value = raw?.trim();
  if (!value || value.startsWith('#')) return null;
  try {
    const url = base ? new URL(value, base) : new URL(value);
    return SAFE_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
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
export function imageSource(img: Element, base: string | null): string | null {
  const candidates: (string | null)[] = LAZY_ATTRIBUTES.map((a) => dom.getAttribute(img, a));
  for (const attr of ['data-srcset', 'srcset']) {
    const set = dom.getAttribute(img, attr);
    if (set) candidates.push(largestFromSrcset(set));
  }
  const parent = dom.parentElement(img);
  const picture = parent && dom.localName(parent) === 'picture' ? parent : null;
  if (picture) {
    for (const source of dom.querySelectorAll(picture, 'source[srcset]'))
      candidates.push(largestFromSrcset(dom.getAttribute(source, 'srcset') ?? ''));
  }
  candidates.push(dom.getAttribute(img, 'src'));
  for (const c of candidates) {
    const url = resolveUrl(c, base);
    if (url) return url;
  }
  return null;
}
