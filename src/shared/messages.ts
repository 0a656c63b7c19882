/**
 * The typed message protocol between the content script, the background service worker and the popup
 * (STYLE.md §8.9): one discriminated union of requests, one response type per request, shape validation at
 * the boundary, and `listen()`, whose handler table the type-checker requires to be exhaustive.
 *
 *   content script ──link-title:record / link-title:lookup──► background
 *   popup          ──link-title:lookup────────────────────────► background
 *   popup          ──page:ping / page:extract / page:overlay──► content script (tabs.sendMessage)
 *   popup          ──page:progress / page:cancel─────────────► content script (while an extraction runs)
 *   popup, menu    ──page:annotate───────────────────────────► content script (annotation mode)
 *   popup          ──page:fetch-images───────────────────────► content script (Markdown with images embedded)
 *
 * Every reply travels as `Reply` ({ok, value} or {ok: false, error}), so a failure on the other side
 * arrives as a message instead of a silent `undefined`.
 */
import type { Article, ArticlePreview, PartialOptions } from '../core/index.ts';
import { isRecord } from '../core/json-object.ts';
import type { Runtime } from './browser.ts';
import { MAX_LINK_TITLE_CHARS } from './storage-keys.ts';
import { MAX_LINK_URL_CHARS } from './link-key.ts';

/** Content script → background: the reader clicked a link whose anchor text is `text`. */
export interface LinkTitleRecord {
  readonly type: 'link-title:record';
  /** Absolute target URL without fragment (shared/link-key.ts). */
  readonly url: string;
  readonly text: string;
}

/** Content script or popup → background: the link title recorded for `url`, if any. */
export interface LinkTitleLookup {
  readonly type: 'link-title:lookup';
  readonly url: string;
}

/** Popup → content script: is a content script of this extension listening in the tab? */
export interface PagePing {
  readonly type: 'page:ping';
}

/** Popup → content script: run the core on the live document. */
export interface PageExtract {
  readonly type: 'page:extract';
  readonly options?: PartialOptions;
}

/** Popup → content script: how far the running extraction is (the popup asks while it waits). */
export interface PageProgress {
  readonly type: 'page:progress';
}

/** Popup → content script: stop the running extraction (its `page:extract` then fails as cancelled). */
export interface PageCancel {
  readonly type: 'page:cancel';
}

/** Popup → content script: show or hide the on-page overlay of the last extraction. */
export interface PageOverlay {
  readonly type: 'page:overlay';
  readonly show: boolean;
}

/** Background (context menu) → content script: extract the page and put it on the clipboard as Markdown. */
export interface PageCopyMarkdown {
  readonly type: 'page:copy-markdown';
}

/** Popup or context menu → content script: open annotation mode on the page (resuming a stored annotation). */
export interface PageAnnotate {
  readonly type: 'page:annotate';
}

/** Popup → content script: fetch these images (for a Markdown file with them embedded). */
export interface PageFetchImages {
  readonly type: 'page:fetch-images';
  readonly urls: readonly string[];
}

/** One image fetched for embedding: its `data:` URL, or why there is none. */
export interface FetchedImage {
  readonly url: string;
  readonly dataUri: string | null;
  readonly reason: string | null;
}

export type BackgroundRequest = LinkTitleRecord | LinkTitleLookup;
export type PageRequest =
  PagePing | PageExtract | PageProgress | PageCancel | PageOverlay | PageCopyMarkdown | PageAnnotate | PageFetchImages;
export type Request = BackgroundRequest | PageRequest;
export type RequestType = Request['type'];

/** Why the similar page of method 4 could not be read (content/similar-page.ts), for the popup's line. */
export type SimilarPageFailureKind = 'other-origin' | 'http' | 'network' | 'timeout' | 'not-html' | 'too-large' | 'unreadable';

export interface SimilarPageFailure {
  readonly kind: SimilarPageFailureKind;
  /** The URL that was not read. */
  readonly url: string;
  /** One short detail: the HTTP status, the content type, the seconds waited, the error; "" when none. */
  readonly detail: string;
}

/** What the content script answers to `page:extract`. */
export interface ExtractResult {
  readonly article: Article;
  /** The anchor text of the link the reader followed to this page (the query title offered to the core), or null. */
  readonly linkTitle: string | null;
  /** Wall time of the extraction in the page, in ms. */
  readonly ms: number;
  /**
   * The document's MIME type (`document.contentType`): `application/pdf` in the browser's PDF viewer,
   * whatever the URL says (a download link rarely ends in .pdf), where there is nothing to read.
   */
  readonly contentType: string;
  /** Whether the on-page overlay is shown (it was redrawn from this extraction), so the popup opens in step. */
  readonly overlayShown: boolean;
  /**
   * Those of the article's image URLs the page itself has loaded (content/loaded-images.ts): the popup
   * shows these at once and fetches the others only when the reader asks.
   */
  readonly loadedImages: readonly string[];
  /**
   * With "Compare with another page of this site" on: why the similar page could not be read, so that the
   * popup says it in the reader's language (the article's `similarPage.message` says it in English).
   */
  readonly similarPageFailure?: SimilarPageFailure;
}

/**
 * The step of an extraction that fetches and renders the similar page (between the two runs of the
 * pipeline), as `ExtractStatus.stage` names it.
 */
export const SIMILAR_PAGE_STAGE = 'similar-page';

/** What the content script answers to `page:progress`: where the running extraction is. */
export interface ExtractStatus {
  /** False when no extraction runs (not started yet, finished, or cancelled). */
  readonly running: boolean;
  /** The pipeline stage it is in (core PIPELINE_STAGES, or SIMILAR_PAGE_STAGE), or null before its first pause. */
  readonly stage: string | null;
  /** Stages finished, of `total`. */
  readonly done: number;
  readonly total: number;
  /** Times it has given the page its thread back so far: grows while the extraction makes progress. */
  readonly slices: number;
  /** Title, author, source and time once chosen, before the body is (the popup shows them meanwhile). */
  readonly preview: ArticlePreview | null;
}

/** What the content script answers to `page:overlay`. */
export interface OverlayState {
  readonly shown: boolean;
  /** Outlines drawn (0 when hidden). */
  readonly drawn: number;
  /** Elements of the article that no longer resolve on the page (0 when hidden). */
  readonly missing: number;
}

export interface ResponseMap {
  readonly 'link-title:record': { readonly stored: boolean };
  readonly 'link-title:lookup': { readonly text: string | null };
  readonly 'page:ping': { readonly generation: number };
  readonly 'page:extract': ExtractResult;
  readonly 'page:progress': ExtractStatus;
  readonly 'page:cancel': { readonly cancelled: boolean };
  readonly 'page:overlay': OverlayState;
  /** Whether the Markdown is on the clipboard (no article body: nothing is copied), and its length. */
  readonly 'page:copy-markdown': { readonly copied: boolean; readonly chars: number };
  /** The annotated page's id, whether a stored annotation was resumed, and how many verdicts it holds. */
  readonly 'page:annotate': { readonly id: string; readonly resumed: boolean; readonly given: number };
  readonly 'page:fetch-images': readonly FetchedImage[];
}

export type Reply<K extends RequestType> =
  { readonly ok: true; readonly value: ResponseMap[K] } | { readonly ok: false; readonly error: string };

type RequestOf<K extends RequestType> = Extract<Request, { readonly type: K }>;

/** One handler per request type of `R`; a missing or extra type is a type error. */
export type Handlers<R extends Request> = {
  readonly [K in R['type']]: (request: RequestOf<K>, sender: Runtime.MessageSender) => ResponseMap[K] | Promise<ResponseMap[K]>;
};

/** Decides whether `sender` may send a request of this type. */
export type SenderCheck<R extends Request> = (type: R['type'], sender: Runtime.MessageSender) => boolean;

function isBoundedString(x: unknown, max: number): x is string {
  return typeof x === 'string' && x.length > 0 && x.length <= max;
}

/** Most image URLs one `page:fetch-images` may ask for (the export's own limit is lower: embed-images.ts). */
const MAX_FETCHED_IMAGES = 200;

/** Shape validators, one per request type (exhaustive like the handler tables). */
const VALIDATORS: { readonly [K in RequestType]: (m: Readonly<Record<string, unknown>>) => RequestOf<K> | null } = {
  'link-title:record': (m) =>
    isBoundedString(m['url'], MAX_LINK_URL_CHARS) && isBoundedString(m['text'], MAX_LINK_TITLE_CHARS)
      ? { type: 'link-title:record', url: m['url'], text: m['text'] }
      : null,
  'link-title:lookup': (m) => (isBoundedString(m['url'], MAX_LINK_URL_CHARS) ? { type: 'link-title:lookup', url: m['url'] } : null),
  'page:ping': () => ({ type: 'page:ping' }),
  'page:extract': (m) => {
    const options = m['options'];
    if (options === undefined) return { type: 'page:extract' };
    return isRecord(options) ? { type: 'page:extract', options: options as PartialOptions } : null;
  },
  'page:progress': () => ({ type: 'page:progress' }),
  'page:cancel': () => ({ type: 'page:cancel' }),
  'page:overlay': (m) => (typeof m['show'] === 'boolean' ? { type: 'page:overlay', show: m['show'] } : null),
  'page:copy-markdown': () => ({ type: 'page:copy-markdown' }),
  'page:annotate': () => ({ type: 'page:annotate' }),
  'page:fetch-images': (m) => {
    const urls = m['urls'];
    return Array.isArray(urls) && urls.length <= MAX_FETCHED_IMAGES && urls.every((u) => isBoundedString(u, MAX_LINK_URL_CHARS))
      ? { type: 'page:fetch-images', urls: urls as string[] }
      : null;
  },
};

/** The request in `message`, or null when it is not a well-formed request of this protocol. */
export function parseRequest(message: unknown): Request | null {
  if (!isRecord(message) || typeof message['type'] !== 'string' || !Object.hasOwn(VALIDATORS, message['type'])) return null;
  const validate = VALIDATORS[message['type'] as RequestType];
  return validate(message);
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * A `runtime.onMessage` listener (webextension-polyfill style: return a promise to answer, undefined to
 * let another listener answer) that validates shape and sender and dispatches to `handlers`.
 */
export function listen<R extends Request>(
  handlers: Handlers<R>,
  acceptSender: SenderCheck<R>,
): (message: unknown, sender: Runtime.MessageSender) => Promise<Reply<R['type']>> | undefined {
  return (message, sender) => {
    const request = parseRequest(message);
    if (!request || !Object.hasOwn(handlers, request.type)) return undefined;
    const type = request.type as R['type'];
    if (!acceptSender(type, sender)) return Promise.resolve({ ok: false, error: `sender not allowed for ${type}` });
    // The table is indexed by the request's own type, so the handler matches the request (TypeScript cannot
    // correlate the two through the union, hence the one cast).
    const handler = handlers[type] as (r: Request, s: Runtime.MessageSender) => ResponseMap[R['type']] | Promise<ResponseMap[R['type']]>;
    return Promise.resolve()
      .then(() => handler(request, sender))
      .then(
        (value): Reply<R['type']> => ({ ok: true, value }),
        (e: unknown): Reply<R['type']> => ({ ok: false, error: errorText(e) }),
      );
  };
}

/** The value of a reply, or an Error with the other side's message. */
export function unwrapReply<K extends RequestType>(reply: unknown, type: K): ResponseMap[K] {
  if (!isRecord(reply) || typeof reply['ok'] !== 'boolean') throw new Error(`no valid reply to ${type}`);
  if (reply['ok'] === false) throw new Error(typeof reply['error'] === 'string' ? reply['error'] : `${type} failed`);
  return reply['value'] as ResponseMap[K];
}
