/**
 * What the core asks of its host. The core never reads `window`, `chrome` or the network: the content
 * script, happy-dom and headless Chromium each pass their own implementation of these interfaces.
 */

import type { FieldModel } from './metadata/field-model/field-model-format.ts';
import type { BodyModel } from './combine/learned/body-model-format.ts';
import type { DateModel } from './date-svm/date-model.ts';
import type { SimilarPage } from './lcs-diff/types.ts';

/** A rendered box in document coordinates (CSS pixels, scroll offsets included). */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Layout and visibility (ALGORITHMS.md §0 "ignored elements", "block-level is decided by computed
 * display in a rendered page and by tag name where there is no layout").
 */
export interface RenderProbe {
  /** True when boxes and computed styles are real (a rendered page), false for a parsed-only DOM. */
  readonly hasLayout: boolean;
  /** False for elements that are not rendered: display:none, visibility:hidden, hidden, aria-hidden… */
  isRendered(el: Element): boolean;
  /** True when the element starts a new text block (computed display, or tag name without layout). */
  isBlock(el: Element): boolean;
  /** The element's box, or null without layout. */
  box(el: Element): Box | null;
  /**
   * True for an element that is not the page's own (the extension's overlay host): the model neither records
   * nor walks it, so that the page's element ordinals do not depend on whether the overlay is shown.
   */
  isForeign?(el: Element): boolean;
}

/** "Now", injected so that relative and future dates are judged deterministically in tests. */
export interface Clock {
  now(): Date;
}

export interface ExtractEnv {
  readonly probe: RenderProbe;
  readonly clock: Clock;
  /**
   * The date model of method 3 (ALGORITHMS.md §3.6) when it is not the shipped one: a model from
   * `train-date`, e.g. one trained without the pages being evaluated.
   */
  readonly dateModel?: DateModel;
  /**
   * The block model of the learned combination (§6, `combine.extensions.learnedBlocks`) when it is not the
   * shipped one: a model from `train-body`, e.g. one trained without the pages being evaluated.
   */
  readonly bodyModel?: BodyModel;
  /**
   * The author and source models (issue 41, `metadata.extensions.learnedFields`) when they are not the shipped
   * ones: a model from `train-author`, e.g. one trained without the pages being evaluated.
   */
  readonly fieldModel?: FieldModel;
  /**
   * Method 4 (ALGORITHMS.md §4): the similar page of the same site whose feature tree the page's is diffed
   * against, or the host's reason for having none. Absent: method 4 does not run.
   */
  readonly similarPage?: SimilarPage;
  /** High-resolution timer for the per-stage timings; defaults to Date.now. */
  readonly timer?: () => number;
}

export const systemClock: Clock = { now: () => new Date() };
