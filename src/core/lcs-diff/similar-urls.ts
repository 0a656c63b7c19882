/**
 * §4.1 Similar page: among the page's links, the URLs that look like another article of the same site,
 * ranked, so that the host can fetch one (or two) and diff its feature tree against the page's (§4.3–4.7).
 *
 * The patent names "four principles" without listing them; ours (ALGORITHMS.md §4.1):
 * 1. same scheme and host (`www.` is part of the host, and so is the port);
 * 2. same number of path segments (an empty last segment — a trailing slash — is ignored on both);
 * 3. same shape: each segment equal, or of the same token class (`classifyToken`), with differences only
 *    in id-like, date or digit segments, or in the final segment (which then has the same extension);
 *    the page's query parameters (after tracking ones are dropped) must come back under the same names and
 *    no others, each value equal or of the same id-like class (`?tid=123`, `article.php?p=5`);
 * 4. a different article: not the page's URL once the fragment, tracking parameters, a trailing slash and
 *    the order of the parameters are set aside, and not a link inside the article body.
 * Rank: more equal path segments first, then the longer common prefix of the two normalised URLs, then
 * page order.
 *
 * Gaps we fill: non-http(s) links, links to files (.pdf, .jpg, .zip, .doc…) and relative or malformed
 * hrefs are skipped; a plain word that differs (`/sports/` vs `/finance/`, `/c/` vs `/o/`, `index.shtml` vs
 * `2024211.shtml`) disqualifies anywhere, final segment included — words name sections and scripts, not
 * articles; a slug (`world-europe-12345678`) may differ only as the final segment; an 8-digit date such as
 * 20100927 is all digits and shares their class; a URL linked both inside and outside the body counts by
 * its first link outside; candidates are de-duplicated by their normalised URL (first link kept); at most
 * the first `MAX_LINKS_CONSIDERED` links are read. Pure: no DOM, only the standard `URL`.
 *
 * Extension `noiseQuery` (issue 40 item 13): a query parameter that names no page is set aside like a
 * tracking one, so that a site which appends `?s=…` to every link still has similar pages. A parameter is
 * noise when its name is a known tracking or share name (`noiseParams`: s, source, share*, ref_*…), when
 * it has one value on every link of the site that carries it (`noiseMinLinks` links or more: a session id,
 * a campaign tag), or when every link of the site carries it (a position tag, `?s=nav`, `?s=foot`) —
 * unless it tells this page's own address from the site's others: the page's path comes back in a link
 * with another id-like value of it (`article.php?id=123`, `?id=124`), which keeps a page-identifying query.
 */

/** One link of the page, as the host or the pipeline read it. */
export interface PageLink {
  /** The link's absolute URL (resolved against the page's base). */
  readonly href: string;
  /** True when the link lies inside the article body (§4.1 principle 4: not a body link). */
  readonly inBody: boolean;
}

export interface SimilarUrl {
  /** The candidate, fragment and tracking parameters dropped. */
  readonly url: string;
  /** Path segments equal to the page's. */
  readonly equalSegments: number;
  /** Length in characters of the common prefix of the two URLs (after normalisation). */
  readonly commonPrefix: number;
  /** One line for people: why this URL (e.g. "same host, 3 path segments, 2 equal, shape /YYYY-MM-DD/N.shtml; prefix 38 chars"). */
  readonly reason: string;
}

export interface SimilarUrlOptions {
  /** Query parameter names dropped before URLs are compared (utm_*, spm, from, ...). A name ending in "*" is a prefix. */
  readonly trackingParams: readonly string[];
  /** Most candidates returned. */
  readonly maxCandidates: number;
  /**
   * Extension (`LcsDiffOptions.extensions.noiseQuery`): query parameters that name no page — `noiseParams`,
   * one value on every link that carries it, or carried by every link of the site — are set aside before
   * URLs are compared, unless they tell the page's own address from the site's others. Off: only
   * `trackingParams` are set aside (a site that appends `?s=…` to every link has no similar page).
   */
  readonly noiseQuery: boolean;
  /** With `noiseQuery`: more names of parameters that never name a page (a trailing "*" is a prefix; any case). */
  readonly noiseParams: readonly string[];
  /** With `noiseQuery`: the data-driven tests (one value everywhere, on every link) need this many same-site links carrying it. */
  readonly noiseMinLinks: number;
}

/** Why a query parameter was set aside as noise (extension `noiseQuery`). */
export type NoiseQueryReason = 'name' | 'one-value' | 'every-link';

/** A query parameter set aside as noise, for the Explain trace. */
export interface NoiseQueryParam {
  /** The parameter's name, as the links spell it. */
  readonly name: string;
  readonly why: NoiseQueryReason;
  /** Same-site links that carry it. */
  readonly links: number;
}

/** The ranking with what it set aside: `rankSimilarUrls`'s candidates and the noise parameters. */
export interface SimilarUrlRanking {
  readonly ranked: SimilarUrl[];
  /** Query parameters set aside as noise (extension `noiseQuery`), in the order the links first carry them. */
  readonly noise: readonly NoiseQueryParam[];
  /** Same-site links read (the page's host and scheme). */
  readonly sameSiteLinks: number;
}

/**
 * Defaults: common analytics and share parameters (matched without regard to case), Chinese portals' `spm`
 * and `from` included; five candidates, so that the host can fall back when the first fetch fails.
 */
export const DEFAULT_SIMILAR_URL_OPTIONS: SimilarUrlOptions = Object.freeze({
  trackingParams: Object.freeze(
    'utm_* spm from fbclid gclid dclid msclkid yclid igshid mc_cid mc_eid _ga ref ref_src share cmpid ocid ncid wt.mc_id'.split(' '),
  ),
  maxCandidates: 5,
  noiseQuery: true,
  noiseParams: Object.freeze(
    's source share* ref_* from_* fb_* ga_* _hs* hsa_* pk_* mtm_* mkt_tok trk s_cid twclid ttclid li_fat_id wickedid rb_clickid'.split(' '),
  ),
  noiseMinLinks: 3,
});

/** Bounded work: links after this many are not read. */
const MAX_LINKS_CONSIDERED = 5000;
/** A token of hex letters only (no digit) is id-like from this length (`deadbeef`); shorter ones are words. */
const MIN_HEX_ID_CHARS = 8;
const MAX_MONTH = 12;
const MAX_DAY = 31;

/** Final-segment extensions of files rather than pages (principle 4 gap-filler: not an article). */
const FILE_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'pdf doc docx xls xlsx ppt pptx odt ods rtf txt csv xml rss json js css ' +
    'jpg jpeg png gif webp svg bmp ico tif tiff avif ' +
    'zip rar 7z gz tgz tar bz2 xz exe msi apk dmg iso ' +
    'mp3 mp4 m4a wav ogg avi mov wmv flv mkv webm swf'
  ).split(' '),
);

/**
 * §4.1 principle 3 token classes: `digits` (2024211, 20100927, 2010 and 09 of /2010/09/); `date` (2010-09-27,
 * 2010_09_27, 2010.09, year first); `id` (letters and digits mixed, hex, uuid, digit groups joined by - or _:
 * a1b2c3d4, DOC123456, 123456789_121106875); `slug` (words joined by - or _: uk-politics-23456789); `word`
 * (letters only: c, sports, index); `other` (anything else: compared only for equality).
 */
type TokenClass = 'digits' | 'date' | 'id' | 'slug' | 'word' | 'other';

/** Classes that may differ between the page and a candidate in a middle segment or a query value. */
const ID_LIKE: ReadonlySet<TokenClass> = new Set<TokenClass>(['digits', 'date', 'id']);
/** Classes that may differ in the final segment. */
const FINAL_VARIABLE: ReadonlySet<TokenClass> = new Set<TokenClass>(['digits', 'date', 'id', 'slug']);

const DATE = /^(?:19|20)\d\d([-_.])(\d{1,2})(?:([-_.])(\d{1,2}))?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGIT_GROUPS = /^\d+(?:[-_]\d+)+$/;
const HEX = /^[0-9a-f]+$/i;
const ALNUM = /^[a-z0-9]+$/i;
const SLUG = /^[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)+$/u;
const WORD = /^\p{L}+$/u;
/** A final segment's extension: a dot, then a letter and up to four letters or digits. */
const EXTENSION = /^(.+)\.([a-z][a-z0-9]{0,4})$/i;

/** §4.1 principle 3: the token class of one (decoded) path segment, extension stem or query value. */
function classifyToken(token: string): TokenClass {
  if (/^\d+$/.test(token)) return 'digits';
  const date = DATE.exec(token);
  if (date && isMonthDay(date[2], date[4])) return 'date';
  if (UUID.test(token) || DIGIT_GROUPS.test(token)) return 'id';
  if (ALNUM.test(token) && /\d/.test(token) && /[a-z]/i.test(token)) return 'id';
  if (HEX.test(token) && token.length >= MIN_HEX_ID_CHARS) return 'id';
  if (WORD.test(token)) return 'word';
  if (SLUG.test(token) && /\p{L}/u.test(token)) return 'slug';
  return 'other';
}

function isMonthDay(month: string | undefined, day: string | undefined): boolean {
  const m = Number(month);
  const d = day === undefined ? 1 : Number(day);
  return m >= 1 && m <= MAX_MONTH && d >= 1 && d <= MAX_DAY;
}

/** A URL taken apart for the comparison. */
interface ParsedUrl {
  /** scheme://host[:port] */
  readonly origin: string;
  /** Path segments, raw (percent-encoded), without an empty last one. */
  readonly segments: readonly string[];
  /** Query parameters kept (not tracking), in page order: raw `name=value`, decoded name and value. */
  readonly query: readonly QueryParam[];
  /** The URL with fragment and tracking parameters dropped. */
  readonly url: string;
  /** Identity for principle 4 and de-duplication: trailing slash and parameter order set aside. */
  readonly key: string;
  /** Names of the query parameters set aside as noise (extension `noiseQuery`), not as tracking. */
  readonly noise: readonly string[];
}

interface QueryParam {
  readonly raw: string;
  readonly name: string;
  readonly value: string;
}

/** An http(s) URL taken apart, or null (relative, malformed, other scheme); `isNoise` sets parameters aside as noise. */
function parseUrl(href: string, isTracking: (name: string) => boolean, isNoise: (name: string) => boolean = NEVER): ParsedUrl | null {
  let u: URL;
  try {
    u = new URL(href);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const segments = u.pathname.split('/').slice(1);
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop();
  const query: QueryParam[] = [];
  const noise: string[] = [];
  for (const raw of u.search.slice(1).split('&')) {
    if (raw === '') continue;
    const eq = raw.indexOf('=');
    const name = decode(eq < 0 ? raw : raw.slice(0, eq));
    if (isTracking(name.toLowerCase())) continue;
    if (isNoise(name)) noise.push(name);
    else query.push({ raw, name, value: decode(eq < 0 ? '' : raw.slice(eq + 1)) });
  }
  const origin = `${u.protocol}//${u.host}`;
  const search = query.length > 0 ? `?${query.map((q) => q.raw).join('&')}` : '';
  const sorted = query.map((q) => q.raw).sort();
  const key = `${origin}/${segments.join('/')}?${sorted.join('&')}`;
  return { origin, segments, query, url: origin + u.pathname + search, key, noise };
}

const NEVER = (): boolean => false;

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** A tracking-parameter test from the option's names ("utm_*" is a prefix), case-insensitive. */
function trackingTest(names: readonly string[]): (name: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const n of names) {
    const lower = n.toLowerCase();
    if (lower.endsWith('*')) prefixes.push(lower.slice(0, -1));
    else exact.add(lower);
  }
  return (name) => exact.has(name) || prefixes.some((p) => name.startsWith(p));
}

/** A segment split into stem and extension (`2024211.shtml` → `2024211`, `shtml`); extension "" when none. */
function splitExtension(segment: string): { readonly stem: string; readonly ext: string } {
  const m = EXTENSION.exec(segment);
  return m ? { stem: m[1] ?? '', ext: (m[2] ?? '').toLowerCase() } : { stem: segment, ext: '' };
}

/** Principle 3 for one pair of differing segments. */
function isSameShapeSegment(a: string, b: string, final: boolean): boolean {
  if (!final) {
    const cls = classifyToken(decode(a));
    return ID_LIKE.has(cls) && cls === classifyToken(decode(b));
  }
  const sa = splitExtension(a);
  const sb = splitExtension(b);
  if (sa.ext !== sb.ext) return false;
  const cls = classifyToken(decode(sa.stem));
  return FINAL_VARIABLE.has(cls) && cls === classifyToken(decode(sb.stem));
}

/** Principle 3 for the query: the same names, each value equal or of the same id-like class. */
function isSameShapeQuery(page: readonly QueryParam[], cand: readonly QueryParam[]): boolean {
  if (page.length !== cand.length) return false;
  const byName = (x: QueryParam, y: QueryParam): number => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);
  const p = [...page].sort(byName);
  const c = [...cand].sort(byName);
  return p.every((pq, i) => {
    const cq = c[i];
    if (!cq || cq.name !== pq.name) return false;
    if (cq.value === pq.value) return true;
    const cls = classifyToken(pq.value);
    return ID_LIKE.has(cls) && cls === classifyToken(cq.value);
  });
}

/** Principles 2–3: the number of equal path segments, or null when the shapes differ. */
function countEqualSegments(page: ParsedUrl, cand: ParsedUrl): number | null {
  if (page.segments.length !== cand.segments.length) return null;
  let equal = 0;
  for (let i = 0; i < page.segments.length; i++) {
    const a = page.segments[i] ?? '';
    const b = cand.segments[i] ?? '';
    if (a === b) equal++;
    else if (!isSameShapeSegment(a, b, i === page.segments.length - 1)) return null;
  }
  return isSameShapeQuery(page.query, cand.query) ? equal : null;
}

function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

const PATTERN: Readonly<Record<TokenClass, string>> = { digits: 'N', date: 'DATE', id: 'ID', slug: 'SLUG', word: 'WORD', other: '?' };

/** A token as it shows in the reason: a pattern for the variable classes, the token itself when equal to the page's. */
function shapeOf(token: string, same: boolean): string {
  const cls = classifyToken(decode(token));
  if (cls === 'date')
    return token
      .replace(/^\d{4}/, 'YYYY')
      .replace(/([-_.])\d{1,2}/, '$1MM')
      .replace(/([-_.])\d{1,2}$/, '$1DD');
  if (FINAL_VARIABLE.has(cls) || !same) return PATTERN[cls];
  return token;
}

/** The shape the candidate shares with the page, e.g. `/c/YYYY-MM-DD/N.shtml` or `/viewthread.php?tid=N`. */
function describeShape(page: ParsedUrl, cand: ParsedUrl): string {
  const last = cand.segments.length - 1;
  const path = cand.segments.map((seg, i) => {
    const same = seg === page.segments[i];
    if (i !== last) return shapeOf(seg, same);
    const { stem, ext } = splitExtension(seg);
    return shapeOf(stem, same) + (ext ? `.${ext}` : '');
  });
  const query = cand.query.map(
    (q) =>
      `${q.name}=${shapeOf(
        q.value,
        page.query.some((p) => p.raw === q.raw),
      )}`,
  );
  return `/${path.join('/')}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/** §4.1 the page's links ranked as similar pages by the four principles; best first; [] when none qualifies or pageUrl is not http(s). */
export function rankSimilarUrls(
  pageUrl: string,
  links: readonly PageLink[],
  opts: SimilarUrlOptions = DEFAULT_SIMILAR_URL_OPTIONS,
): SimilarUrl[] {
  return similarUrlRanking(pageUrl, links, opts).ranked;
}

/** `rankSimilarUrls` with the query parameters it set aside as noise (extension `noiseQuery`), for the Explain trace. */
export function similarUrlRanking(
  pageUrl: string,
  links: readonly PageLink[],
  opts: SimilarUrlOptions = DEFAULT_SIMILAR_URL_OPTIONS,
): SimilarUrlRanking {
  const isTracking = trackingTest(opts.trackingParams);
  const plain = parseUrl(pageUrl, isTracking);
  if (!plain) return { ranked: [], noise: [], sameSiteLinks: 0 };
  const count = Math.min(links.length, MAX_LINKS_CONSIDERED);
  const site: ParsedUrl[] = [];
  for (let i = 0; i < count; i++) {
    const href = links[i]?.href;
    const parsed = typeof href === 'string' ? parseUrl(href, isTracking) : null;
    if (parsed && parsed.origin === plain.origin) site.push(parsed);
  }
  const noise = opts.noiseQuery ? noiseParams(plain, site, opts) : [];
  const noiseNames = new Set(noise.map((n) => n.name));
  const isNoise = noiseNames.size > 0 ? (name: string): boolean => noiseNames.has(name) : NEVER;
  const page = noiseNames.size > 0 ? (parseUrl(pageUrl, isTracking, isNoise) as ParsedUrl) : plain;
  const seen = new Set<string>([page.key]);
  const found: SimilarUrl[] = [];
  for (let i = 0; i < count; i++) {
    const link = links[i];
    if (!link || link.inBody || typeof link.href !== 'string') continue;
    const cand = parseUrl(link.href, isTracking, isNoise);
    if (!cand || cand.origin !== page.origin || seen.has(cand.key)) continue;
    if (FILE_EXTENSIONS.has(splitExtension(cand.segments[cand.segments.length - 1] ?? '').ext)) continue;
    const equalSegments = countEqualSegments(page, cand);
    if (equalSegments === null) continue;
    seen.add(cand.key);
    const commonPrefix = commonPrefixLength(page.url, cand.url);
    const setAside = [...new Set([...page.noise, ...cand.noise])];
    const reason =
      `same host, ${cand.segments.length} path segments, ${equalSegments} equal, ` +
      `shape ${describeShape(page, cand)}; prefix ${commonPrefix} chars` +
      (setAside.length > 0 ? `; query ${setAside.join(', ')} set aside as noise` : '');
    found.push({ url: cand.url, equalSegments, commonPrefix, reason });
  }
  // Array.prototype.sort is stable: candidates that tie keep their page order.
  found.sort((a, b) => b.equalSegments - a.equalSegments || b.commonPrefix - a.commonPrefix);
  return { ranked: found.slice(0, Math.max(0, Math.floor(opts.maxCandidates))), noise, sameSiteLinks: site.length };
}

/** What the same-site links say of one query parameter (extension `noiseQuery`). */
interface ParamStats {
  /** Links that carry it. */
  links: number;
  /** Its value on the first link that carries it. */
  readonly first: string;
  /** Whether another link carries another value. */
  varies: boolean;
}

/**
 * Extension `noiseQuery`: the query parameters of the page and its same-site links that name no page —
 * a known tracking or share name (`noiseParams`), one value on every link that carries it, or carried by
 * every link — in the order they first occur, the page's first. A parameter that tells the page's own
 * address from the site's others is never noise: a link to the page's path with another id-like value of
 * it (`article.php?id=124` on `article.php?id=123`), the mark of a page-identifying query.
 */
function noiseParams(page: ParsedUrl, site: readonly ParsedUrl[], opts: SimilarUrlOptions): NoiseQueryParam[] {
  const isNamed = trackingTest(opts.noiseParams);
  const stats = new Map<string, ParamStats>();
  const pagePath = page.segments.join('/');
  /** Parameters seen with two or more id-like values at the page's own path (the page's value included). */
  const idValues = new Map<string, Set<string>>();
  const noteId = (q: QueryParam): void => {
    if (!ID_LIKE.has(classifyToken(q.value))) return;
    const values = idValues.get(q.name) ?? new Set<string>();
    values.add(q.value);
    idValues.set(q.name, values);
  };
  for (const q of page.query) {
    stats.set(q.name, { links: 0, first: q.value, varies: false });
    noteId(q);
  }
  for (const link of site) {
    const samePath = link.segments.join('/') === pagePath;
    for (const q of link.query) {
      const s = stats.get(q.name);
      if (!s) stats.set(q.name, { links: 1, first: q.value, varies: false });
      else {
        s.links++;
        if (q.value !== s.first) s.varies = true;
      }
      if (samePath) noteId(q);
    }
  }
  const minLinks = Math.max(1, opts.noiseMinLinks);
  const out: NoiseQueryParam[] = [];
  for (const [name, s] of stats) {
    if ((idValues.get(name)?.size ?? 0) >= 2) continue;
    const why: NoiseQueryReason | null = isNamed(name.toLowerCase())
      ? 'name'
      : s.links >= minLinks && s.links === site.length
        ? 'every-link'
        : s.links >= minLinks && !s.varies
          ? 'one-value'
          : null;
    if (why) out.push({ name, why, links: s.links });
  }
  return out;
}
