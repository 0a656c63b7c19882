/**
 * Stage 1, preprocess (ALGORITHMS.md §0, §1.2–1.3): the page read once into the model that every later stage
 * reads — the elements and their attributes, the text, the skip set, the text blocks, and each element's
 * sentence, link, text and image counts. A host that built the model itself (Node: from parse5's tree,
 * node/engines/parse5-model.ts) hands it over; a DOM (the live page, a test's document) is walked here, in
 * slices, with the host's RenderProbe.
 */
import { PageModel } from '../model/page-model.ts';
import type { RunContext, Stage } from '../stage.ts';
import { buildModelFromDomSteps } from './dom-source.ts';

/** What a run reads the page from: a DOM, or the page model a host built. */
export type PageSource = Document | PageModel;

export const preprocessStage: Stage<PageSource, PageModel, RunContext> = {
  method: 'preprocess',
  name: 'preprocess',
  *run(ctx, source) {
    const similar = ctx.env.similarPage?.tree;
    // Method 4 compares rendered boxes: the page's own are read only when a similar page's tree with layout is given.
    const boxes = ctx.opts.lcsDiff.enabled && !!similar?.layout;
    const model =
      source instanceof PageModel ? source : yield* buildModelFromDomSteps(source, ctx.env.probe, ctx.opts, { boxes }, ctx.ticker);
    ctx.trace.decide('preprocess', {
      rule: '1.3-stats',
      verdict: 'info',
      numbers: {
        elements: model.elementCount,
        blocks: model.blocks.length,
        sentences: model.sentences[model.root] ?? 0,
        skipped: model.skippedCount,
      },
    });
    return model;
  },
};
