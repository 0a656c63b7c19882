/**
 * Training settings live apart from the extraction options (src/train/options.ts): checked on their own,
 * and a model trained with other sample windows records them, so prediction reads pages alike.
 */
import { describe, expect, it } from 'vitest';
import { sampleSpecOf } from '../../src/core/date-svm/samples/spec.ts';
import { DEFAULT_SAMPLE_WINDOWS } from '../../src/core/date-svm/samples/spec.ts';
import type { DateSample } from '../../src/core/date-svm/samples/sample.ts';
import type { TrainDateOptions } from '../../src/train/options.ts';
import { DEFAULT_TRAIN_DATE_OPTIONS, resolveTrainDateOptions, trainerSettings, trainingSampleSpec } from '../../src/train/options.ts';
import { trainDateModel } from '../../src/train/date-training.ts';
import type { LabelledPage } from '../../src/train/date-training.ts';
import { variantOf } from '../../src/train/variants.ts';
import { trainOptionsFromFlags } from '../../src/cli/options-flags.ts';

describe('resolveTrainDateOptions', () => {
  it('merges and checks', () => {
    expect(resolveTrainDateOptions({ glossaryTags: 10 }).glossaryTags).toBe(10);
    expect(() => resolveTrainDateOptions({ fragmentLevels: 0 })).toThrow(/fragmentLevels/);
    expect(() => resolveTrainDateOptions({ glossaryTokens: 1.5 })).toThrow(/glossaryTokens/);
    expect(() => resolveTrainDateOptions({ featureWeights: { stats: -1 } })).toThrow(/featureWeights\.stats/);
    expect(() => resolveTrainDateOptions({ nope: 1 } as never)).toThrow(/unknown option "nope"/);
  });

  it('train-date --option sets them by path, typed after the default', () => {
    const o = trainOptionsFromFlags(['extensions.labelLexicon=false', 'sampling.lexiconCjkChars=6']);
    expect(o.extensions.labelLexicon).toBe(false);
    expect(o.sampling.lexiconCjkChars).toBe(6);
    expect(() => trainOptionsFromFlags(['dateSvm.glossaryTags=3'])).toThrow(/unknown option "dateSvm.glossaryTags"/);
  });

  it('the training reads every kind and label token with its levels and windows', () => {
    expect(trainingSampleSpec(DEFAULT_TRAIN_DATE_OPTIONS)).toMatchObject({ fragmentLevels: 4, labelWords: true, labelLexicon: true });
  });
});

function sample(day: string, tag: string, i: number): DateSample {
  return {
    iso: day,
    day,
    text: day,
    kind: 'text',
    tags: [tag, 'div'],
    tokens: [tag === 'time' ? 'date' : 'teaser'],
    links: 0,
    stats: { position: i / 10 },
    where: tag,
  };
}

const PAGES: LabelledPage[] = Array.from({ length: 12 }, (_, p) => ({
  set: 's',
  id: `p${p}`,
  gold: '2020-01-0' + ((p % 9) + 1),
  samples: {
    samples: [sample('2020-01-0' + ((p % 9) + 1), 'time', 1), sample('2019-12-31', 'span', 5), sample('2019-11-30', 'span', 7)],
    fallback: null,
    found: 3,
  },
}));

describe('the model records how its samples were read', () => {
  const train = (o: TrainDateOptions = DEFAULT_TRAIN_DATE_OPTIONS) =>
    trainDateModel(PAGES, { ...trainerSettings(o, variantOf(o)), cs: [1], sigmas: [1], folds: 2 }).model;

  it('with the default windows the model has no `sampling` (the shipped model stays byte for byte)', () => {
    const m = train();
    expect(m.features).not.toHaveProperty('sampling');
    expect(sampleSpecOf(m.features).windows).toEqual(DEFAULT_SAMPLE_WINDOWS);
  });

  it('other windows are written into the model, and prediction reads them', () => {
    const o = resolveTrainDateOptions({ sampling: { lexiconCjkChars: 5 }, fragmentLevels: 3 });
    const m = train(o);
    expect(m.features.sampling).toEqual({ lexiconCjkChars: 5 });
    expect(sampleSpecOf(m.features)).toMatchObject({ fragmentLevels: 3, windows: { ...DEFAULT_SAMPLE_WINDOWS, lexiconCjkChars: 5 } });
  });
});
