/**
 * One page through the core in Node, over happy-dom with the static RenderProbe (no layout): what the
 * `dom` engine runs in its worker (dom-engine.ts), and what tests call directly. Page scripts are never
 * run and nothing is fetched: every request happy-dom would make (preloads, styles, images) is answered
 * locally with 403. When happy-dom's parser gives up on malformed markup, the page is parsed again with
 * linkedom (htmlparser2), and the result says so. Nesting is capped as in Chromium's parser
 * (cap-nesting.ts), so a hostile page cannot overflow the stack.
 */
import { Headers, Window } from 'happy-dom';
import type { IOptionalBrowserSettings } from 'happy-dom';
import { parseHTML } from 'linkedom';
import type { Article, ExtractEnv, PageDateSamples, PartialOptions } from '../../core/index.ts';
import { extract, extractSliced, extractWithDateSamples, systemClock } from '../../core/index.ts';
import { staticProbe } from '../../platform/static-probe.ts';
import { usablePageUrl } from '../page-url.ts';
import type { PageInput, PageIssue, TrainingRequest } from './engine.ts';
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

export interface DomExtraction {
  readonly article: Article;
  readonly dateSamples?: PageDateSamples;
  /** What had to be worked around (also appended to the article's warnings). */
  readonly issues: readonly PageIssue[];
}

/**
 * Parses and extracts one page. Throws when the core fails; `onParsed` is called between parsing and
 * extraction (the worker reports it, so that a time limit can say which of the two it stopped).
 */
export async function extractInDom(
  page: PageInput,
  options: PartialOptions,
  training?: TrainingRequest,
  onParsed?: () => void,
): Promise<DomExtraction> {
  installLinearHappyDom();
  installBoundedEventPath();
  const issues: PageIssue[] = [];
  // A URL that is not absolute http(s) would make happy-dom throw "Invalid URL": the page goes on without one.
  const { url, warning } = usablePageUrl(page.url);
  if (warning) issues.push({ kind: 'url', message: warning });
  const window = new Window({ url: url ?? PLACEHOLDER_URL, settings: HAPPY_DOM_SETTINGS });
  try {
    let doc: Document;
    try {
      doc = parseHtmlInto(page.html, window.document as unknown as Document);
    } catch (err) {
      doc = parseHTML(page.html).document as unknown as Document;
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
    onParsed?.();
    const { article, dateSamples } = await run(doc, { ...page, url }, options, training);
    const notes = issues.map((i) => i.message);
    return {
      article: notes.length ? { ...article, warnings: [...article.warnings, ...notes] } : article,
      ...(dateSamples ? { dateSamples } : {}),
      issues,
    };
  } finally {
    await window.happyDOM.close();
  }
}

/** In Node, a sliced run pauses for one turn of the event loop between slices. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function run(
  doc: Document,
  page: PageInput,
  options: PartialOptions,
  training: TrainingRequest | undefined,
): Promise<{ article: Article; dateSamples?: PageDateSamples }> {
  const t = page.now ? Date.parse(page.now) : NaN;
  if (page.now && Number.isNaN(t)) throw new Error(`"now" is not a date: ${page.now}`);
  const env: ExtractEnv = {
    probe: staticProbe,
    clock: Number.isNaN(t) ? systemClock : { now: () => new Date(t) },
    timer: () => performance.now(),
    ...(page.dateModel ? { dateModel: page.dateModel } : {}),
  };
  const input = { url: page.url, linkTitle: page.linkTitle };
  if (page.sliced && !training) return { article: (await extractSliced(doc, env, input, options, { pause: nextTurn })).article };
  return training ? extractWithDateSamples(doc, env, input, options, training.dateSamples) : { article: extract(doc, env, input, options) };
}
