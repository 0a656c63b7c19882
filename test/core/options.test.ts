import { describe, expect, it } from 'vitest';
import type { PartialOptions } from '../../src/core/options.ts';
import { DEFAULT_OPTIONS, OptionsError, hashOptions, resolveOptions } from '../../src/core/options.ts';

describe('resolveOptions', () => {
  it('§8.4 no overrides gives the defaults', () => {
    expect(resolveOptions()).toEqual(DEFAULT_OPTIONS);
    expect(resolveOptions({})).toEqual(DEFAULT_OPTIONS);
  });

  it('§8.4 the §0/§1 faithful thresholds are the documented defaults', () => {
    expect(DEFAULT_OPTIONS.text).toMatchObject({
      sentenceMinCommasExclusive: 2,
      noiseMinCjkChars: 3,
      noiseMinLatinChars: 6,
      latinSentenceMinWords: 12,
    });
    expect(DEFAULT_OPTIONS.titleAnchor).toMatchObject({ simThresholdPct: 20, descendKeepRatio: 0.5 });
  });

  it('§8.4 a nested override changes only that value', () => {
    const o = resolveOptions({ titleAnchor: { extensions: { boundedCandidateScan: true } } });
    expect(o.titleAnchor.extensions.boundedCandidateScan).toBe(true);
    expect(o.titleAnchor.simThresholdPct).toBe(DEFAULT_OPTIONS.titleAnchor.simThresholdPct);
    expect(o.text).toEqual(DEFAULT_OPTIONS.text);
  });

  it('§8.4 0 and false overrides are kept (?? semantics, not ||)', () => {
    const on = resolveOptions({ text: { extensions: { latinSentence: true } }, metadata: { extensions: { structuredData: true } } });
    const o = resolveOptions(
      {
        titleAnchor: { simThresholdPct: 0, descendKeepRatio: 0 },
        text: { noiseMinCjkChars: 0, extensions: { latinSentence: false } },
        metadata: { maxFutureDays: 0, extensions: { structuredData: false } },
        limits: { maxDecisions: 0 },
      },
      on,
    );
    expect(o.titleAnchor.simThresholdPct).toBe(0);
    expect(o.titleAnchor.descendKeepRatio).toBe(0);
    expect(o.text.noiseMinCjkChars).toBe(0);
    expect(o.text.extensions.latinSentence).toBe(false);
    expect(o.metadata.maxFutureDays).toBe(0);
    expect(o.metadata.extensions.structuredData).toBe(false);
    expect(o.limits.maxDecisions).toBe(0);
  });

  it('§8.4 an undefined value leaves the default in place', () => {
    const partial = { titleAnchor: { simThresholdPct: undefined } } as unknown as PartialOptions;
    expect(resolveOptions(partial).titleAnchor.simThresholdPct).toBe(DEFAULT_OPTIONS.titleAnchor.simThresholdPct);
  });

  it('§8.4 a list replaces the default list', () => {
    expect(resolveOptions({ output: { documentExtensions: ['pdf'] } }).output.documentExtensions).toEqual(['pdf']);
  });

  it('§8.4 rejects unknown keys, at the top and nested', () => {
    expect(() => resolveOptions({ bogus: 1 } as unknown as PartialOptions)).toThrow(OptionsError);
    expect(() => resolveOptions({ text: { extensions: { bogus: true } } } as unknown as PartialOptions)).toThrow(/unknown option "bogus"/);
  });

  it('§8.4 rejects simThresholdPct outside [0, 100]', () => {
    expect(() => resolveOptions({ titleAnchor: { simThresholdPct: 150 } })).toThrow(OptionsError);
    expect(() => resolveOptions({ titleAnchor: { simThresholdPct: -1 } })).toThrow(/simThresholdPct/);
    expect(resolveOptions({ titleAnchor: { simThresholdPct: 100 } }).titleAnchor.simThresholdPct).toBe(100);
  });

  it('§8.4 rejects descendKeepRatio outside [0, 1)', () => {
    expect(() => resolveOptions({ titleAnchor: { descendKeepRatio: 1 } })).toThrow(/descendKeepRatio/);
    expect(() => resolveOptions({ titleAnchor: { descendKeepRatio: -0.1 } })).toThrow(OptionsError);
    expect(resolveOptions({ titleAnchor: { descendKeepRatio: 0.99 } }).titleAnchor.descendKeepRatio).toBe(0.99);
  });

  it('§8.4 rejects negative and non-finite counts', () => {
    expect(() => resolveOptions({ text: { noiseMinLatinChars: -1 } })).toThrow(/noiseMinLatinChars/);
    expect(() => resolveOptions({ limits: { maxDepth: Number.NaN } })).toThrow(/maxDepth/);
    expect(() => resolveOptions({ limits: { maxElements: Number.POSITIVE_INFINITY } })).toThrow(/maxElements/);
    expect(() => resolveOptions({ metadata: { dateConfidence: { url: -0.5 } } })).toThrow(/dateConfidence\.url/);
  });

  it('§8.4 returns a deeply frozen object and never changes the base', () => {
    const o = resolveOptions({ titleAnchor: { simThresholdPct: 30 } });
    expect(Object.isFrozen(o)).toBe(true);
    expect(Object.isFrozen(o.titleAnchor)).toBe(true);
    expect(Object.isFrozen(o.titleAnchor.extensions)).toBe(true);
    expect(Object.isFrozen(o.output.documentExtensions)).toBe(true);
    expect(() => {
      (o.titleAnchor as { simThresholdPct: number }).simThresholdPct = 5;
    }).toThrow(TypeError);
    expect(DEFAULT_OPTIONS.titleAnchor.simThresholdPct).toBe(20);
  });

  it('§8.4 resolving a resolved object with no overrides gives an equal object', () => {
    const o = resolveOptions({ text: { latinSentenceMinWords: 8 } });
    expect(resolveOptions({}, o)).toEqual(o);
  });
});

describe('hashOptions', () => {
  it('§8.6 equal options hash equally, whatever the key order', () => {
    const a = resolveOptions({ titleAnchor: { simThresholdPct: 30, descendKeepRatio: 0.6 } });
    const b = resolveOptions({ titleAnchor: { descendKeepRatio: 0.6, simThresholdPct: 30 } });
    expect(hashOptions(a)).toBe(hashOptions(b));
    expect(hashOptions(a)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('§8.6 a changed option changes the hash', () => {
    expect(hashOptions(resolveOptions({ titleAnchor: { simThresholdPct: 30 } }))).not.toBe(hashOptions(DEFAULT_OPTIONS));
  });
});
