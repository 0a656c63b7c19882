/**
 * The reader's settings (src/shared/user-settings.ts): each offered setting has the default of
 * DEFAULT_OPTIONS and resolves to real options; stored values are checked (out of range, unknown, of the
 * wrong type: dropped) before an extraction uses them.
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_OPTIONS, resolveOptions } from '../../src/core/index.ts';
import { USER_SETTINGS, refusalOf, toPartialOptions, validValues } from '../../src/shared/user-settings.ts';

describe('user settings', () => {
  test('every setting names an option of the core, with its default', () => {
    for (const s of USER_SETTINGS) {
      const [group, key] = s.path.split('.') as [string, string];
      const value = (DEFAULT_OPTIONS as unknown as Record<string, Record<string, unknown>>)[group]?.[key];
      expect({ path: s.path, value }).toEqual({ path: s.path, value: s.fallback });
    }
  });

  test('stored values become options; bad ones are dropped', () => {
    const values = validValues({
      'linkBlocks.minLinks': 7,
      'linkBlocks.distance': 'text',
      'titleAnchor.simThresholdPct': 250,
      'linkBlocks.maxCodeDistance': '80',
      'combine.learnedMinProbability': 0.1,
    });
    expect(values).toEqual({ 'linkBlocks.minLinks': 7, 'linkBlocks.distance': 'text' });
    const opts = resolveOptions(toPartialOptions(values));
    expect(opts.linkBlocks.minLinks).toBe(7);
    expect(opts.linkBlocks.distance).toBe('text');
    expect(opts.titleAnchor.simThresholdPct).toBe(DEFAULT_OPTIONS.titleAnchor.simThresholdPct);
    expect(validValues(null)).toEqual({});
    expect(validValues('x')).toEqual({});
  });

  test("a value out of a setting's range is refused with the range, as the core's rules check it (issue 40, 15)", () => {
    const minLinks = USER_SETTINGS.find((s) => s.path === 'linkBlocks.minLinks');
    const distance = USER_SETTINGS.find((s) => s.path === 'linkBlocks.distance');
    if (!minLinks || !distance) throw new Error('settings missing');
    expect(refusalOf(minLinks, 0, {})).toEqual({ kind: 'range', min: 2, max: 100 });
    expect(refusalOf(minLinks, 2.5, {})).toEqual({ kind: 'range', min: 2, max: 100 });
    expect(refusalOf(minLinks, Number.NaN, {})).toEqual({ kind: 'range', min: 2, max: 100 });
    expect(refusalOf(minLinks, 2, {})).toBeNull();
    expect(refusalOf(distance, 'css', {})).toEqual({ kind: 'choice', choices: ['code', 'text'] });
    expect(refusalOf(distance, 'text', { 'linkBlocks.minLinks': 7 })).toBeNull();
    // What is refused on the page is dropped from storage too.
    expect(validValues({ 'linkBlocks.minLinks': 0 })).toEqual({});
    expect(validValues({ 'linkBlocks.minLinks': 2.5 })).toEqual({});
  });
});
