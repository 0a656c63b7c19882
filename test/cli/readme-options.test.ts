import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../src/core/options.ts';
import { DEFAULT_TRAIN_DATE_OPTIONS } from '../../src/train/options.ts';
import {
  OPTIONS_TABLE_END,
  OPTIONS_TABLE_START,
  TRAIN_OPTIONS_TABLE_END,
  TRAIN_OPTIONS_TABLE_START,
  optionsTable,
} from '../../src/cli/options-table.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

function between(start: string, end: string): string {
  const a = README.indexOf(start);
  const b = README.indexOf(end);
  expect(a).toBeGreaterThan(-1);
  expect(b).toBeGreaterThan(a);
  return README.slice(a + start.length, b).trim();
}

describe('README options tables', () => {
  it('lists exactly the defaults of DEFAULT_OPTIONS (regenerate with `npx article-lens options --markdown`)', () => {
    expect(between(OPTIONS_TABLE_START, OPTIONS_TABLE_END)).toBe(optionsTable(DEFAULT_OPTIONS));
  });

  it('lists exactly the training defaults (regenerate with `npx article-lens options --markdown --train`)', () => {
    expect(between(TRAIN_OPTIONS_TABLE_START, TRAIN_OPTIONS_TABLE_END)).toBe(optionsTable(DEFAULT_TRAIN_DATE_OPTIONS));
  });

  it('no training setting is an extraction option', () => {
    const extraction = optionsTable(DEFAULT_OPTIONS);
    for (const name of [
      'glossaryTags',
      'glossaryTokens',
      'featureWeights',
      'gridTolerance',
      'negativesPerPositive',
      'glossaryByPage',
      'pageStatistics',
      'fragmentLevels',
      'exportSamples',
    ])
      expect(extraction).not.toContain(name);
  });
});
