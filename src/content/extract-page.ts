/**
 * Runs the core on the live document (loaded lazily by the content script, so that the link recorder that
 * runs on every page stays small). No extraction logic here: the core decides everything, including what
 * to do when the link title matches nothing on the page.
 *
 * The core runs time-sliced (`extractSliced`): in slices of `slicing.sliceMs`, giving the page its thread
 * back between them, so that a huge page never freezes its tab; the popup follows the progress and may
 * cancel through `signal`.
 *
 * With "Compare with another page of this site" on (method 4, ALGORITHMS.md §4), the first run also ranks
 * the page's links as similar pages; the best one is fetched and rendered hidden (similar-page.ts), and the
 * page is extracted again with its feature tree — or with why there is none, which the Article then says.
 */
import { PIPELINE_STAGES, extractSliced, resolveOptions, systemClock } from '../core/index.ts';
import type { Article, ExtractEnv, ExtractInput, SimilarPage } from '../core/index.ts';
import { articleToMarkdown } from '../core/output/export.ts';
import type { ArticlePreview, ExtractProgress, PartialOptions, SliceControl } from '../core/index.ts';
import { checkDecodedText } from '../platform/decode-check.ts';
import { inertHtmlParser } from '../platform/inert-html.ts';
import { createLiveProbe } from '../platform/live-probe.ts';
import { createPagePause } from '../platform/page-pause.ts';
import { staticProbe } from '../platform/static-probe.ts';
import type { ExtractResult } from '../shared/messages.ts';
import { SIMILAR_PAGE_STAGE } from '../shared/messages.ts';
import { toPartialOptions, validValues } from '../shared/user-settings.ts';
import type { RereadPage } from './reread-page.ts';
import { mayBeMisdecoded, rereadPage } from './reread-page.ts';
import type { SimilarPageRead } from './similar-page.ts';
import { readSimilarPage } from './similar-page.ts';

export { fetchImages } from './fetch-images.ts';

/** An extraction as the page produced it; the content script adds the overlay's state and the loaded images. */
export type PageExtraction = Omit<ExtractResult, 'overlayShown' | 'loadedImages'>;

export interface PageExtractControl {
  readonly signal: AbortSignal;
  readonly onProgress: (progress: ExtractProgress) => void;
  /** The title, author, source and time, as soon as they are chosen (before the body). */
  readonly onPreview?: (preview: ArticlePreview) => void;
}

/** The reader's settings, as the content script read them from storage (shared/user-options.ts). */
export interface PageSettings {
  /** The extraction settings as storage holds them, unchecked (checked here). */
  readonly stored?: unknown;
  /** "Compare with another page of this site" (off by default). */
  readonly compareSimilarPage?: boolean;
}

/** `settings.stored` is checked here; `asked`, what the caller asks for, goes over it. */
export async function extractPage(
  linkTitle: string | null,
  asked: PartialOptions,
  control: PageExtractControl,
  settings: PageSettings = {},
): Promise<PageExtraction> {
  const options = resolveOptions(asked, resolveOptions(toPartialOptions(validValues(settings.stored ?? {}))));
  const compare = settings.compareSimilarPage === true;
  const started = performance.now();
  const pause = createPagePause(window);
  // With the comparison, the progress counts both runs and the fetch between them as one extraction.
  const stages = PIPELINE_STAGES.length;
  const total = compare ? 2 * stages + 1 : stages;
  // One pause, one signal and one timer for every run: the live page, the page again with its similar
  // page, and, when it comes to that, the page read again from its bytes.
  const slicing = (offset: number): SliceControl => ({
    pause,
    signal: control.signal,
    onProgress: (p) => control.onProgress(compare ? { stage: p.stage, done: offset + p.done, total } : p),
    ...(control.onPreview ? { onPreview: control.onPreview } : {}),
  });
  const timer = (): number => performance.now();
  const input: ExtractInput = { url: location.href, linkTitle, ...(compare ? { rankSimilarUrls: true } : {}) };
  const liveEnv = (similarPage?: SimilarPage): ExtractEnv => ({
    probe: createLiveProbe(window),
    clock: systemClock,
    timer,
    ...(similarPage ? { similarPage } : {}),
  });
  let { article } = await extractSliced(document, liveEnv(), input, options, slicing(0));
  let similar: SimilarPageRead | null = null;
  const best = compare ? article.similarPage.candidates[0] : undefined;
  if (best) {
    control.onProgress({ stage: SIMILAR_PAGE_STAGE, done: stages, total });
    similar = await readSimilarPage(best, options, control.signal, { doc: document });
    ({ article } = await extractSliced(document, liveEnv(similar.page), input, options, slicing(stages + 1)));
  }
  let charsetWarnings = decodingWarnings(`${article.title ?? ''}\n${article.body.text}`);
  if (mayBeMisdecoded(document, article.body.text, charsetWarnings)) {
    // Read the bytes again as the CLI would; a different decoding is extracted instead (no layout: parsed only).
    const again = await rereadPage(document);
    if (again) {
      ({ article } = await extractSliced(
        again.doc,
        { probe: staticProbe, clock: systemClock, timer, ...(similar ? { similarPage: similar.page } : {}) },
        input,
        options,
        slicing(similar ? stages + 1 : 0),
      ));
      charsetWarnings = [rereadWarning(again)];
    }
  }
  const ms = performance.now() - started;
  if (charsetWarnings.length) article = { ...article, warnings: [...charsetWarnings, ...article.warnings] };
  // The reply is copied for the message in the task that sends it: a huge page's Article in a task of its own.
  await pause();
  return {
    article,
    linkTitle,
    ms,
    contentType: document.contentType,
    ...(similar?.failure ? { similarPageFailure: similar.failure } : {}),
  };
}

/** What the popup says of a page read again from its bytes (reread-page.ts). */
function rereadWarning(again: RereadPage): string {
  const decoded =
    again.declared === null
      ? `this page declares no charset and the browser guessed ${again.browserCharset}`
      : `the browser decoded this page as ${again.browserCharset}`;
  return (
    `${decoded}, but its bytes are ${again.charset}${again.note ? ` (${again.note})` : ''}: the article was read again ` +
    `from the page's bytes as ${again.charset}; the page itself shows garbled text, and outlines on it may miss`
  );
}

/** The article's text read at most this far for signs of a wrong charset (the signs show early). */
const MAX_CHECKED_CHARS = 200_000;

/**
 * The browser decoded the page by its declared charset (or its guess): when the article's text shows the
 * signs of the wrong one (decode-check.ts, the CLI's check), the popup says so instead of showing mojibake
 * as if it were the page.
 */
function decodingWarnings(text: string): string[] {
  const meta = document.querySelector('meta[charset]')?.getAttribute('charset') ?? null;
  return checkDecodedText(text.slice(0, MAX_CHECKED_CHARS), document.characterSet.toLowerCase(), meta?.trim().toLowerCase() || null);
}

/**
 * Puts the article on the clipboard as Markdown (the popup's "Copy Markdown", for the context menu):
 * through the async clipboard, else through a selected text area and the copy command. False when the
 * article has no body or the page refuses both.
 */
export async function copyArticleMarkdown(article: Article): Promise<{ copied: boolean; chars: number }> {
  if (!article.body.text) return { copied: false, chars: 0 };
  const markdown = articleToMarkdown(article, inertHtmlParser);
  try {
    await navigator.clipboard.writeText(markdown);
    return { copied: true, chars: markdown.length };
  } catch {
    const area = document.createElement('textarea');
    area.value = markdown;
    area.setAttribute('readonly', '');
    area.style.setProperty('position', 'fixed', 'important');
    area.style.setProperty('opacity', '0', 'important');
    document.documentElement.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return { copied, chars: copied ? markdown.length : 0 };
  }
}
