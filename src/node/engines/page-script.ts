/**
 * Runs one of the engine's page scripts (the core, Readability) in a Chromium tab. The script is loaded
 * from the page server by a `<script src>` the page's CSP allows (page-server.ts), so the renderer compiles
 * it once and serves every later page of the tab from its code cache: sending the 700 KB core through the
 * DevTools protocol cost 0.3–0.6 s a page. The element is added to the document root through the
 * prototypes (a page's `<img name="createElement">` cannot clobber them) and removed once the script has
 * run, before anything reads the page. When the page refuses it (its own CSP in a `<meta>`, a document with
 * no root) the source is evaluated through the protocol instead.
 */
import type { Page } from 'playwright-core';

export interface PageScript {
  /** The script's URL on the page server. */
  readonly url: string;
  /** Its source, for pages that will not load it. */
  readonly source: () => string;
}

export async function runPageScript(tab: Page, script: PageScript): Promise<void> {
  const loaded = await tab.evaluate(loadScript, { src: script.url, waitMs: LOAD_WAIT_MS }).catch(() => false);
  if (!loaded) await tab.evaluate(script.source());
}

/** How long a script may take to load in the page before the protocol is used instead. */
const LOAD_WAIT_MS = 5_000;

/** In the page (self-contained: it is serialised): adds a script element for `src`, resolves whether it ran. */
function loadScript({ src, waitMs }: { src: string; waitMs: number }): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const rootGetter = Object.getOwnPropertyDescriptor(Document.prototype, 'documentElement')?.get;
    const root = rootGetter ? (rootGetter.call(document) as Element | null) : null;
    if (!root) {
      resolve(false);
      return;
    }
    const el = Document.prototype.createElement.call(document, 'script');
    if (!(el instanceof HTMLScriptElement)) {
      resolve(false); // an XML document: its elements are no HTML scripts
      return;
    }
    const done = (ran: boolean): void => {
      clearTimeout(timer);
      el.remove();
      resolve(ran);
    };
    // The server is local: a script that has neither run nor failed by now will not.
    const timer = setTimeout(() => done(false), waitMs);
    el.onload = () => done(true);
    el.onerror = () => done(false);
    el.src = src;
    Node.prototype.appendChild.call(root, el);
  });
}
