/**
 * The link-title recorder (ALGORITHMS.md §1 "Input"): when the reader clicks a link (left click, Enter, or
 * middle click), the link's visible text is reported for the link's target, so that extraction on the
 * target page can use it as the query title. Capture phase, so pages that stop propagation still report.
 */
import { normalizeSpace } from '../core/text/normalize.ts';
import { linkKey } from '../shared/link-key.ts';
import { MAX_LINK_TITLE_CHARS } from '../shared/storage-keys.ts';

export type LinkTitleSink = (url: string, text: string) => void;

const ELEMENT_NODE = 1;
const MIDDLE_BUTTON = 1;

function findLink(event: Event): Element | null {
  for (const target of event.composedPath()) {
    const node = target as Node;
    if (node.nodeType === ELEMENT_NODE && (node as Element).matches('a[href], area[href]')) return node as Element;
  }
  return null;
}

/** The text a reader sees on the link: its rendered text, else its label or an image's alt text. */
function linkText(link: Element): string {
  const rendered = 'innerText' in link && typeof link.innerText === 'string' ? link.innerText : (link.textContent ?? '');
  const text =
    normalizeSpace(rendered) ||
    normalizeSpace(link.getAttribute('aria-label') ?? '') ||
    normalizeSpace(link.getAttribute('title') ?? '') ||
    normalizeSpace(link.querySelector('img[alt]')?.getAttribute('alt') ?? '');
  return text.slice(0, MAX_LINK_TITLE_CHARS);
}

/** Starts recording clicked links in `doc`; returns a function that stops it. */
export function recordLinkClicks(doc: Document, sink: LinkTitleSink): () => void {
  const onClick = (event: MouseEvent): void => {
    if (event.type === 'auxclick' && event.button !== MIDDLE_BUTTON) return;
    const link = findLink(event);
    if (!link) return;
    const url = linkKey(link.getAttribute('href') ?? '', doc.baseURI);
    if (!url || url === linkKey(doc.URL)) return;
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
