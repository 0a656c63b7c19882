/**
 * A web page fetched for the Node hosts (`extract URL`, `extract --similar URL`): the body is read as a
 * stream and counted as it comes, after Node's fetch has unpacked any gzip/deflate/br `Content-Encoding`,
 * so a body larger than the page limit (MAX_INPUT_BYTES) is cut off there, never held whole (a 512 MB
 * body, or a 1 MB gzip that unpacks to 1 GiB, used to be read into memory before the limit was checked).
 * Redirects are followed here, one at a time, so that the caller learns where the page landed (its URL
 * is the base of the page's relative links) and can refuse one to another origin (`--same-origin`).
 * Every failure is a FetchError whose message names the URL it happened on.
 */
import { MAX_INPUT_BYTES } from '../platform/decode-html.ts';
import { concatBytes } from '../platform/bytes.ts';

export interface FetchedPage {
  readonly bytes: Uint8Array;
  /** The charset of the HTTP `Content-Type`, if it names one. */
  readonly charset: string | null;
  /** Where the page was read from: the URL asked for, or where its redirects led. */
  readonly finalUrl: string;
}

export interface FetchPageOptions {
  /** Refuse a redirect to another origin (scheme, host and port) instead of following it. */
  readonly sameOrigin?: boolean;
  /** The time the whole fetch may take, redirects and body included, in ms. */
  readonly timeoutMs?: number;
  /** The most body bytes read (after unpacking); more is refused. */
  readonly maxBytes?: number;
}

/** A fetch that failed; the message names the URL. */
export class FetchError extends Error {}

export const FETCH_TIMEOUT_MS = 20_000;
/** As many as browsers follow (Chromium, Firefox: 20). */
const MAX_REDIRECTS = 20;

export async function fetchPage(url: string, opts: FetchPageOptions = {}): Promise<FetchedPage> {
  const timeoutMs = opts.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? MAX_INPUT_BYTES;
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  for (let hops = 0; ; hops++) {
    let res: Response;
    try {
      res = await fetch(current, { signal, redirect: 'manual', headers: { 'user-agent': 'article-lens' } });
    } catch (err) {
      throw new FetchError(`${current}: ${signal.aborted ? `no answer within ${seconds(timeoutMs)}` : `unreachable (${causeOf(err)})`}`);
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location !== null) {
      await res.body?.cancel().catch(() => undefined);
      const next = nextUrl(current, location);
      if (hops === MAX_REDIRECTS) throw new FetchError(`${url}: more than ${MAX_REDIRECTS} redirects`);
      if (opts.sameOrigin && new URL(next).origin !== new URL(current).origin)
        throw new FetchError(`${current}: redirects to ${next}, another origin: not followed (--same-origin)`);
      current = next;
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new FetchError(`${current}: HTTP ${res.status}`);
    }
    const charset = /charset=([\w.:-]+)/i.exec(res.headers.get('content-type') ?? '')?.[1] ?? null;
    const bytes = await readBody(res, current, maxBytes, timeoutMs, signal);
    return { bytes, charset, finalUrl: current };
  }
}

/** The absolute http(s) URL a `Location` header leads to from `from`. */
function nextUrl(from: string, location: string): string {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FetchError(`${from}: redirects to ${JSON.stringify(location.slice(0, 200))}, which is not a URL`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    throw new FetchError(`${from}: redirects to ${next.href.slice(0, 200)}, not an http(s) URL: not followed`);
  return next.href;
}

/** The body's bytes, read chunk by chunk and refused as soon as they pass `maxBytes`. */
async function readBody(res: Response, url: string, maxBytes: number, timeoutMs: number, signal: AbortSignal): Promise<Uint8Array> {
  if (res.body === null) return new Uint8Array(0);
  const declared = Number(res.headers.get('content-length'));
  // A declared length is only trusted for a body that is not unpacked on the way.
  if (res.headers.get('content-encoding') === null && Number.isFinite(declared) && declared > maxBytes) {
    await res.body.cancel().catch(() => undefined);
    throw new FetchError(`${url}: page too large (${declared} bytes; the limit is ${maxBytes})`);
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) {
        chunks.length = 0;
        await reader.cancel().catch(() => undefined);
        throw new FetchError(
          `${url}: page too large (more than ${maxBytes} bytes${res.headers.has('content-encoding') ? ' once unpacked' : ''}): download stopped`,
        );
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof FetchError) throw err;
    throw new FetchError(
      `${url}: ${signal.aborted ? `download not finished within ${seconds(timeoutMs)}` : `download broken off after ${total} bytes (${causeOf(err)})`}`,
    );
  }
  return concatBytes(chunks, total);
}

/** The innermost reason of a fetch error ("connect ECONNREFUSED 127.0.0.1:1", "terminated"). */
function causeOf(err: unknown): string {
  if (err instanceof Error && err.cause instanceof Error) return err.cause.message;
  return err instanceof Error ? err.message : String(err);
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}
