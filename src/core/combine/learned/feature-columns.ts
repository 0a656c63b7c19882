/**
 * The columns of the block model's feature rows (§6 learned combination), as data: each a name and the
 * function that computes it from the block's view (block-view.ts), grouped by the method that gives them —
 * the block's own text (§0), where it sits, method 1, method 2, method 5, the rules, its neighbourhood. Their
 * names and order are the contract with a model file, which records the names it was trained on
 * (body-model.ts refuses a model whose names differ). Adding a method: its columns in a group of their own,
 * at the end (a new model is trained for them).
 */
import type { BlockView } from './block-view.ts';
import { TEXT_PATTERNS, furniturePhrases, lineCount, linkShareOf } from './block-view.ts';
import { GROUP_NAMES, OWN_TAGS, PLACE_TAGS } from './feature-groups.ts';

export { CLASS_GROUPS, GROUP_BIT, GROUP_NAMES, OWN_TAGS, PLACE_BIT, PLACE_TAGS } from './feature-groups.ts';
export type { ClassGroup } from './feature-groups.ts';

export interface FeatureColumn {
  readonly name: string;
  value(v: BlockView): number;
}

const { CREDIT_START, COPYRIGHT, DATE_LIKE, ENDS_WITH_TERMINATOR, STARTS_LOWER } = TEXT_PATTERNS;
const bit = (on: boolean): number => (on ? 1 : 0);

/** The block's own text (§0 units, sentence test, full stops, commas, furniture words). */
const TEXT_COLUMNS: readonly FeatureColumn[] = [
  { name: 'units.log', value: (v) => Math.log1p(v.b.units) },
  { name: 'chars.log', value: (v) => Math.log1p(v.chars) },
  { name: 'linkShare', value: (v) => linkShareOf(v.b) },
  { name: 'links.log', value: (v) => Math.log1p(v.b.links) },
  { name: 'sentence', value: (v) => bit(v.b.sentence) },
  { name: 'sentenceWeight', value: (v) => Math.min(v.b.sentenceWeight, 10) },
  { name: 'noise', value: (v) => bit(v.b.noise) },
  { name: 'heading', value: (v) => v.b.heading },
  { name: 'stops.log', value: (v) => Math.log1p(v.stops) },
  { name: 'stopsPerUnit', value: (v) => (v.b.units ? v.stops / v.b.units : 0) },
  { name: 'commas.log', value: (v) => Math.log1p(v.classes.commas) },
  { name: 'endsWithTerminator', value: (v) => bit(ENDS_WITH_TERMINATOR.test(v.text)) },
  { name: 'startsLower', value: (v) => bit(STARTS_LOWER.test(v.text)) },
  { name: 'lines', value: (v) => lineCount(v.text, 20) },
  { name: 'digitShare', value: (v) => (v.chars ? v.classes.numbers / v.chars : 0) },
  { name: 'upperShare', value: (v) => (v.letters ? v.classes.upper / v.letters : 0) },
  { name: 'images.parent.log', value: (v) => Math.log1p(v.parentStats ? v.parentStats.images : 0) },
  { name: 'text.furniture', value: (v) => furniturePhrases(v.text) },
  { name: 'text.creditStart', value: (v) => bit(CREDIT_START.test(v.text)) },
  { name: 'text.copyright', value: (v) => bit(COPYRIGHT.test(v.text)) },
  { name: 'text.dateLike', value: (v) => bit(DATE_LIKE.test(v.text)) },
  { name: 'text.duplicates.log', value: (v) => Math.log(v.f.repeats.get(v.text) ?? 1) },
  { name: 'title.sim', value: (v) => v.titleSim },
];

/** Where the block sits: its owner's tag, the tags and class/id words of its ancestors, depth, the page. */
const PLACE_COLUMNS: readonly FeatureColumn[] = [
  ...OWN_TAGS.map((t) => ({ name: `tag.${t}`, value: (v: BlockView) => bit(v.own === t) })),
  ...PLACE_TAGS.map((t, i) => ({ name: `in.${t}`, value: (v: BlockView) => bit((v.place & (1 << i)) !== 0) })),
  ...GROUP_NAMES.map((g, i) => ({ name: `class.near.${g}`, value: (v: BlockView) => bit((v.near & (1 << i)) !== 0) })),
  ...GROUP_NAMES.map((g, i) => ({ name: `class.far.${g}`, value: (v: BlockView) => bit((v.far & (1 << i)) !== 0) })),
  { name: 'depth', value: (v) => Math.min(v.depth, 60) / 10 },
  { name: 'page.cjk', value: (v) => bit(v.f.input.path.cjk) },
  { name: 'page.units.log', value: (v) => Math.log1p(v.f.pageStats.units) },
  { name: 'page.blocks.log', value: (v) => Math.log1p(v.f.nBlocks) },
  { name: 'position', value: (v) => (v.f.nBlocks > 1 ? v.b.index / (v.f.nBlocks - 1) : 0) },
];

/** Method 1: its body root, the title, the zone, the first sentence, comment sections and teaser lists. */
const METHOD_1_COLUMNS: readonly FeatureColumn[] = [
  { name: 'm1.hasRoot', value: (v) => bit(v.f.m1 !== null) },
  { name: 'm1.inRoot', value: (v) => bit(v.inM1) },
  { name: 'm1.rootShare', value: (v) => (v.f.m1Stats && v.f.pageStats.units ? v.f.m1Stats.units / v.f.pageStats.units : 0) },
  { name: 'm1.levelsToRoot', value: (v) => (v.inM1 ? Math.min(v.depth - v.f.m1Depth, 30) / 10 : 0) },
  {
    name: 'm1.levelsAboveRoot',
    value: (v) => (v.f.m1 !== null && !v.inM1 ? Math.min(v.f.places.levelsToCommon(v.b.owner, v.f.m1), 30) / 10 : 0),
  },
  { name: 'm1.isTitle', value: (v) => bit(v.b.index === v.f.titleIndex) },
  { name: 'm1.inZone', value: (v) => bit(v.f.input.zone.has(v.b)) },
  { name: 'm1.afterTitle', value: (v) => bit(v.f.titleIndex >= 0 && v.b.index > v.f.titleIndex) },
  {
    name: 'm1.blocksFromTitle',
    value: (v) => (v.f.titleIndex >= 0 ? Math.sign(v.b.index - v.f.titleIndex) * Math.log1p(Math.abs(v.b.index - v.f.titleIndex)) : 0),
  },
  { name: 'm1.isFirstSentence', value: (v) => bit(v.f.input.anchor.firstSentence === v.b) },
  { name: 'm1.inComments', value: (v) => bit(v.f.input.anchor.commentSections.some((s) => v.f.page.contains(s, v.b.owner))) },
  { name: 'm1.inTeasers', value: (v) => bit(v.f.input.anchor.teaserLists.some((s) => v.f.page.contains(s, v.b.owner))) },
];

/** Method 2: its sample, whether it accepts the block, the path similarity K against its threshold. */
const METHOD_2_COLUMNS: readonly FeatureColumn[] = [
  { name: 'm2.hasSample', value: (v) => bit(v.f.input.path.sample !== null) },
  { name: 'm2.accepted', value: (v) => bit(v.f.input.path.accepted.has(v.b)) },
  { name: 'm2.similarity', value: (v) => v.similarity },
  { name: 'm2.overThreshold', value: (v) => (v.f.input.path.sample ? v.similarity - v.f.input.path.threshold : 0) },
  { name: 'm2.pathLength', value: (v) => Math.min(v.pathLength, 60) / 10 },
  { name: 'm2.sharedShare', value: (v) => (v.pathLength ? (v.f.input.path.sharedNodes[v.b.index] ?? 0) / v.pathLength : 0) },
  { name: 'm2.stopShare', value: (v) => (v.f.input.path.totalStops ? v.stops / v.f.input.path.totalStops : 0) },
];

/** Method 5: the share of the block inside logical link blocks. */
const METHOD_5_COLUMNS: readonly FeatureColumn[] = [{ name: 'm5.covered', value: (v) => v.f.input.linkCover.get(v.b) ?? 0 }];

/** The rules' decision (§6.1–6.3): in their root, kept, before or after their body, how far from it. */
const RULES_COLUMNS: readonly FeatureColumn[] = [
  { name: 'rules.inRoot', value: (v) => v.f.inRuleRoot[v.b.index] ?? 0 },
  { name: 'rules.keep', value: (v) => v.f.keep[v.b.index] ?? 0 },
  { name: 'rules.before', value: (v) => bit(v.f.firstKept >= 0 && v.b.index < v.f.firstKept) },
  { name: 'rules.after', value: (v) => bit(v.f.lastKept >= 0 && v.b.index > v.f.lastKept) },
  { name: 'rules.gap.log', value: (v) => Math.log1p(v.f.gap[v.b.index] ?? 0) },
  { name: 'rules.units.log', value: (v) => Math.log1p(v.f.ruleUnits) },
];

/** Parent and grandparent statistics, the blocks before and after, the window around the block. */
const NEIGHBOURHOOD_COLUMNS: readonly FeatureColumn[] = [
  ...(['parent', 'grand'] as const).flatMap((who): FeatureColumn[] => {
    const s = (v: BlockView) => (who === 'parent' ? v.parentStats : v.grandStats);
    return [
      {
        name: `${who}.linkShare`,
        value: (v) => {
          const x = s(v);
          return x && x.units ? x.linkUnits / x.units : 0;
        },
      },
      { name: `${who}.units.log`, value: (v) => Math.log1p(s(v)?.units ?? 0) },
      { name: `${who}.sentences.log`, value: (v) => Math.log1p(s(v)?.sentences ?? 0) },
      { name: `${who}.blocks.log`, value: (v) => Math.log1p(s(v)?.blocks ?? 0) },
      {
        name: `${who}.sentenceShare`,
        value: (v) => {
          const x = s(v);
          return x && x.blocks ? x.sentenceBlocks / x.blocks : 0;
        },
      },
    ];
  }),
  ...(['prev', 'next'] as const).flatMap((who): FeatureColumn[] => {
    const n = (v: BlockView) => (who === 'prev' ? v.prev : v.next);
    return [
      { name: `${who}.sentence`, value: (v) => bit(n(v)?.sentence === true) },
      {
        name: `${who}.linkShare`,
        value: (v) => {
          const x = n(v);
          return x ? linkShareOf(x) : 0;
        },
      },
      {
        name: `${who}.keep`,
        value: (v) => {
          const x = n(v);
          return x ? (v.f.keep[x.index] ?? 0) : 0;
        },
      },
      {
        name: `${who}.accepted`,
        value: (v) => {
          const x = n(v);
          return bit(x !== undefined && v.f.input.path.accepted.has(x));
        },
      },
    ];
  }),
  { name: 'window.sentenceShare', value: (v) => v.windowSentences / v.windowSeen },
  { name: 'window.keepShare', value: (v) => v.windowKept / v.windowSeen },
  { name: 'window.linkShare', value: (v) => (v.windowUnits ? v.windowLinkUnits / v.windowUnits : 0) },
];

/** The columns, in order. */
export const FEATURE_COLUMNS: readonly FeatureColumn[] = [
  ...TEXT_COLUMNS,
  ...PLACE_COLUMNS,
  ...METHOD_1_COLUMNS,
  ...METHOD_2_COLUMNS,
  ...METHOD_5_COLUMNS,
  ...RULES_COLUMNS,
  ...NEIGHBOURHOOD_COLUMNS,
];

/** The columns' names, in order: what a model file records. */
export const BLOCK_FEATURES: readonly string[] = FEATURE_COLUMNS.map((c) => c.name);
