/**
 * The content script's side of the protocol: `page:ping`, `page:extract` and `page:overlay`. The last
 * extraction is kept, so the overlay draws exactly what the popup shows; a new extraction while the overlay
 * is shown redraws it.
 */
import type { Article } from '../core/types.ts';
import type { PartialOptions } from '../core/index.ts';
import type { Handlers, PageRequest } from '../shared/messages.ts';
import { sendToBackground } from '../shared/message-client.ts';
import { linkKey } from '../shared/link-key.ts';
import type { PageExtraction } from './extract-page.ts';
import type { OverlayControl } from './overlay-control.ts';
import { loadExtractModule } from './lazy-modules.ts';
import { loadedByPage } from './loaded-images.ts';

async function linkTitleFor(pageUrl: string): Promise<string | null> {
  const url = linkKey(pageUrl);
  if (!url) return null;
  try {
    return (await sendToBackground({ type: 'link-title:lookup', url })).text;
  } catch {
    return null; // No link title is a normal case: extraction falls back to <title>.
  }
}

async function extractNow(options: PartialOptions): Promise<PageExtraction> {
  const [linkTitle, { extractPage }] = await Promise.all([linkTitleFor(location.href), loadExtractModule()]);
  return extractPage(linkTitle, options);
}

export function pageHandlers(generation: number, overlay: OverlayControl): Handlers<PageRequest> {
  let last: Article | null = null;
  return {
    'page:ping': () => ({ generation }),
    'page:extract': async ({ options }) => {
      const extraction = await extractNow(options ?? {});
      last = extraction.article;
      if (overlay.shown) await overlay.show(last);
      const loadedImages = loadedByPage(
        document,
        extraction.article.images.map((img) => img.src),
      );
      return { ...extraction, overlayShown: overlay.shown, loadedImages };
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
