/**
 * The `dom` engine: the core in Node over happy-dom, with the static RenderProbe (no layout). Page
 * scripts are never run and nothing is fetched. When happy-dom's parser gives up on malformed markup,
 * the page is parsed again with linkedom (htmlparser2), and the result says so.
 */
import { Window } from 'happy-dom';
import { parseHTML } from 'linkedom';
import type { Article, PartialOptions } from '../../core/index.ts';
import { extract, systemClock } from '../../core/index.ts';
import { staticProbe } from '../../platform/static-probe.ts';
import type { Engine, EngineResult, PageInput } from './engine.ts';

const HAPPY_DOM_SETTINGS = {
  disableJavaScriptEvaluation: true,
  disableJavaScriptFileLoading: true,
  disableCSSFileLoading: true,
  disableIframePageLoading: true,
  disableComputedStyleRendering: true,
  navigator: { userAgent: 'article-lens' },
};

export function createDomEngine(): Engine {
  return {
    name: 'dom',
    async extract(page: PageInput, options: PartialOptions): Promise<EngineResult> {
      const start = performance.now();
      const window = new Window({ url: page.url ?? 'about:blank', settings: HAPPY_DOM_SETTINGS });
      try {
        let doc: Document;
        let parserNote: string | null = null;
        try {
          doc = new window.DOMParser().parseFromString(page.html, 'text/html') as unknown as Document;
        } catch (err) {
          doc = parseHTML(page.html).document as unknown as Document;
          parserNote = `happy-dom could not parse the page (${err instanceof Error ? err.message : String(err)}): parsed with linkedom`;
        }
        const article = run(doc, page, options);
        return {
          ok: true,
          article: parserNote ? { ...article, warnings: [...article.warnings, parserNote] } : article,
          ms: performance.now() - start,
        };
      } catch (err) {
        return { ok: false, error: err instanceof Error ? err.message : String(err), ms: performance.now() - start };
      } finally {
        await window.happyDOM.close();
      }
    },
    async close() {},
  };
}

function run(doc: Document, page: PageInput, options: PartialOptions): Article {
  return extract(
    doc,
    { probe: staticProbe, clock: systemClock, timer: () => performance.now() },
    { url: page.url, linkTitle: page.linkTitle },
    options,
  );
}
