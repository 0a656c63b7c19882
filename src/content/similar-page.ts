/**
 * Method 4's host side in the extension (ALGORITHMS.md §4.1–4.3), when the reader turned on "Compare with
 * another page of this site": the best similar URL the core ranked among the page's links is fetched — of
 * this page's origin only, with the page's own credentials, within `SIMILAR_PAGE_TIMEOUT_MS` — decoded by
 * its declared charset as the CLI decodes files (platform/decode-html.ts), made inert and rendered hidden
 * at the viewport's width (similar-page-frame.ts), and its feature tree is built there with real boxes.
 * The core then diffs the page against it; everything that decides is the core's.
 *
 * Every way this can fail becomes a `SimilarPage` without a tree whose `failure` says why in one line (the
 * Article carries it to the popup, the CLI and the JSON), and a `SimilarPageFailure` for the popup's line in
 * the reader's language. Only a cancelled extraction rejects (with the signal's reason).
 */
import { buildModelFromDom, featureTree, featureTreeLimits } from '../core/index.ts';
import type { ExtractOptions, SimilarPage, SimilarUrlChoice } from '../core/index.ts';
import { DecodeError, decodeHtml } from '../platform/decode-html.ts';
import { createLiveProbe } from '../platform/live-probe.ts';
import type { SimilarPageFailure, SimilarPageFailureKind } from '../shared/messages.ts';
import { headerCharset } from './reread-page.ts';
import { inertSrcdoc, renderHidden } from './similar-page-frame.ts';

/** How long the fetch may take, and then how long the hidden frame may take to load (each). */
export const SIMILAR_PAGE_TIMEOUT_MS = 8_000;
/** The largest similar page read, in bytes: a news page is well under; a larger one is not an article page. */
export const MAX_SIMILAR_PAGE_BYTES = 8 * 1024 * 1024;

const MS_PER_S = 1000;
const HTML_TYPES = /^(?:text\/html|application\/xhtml\+xml)$/i;

/** What the host hands the core (`ExtractEnv.similarPage`), and why it has no tree, if it has none. */
export interface SimilarPageRead {
  readonly page: SimilarPage;
  readonly failure: SimilarPageFailure | null;
}

export interface SimilarPageHost {
  /** The page being extracted: its URL's origin is the only one fetched, and the frame is rendered in it. */
  readonly doc: Document;
  readonly fetchPage?: typeof fetch;
  readonly timeoutMs?: number;
}

/** The feature tree of `candidate` (the core's best similar URL), or why there is none. */
export async function readSimilarPage(
  candidate: SimilarUrlChoice,
  opts: ExtractOptions,
  signal: AbortSignal,
  host: SimilarPageHost,
): Promise<SimilarPageRead> {
  const started = performance.now();
  const { url, reason: why } = candidate;
  const timeoutMs = host.timeoutMs ?? SIMILAR_PAGE_TIMEOUT_MS;
  const fail = (kind: SimilarPageFailureKind, detail: string): SimilarPageRead => {
    const failure: SimilarPageFailure = { kind, url, detail };
    return { page: { url, why, tree: null, failure: failureLine(failure) }, failure };
  };
  const origin = httpOrigin(host.doc.URL);
  if (!origin || httpOrigin(url) !== origin) return fail('other-origin', originOf(url) ?? url);

  const got = await fetchHtml(url, origin, host.fetchPage ?? fetch, timeoutMs, signal);
  if (got.kind !== 'ok') return fail(got.kind, got.detail);
  let html: string;
  try {
    html = decodeHtml(got.bytes, got.charset).html;
  } catch (e) {
    if (e instanceof DecodeError) return fail('unreadable', e.message);
    throw e;
  }
  const srcdoc = inertSrcdoc(new DOMParser().parseFromString(html, 'text/html'), got.url);
  signal.throwIfAborted();
  const rendered = await renderHidden(host.doc, srcdoc, timeoutMs, signal, (frameDoc, frameWin) =>
    featureTree(buildModelFromDom(frameDoc, createLiveProbe(frameWin), opts, { boxes: true }), featureTreeLimits(opts)),
  );
  if (rendered.kind === 'timeout') return fail('timeout', String(timeoutMs / MS_PER_S));
  return { page: { url, why, tree: rendered.value, fetchMs: performance.now() - started }, failure: null };
}

type Fetched =
  | { readonly kind: 'ok'; readonly url: string; readonly bytes: Uint8Array; readonly charset: string | null }
  | { readonly kind: Exclude<SimilarPageFailureKind, 'unreadable'>; readonly detail: string };

/** The page's bytes and declared charset, fetched within `timeoutMs`; rejects only when `signal` aborts. */
async function fetchHtml(url: string, origin: string, fetchPage: typeof fetch, timeoutMs: number, signal: AbortSignal): Promise<Fetched> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetchPage(url, { credentials: 'same-origin', signal: AbortSignal.any([signal, timeout]) });
    // A redirect may leave the site: what came back must be of the page's origin too.
    const landed = response.url || url;
    if (originOf(landed) !== origin) return { kind: 'other-origin', detail: originOf(landed) ?? landed };
    if (!response.ok) return { kind: 'http', detail: String(response.status) };
    const type = response.headers.get('content-type');
    const mime = (type ?? '').split(';')[0]?.trim() ?? '';
    if (mime && !HTML_TYPES.test(mime)) return { kind: 'not-html', detail: mime };
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > MAX_SIMILAR_PAGE_BYTES) return { kind: 'too-large', detail: `${declared} bytes` };
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_SIMILAR_PAGE_BYTES) return { kind: 'too-large', detail: `${bytes.length} bytes` };
    return { kind: 'ok', url: landed, bytes, charset: headerCharset(type) };
  } catch (e) {
    signal.throwIfAborted();
    if (timeout.aborted) return { kind: 'timeout', detail: String(timeoutMs / MS_PER_S) };
    return { kind: 'network', detail: e instanceof Error ? e.message : String(e) };
  }
}

/** The origin of an http(s) URL, else null (a file, a data URL, an opaque origin: nothing is fetched). */
function httpOrigin(url: string): string | null {
  return /^https?:/i.test(url) ? originOf(url) : null;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The failure in one English line, for the Article (`similarPage.message`), the JSON and `--explain`. */
export function failureLine({ kind, url, detail }: SimilarPageFailure): string {
  switch (kind) {
    case 'other-origin':
      return `the similar page ${url} is on another site (${detail}): only pages of this site are fetched`;
    case 'http':
      return `the similar page ${url} could not be fetched: HTTP ${detail}`;
    case 'network':
      return `the similar page ${url} could not be fetched: ${detail}`;
    case 'timeout':
      return `the similar page ${url} did not load within ${detail} s`;
    case 'not-html':
      return `the similar page ${url} is not HTML (${detail})`;
    case 'too-large':
      return `the similar page ${url} is too large (${detail}; the limit is ${MAX_SIMILAR_PAGE_BYTES} bytes)`;
    case 'unreadable':
      return `the similar page ${url} could not be read: ${detail}`;
  }
}
