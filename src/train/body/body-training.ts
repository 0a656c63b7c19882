/**
 * `train-body`: the block model of the learned combination (core/combine/learned/) from the pages with a
 * gold body. Every block is a row of block-features.ts, labelled body when most of its word n-grams are in
 * the gold body (block-labels.ts) and weighted by the square root of its token count (a long paragraph
 * weighs more than a one-word line, but not so much that short lines do not count at all).
 *
 * Cross-validation is grouped, so that a page is always predicted by a model that saw no page of its
 * group: by site (`site` of the gold, else the URL's host; the readability set's pages by their name
 * without the number, cwce's each alone), or by set (leave-one-set-out). The figures per set compare the
 * rules' body, the model's and the best body the blocks allow (every block labelled body kept).
 */
import type { BodyModel } from '../../core/combine/learned/body-model.ts';
import { BLOCK_FEATURES } from '../../core/combine/learned/block-features.ts';
import { BODY_MODEL_FORMAT, BODY_MODEL_VERSION, compileBodyModel, scoreRows } from '../../core/combine/learned/body-model.ts';
import type { PrF1, TpFpFn, Tokenizer } from '../../eval/metrics.ts';
import { bodyScores, shingleMatch } from '../../eval/metrics.ts';
import type { BodySamplePage } from '../collect-samples.ts';
import { BODY_SHARE, blockShare, goldGrams } from './block-labels.ts';
import type { BoostSettings } from './gbdt.ts';
import { binRows, boost } from './gbdt.ts';

export const DEFAULT_BOOST: BoostSettings = {
  rounds: 150,
  depth: 5,
  learningRate: 0.1,
  lambda: 1,
  minChildHessian: 5,
  subsample: 0.7,
  maxBins: 64,
  seed: 1,
};

/** The body probability at which the figures keep a block (the option `combine.learnedMinProbability`). */
export const FIGURE_THRESHOLD = 0.5;

/** Every block of every page as one matrix, with labels, weights and where each page's rows start. */
export interface BodyMatrix {
  readonly pages: readonly BodySamplePage[];
  readonly width: number;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly w: Float32Array;
  /** Each page's first row. */
  readonly start: Int32Array;
  /** Each block's label share (−1 without a token), row by row. */
  readonly share: Float32Array;
}

export function bodyMatrix(pages: readonly BodySamplePage[]): BodyMatrix {
  const width = BLOCK_FEATURES.length;
  for (const p of pages)
    if (p.samples.width !== width)
      throw new Error(
        `${p.set}/${p.id}: its rows have ${p.samples.width} features, this build computes ${width} (collect the samples again)`,
      );
  const rows = pages.reduce((n, p) => n + p.samples.texts.length, 0);
  const x = new Float32Array(rows * width);
  const y = new Float32Array(rows);
  const w = new Float32Array(rows);
  const share = new Float32Array(rows);
  const start = new Int32Array(pages.length);
  let r = 0;
  pages.forEach((p, pi) => {
    start[pi] = r;
    const tokenizer = tokenizerOf(p);
    const grams = goldGrams(p.gold, tokenizer);
    x.set(p.samples.rows, r * width);
    for (const text of p.samples.texts) {
      const { share: s, tokens } = blockShare(text, grams, tokenizer);
      share[r] = s;
      y[r] = s >= BODY_SHARE ? 1 : 0;
      w[r] = s < 0 ? 0 : Math.sqrt(tokens);
      r++;
    }
  });
  return { pages, width, x, y, w, start, share };
}

export function tokenizerOf(p: BodySamplePage): Tokenizer {
  return p.cjk ? 'cjk' : 'word';
}

export type CvGrouping = 'site' | 'set';

/** What a page's cross-validation group is read from. */
export type GroupedPage = Pick<BodySamplePage, 'set' | 'site' | 'id' | 'url'>;

/** The group a page is held out with. */
export function groupOf(p: GroupedPage, by: CvGrouping): string {
  if (by === 'set') return p.set;
  // big9's sites are site_year: one outlet's years share its templates, so they are held out together.
  if (p.site) return `${p.set}:${p.site.replace(/_(?:19|20)\d\d$/, '')}`;
  if (p.set === 'readability') return `${p.set}:${p.id.replace(/-\d+$/, '')}`;
  const host = hostOf(p.url);
  return `${p.set}:${host ?? p.id}`;
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The fold of each page: by site, `folds` folds by a hash of the group; by set, one fold per set. */
export function foldsOf(pages: readonly GroupedPage[], by: CvGrouping, folds: number): { fold: Int32Array; count: number } {
  if (by === 'set') {
    const sets = [...new Set(pages.map((p) => p.set))];
    return { fold: Int32Array.from(pages, (p) => sets.indexOf(p.set)), count: sets.length };
  }
  return { fold: Int32Array.from(pages, (p) => fnv(groupOf(p, by)) % folds), count: folds };
}

function fnv(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Out-of-fold probabilities: each page's blocks scored by a model trained on the other folds only. */
export function crossValidatedProbabilities(
  m: BodyMatrix,
  fold: Int32Array,
  count: number,
  settings: BoostSettings,
  log: (line: string) => void,
): Float64Array {
  const data = binRows(m.x, m.width, settings.maxBins);
  const p = new Float64Array(m.y.length);
  const pageOfRow = pageIndexOfRows(m);
  for (let f = 0; f < count; f++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < m.y.length; i++) {
      if (fold[pageOfRow[i] as number] === f) test.push(i);
      else if ((m.w[i] as number) > 0) train.push(i);
    }
    if (!test.length) continue;
    const boosted = boost(data, m.y, m.w, Int32Array.from(train), settings);
    const model = compileBodyModel(toModel(boosted, {}));
    const rows = new Float32Array(test.length * m.width);
    test.forEach((i, k) => rows.set(m.x.subarray(i * m.width, (i + 1) * m.width), k * m.width));
    const scored = scoreRows(model, rows);
    test.forEach((i, k) => {
      p[i] = scored[k] as number;
    });
    log(`fold ${f + 1}/${count}: trained on ${train.length} blocks, scored ${test.length}`);
  }
  return p;
}

function pageIndexOfRows(m: BodyMatrix): Int32Array {
  const out = new Int32Array(m.y.length);
  m.pages.forEach((p, pi) => out.fill(pi, m.start[pi] as number, (m.start[pi] as number) + p.samples.texts.length));
  return out;
}

/** Body F1 per set: the rules' body, the model's (blocks with p ≥ threshold) and the best the blocks allow. */
export interface BodyFigures {
  readonly set: string;
  readonly pages: number;
  readonly rules: PrF1;
  readonly model: PrF1;
  readonly oracle: PrF1;
}

const ZONE = BLOCK_FEATURES.indexOf('m1.inZone');
const TITLE = BLOCK_FEATURES.indexOf('m1.isTitle');

/**
 * The body of page `pi` as the combine stage makes it (learned/index.ts): the blocks with a probability of
 * at least `threshold`, in page order, but the title and its zone's metadata lines; the rules' body when the
 * model keeps no block.
 */
export function keptBody(m: BodyMatrix, p: Float64Array, pi: number, threshold: number): string {
  const start = m.start[pi] as number;
  const page = m.pages[pi] as BodySamplePage;
  const header = (r: number): boolean => (m.x[r * m.width + ZONE] as number) > 0.5 || (m.x[r * m.width + TITLE] as number) > 0.5;
  const kept = page.samples.texts.filter((_, j) => (p[start + j] as number) >= threshold && !header(start + j));
  return kept.length ? kept.join('\n') : page.ruleBody;
}

export function bodyFigures(m: BodyMatrix, p: Float64Array, threshold: number): BodyFigures[] {
  const bySet = new Map<string, { rules: TpFpFn[]; model: TpFpFn[]; oracle: TpFpFn[] }>();
  m.pages.forEach((page, pi) => {
    const start = m.start[pi] as number;
    const labelled = page.samples.texts.filter((_, j) => (m.share[start + j] as number) >= BODY_SHARE);
    const tokenizer = tokenizerOf(page);
    const s = bySet.get(page.set) ?? { rules: [], model: [], oracle: [] };
    s.rules.push(shingleMatch(page.gold, page.ruleBody, tokenizer));
    s.model.push(shingleMatch(page.gold, keptBody(m, p, pi, threshold), tokenizer));
    s.oracle.push(shingleMatch(page.gold, labelled.join('\n'), tokenizer));
    bySet.set(page.set, s);
  });
  return [...bySet].map(([set, s]) => ({
    set,
    pages: s.rules.length,
    rules: bodyScores(s.rules),
    model: bodyScores(s.model),
    oracle: bodyScores(s.oracle),
  }));
}

export function formatFigures(title: string, figures: readonly BodyFigures[]): string {
  const f3 = (x: number): string => x.toFixed(4);
  const lines = [title, '| set | pages | rules F1 (P / R) | block model F1 (P / R) | best the blocks allow |', '|---|---|---|---|---|'];
  for (const f of figures)
    lines.push(
      `| ${f.set} | ${f.pages} | ${f3(f.rules.f1)} (${f3(f.rules.precision)} / ${f3(f.rules.recall)}) | ` +
        `${f3(f.model.f1)} (${f3(f.model.precision)} / ${f3(f.model.recall)}) | ${f3(f.oracle.f1)} |`,
    );
  return lines.join('\n');
}

/** The model from boosted trees (thresholds kept as the float32 values the features are compared in). */
export function toModel(
  boosted: { readonly base: number; readonly trees: BodyModel['trees'] },
  training: Record<string, unknown>,
): BodyModel {
  return {
    format: BODY_MODEL_FORMAT,
    version: BODY_MODEL_VERSION,
    features: [...BLOCK_FEATURES],
    base: boosted.base,
    trees: jsonTrees(boosted.trees),
    training,
  };
}

/** Boosted trees as a model file writes them: thresholds as the float32 values features are compared in. */
export function jsonTrees(trees: BodyModel['trees']): BodyModel['trees'] {
  return trees.map((t) => ({
    feature: [...t.feature],
    threshold: t.threshold.map((v) => Number(Math.fround(v).toPrecision(9))),
    left: [...t.left],
    right: [...t.right],
    value: t.value.map((v) => Number(v.toPrecision(7))),
  }));
}

/** The shipped model: trained on every page. */
export function trainBodyModel(
  m: BodyMatrix,
  settings: BoostSettings,
  training: Record<string, unknown>,
): { model: BodyModel; gain: Float64Array } {
  const data = binRows(m.x, m.width, settings.maxBins);
  const use: number[] = [];
  for (let i = 0; i < m.y.length; i++) if ((m.w[i] as number) > 0) use.push(i);
  const boosted = boost(data, m.y, m.w, Int32Array.from(use), settings);
  const sets = [...new Set(m.pages.map((p) => p.set))];
  return {
    model: toModel(boosted, {
      sets,
      pages: m.pages.length,
      blocks: use.length,
      labelShare: BODY_SHARE,
      weight: 'sqrt(tokens)',
      ...settings,
      ...training,
    }),
    gain: boosted.gain,
  };
}
