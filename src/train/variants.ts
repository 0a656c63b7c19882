/**
 * The feature variants `train-date --variants` and `report` measure by cross-validation: the faithful
 * features (§3 as published), each extension alone, the defaults with each extension switched the other
 * way, and the defaults.
 */
import type { FeatureVariant } from './date-training.ts';
import type { TrainDateOptions } from './options.ts';
import { DEFAULT_TRAIN_DATE_OPTIONS } from './options.ts';

export const FAITHFUL: FeatureVariant = {
  attributeCandidates: false,
  pageStatistics: false,
  labelWords: false,
  labelLexicon: false,
  localDay: false,
};
const EXTENSION_NAMES = Object.keys(FAITHFUL) as (keyof FeatureVariant)[];

/** The variant the options switch on. */
export function variantOf(o: TrainDateOptions): FeatureVariant {
  const e = o.extensions;
  return {
    attributeCandidates: e.attributeCandidates,
    pageStatistics: e.pageStatistics,
    labelWords: e.labelWords,
    labelLexicon: e.labelLexicon,
    localDay: e.localDay,
  };
}

/** The variant the default training options switch on (the shipped model's). */
export const DEFAULT_VARIANT: FeatureVariant = variantOf(DEFAULT_TRAIN_DATE_OPTIONS);

export function sameVariant(a: FeatureVariant, b: FeatureVariant): boolean {
  return EXTENSION_NAMES.every((k) => a[k] === b[k]);
}

/** The name of the default options' row in the variant tables. */
export const DEFAULT_ROW = `default (${EXTENSION_NAMES.filter((k) => DEFAULT_VARIANT[k]).join(', ')})`;

export const VARIANTS: readonly { readonly name: string; readonly variant: FeatureVariant }[] = [
  { name: 'faithful (tags, attribute tokens, links, string statistics)', variant: FAITHFUL },
  ...EXTENSION_NAMES.map((ext) => ({ name: `+ ${ext}`, variant: { ...FAITHFUL, [ext]: true } })),
  ...EXTENSION_NAMES.map((ext) => ({
    name: `default ${DEFAULT_VARIANT[ext] ? 'without' : 'with'} ${ext}`,
    variant: { ...DEFAULT_VARIANT, [ext]: !DEFAULT_VARIANT[ext] },
  })),
  { name: DEFAULT_ROW, variant: DEFAULT_VARIANT },
];
