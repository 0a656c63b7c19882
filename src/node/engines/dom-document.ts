/**
 * A page's document in Node, for the dom engine: a happy-dom window that runs no script and fetches
 * nothing (every request happy-dom would make — preloads, styles, images — is answered locally with 403),
 * the HTML parsed into it with parse5 (parse-html.ts), linkedom (htmlparser2) when happy-dom gives up on
 * malformed markup, and nesting capped as in Chromium's parser (cap-nesting.ts), so that a hostile page
 * cannot overflow the stack. The core's extraction (dom-extract.ts) and Readability's run
 * (readability-in-dom.ts) each open their own, from the same decoded HTML, the same way.
 */
import { Headers, Window } from 'happy-dom';
import type { IOptionalBrowserSettings } from 'happy-dom';
import { parseHTML } from 'linkedom';
import type { PageIssue } from './engine.ts';
import { parseHtmlInto } from './parse-html.ts';
import { MAX_PARSER_DEPTH, capNesting } from './cap-nesting.ts';
import { installBoundedEventPath } from './bounded-event-path.ts';
import { installLinearHappyDom } from './linear-happy-dom.ts';

const HAPPY_DOM_SETTINGS: IOptionalBrowserSettings = {
  disableJavaScriptEvaluation: true,
  disableJavaScriptFileLoading: true,
  disableCSSFileLoading: true,
  disableIframePageLoading: true,
  disableComputedStyleRendering: true,
  navigator: { userAgent: 'article-lens' },
  fetch: {
    interceptor: {
      beforeAsyncRequest: async ({ window }) => new window.Response('', { status: 403, statusText: 'blocked' }),
      beforeSyncRequest: () => ({
        status: 403,
        statusText: 'blocked',
        ok: false,
        url: '',
        redirected: false,
        headers: new Headers(),
        body: null,
      }),
    },
  },
};
/** The document URL when the page's own is unknown: parsable, and never resolvable (RFC 2606). */
const PLACEHOLDER_URL = 'http://article-lens.invalid/';

export interface PageDocument {
  readonly doc: Document;
  /** What had to be worked around while parsing (the parser fallback, capped nesting). */
  readonly issues: readonly PageIssue[];
  /** Closes the window; the document is not to be used afterwards. */
  close(): Promise<void>;
}

/** Parses `html` into a new document; `url` must be absolute http(s) or null (happy-dom throws on others). */
export function openPageDocument(html: string, url: string | null): PageDocument {
  installLinearHappyDom();
  installBoundedEventPath();
  const issues: PageIssue[] = [];
  const window = new Window({ url: url ?? PLACEHOLDER_URL, settings: HAPPY_DOM_SETTINGS });
  const close = (): Promise<void> => window.happyDOM.close();
  try {
    let doc: Document;
    try {
      doc = parseHtmlInto(html, window.document as unknown as Document);
    } catch (err) {
      doc = parseHTML(html).document as unknown as Document;
      issues.push({
        kind: 'parse',
        message: `parse5/happy-dom could not build the page (${err instanceof Error ? err.message : String(err)}): parsed with linkedom`,
      });
    }
    const moved = capNesting(doc);
    if (moved > 0)
      issues.push({
        kind: 'parse',
        message: `page nested deeper than ${MAX_PARSER_DEPTH} levels: ${moved} elements were made siblings, as Chromium's parser does`,
      });
    return { doc, issues, close };
  } catch (err) {
    void close();
    throw err;
  }
}
