/**
 * The link-title recorder (ALGORITHMS.md §1 "Input"): when the reader clicks a link (left click, Enter, or
 * middle click), the link's visible text is reported for the link's target, so that extraction on the
 * target page can use it as the query title. Capture phase, so pages that stop propagation still report.
 *
 * Only the reader's own clicks count: events a page script makes (`el.click()`, `dispatchEvent`) are not
 * trusted and are ignored, so a page cannot plant titles or flood the store by clicking its own links. The
 * target is the one the browser would follow: the anchor element's resolved `href` (which honours
 * `<base>`); the page's own URL is read from `document.location`, which a named `<img>` or `<form>` cannot
 * shadow the way it shadows `document.URL` or `document.baseURI`.
 */
import { normalizeSpace } from '../core/text/normalize.ts';
import { linkKey } from '../shared/link-key.ts';
import { MAX_LINK_TITLE_CHARS } from '../shared/storage-keys.ts';

export type LinkTitleSink = (url: string, text: string) => void;

const MIDDLE_BUTTON = 1;

type Link = HTMLAnchorElement | HTMLAreaElement;

/** The nearest HTML link (`<a href>`, `<area href>`) on the event's path; SVG links are not recorded. */
function findLink(event: Event): Link | null {
  for (const target of event.composedPath()) {
    if ((target instanceof HTMLAnchorElement || target instanceof HTMLAreaElement) && target.hasAttribute('href')) return target;
  }
  return null;
}

/** The text a reader sees on the link: its rendered text, else its label, or an image's (an area's) alt text. */
function linkText(link: Link): string {
  const rendered = 'innerText' in link && typeof link.innerText === 'string' ? link.innerText : (link.textContent ?? '');
  const text =
    normalizeSpace(rendered) ||
    normalizeSpace(link.getAttribute('aria-label') ?? '') ||
    normalizeSpace(link.getAttribute('title') ?? '') ||
    normalizeSpace((link instanceof HTMLAreaElement ? link : link.querySelector('img[alt]'))?.getAttribute('alt') ?? '');
  return text.slice(0, MAX_LINK_TITLE_CHARS);
}

/** Starts recording clicked links in `doc`; returns a function that stops it. */
export function recordLinkClicks(doc: Document, sink: LinkTitleSink): () => void {
  const here = (): string | null => linkKey(doc.location?.href ?? '');
  const onClick = (event: MouseEvent): void => {
    if (!event.isTrusted) return;
    if (event.type === 'auxclick' && event.button !== MIDDLE_BUTTON) return;
    const link = findLink(event);
    if (!link) return;
    const url = linkKey(link.href);
    if (!url || url === here()) return;
    const text = linkText(link);
    if (text) sink(url, text);
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('auxclick', onClick, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('auxclick', onClick, true);
  };
}
