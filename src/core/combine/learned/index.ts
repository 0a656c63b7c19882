/**
 * §6 learned combination (extension `combine.extensions.learnedBlocks`): after the rules of §6.1–6.3 have
 * chosen a body, a block model (gradient-boosted trees trained offline by `article-lens train-body`, the way
 * the date SVM is) reads every text block's features from all the methods (block-features.ts) and gives the
 * probability that the block is part of the article. The body is then the blocks at or above
 * `combine.learnedMinProbability`, under their lowest common ancestor; when the model keeps no block, the
 * rules' body stands. The title and the metadata lines of its zone stay out of the body as rule
 * `6.1-title-zone` decided (with `output.extensions.dropTitleAndZone`): they are the article's title, author
 * and time, shown apart (the large sets' gold bodies often start with the byline, and the model would keep
 * it: site-grouped cross-validation with the zone kept, body F1 dragnet 0.9172, daniel 0.9483, big9 0.9768,
 * scrapinghub 0.9649; with it left out 0.9128, 0.9481, 0.9789, 0.9671). When the title was anchored by the
 * link title the reader followed (§1.1, the method's strongest clue, which no training page has), the
 * model may leave blocks out of the rules' body but adds none from outside it: a page of several stories
 * gives the one the reader chose. Blocks of the rules' body the model leaves out become `learned` noise blocks (the
 * overlay shows them), and every block the model changes is in the Explain trace with its probability.
 */
import type { PageModel, TextBlock } from '../../model/page-model.ts';
import type { PageContext } from '../../stage.ts';
import type { Steps } from '../../slicing.ts';
import { DUE } from '../../slicing.ts';
import { cutText } from '../../text/cut.ts';
import { traceNumber } from '../../trace.ts';
import type { BodyLead, NoiseBlock } from '../../types.ts';
import type { FeatureInput } from './block-features.ts';
import { BLOCK_FEATURES, eachBlockFeatureRow } from './block-features.ts';
import { scoreRow, sigmoid } from './body-model.ts';
import { bodyModelFor } from './default-model.ts';

/** The body as the rules chose it (§6.1–6.3), before the block model. */
export interface RulePlan {
  readonly root: number | null;
  readonly lead: BodyLead;
  readonly excluded: ReadonlySet<TextBlock>;
}

export interface LearnedPlan {
  readonly root: number;
  readonly lead: BodyLead;
  readonly excluded: ReadonlySet<TextBlock>;
  readonly noise: readonly NoiseBlock[];
}

/** The features in the trace note of a changed block: what a person checks first. */
const SHOWN = ['rules.keep', 'm2.accepted', 'sentence', 'linkShare', 'm5.covered'] as const;
const SHOWN_AT = SHOWN.map((name) => BLOCK_FEATURES.indexOf(name));
/** Most blocks the trace lists one by one (the rest are counted). */
const MAX_TRACED_BLOCKS = 40;

/** The body by the block model, or null when it keeps no block (the rules' body stands). */
export function* learnedBody(
  ctx: PageContext,
  input: Omit<FeatureInput, 'ruleRoot' | 'ruleExcluded'>,
  rules: RulePlan,
): Steps<LearnedPlan | null> {
  const { page } = input;
  const threshold = ctx.opts.combine.learnedMinProbability;
  // Checking and compiling the model on first use is a chunk of its own.
  if (ctx.ticker.tick(DUE)) yield;
  const model = bodyModelFor(ctx.env.bodyModel);
  if (ctx.ticker.tick(DUE)) yield;
  // Each row is scored as it is computed; only the features the trace shows are kept.
  const p = new Float64Array(page.blocks.length);
  const shown = new Float32Array(page.blocks.length * SHOWN.length);
  yield* eachBlockFeatureRow({ ...input, ruleRoot: rules.root, ruleExcluded: rules.excluded }, ctx.ticker, (b, row) => {
    p[b.index] = sigmoid(scoreRow(model, row, 0));
    for (let i = 0; i < SHOWN_AT.length; i++) shown[b.index * SHOWN.length + i] = row[SHOWN_AT[i] as number] ?? 0;
  });
  const header = ctx.opts.output.extensions.dropTitleAndZone ? input.zone : null;
  const bound = input.anchor.query?.from === 'link-title' && input.anchor.titleBlock ? rules.root : null;
  let root: number | null = null;
  const kept: TextBlock[] = [];
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if ((p[b.index] ?? 0) < threshold || header?.has(b) || (bound !== null && !page.contains(bound, b.owner))) continue;
    kept.push(b);
    root = root !== null ? page.lca(root, b.owner) : b.owner;
  }
  // Whether each block is in the rules' body (one pass, so that the lists below need no DOM reads).
  const inRuleBody = new Uint8Array(page.blocks.length);
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    inRuleBody[b.index] = rules.root !== null && !rules.excluded.has(b) && page.contains(rules.root, b.owner) ? 1 : 0;
  }
  const inRules = (b: TextBlock): boolean => inRuleBody[b.index] === 1;
  if (root === null) {
    ctx.trace.decide('combine', {
      rule: '6.5-learned',
      verdict: 'skip',
      numbers: { blocks: page.blocks.length, threshold },
      note: 'the block model keeps no block: the rules’ body stands',
    });
    return null;
  }
  const keptSet = new Set(kept);
  const excluded = new Set<TextBlock>();
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (!keptSet.has(b) && page.contains(root, b.owner)) excluded.add(b);
  }
  const added = kept.filter((b) => !inRules(b));
  const removed = page.blocks.filter((b) => !keptSet.has(b) && inRules(b));
  const note =
    `the block model keeps ${kept.length} of ${page.blocks.length} blocks (p ≥ ${threshold}): ` +
    `${added.length} the rules left out, ${removed.length} of the rules’ body removed; the rules’ body came from ${rules.lead.method}` +
    (bound ? ' (the title came from the link title: nothing is added from outside the rules’ body)' : '');
  const learnedRoot = root;
  ctx.trace.decide('combine', () => ({
    rule: '6.5-learned',
    verdict: 'choose',
    target: ctx.ref(learnedRoot),
    numbers: {
      kept: kept.length,
      added: added.length,
      removed: removed.length,
      blocks: page.blocks.length,
      threshold,
      trees: model.roots.length,
    },
    note,
  }));
  let traced = 0;
  for (const [blocks, verdict] of [
    [added, 'keep'],
    [removed, 'drop'],
  ] as const) {
    for (const b of blocks) {
      if (traced++ >= MAX_TRACED_BLOCKS) break;
      ctx.trace.decide('combine', () => ({
        rule: '6.5-learned-block',
        verdict,
        target: ctx.ref(b.owner, b.text),
        numbers: { p: traceNumber(p[b.index] ?? 0), threshold, ...shownFeatures(shown, b.index * SHOWN.length) },
        note: verdict === 'keep' ? 'the block model adds a block the rules left out' : 'the block model removes a block of the rules’ body',
      }));
    }
  }
  return {
    root,
    lead: { method: 'learned', reason: note },
    excluded,
    noise: yield* removedNoise(ctx, page, removed, p, threshold),
  };
}

function shownFeatures(shown: Float32Array, offset: number): Record<string, number> {
  const out: Record<string, number> = {};
  SHOWN.forEach((name, i) => {
    out[name] = traceNumber(shown[offset + i] ?? 0);
  });
  return out;
}

/**
 * The blocks of the rules' body the model removed, as `learned` noise blocks: one per run of removed blocks
 * under one parent element, outlined at that run's lowest common ancestor.
 */
function* removedNoise(
  ctx: PageContext,
  page: PageModel,
  removed: readonly TextBlock[],
  p: Float64Array,
  threshold: number,
): Steps<NoiseBlock[]> {
  const runs: TextBlock[][] = [];
  let last: TextBlock | null = null;
  for (const b of removed) {
    if (ctx.ticker.tick()) yield;
    const run = runs[runs.length - 1];
    if (run && last && b.index === last.index + 1 && page.parent[b.owner] === page.parent[last.owner]) run.push(b);
    else runs.push([b]);
    last = b;
  }
  const out: NoiseBlock[] = [];
  for (const run of runs) {
    let at = (run[0] as TextBlock).owner;
    for (const b of run) {
      if (ctx.ticker.tick()) yield;
      at = page.lca(at, b.owner);
    }
    const text = run.map((b) => b.text).join('\n');
    const ref = ctx.ref(at, text);
    const best = run.reduce((m, b) => Math.max(m, p[b.index] ?? 0), 0);
    out.push({
      kind: 'learned',
      ref,
      parts: [ref],
      inBody: true,
      removed: true,
      text: cutText(text, ctx.opts.limits.maxLabelChars),
      reason: `block model: p ${traceNumber(best)} < ${threshold} that ${run.length === 1 ? 'this block is' : 'these blocks are'} body`,
      numbers: {
        blocks: run.length,
        p: traceNumber(best),
        threshold,
        units: run.reduce((n, b) => n + b.units, 0),
        pageBlocks: page.blocks.length,
      },
    });
  }
  return out;
}
