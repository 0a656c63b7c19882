/**
 * The content script's side of the protocol: `page:ping`, `page:extract`, `page:progress`, `page:cancel`
 * and `page:overlay`. One extraction runs at a time (a new one cancels the one before); while it runs it
 * reports its progress and can be cancelled. The last extraction is kept, so the overlay draws exactly what
 * the popup shows; a new extraction while the overlay is shown redraws it.
 */
import type { Article } from '../core/types.ts';
import type { PartialOptions } from '../core/index.ts';
import type { ExtractStatus, Handlers, PageRequest } from '../shared/messages.ts';
import { sendToBackground } from '../shared/message-client.ts';
import { readCompareSimilarPage, readStoredValues } from '../shared/user-options.ts';
import { linkKey } from '../shared/link-key.ts';
import { EMBED_LIMITS } from '../shared/embed-images.ts';
import type { PageExtraction } from './extract-page.ts';
import type { OverlayControl } from './overlay-control.ts';
import { loadAnnotateModule, loadExtractModule } from './lazy-modules.ts';
import { bodyImageSources, loadedByPage } from './loaded-images.ts';

/** Why a `page:extract` failed when the popup (or a newer extraction) cancelled it. */
export const CANCELLED = 'extraction cancelled';

const IDLE: ExtractStatus = { running: false, stage: null, done: 0, total: 0, slices: 0, preview: null };

async function linkTitleFor(pageUrl: string): Promise<string | null> {
  const url = linkKey(pageUrl);
  if (!url) return null;
  try {
    return (await sendToBackground({ type: 'link-title:lookup', url })).text;
  } catch {
    return null; // No link title is a normal case: extraction falls back to <title>.
  }
}

interface Running {
  readonly controller: AbortController;
  status: ExtractStatus;
}

export function pageHandlers(generation: number, overlay: OverlayControl): Handlers<PageRequest> {
  let last: Article | null = null;
  let running: Running | null = null;

  const extractNow = async (options: PartialOptions): Promise<PageExtraction> => {
    running?.controller.abort(new Error(CANCELLED));
    const run: Running = { controller: new AbortController(), status: { ...IDLE, running: true } };
    running = run;
    try {
      const [linkTitle, { extractPage }, stored, compareSimilarPage] = await Promise.all([
        linkTitleFor(location.href),
        loadExtractModule(),
        readStoredValues(),
        readCompareSimilarPage(),
      ]);
      run.controller.signal.throwIfAborted();
      return await extractPage(
        linkTitle,
        options,
        {
          signal: run.controller.signal,
          onProgress: (p) => {
            run.status = { ...run.status, running: true, stage: p.stage, done: p.done, total: p.total, slices: run.status.slices + 1 };
          },
          onPreview: (preview) => {
            run.status = { ...run.status, preview };
          },
        },
        { stored, compareSimilarPage },
      );
    } finally {
      if (running === run) running = null;
    }
  };

  return {
    'page:ping': () => ({ generation }),
    'page:extract': async ({ options }) => {
      const extraction = await extractNow(options ?? {});
      last = extraction.article;
      if (overlay.shown) await overlay.show(last);
      const loadedImages = loadedByPage(document, [
        ...extraction.article.images.map((img) => img.src),
        ...bodyImageSources(extraction.article.body.html),
      ]);
      return { ...extraction, overlayShown: overlay.shown, loadedImages };
    },
    'page:progress': () => running?.status ?? IDLE,
    'page:cancel': () => {
      if (!running) return { cancelled: false };
      running.controller.abort(new Error(CANCELLED));
      running = null;
      return { cancelled: true };
    },
    'page:copy-markdown': async () => {
      const extraction = await extractNow({});
      last = extraction.article;
      const { copyArticleMarkdown } = await loadExtractModule();
      return copyArticleMarkdown(extraction.article);
    },
    'page:annotate': async () => {
      last ??= (await extractNow({})).article;
      const { annotatePage } = await loadAnnotateModule();
      return annotatePage(last, overlay);
    },
    'page:fetch-images': async ({ urls }) => {
      const { fetchImages } = await loadExtractModule();
      return fetchImages(urls, EMBED_LIMITS);
    },
    'page:overlay': async ({ show }) => {
      if (!show) {
        overlay.hide();
        return { shown: false, drawn: 0, missing: 0 };
      }
      last ??= (await extractNow({})).article;
      const { drawn, missing } = await overlay.show(last);
      return { shown: true, drawn, missing };
    },
  };
}
