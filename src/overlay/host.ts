/**
 * The overlay's host: one element in `<html>` (not `<body>`, which pages restyle and re-render), holding
 * an open shadow root with the outline layer, the legend, the tooltip and the reference square that
 * measures the host's scale (measure.ts).
 *
 * It is `<html>`'s *first* child, before `<head>`: pages and resets select by position (`:root >
 * :last-child`, `body:last-child`, `body > :first-child`), and as the last child the host took `<body>`'s
 * place in those rules and moved the whole page. Before `<head>` it changes only what selects `<head>`
 * (which is not rendered) and `<body>`'s index (`:nth-child(2)`, rare); `:last-child`, `head + body` and
 * everything inside `<body>` select as before.
 *
 * The shadow root is open: nothing in it is secret (every outline and reason comes from the page's own
 * content), a closed root would not stop a hostile page from removing or covering the host anyway, and an
 * open one lets the real-browser tests and annotators inspect what was drawn. What a page could do through
 * it, drive the annotation panel with `.click()` or synthetic events, is refused where the events arrive:
 * the panel and its picker act only on events the browser marks as the user's (`isTrusted`).
 *
 * Page CSS can still reach the host element itself, so the host is defended twice: its tag name carries a
 * random suffix (a rule aimed at the tag cannot match), and its inline style sets `all: initial` and the
 * few properties it needs as `!important` (inline important declarations beat the page's important rules).
 * It is absolutely positioned, of zero size and takes no pointer events, so it never moves the page.
 */
import { OVERLAY_TAG_PREFIX } from '../platform/overlay-host.ts';
import { FRAME_REF_PX } from './measure.ts';
import { OVERLAY_CSS } from './styles.ts';

export interface OverlayDom {
  readonly host: HTMLElement;
  readonly root: ShadowRoot;
  readonly layer: HTMLElement;
  readonly legend: HTMLElement;
  readonly tooltip: HTMLElement;
  /** An invisible FRAME_REF_PX square at the host's origin. */
  readonly frameRef: HTMLElement;
}

/** The highest z-index browsers accept (a signed 32-bit integer). */
const TOP_LAYER_Z = '2147483647';

const HOST_STYLE: readonly (readonly [string, string])[] = [
  ['all', 'initial'],
  ['display', 'block'],
  ['position', 'absolute'],
  ['left', '0'],
  ['top', '0'],
  ['width', '0'],
  ['height', '0'],
  ['overflow', 'visible'],
  ['z-index', TOP_LAYER_Z],
  ['pointer-events', 'none'],
  ['visibility', 'visible'],
  ['opacity', '1'],
];

const SUFFIX_BYTES = 6;

/** A random, valid custom-element suffix (lower-case letters and digits). */
function randomSuffix(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(SUFFIX_BYTES)), (b) => (b % 36).toString(36)).join('');
}

export function element(doc: Document, tag: string, className: string): HTMLElement {
  const el = doc.createElement(tag);
  el.className = className;
  return el;
}

/** Puts the host in `<html>`, before its first child (see above). */
export function attachHost(doc: Document, host: HTMLElement): void {
  doc.documentElement.prepend(host);
}

export function createOverlayDom(doc: Document): OverlayDom {
  const host = doc.createElement(`${OVERLAY_TAG_PREFIX}${randomSuffix()}`);
  // Set through the CSSOM, not a style attribute, so a page's CSP (style-src without 'unsafe-inline')
  // cannot refuse it.
  for (const [name, value] of HOST_STYLE) host.style.setProperty(name, value, 'important');
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = OVERLAY_CSS;
  const layer = element(doc, 'div', 'boxes');
  layer.setAttribute('aria-hidden', 'true');
  const legend = element(doc, 'section', 'legend');
  const tooltip = element(doc, 'div', 'tooltip');
  tooltip.setAttribute('role', 'tooltip');
  tooltip.hidden = true;
  const frameRef = element(doc, 'div', 'frame-ref');
  frameRef.style.width = frameRef.style.height = `${FRAME_REF_PX}px`;
  root.append(style, frameRef, layer, legend, tooltip);
  attachHost(doc, host);
  return { host, root, layer, legend, tooltip, frameRef };
}
