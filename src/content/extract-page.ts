/**
 * Runs the core on the live document (loaded lazily by the content script, so that the link recorder that
 * runs on every page stays small). No extraction logic here: the core decides everything, including what
 * to do when the link title matches nothing on the page.
 *
 * The core runs time-sliced (`extractSliced`): in slices of `slicing.sliceMs`, giving the page its thread
 * back between them, so that a huge page never freezes its tab; the popup follows the progress and may
 * cancel through `signal`.
 */
import { extractSliced, systemClock } from '../core/index.ts';
import type { ExtractProgress, PartialOptions } from '../core/index.ts';
import { createLiveProbe } from '../platform/live-probe.ts';
import { createPagePause } from '../platform/page-pause.ts';
import type { ExtractResult } from '../shared/messages.ts';

/** An extraction as the page produced it; the content script adds the overlay's state and the loaded images. */
export type PageExtraction = Omit<ExtractResult, 'overlayShown' | 'loadedImages'>;

export interface PageExtractControl {
  readonly signal: AbortSignal;
  readonly onProgress: (progress: ExtractProgress) => void;
}

export async function extractPage(linkTitle: string | null, options: PartialOptions, control: PageExtractControl): Promise<PageExtraction> {
  const started = performance.now();
  const pause = createPagePause(window);
  const { article } = await extractSliced(
    document,
    { probe: createLiveProbe(window), clock: systemClock, timer: () => performance.now() },
    { url: location.href, linkTitle },
    options,
    { pause, signal: control.signal, onProgress: control.onProgress },
  );
  const ms = performance.now() - started;
  // The reply is copied for the message in the task that sends it: a huge page's Article in a task of its own.
  await pause();
  return { article, linkTitle, ms };
}
