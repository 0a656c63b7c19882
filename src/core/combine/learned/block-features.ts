/**
 * §6 learned combination: one row of numbers per text block, from every method's view of it — the block's
 * own text (§0 units, sentence test, full stops, commas), where it sits (tag, ancestors' tags and class/id
 * words, depth), method 1 (body root, title, zone, first sentence, comment sections, teaser lists), method
 * 2 (accepted, path similarity K against its threshold), method 5 (the share of the block inside logical
 * link blocks), the rules' own decision, and its neighbourhood (parent and grandparent statistics, the
 * blocks before and after it). No layout is read, so that a model trained in Node (no layout) reads the
 * same numbers in the browser.
 *
 * The columns are named in feature-columns.ts (`BLOCK_FEATURES`), the model's contract.
 */
import type { TextBlock } from '../../model/page-model.ts';
import type { Steps, Ticker } from '../../slicing.ts';
import type { FeatureInput } from './block-view.ts';
import { BlockView, pageFacts } from './block-view.ts';
import { BLOCK_FEATURES, FEATURE_COLUMNS } from './feature-columns.ts';

export { BLOCK_FEATURES, FEATURE_COLUMNS } from './feature-columns.ts';
export type { FeatureInput } from './block-view.ts';
export { classTokens, lineCount } from './block-view.ts';

/** The feature rows of every block of the page, `BLOCK_FEATURES.length` numbers a row. */
export interface BlockFeatureRows {
  readonly width: number;
  readonly rows: Float32Array;
}

/** Every block's feature row in one array (what training reads). */
export function* blockFeatureRows(input: FeatureInput, ticker: Ticker): Steps<BlockFeatureRows> {
  const width = BLOCK_FEATURES.length;
  const rows = new Float32Array(input.page.blocks.length * width);
  yield* eachBlockFeatureRow(input, ticker, (b, row) => rows.set(row, b.index * width));
  return { width, rows };
}

/**
 * Computes each block's feature row in page order — every column of `FEATURE_COLUMNS` on the block's view —
 * and hands it to `use` (one buffer, overwritten for the next block: a page of 60 000 blocks needs no 30 MB of
 * rows at once).
 */
export function* eachBlockFeatureRow(input: FeatureInput, ticker: Ticker, use: (b: TextBlock, row: Float32Array) => void): Steps<void> {
  const facts = yield* pageFacts(input, ticker);
  const width = FEATURE_COLUMNS.length;
  const row = new Float32Array(width);
  const view = new BlockView(facts);
  for (const b of facts.blocks) {
    if (ticker.tick()) yield;
    view.set(b);
    for (let i = 0; i < width; i++) row[i] = (FEATURE_COLUMNS[i] as (typeof FEATURE_COLUMNS)[number]).value(view);
    // The sum of finite numbers is finite (Float32 values cannot overflow a double's sum): the cells are
    // checked one by one only when it is not.
    let sum = 0;
    for (let i = 0; i < width; i++) sum += row[i] as number;
    if (!Number.isFinite(sum)) for (let i = 0; i < width; i++) if (!Number.isFinite(row[i] as number)) row[i] = 0;
    use(b, row);
  }
}

/** What `train-body` learns from, for one page: every block's feature row and text (labelled against the gold). */
export interface PageBodySamples {
  /** Numbers a row (`BLOCK_FEATURES.length`). */
  readonly width: number;
  /** Every block's row, one after another. */
  readonly rows: readonly number[];
  readonly texts: readonly string[];
}
