/**
 * Stage 6, combine (ALGORITHMS.md §6): the one place that decides what the body is. Every text block that
 * leaves or joins the body does so by one named rule (rules.ts), recorded in the Explain trace. The rules run
 * in declared phases:
 * - `root`: which method gives the body root — method 1's, or method 2's when it disagrees strongly
 *   (`6.2-path-leads`), widened to sibling containers of a split article (`6.2-path-siblings`), or the short
 *   page read as a whole (`6.2-short-page`);
 * - `rules`: what leaves it — the title and its zone (`6.1-title-zone`), noise text (`6.3-noise-text`),
 *   comment sections and teaser lists of method 1, method 5's link blocks (`6.3-link-block`), template
 *   furniture (`6.3-furniture`), the leaves method 2 rejects (`6.3-path-rejected`);
 * - `model`: the block model of the learned combination reads every block's features from every method
 *   and the rules' decision (`6.5-learned`);
 * - `after-model`: method 4's template and information blocks (`6.3-template`, `6.3-lcs-information`).
 * Adding a method: its stage in pipeline.ts, its rules in a phase of rules.ts, its columns in the block
 * model (learned/feature-columns.ts).
 */
import type { TextBlock } from '../model/page-model.ts';
import type { Stage } from '../stage.ts';
import type { BodyLead, NoiseBlock, PageTypeReport } from '../types.ts';
import type { BodyDraft, CombineInput } from './draft.ts';
import { ARTICLE_TYPE } from './draft.ts';
import type { RulePlan } from './learned/index.ts';
import { COMBINE_RULES, PHASES } from './rules.ts';

export type { CombineInput } from './draft.ts';

/** The body as decided: its root, the text blocks left out of it, and the noise blocks with what they took. */
export interface BodyPlan {
  readonly root: number | null;
  /** Which method gave the root. */
  readonly lead: BodyLead;
  readonly excluded: ReadonlySet<TextBlock>;
  /** Every noise block of every method, `removed` when its text left the body. */
  readonly noise: readonly NoiseBlock[];
  /** The body as the rules of §6.1–6.3 chose it, before the block model (the same as above when it is off). */
  readonly rules: RulePlan;
  /** The page type that decided the strategy (issue 42). */
  readonly pageType: PageTypeReport;
}

const NO_BODY: BodyLead = { method: 'title-anchor', reason: 'no body' };

export const combineStage: Stage<CombineInput, BodyPlan> = {
  method: 'combine',
  name: 'combine',
  *run(ctx, input) {
    const draft: BodyDraft = {
      root: null,
      lead: NO_BODY,
      outside: [],
      excluded: new Set(),
      noise: [],
      pathBody: null,
      short: null,
      rules: null,
      templateDropped: new Set(),
      pageType: ARTICLE_TYPE,
      commentSections: [],
    };
    for (const phase of PHASES) {
      for (const rule of COMBINE_RULES) {
        if (rule.phase !== phase || !rule.on(ctx.opts)) continue;
        const steps = rule.apply(ctx, input, draft);
        if (steps) yield* steps;
      }
      // The root is chosen: what lies under it but is not part of the body leaves it.
      if (phase === 'root') for (const b of draft.outside) draft.excluded.add(b);
      // The rules have spoken: their body is what the block model reads, and what stands without it.
      if (phase === 'rules') draft.rules = { root: draft.root, lead: draft.lead, excluded: new Set(draft.excluded) };
    }
    const rules = draft.rules ?? { root: draft.root, lead: draft.lead, excluded: draft.excluded };
    return { root: draft.root, lead: draft.lead, excluded: draft.excluded, noise: draft.noise, rules, pageType: draft.pageType };
  },
};
