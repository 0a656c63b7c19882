/**
 * The core as one script for a rendered page (STYLE.md §8.5.7): the CLI's chromium engine and the
 * benchmark inject it into headless Chromium and call `__articleLens.extract(input, options)`.
 */
import { extract, systemClock } from '../core/index.ts';
import type { Article, ExtractInput, PartialOptions } from '../core/index.ts';
import { createLiveProbe } from './live-probe.ts';

export interface PageApi {
  extract(input: ExtractInput, options: PartialOptions): Article;
}

const api: PageApi = {
  extract: (input, options) =>
    extract(document, { probe: createLiveProbe(window), clock: systemClock, timer: () => performance.now() }, input, options),
};

(globalThis as { __articleLens?: PageApi }).__articleLens = api;
