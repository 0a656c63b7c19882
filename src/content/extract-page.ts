/**
 * Runs the core on the live document (loaded lazily by the content script, so that the link recorder that
 * runs on every page stays small). No extraction logic here: the core decides everything, including what
 * to do when the link title matches nothing on the page.
 */
import { extract, systemClock } from '../core/index.ts';
import type { PartialOptions } from '../core/index.ts';
import { createLiveProbe } from '../platform/live-probe.ts';
import type { ExtractResult } from '../shared/messages.ts';

/** An extraction as the page produced it; the content script adds the overlay's state and the loaded images. */
export type PageExtraction = Omit<ExtractResult, 'overlayShown' | 'loadedImages'>;

export function extractPage(linkTitle: string | null, options: PartialOptions): PageExtraction {
  const started = performance.now();
  const article = extract(
    document,
    { probe: createLiveProbe(window), clock: systemClock, timer: () => performance.now() },
    { url: location.href, linkTitle },
    options,
  );
  return { article, linkTitle, ms: performance.now() - started };
}
