/**
 * Method 2, the punctuation and DOM-path body (ALGORITHMS.md §2; article "extracting web page body text
 * from Chinese punctuation and the HTML tree"): full stops sit in the body, and the body's leaves share a
 * path from the root.
 *
 * 1. Every text block (§0) is a leaf with its path (path-similarity.ts).
 * 2. Its full stops are counted (full-stops.ts).
 * 3. The sample path is the path of the leaf with most full stops (the first such leaf).
 * 4. The sample is checked against the `checkTop` leaves with most full stops after it: when most of them
 *    are below the threshold to it, the path most of them (and the sample) agree with is taken instead.
 * 5–6. Every leaf whose path reaches `K ≥ (L0 − s) / (L0 + s)` to the sample path is body, the rest noise.
 *
 * The result is a set of leaves, not a container: the combine stage (§6) uses it to confirm or correct
 * method 1's body. A page with no full stop has no sample, and method 2 says nothing about it.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PunctPathOptions } from './options.ts';
import type { PageContext, Stage } from '../stage.ts';
import { findCommentSectionsSteps } from '../title-anchor/comment-sections.ts';
import type { TitleAnchorResult } from '../title-anchor/index.ts';
import type { Steps } from '../slicing.ts';
import { drain } from '../slicing.ts';
import { traceNumber } from '../trace.ts';
import { countFullStops, isCjkText } from './full-stops.ts';
import type { LeafPath } from './path-similarity.ts';
import { PathBuilder, pathSimilarity, pathThreshold } from './path-similarity.ts';

export interface PunctPathResult {
  /** The page counts as CJK: only 。 is a full stop on it. */
  readonly cjk: boolean;
  /** Full stops per block, by `TextBlock.index`. */
  readonly stops: readonly number[];
  readonly totalStops: number;
  /** The leaf whose path is the sample (after the check of §2.4), null when no leaf has a full stop. */
  readonly sample: TextBlock | null;
  /** The sample path, readable ("html > body > div.article > p"); '' without a sample. */
  readonly samplePath: string;
  /** True when the check of §2.4 replaced the leaf with most full stops by another. */
  readonly switched: boolean;
  /** The least similarity a leaf needs (§2.6); 1 without a sample. */
  readonly threshold: number;
  /** K of each block's path to the sample path, by `TextBlock.index` (0 without a sample). */
  readonly similarity: readonly number[];
  /** Each block's path length, and how many nodes from the root it shares with the sample path, by `TextBlock.index`. */
  readonly pathLengths: readonly number[];
  readonly sharedNodes: readonly number[];
  /** The leaves method 2 calls body. */
  readonly accepted: ReadonlySet<TextBlock>;
  /** Full stops in the accepted leaves. */
  readonly acceptedStops: number;
}

export interface PunctPathInput {
  readonly page: PageModel;
  /** Method 1's anchors: the title block and the first sentence are never inside a skipped comment section. */
  readonly anchor: Pick<TitleAnchorResult, 'titleBlock' | 'firstSentence'>;
}

export const punctPathStage: Stage<PunctPathInput, PunctPathResult> = {
  method: 'punct-path',
  name: 'punct-path',
  run: function* (ctx, { page, anchor }) {
    const opts = ctx.opts.punctPath;
    const keep = [anchor.titleBlock?.owner, anchor.firstSentence?.owner].filter((e): e is number => e !== undefined);
    const sections = opts.extensions.skipCommentSections
      ? yield* findCommentSectionsSteps(page.root, keep, ctx.opts.titleAnchor.commentSectionWords, page, ctx.ticker)
      : [];
    return yield* findPathBodySteps(ctx, opts, sections);
  },
};

export function findPathBody(ctx: PageContext, opts: PunctPathOptions, commentSections: readonly number[] = []): PunctPathResult {
  return drain(findPathBodySteps(ctx, opts, commentSections));
}

export function* findPathBodySteps(
  ctx: PageContext,
  opts: PunctPathOptions,
  commentSections: readonly number[] = [],
): Steps<PunctPathResult> {
  const { page, trace, ticker } = ctx;
  const blocks = page.blocks;
  // Extension `skipCommentSections`: a comment thread's leaves are no leaves of method 2 (no full stops, never
  // body). Which blocks lie in one is decided once, by `TextBlock.index`.
  const inComments: boolean[] = [];
  let commentLeaves = 0;
  const cjk = isCjkText(
    blocks.map((b) => b.text),
    opts.cjkPageMinShare,
  );
  const latin = opts.extensions.latinStops && !cjk;
  const builder = new PathBuilder(page, opts.extensions.classIdentity);
  const stops: number[] = [];
  const paths: LeafPath[] = [];
  let totalStops = 0;
  for (const b of blocks) {
    if (ticker.tick()) yield;
    const skip = commentSections.length > 0 && commentSections.some((c) => page.contains(c, b.owner));
    inComments.push(skip);
    if (skip) commentLeaves++;
    const n = skip ? 0 : countFullStops(b.text, latin);
    stops.push(n);
    totalStops += n;
    paths.push(builder.pathOf(b.owner));
  }

  const ranked = blocks
    .filter((b) => (stops[b.index] ?? 0) > 0)
    .sort((a, b) => (stops[b.index] ?? 0) - (stops[a.index] ?? 0) || a.index - b.index);
  if (commentLeaves)
    trace.decide('punct-path', {
      rule: '2.2-comment-section',
      verdict: 'drop',
      numbers: { leaves: commentLeaves, sections: commentSections.length },
      note: 'leaves inside comment sections count no full stops and are never body',
    });
  const first = ranked[0];
  if (!first) {
    trace.decide('punct-path', {
      rule: '2.3-sample',
      verdict: 'skip',
      numbers: { leaves: blocks.length },
      note: cjk ? 'no 。 on the page: no sample path' : `no full stop on the page${latin ? '' : ' (。 only)'}: no sample path`,
    });
    return noSample(cjk, stops, blocks.length);
  }

  const threshold = (b: TextBlock): number => pathThreshold((paths[b.index] as LeafPath).length, opts.worstCaseNodes);
  const agrees = (sample: TextBlock, leaf: TextBlock): boolean =>
    pathSimilarity(paths[sample.index] as LeafPath, paths[leaf.index] as LeafPath) >= threshold(sample);

  // §2.4 the check: the next `checkTop` leaves by full stops vote on the sample.
  const top = ranked.slice(1, 1 + opts.checkTop);
  const disagree = top.filter((t) => !agrees(first, t)).length;
  let sample = first;
  if (disagree * 2 > top.length) {
    // "The path that most of them agree with": each voter's path gathers the full stops of the voters
    // that reach its threshold; the first with most wins (the leaf with most full stops on a tie).
    const voters = [first, ...top];
    let bestVotes = -1;
    for (const c of voters) {
      const votes = voters.reduce((sum, v) => sum + (agrees(c, v) ? (stops[v.index] ?? 0) : 0), 0);
      if (votes > bestVotes) {
        bestVotes = votes;
        sample = c;
      }
    }
  }
  const switched = sample !== first;
  const samplePath = paths[sample.index] as LeafPath;
  const k = threshold(sample);
  trace.decide('punct-path', () => ({
    rule: '2.3-sample',
    verdict: 'choose',
    target: ctx.ref(sample.owner, sample.text),
    numbers: { stops: stops[sample.index] ?? 0, totalStops, pathLength: samplePath.length, threshold: traceNumber(k) },
    note: builder.describe(samplePath),
  }));
  trace.decide('punct-path', {
    rule: '2.4-check',
    verdict: switched ? 'fallback' : 'keep',
    numbers: { checked: top.length, disagree },
    note: switched
      ? `most of the ${top.length} leaves with most full stops disagree with the leaf with most: the path most agree with is the sample`
      : `the sample holds against the ${top.length} leaves with most full stops after it`,
  });

  const similarity: number[] = [];
  const pathLengths: number[] = [];
  const sharedNodes: number[] = [];
  const accepted = new Set<TextBlock>();
  let acceptedStops = 0;
  for (const b of blocks) {
    if (ticker.tick()) yield;
    const leafPath = paths[b.index] as LeafPath;
    const sim = pathSimilarity(samplePath, leafPath);
    similarity.push(sim);
    pathLengths.push(leafPath.length);
    sharedNodes.push(Math.round((sim * (samplePath.length + leafPath.length)) / 2));
    if (sim >= k && !inComments[b.index]) {
      accepted.add(b);
      acceptedStops += stops[b.index] ?? 0;
    }
  }
  trace.decide('punct-path', {
    rule: '2.6-threshold',
    verdict: 'info',
    numbers: { leaves: blocks.length, accepted: accepted.size, acceptedStops, totalStops, threshold: traceNumber(k) },
    note: `K ≥ (L0 − ${opts.worstCaseNodes}) / (L0 + ${opts.worstCaseNodes}), L0 = ${samplePath.length}`,
  });
  return {
    cjk,
    stops,
    totalStops,
    sample,
    samplePath: builder.describe(samplePath),
    switched,
    threshold: k,
    similarity,
    pathLengths,
    sharedNodes,
    accepted,
    acceptedStops,
  };
}

function noSample(cjk: boolean, stops: readonly number[], leaves: number): PunctPathResult {
  return {
    cjk,
    stops,
    totalStops: 0,
    sample: null,
    samplePath: '',
    switched: false,
    threshold: 1,
    similarity: new Array<number>(leaves).fill(0),
    pathLengths: new Array<number>(leaves).fill(0),
    sharedNodes: new Array<number>(leaves).fill(0),
    accepted: new Set(),
    acceptedStops: 0,
  };
}
