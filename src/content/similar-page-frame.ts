/**
 * Method 4 in the page (ALGORITHMS.md §4.2): the similar page made inert and rendered where it gets real
 * layout, so that its feature tree carries boxes as the page's own does.
 *
 * `inertSrcdoc` takes the parsed page (DOMParser: nothing ran, nothing loaded) and removes everything that
 * could run or navigate: scripts; `<noscript>` (the live page runs scripts, so its `<noscript>` content is not
 * rendered there: the copy must not render it either); plug-ins (`object`, `embed`, `applet`); frames keep
 * their box but lose what they would load (an empty frame occupies the same place as the page's own ad
 * frames, so that what follows keeps its offsets); `meta http-equiv` (refresh, cookies); links other than
 * style sheets (preload, prefetch, manifests); `on*` handlers, `javascript:`/`vbscript:` URLs in any
 * attribute, `autofocus` (a frame of the same origin could take the focus from the reader) and `autoplay`.
 * A `<base href>` of the similar page's URL makes its style sheets and images resolve as on the site.
 *
 * `renderHidden` shows that HTML in an iframe with `sandbox="allow-same-origin"` and no `allow-scripts`
 * (nothing runs even if something slipped through; the content script may read its document), at the
 * viewport's size, laid out but out of sight: fixed far to the left, transparent, taking no pointer, out of
 * the accessibility tree. Not `display: none` nor `visibility: hidden`, under which no element would be
 * rendered. It sits in `<html>` before `<head>` (like the overlay's host), outside `<body>`, and is
 * removed in every case — loaded, timed out, failed or cancelled — before the page is extracted again; no
 * extraction reads it meanwhile (the core also ignores every iframe, ALGORITHMS.md §0).
 */
import { doctypeOf } from '../platform/page-snapshot.ts';

/** Elements removed with their content. */
const REMOVED = 'script, noscript, object, embed, applet, portal, bgsound, meta[http-equiv], base';
/** Frames kept for their box, emptied. */
const FRAMES = 'iframe, frame';
/** URL schemes that run code. */
const SCRIPT_URL = /^(?:javascript|vbscript):/;
/** Attributes removed wherever they are. */
const REMOVED_ATTRIBUTES: ReadonlySet<string> = new Set(['autofocus', 'autoplay', 'srcdoc', 'ping']);

/** The hidden frame's style, each `!important` so that a page rule aimed at iframes cannot move or hide it. */
const FRAME_STYLE: readonly (readonly [string, string])[] = [
  ['position', 'fixed'],
  ['left', '-100000px'],
  ['top', '0'],
  ['opacity', '0'],
  ['pointer-events', 'none'],
  ['border', '0'],
  ['margin', '0'],
  ['padding', '0'],
  ['display', 'block'],
  ['visibility', 'visible'],
  ['transform', 'none'],
  ['z-index', '-2147483647'],
];

/** `doc` (parsed from the similar page's HTML, its URL `url`) as inert HTML for an iframe's srcdoc. */
export function inertSrcdoc(doc: Document, url: string): string {
  const base = baseHref(doc, url);
  for (const el of Array.from(doc.querySelectorAll(REMOVED))) el.remove();
  for (const link of Array.from(doc.querySelectorAll('link'))) {
    if (!/(?:^|\s)stylesheet(?:\s|$)/i.test(link.getAttribute('rel') ?? '')) link.remove();
  }
  for (const frame of Array.from(doc.querySelectorAll(FRAMES))) {
    frame.removeAttribute('src');
    frame.setAttribute('sandbox', '');
  }
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(el.attributes)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || REMOVED_ATTRIBUTES.has(lower) || SCRIPT_URL.test(urlScheme(value))) el.removeAttribute(name);
    }
  }
  const head = doc.head ?? doc.documentElement.insertBefore(doc.createElement('head'), doc.documentElement.firstChild);
  const baseEl = doc.createElement('base');
  baseEl.setAttribute('href', base);
  head.prepend(baseEl);
  return `${doctypeOf(doc)}${doc.documentElement.outerHTML}`;
}

/** The value with the characters a URL parser skips (whitespace, controls) removed, lower-cased: its scheme comes first. */
function urlScheme(value: string): string {
  return value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();
}

/** The page's own `<base href>` read against its URL when it is http(s), else the URL itself. */
function baseHref(doc: Document, url: string): string {
  const href = doc.querySelector('base[href]')?.getAttribute('href');
  let base = url;
  if (href) {
    try {
      base = new URL(href, url).href;
    } catch {
      // an unusable <base> is ignored
    }
  }
  return /^https?:/i.test(base) ? base : url;
}

/** A rendered similar page, or that it did not load in time. */
export type Rendered<T> = { readonly kind: 'read'; readonly value: T } | { readonly kind: 'timeout' };

/**
 * Renders `html` in a hidden, sandboxed iframe of `doc` laid out like `doc`'s viewport, waits for it to load
 * (at most `timeoutMs`), and returns what `read` makes of its document; the iframe is removed in every case.
 * Rejects with the signal's reason when `signal` aborts.
 */
export async function renderHidden<T>(
  doc: Document,
  html: string,
  timeoutMs: number,
  signal: AbortSignal,
  read: (frameDoc: Document, frameWin: Window) => T,
): Promise<Rendered<T>> {
  signal.throwIfAborted();
  const win = doc.defaultView;
  if (!win) throw new Error('the page has no window to render the similar page in');
  const frame = doc.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  frame.setAttribute('srcdoc', html);
  for (const [name, value] of FRAME_STYLE) frame.style.setProperty(name, value, 'important');
  // The page's layout width is its viewport less its scroll bar; the frame's content has a scroll bar of
  // its own, so the frame takes the whole viewport width and is corrected once loaded (below).
  setSize(frame, win.innerWidth, win.innerHeight);
  // Removed at once on abort, so that the extraction that cancelled this one never finds it on the page.
  const remove = (): void => frame.remove();
  signal.addEventListener('abort', remove, { once: true });
  try {
    const deadline = performance.now() + timeoutMs;
    if (!(await waitForLoad(frame, doc, timeoutMs, signal))) return { kind: 'timeout' };
    const frameDoc = frame.contentDocument;
    const frameWin = frame.contentWindow;
    if (!frameDoc || !frameWin) throw new Error('the hidden frame has no document');
    // Web fonts change line heights: wait for them, within what is left of the time.
    await Promise.race([frameDoc.fonts.ready, delay(Math.max(0, deadline - performance.now()))]);
    signal.throwIfAborted();
    const wide = doc.documentElement.clientWidth - frameDoc.documentElement.clientWidth;
    if (wide !== 0) setSize(frame, win.innerWidth + wide, win.innerHeight);
    return { kind: 'read', value: read(frameDoc, frameWin) };
  } finally {
    signal.removeEventListener('abort', remove);
    remove();
  }
}

function setSize(frame: HTMLIFrameElement, width: number, height: number): void {
  frame.style.setProperty('width', `${Math.max(0, width)}px`, 'important');
  frame.style.setProperty('height', `${Math.max(0, height)}px`, 'important');
}

/** Puts `frame` into `doc` and resolves true on its load, false after `timeoutMs`; rejects on abort. */
function waitForLoad(frame: HTMLIFrameElement, doc: Document, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const settle = (done: () => void): void => {
      clearTimeout(timer);
      frame.removeEventListener('load', onLoad);
      signal.removeEventListener('abort', onAbort);
      done();
    };
    const onLoad = (): void => settle(() => resolve(true));
    const onAbort = (): void => settle(() => reject(signal.reason));
    const timer = setTimeout(() => settle(() => resolve(false)), timeoutMs);
    frame.addEventListener('load', onLoad);
    signal.addEventListener('abort', onAbort);
    doc.documentElement.prepend(frame);
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
