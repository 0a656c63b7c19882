/**
 * §1.4 The title candidate scan. Blocks are visited in document order:
 * - a sentence, when a candidate exists, is the first sentence: the search stops;
 * - a noise block is skipped;
 * - any other block is compared with the query title; when sim > threshold and higher than the best so
 *   far it becomes the candidate (the best replaces earlier ones).
 * Faithful: sentences met before any candidate are passed over and the scan goes on.
 * Extension `boundedCandidateScan`: once a sentence has been met with no candidate, the scan looks for a
 * candidate only to the end of that first sentence run (the run of sentence and noise blocks; the block
 * that ends it is still compared); then it falls back to the h1 nearest above the first sentence. With
 * no such h1 it goes on as the faithful rule does.
 * Extension `laterStrongerTitle`: the faithful scan stops at the first sentence after a candidate, so a
 * weak candidate near the top of the page (a blog's name in its banner matching the " @ Blog" part of
 * `<title>`, followed by the blog's tagline) ends the search before the article's headline is reached.
 * With it, the scan looks on past that sentence for a heading (h1–h6) whose similarity is at least
 * `laterTitleMinSim` and exceeds the candidate's by `laterTitleMinGain`; the first such heading that a
 * sentence follows replaces the candidate, and that sentence becomes the first sentence. Only a heading:
 * a later list item or teaser that repeats the headline (a "recent posts" list in the sidebar) is not one.
 * Extension `headingBeforeSentence`: a heading that passes the sentence test (a headline of twelve words
 * ending in "?", by the `latinSentence` extension) is compared with the title first; when it is a
 * candidate it is the title, and only otherwise a sentence.
 */
import type { TitleAnchorOptions } from './options.ts';
import type { TextBlock } from '../model/page-model.ts';
import { titleSimilarity, titleUnits } from '../text/title-similarity.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';

export interface ScanResult {
  readonly titleBlock: TextBlock | null;
  readonly sim: number;
  readonly firstSentence: TextBlock | null;
  /** Every block that became the candidate, in order, with its similarity. */
  readonly replaced: readonly { readonly block: TextBlock; readonly sim: number }[];
  readonly via: 'similarity' | 'h1-fallback' | 'later-title' | 'none';
}

export function scanTitleCandidates(blocks: readonly TextBlock[], query: string, opts: TitleAnchorOptions): ScanResult {
  return drain(scanTitleCandidatesSteps(blocks, query, opts, NO_CHECKPOINTS));
}

/** The scan, with a checkpoint per `ticker` between blocks. */
export function* scanTitleCandidatesSteps(
  blocks: readonly TextBlock[],
  query: string,
  opts: TitleAnchorOptions,
  ticker: Ticker,
): Steps<ScanResult> {
  const queryUnits = titleUnits(query);
  const replaced: { block: TextBlock; sim: number }[] = [];
  let best: TextBlock | null = null;
  let bestSim = 0;
  let firstSentenceBeforeTitle: TextBlock | null = null;
  let runOpen = false;

  for (const block of blocks) {
    if (ticker.tick()) yield;
    if (block.sentence && opts.extensions.headingBeforeSentence && block.heading > 0) {
      const sim = similarityTo(queryUnits, block, opts);
      if (sim > opts.simThresholdPct && sim > bestSim) {
        best = block;
        bestSim = sim;
        replaced.push({ block, sim });
        continue;
      }
    }
    if (block.sentence) {
      if (best) {
        if (opts.extensions.laterStrongerTitle) {
          const later = yield* laterStrongerTitle(blocks, block.index + 1, queryUnits, bestSim, opts, ticker);
          if (later) {
            replaced.push({ block: later.title, sim: later.sim });
            return { titleBlock: later.title, sim: later.sim, firstSentence: later.sentence, replaced, via: 'later-title' };
          }
        }
        return { titleBlock: best, sim: bestSim, firstSentence: block, replaced, via: 'similarity' };
      }
      if (!firstSentenceBeforeTitle) {
        firstSentenceBeforeTitle = block;
        runOpen = true;
      }
      continue;
    }
    if (block.noise) continue;
    const sim = similarityTo(queryUnits, block, opts);
    if (sim > opts.simThresholdPct && sim > bestSim) {
      best = block;
      bestSim = sim;
      replaced.push({ block, sim });
    }
    if (runOpen && opts.extensions.boundedCandidateScan) {
      runOpen = false;
      if (!best && firstSentenceBeforeTitle) {
        const h1 = nearestH1Before(blocks, firstSentenceBeforeTitle.index);
        if (h1) return { titleBlock: h1, sim: 0, firstSentence: firstSentenceBeforeTitle, replaced, via: 'h1-fallback' };
      }
    }
  }
  return { titleBlock: best, sim: bestSim, firstSentence: null, replaced, via: best ? 'similarity' : 'none' };
}

/** A block's similarity to the query title; 0 for a block longer than `maxTitleUnits`, which is not compared. */
function similarityTo(queryUnits: ReadonlySet<string>, block: TextBlock, opts: TitleAnchorOptions): number {
  return block.units > opts.maxTitleUnits ? 0 : titleSimilarity(queryUnits, titleUnits(block.text));
}

/**
 * Extension `laterStrongerTitle`: from `start` on, the headings that are a much better title than the
 * candidate (similarity ≥ `laterTitleMinSim` and ≥ `bestSim + laterTitleMinGain`); at the first sentence
 * after one of them, the most similar of them with that sentence; null when no sentence follows one.
 */
function* laterStrongerTitle(
  blocks: readonly TextBlock[],
  start: number,
  queryUnits: ReadonlySet<string>,
  bestSim: number,
  opts: TitleAnchorOptions,
  ticker: Ticker,
): Steps<{ title: TextBlock; sim: number; sentence: TextBlock } | null> {
  const least = Math.max(opts.laterTitleMinSim, bestSim + opts.laterTitleMinGain);
  let title: TextBlock | null = null;
  let sim = 0;
  for (let i = start; i < blocks.length; i++) {
    if (ticker.tick()) yield;
    const block = blocks[i] as TextBlock;
    const s = block.heading > 0 && !block.noise ? similarityTo(queryUnits, block, opts) : 0;
    const asTitle = s >= least && s > sim && (!block.sentence || opts.extensions.headingBeforeSentence);
    if (block.sentence && !asTitle) {
      if (title) return { title, sim, sentence: block };
      continue;
    }
    if (!asTitle) continue;
    title = block;
    sim = s;
  }
  return null;
}

function nearestH1Before(blocks: readonly TextBlock[], index: number): TextBlock | null {
  for (let i = index - 1; i >= 0; i--) {
    const b = blocks[i];
    if (b?.heading === 1) return b;
  }
  return null;
}
