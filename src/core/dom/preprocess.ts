/**
 * Stage 1, preprocess (ALGORITHMS.md §0, §1.2–1.3): the one pass over the page that every later stage
 * reads — the skip set, the text blocks, and each element's sentence, link, text and image counts.
 */
import type { Stage } from '../stage.ts';
import type { PageModel } from './page-model.ts';
import { buildPageModelSteps } from './page-model.ts';

export const preprocessStage: Stage<Document, PageModel> = {
  method: 'preprocess',
  name: 'preprocess',
  *run(ctx, doc) {
    const model = yield* buildPageModelSteps(doc, ctx.env.probe, ctx.opts, ctx.ticker);
    ctx.trace.decide('preprocess', {
      rule: '1.3-stats',
      verdict: 'info',
      numbers: {
        elements: model.elementCount,
        blocks: model.blocks.length,
        sentences: model.stats(model.root).sentences,
        skipped: model.skipped.size,
      },
    });
    return model;
  },
};
