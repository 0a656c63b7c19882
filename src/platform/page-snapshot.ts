/**
 * The page as the annotator saw it, frozen for an annotations export (`pages/<id>.html`): the live DOM
 * serialised (so content the page loaded lazily is in it), with nothing of the extension's: the overlay's
 * host (outlines, legend, annotation panel all live in its shadow root) is left out wherever the page put
 * it. The extension writes nothing else into the page's DOM.
 *
 * The text is stored and exported as UTF-8, so a declared charset is rewritten to say so: a GBK page's
 * `<meta charset="gbk">` would otherwise make every reader of the file decode the UTF-8 bytes as GBK. That
 * is the one change to the page's own markup, and `charsetRewritten` reports it.
 */
import { isOverlayHost } from './overlay-host.ts';

export interface PageSnapshot {
  readonly html: string;
  /** The declared charset the snapshot rewrote to UTF-8, or null when it declared UTF-8 or none. */
  readonly charsetRewritten: string | null;
}

const CONTENT_TYPE_CHARSET = /(;\s*charset\s*=\s*)["']?[\w.:-]+["']?/i;

/** The doctype as written, '' without one (its absence or a legacy one keeps a page in quirks mode). */
export function doctypeOf(doc: Document): string {
  const t = doc.doctype;
  if (!t) return '';
  const pub = t.publicId ? ` PUBLIC "${t.publicId}"` : '';
  const sys = t.systemId ? `${t.publicId ? '' : ' SYSTEM'} "${t.systemId}"` : '';
  return `<!DOCTYPE ${t.name}${pub}${sys}>`;
}

/** Rewrites the clone's declared charset to UTF-8; returns the first one it declared (the one that counts), when another. */
function declareUtf8(root: Element): string | null {
  let declared: string | null = null;
  const note = (charset: string): void => {
    if (!/^utf-?8$/i.test(charset)) declared ??= charset;
  };
  for (const meta of root.querySelectorAll('meta[charset], meta[http-equiv]')) {
    const charset = meta.getAttribute('charset');
    if (charset !== null) {
      note(charset.trim());
      meta.setAttribute('charset', 'utf-8');
      continue;
    }
    if (meta.getAttribute('http-equiv')?.trim().toLowerCase() !== 'content-type') continue;
    const content = meta.getAttribute('content') ?? '';
    const m = CONTENT_TYPE_CHARSET.exec(content);
    if (!m) continue;
    note(m[0].slice(m[1]?.length ?? 0).replace(/["']/g, ''));
    meta.setAttribute('content', content.replace(CONTENT_TYPE_CHARSET, '$1utf-8'));
  }
  return declared;
}

export function snapshotPage(doc: Document): PageSnapshot {
  const root = doc.documentElement.cloneNode(true) as Element;
  for (const el of [...root.querySelectorAll('*')]) if (isOverlayHost(el)) el.remove();
  const charsetRewritten = declareUtf8(root);
  const doctype = doctypeOf(doc);
  return { html: `${doctype ? `${doctype}\n` : ''}${root.outerHTML}\n`, charsetRewritten };
}
