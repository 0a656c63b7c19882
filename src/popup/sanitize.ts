/**
 * Every extracted HTML string passes through DOMPurify before it is shown (DESIGN.md "Privacy"), even
 * though the core builds its body HTML from an allow-list: the popup is an extension page, so a sanitiser
 * bug would be an extension-privilege bug. Images load lazily without a referrer, and only those the caller
 * allows (the page loaded them, or the reader asked); links open in a new tab.
 *
 * DOMPurify returns its input unchanged where it thinks the DOM is unsupported, and gives wrong results on
 * DOM emulations (happy-dom: cure53/DOMPurify#1457). So the sanitiser checks itself once on a hostile
 * sample and, if that sample is not cleaned, fails closed: no HTML at all (the text view still works).
 * The sample's handler sits on an element nothing fires by itself (a click that never comes): the sample
 * was an `<img src=… onerror=…>`, whose refused load could fire `error` even in DOMPurify's inert document,
 * and the popup's CSP then logged two errors on every open (issue 40, 18; test/e2e/popup-console.test.ts).
 */
import DOMPurify from 'dompurify';

const purifier = DOMPurify(window);

/** The image filter of the sanitize call in progress (DOMPurify hooks are per instance, not per call). */
let allowImage: (src: string) => boolean = () => true;
let withheld: string[] = [];
let inline: string[] = [];

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src');
    if (src) inline.push(src);
    if (src && !src.startsWith('data:') && !allowImage(src)) {
      // Not fetched until the reader asks (hooks/use-image-consent.ts); the alt text stands in for it.
      node.removeAttribute('src');
      node.setAttribute('data-withheld', '');
      withheld.push(src);
    }
    node.setAttribute('referrerpolicy', 'no-referrer');
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
  } else if (node.nodeName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'srcset', 'ping'],
  ADD_ATTR: ['target'],
};

const PROBE = '<p onclick="x()">ok</p><script>x()</script><a href="javascript:x()">a</a>';
const PROBE_CLEAN = '<p>ok</p><a>a</a>';

function selfCheck(): boolean {
  try {
    return purifier.isSupported && purifier.sanitize(PROBE, CONFIG) === PROBE_CLEAN;
  } catch {
    return false;
  }
}

let working: boolean | null = null;

export interface SanitizedHtml {
  /** The clean HTML, or '' when DOMPurify does not work in this environment. */
  readonly html: string;
  /** The sources of the images left without `src` because `allow` refused them, in document order. */
  readonly withheldImages: readonly string[];
  /** The sources of every image the clean HTML shows in place (the withheld ones too, as placeholders). */
  readonly inlineImages: readonly string[];
}

/** The sanitised HTML; images whose source `allow` refuses keep their alt text but lose their `src`. */
export function sanitizeHtml(html: string, allow: (src: string) => boolean = () => true): SanitizedHtml {
  working ??= selfCheck();
  if (!working) return { html: '', withheldImages: [], inlineImages: [] };
  allowImage = allow;
  withheld = [];
  inline = [];
  try {
    return { html: purifier.sanitize(html, CONFIG), withheldImages: withheld, inlineImages: inline };
  } finally {
    allowImage = () => true;
    withheld = [];
    inline = [];
  }
}
