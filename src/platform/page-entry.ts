/**
 * The core as one script for a rendered page (STYLE.md §8.5.7): the CLI's chromium engine and the
 * benchmark inject it into headless Chromium and call `__articleLens.extract(input, options)`.
 */
import { extract, systemClock } from '../core/index.ts';
import type { Article, Clock, ExtractInput, PartialOptions } from '../core/index.ts';
import type { DateModel } from '../core/date-svm/date-model.ts';
import { createLiveProbe } from './live-probe.ts';

/** What the CLI may pass besides input and options: a fixed "now" (ISO) and a date model of its own. */
export interface PageExtras {
  readonly now?: string | null;
  readonly dateModel?: DateModel | null;
}

export interface PageApi {
  extract(input: ExtractInput, options: PartialOptions, extras?: PageExtras): Article;
}

const api: PageApi = {
  extract: (input, options, extras = {}) => {
    const clock: Clock = extras.now ? fixedClock(extras.now) : systemClock;
    return extract(
      document,
      {
        probe: createLiveProbe(window),
        clock,
        timer: () => performance.now(),
        ...(extras.dateModel ? { dateModel: extras.dateModel } : {}),
      },
      input,
      options,
    );
  },
};

function fixedClock(iso: string): Clock {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw new Error(`"now" is not a date: ${iso}`);
  return { now: () => new Date(t) };
}

(globalThis as { __articleLens?: PageApi }).__articleLens = api;
