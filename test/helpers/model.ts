/**
 * Page models for the core's unit tests: a page parsed by one of the DOMs the core must agree on (happy-dom,
 * linkedom) and read into the model by the DOM walk (core/dom/dom-source.ts), or parsed by parse5 and read
 * without any DOM (the dom engine's way, node/engines/parse5-model.ts). Elements are picked in the test's DOM
 * (`doc.getElementById`) and turned into ordinals with `ord`; a parse5 model has no DOM, and its elements are
 * picked by id or tag (`byId`, `firstTag`).
 */
import type { ExtractOptions, PartialOptions } from '../../src/core/options.ts';
import { resolveOptions } from '../../src/core/options.ts';
import { buildModelFromDom } from '../../src/core/dom/dom-source.ts';
import { ordinalOf } from '../../src/core/dom/element-lookup.ts';
import type { PageModel } from '../../src/core/model/page-model.ts';
import type { PageContext } from '../../src/core/stage.ts';
import { pageContext, startRun } from '../../src/core/stage.ts';
import { NO_CHECKPOINTS } from '../../src/core/slicing.ts';
import { systemClock } from '../../src/core/env.ts';
import type { ExtractEnv } from '../../src/core/env.ts';
import { staticProbe } from '../../src/platform/static-probe.ts';
import { buildModelFromHtml } from '../../src/node/engines/parse5-model.ts';
import type { DomKind } from './dom.ts';
import { parseWith } from './dom.ts';

/** The hosts a page model is built by in the tests: a parsed DOM walked, or parse5 without a DOM. */
export type ModelKind = DomKind | 'parse5';

export const MODEL_KINDS: readonly ModelKind[] = ['happy-dom', 'linkedom', 'parse5'];

function resolved(options: ExtractOptions | PartialOptions): ExtractOptions {
  return Object.isFrozen(options) && 'limits' in options ? (options as ExtractOptions) : resolveOptions(options);
}

/** A page parsed by `kind` and read into the model with the static probe. */
export function modelOf(
  kind: ModelKind,
  html: string,
  options: ExtractOptions | PartialOptions = {},
  url: string | null = null,
): PageModel {
  const opts = resolved(options);
  if (kind === 'parse5') return buildModelFromHtml(html, opts, url).model;
  return buildModelFromDom(parseWith(kind, html), staticProbe, opts, { url });
}

/** A page parsed by a DOM, its model, and `ord`, which gives the ordinal of one of the DOM's elements in the model. */
export function domModel(
  kind: DomKind,
  html: string,
  options: ExtractOptions | PartialOptions = {},
): { doc: Document; model: PageModel; ord: (el: Element | null) => number } {
  const opts = resolved(options);
  const doc = parseWith(kind, html);
  const model = buildModelFromDom(doc, staticProbe, opts, { url: null });
  return {
    doc,
    model,
    ord: (el) => {
      if (!el) throw new Error('no such element');
      const o = ordinalOf(doc, el);
      if (o < 0) throw new Error('element not in the model');
      return o;
    },
  };
}

/** The ordinal of the element whose id is `id` (the first one), or −1. */
export function byId(model: PageModel, id: string): number {
  for (let el = 0; el < model.size; el++) if (model.attr(el, 'id') === id) return el;
  return -1;
}

/** The ordinal of the first element with the (upper-case) tag, or −1. */
export function firstTag(model: PageModel, tag: string): number {
  return model.findTag(tag.toUpperCase());
}

/** A run's page context over `model`, as the pipeline makes it (trace on, a fixed clock by default). */
export function contextOf(model: PageModel, options: ExtractOptions | PartialOptions = {}, env: Partial<ExtractEnv> = {}): PageContext {
  const opts = resolved(options);
  const run = startRun({}, { probe: staticProbe, clock: systemClock, timer: () => 0, ...env }, opts, NO_CHECKPOINTS);
  return pageContext(run, model);
}
