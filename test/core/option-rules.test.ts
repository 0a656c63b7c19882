/** The range rules as data (src/core/option-rules.ts) and their run over every section by resolveOptions. */
import { describe, expect, it } from 'vitest';
import type { OptionRule } from '../../src/core/option-rules.ts';
import { brokenRule } from '../../src/core/option-rules.ts';
import type { PartialOptions } from '../../src/core/options.ts';
import { DEFAULT_OPTIONS, OPTION_RULES, OptionsError, resolveOptions } from '../../src/core/options.ts';
import { thrown } from '../helpers/thrown.ts';

/** The message resolveOptions refuses `partial` with. */
const refusal = (partial: PartialOptions): string => thrown(OptionsError, () => resolveOptions(partial)).message;

describe('brokenRule', () => {
  const section = { count: 3, whole: 2, share: 0.5, ratio: 0.5, pct: 20, decision: 0, kind: 'code', weights: { a: 1, b: 2 } };
  const check = (rule: OptionRule, value: unknown): string | undefined => brokenRule({ ...section, [rule.path]: value }, [rule], 'demo');

  it('min: a finite number ≥ min', () => {
    const rule: OptionRule = { path: 'count', check: 'min', min: 0 };
    expect(check(rule, 0)).toBeUndefined();
    expect(check(rule, 1e9)).toBeUndefined();
    expect(check(rule, -0.001)).toBe('demo.count must be a number ≥ 0, got -0.001');
    expect(check(rule, Number.POSITIVE_INFINITY)).toBe('demo.count must be a number ≥ 0, got Infinity');
    expect(check(rule, Number.NaN)).toBe('demo.count must be a number ≥ 0, got NaN');
    expect(check({ path: 'count', check: 'min', min: 2 }, 1.5)).toBe('demo.count must be a number ≥ 2, got 1.5');
  });

  it('integer: a whole number ≥ min', () => {
    const rule: OptionRule = { path: 'whole', check: 'integer', min: 1 };
    expect(check(rule, 1)).toBeUndefined();
    expect(check(rule, 64)).toBeUndefined();
    expect(check(rule, 0)).toBe('demo.whole must be a whole number ≥ 1, got 0');
    expect(check(rule, 1.5)).toBe('demo.whole must be a whole number ≥ 1, got 1.5');
    expect(check({ path: 'whole', check: 'integer', min: 0 }, 0)).toBeUndefined();
    expect(check({ path: 'whole', check: 'integer', min: 0 }, -1)).toBe('demo.whole must be a whole number ≥ 0, got -1');
  });

  it('range: closed, and half-open with maxExclusive', () => {
    const closed: OptionRule = { path: 'pct', check: 'range', min: 0, max: 100 };
    expect(check(closed, 0)).toBeUndefined();
    expect(check(closed, 100)).toBeUndefined();
    expect(check(closed, -0.5)).toBe('demo.pct must be in [0, 100], got -0.5');
    expect(check(closed, 100.5)).toBe('demo.pct must be in [0, 100], got 100.5');
    expect(check(closed, Number.NaN)).toBe('demo.pct must be in [0, 100], got NaN');
    const open: OptionRule = { path: 'ratio', check: 'range', min: 0, max: 1, maxExclusive: true };
    expect(check(open, 0)).toBeUndefined();
    expect(check(open, 0.999)).toBeUndefined();
    expect(check(open, 1)).toBe('demo.ratio must be in [0, 1), got 1');
    expect(check(open, -0.01)).toBe('demo.ratio must be in [0, 1), got -0.01');
  });

  it('finite: any finite number', () => {
    const rule: OptionRule = { path: 'decision', check: 'finite' };
    expect(check(rule, -5)).toBeUndefined();
    expect(check(rule, 5)).toBeUndefined();
    expect(check(rule, Number.NaN)).toBe('demo.decision must be a number, got NaN');
    expect(check(rule, Number.NEGATIVE_INFINITY)).toBe('demo.decision must be a number, got -Infinity');
  });

  it('choice: one of the values', () => {
    const rule: OptionRule = { path: 'kind', check: 'choice', values: ['code', 'text'] };
    expect(check(rule, 'code')).toBeUndefined();
    expect(check(rule, 'text')).toBeUndefined();
    expect(check(rule, 'css')).toBe('demo.kind must be one of code, text, got "css"');
    expect(check(rule, 'Code')).toBe('demo.kind must be one of code, text, got "Code"');
  });

  it('group.* checks every entry of the group, each by its own name', () => {
    const rules: OptionRule[] = [{ path: 'weights.*', check: 'min', min: 0 }];
    expect(brokenRule(section, rules, 'demo')).toBeUndefined();
    expect(brokenRule({ ...section, weights: { a: 1, b: -2 } }, rules, 'demo')).toBe('demo.weights.b must be a number ≥ 0, got -2');
    expect(brokenRule({ ...section, weights: { a: 1, b: -2 } }, [{ path: 'weights.a', check: 'min', min: 0 }], 'demo')).toBeUndefined();
  });

  it('reports the first rule broken, in the order given; without a prefix the path alone', () => {
    const rules: OptionRule[] = [
      { path: 'whole', check: 'min', min: 0 },
      { path: 'whole', check: 'integer', min: 1 },
    ];
    expect(brokenRule({ whole: -1 }, rules)).toBe('whole must be a number ≥ 0, got -1');
    expect(brokenRule({ whole: 0 }, rules)).toBe('whole must be a whole number ≥ 1, got 0');
    expect(brokenRule({ whole: 1 }, rules)).toBeUndefined();
  });
});

describe('the options rules (resolveOptions)', () => {
  it("each kind of rule accepts its boundaries and refuses just outside, with today's messages", () => {
    // min
    expect(resolveOptions({ text: { sentenceMinCommasExclusive: 0 } }).text.sentenceMinCommasExclusive).toBe(0);
    expect(refusal({ text: { sentenceMinCommasExclusive: -0.5 } })).toBe('text.sentenceMinCommasExclusive must be a number ≥ 0, got -0.5');
    expect(refusal({ limits: { maxDepth: Number.NaN } })).toBe('limits.maxDepth must be a number ≥ 0, got NaN');
    // range [0, 100]
    expect(resolveOptions({ titleAnchor: { simThresholdPct: 0 } }).titleAnchor.simThresholdPct).toBe(0);
    expect(resolveOptions({ titleAnchor: { simThresholdPct: 100 } }).titleAnchor.simThresholdPct).toBe(100);
    expect(refusal({ titleAnchor: { simThresholdPct: 120 } })).toBe('titleAnchor.simThresholdPct must be in [0, 100], got 120');
    expect(refusal({ titleAnchor: { laterTitleMinGain: -1 } })).toBe('titleAnchor.laterTitleMinGain must be in [0, 100], got -1');
    // range [0, 1]
    expect(resolveOptions({ combine: { pathLeadMinPurity: 1 } }).combine.pathLeadMinPurity).toBe(1);
    expect(resolveOptions({ lcsDiff: { replaceThreshold: 0 } }).lcsDiff.replaceThreshold).toBe(0);
    expect(refusal({ combine: { pathLeadMinPurity: 1.01 } })).toBe('combine.pathLeadMinPurity must be in [0, 1], got 1.01');
    expect(refusal({ punctPath: { cjkPageMinShare: -0.1 } })).toBe('punctPath.cjkPageMinShare must be in [0, 1], got -0.1');
    // range [0, 1)
    expect(resolveOptions({ titleAnchor: { descendKeepRatio: 0 } }).titleAnchor.descendKeepRatio).toBe(0);
    expect(resolveOptions({ titleAnchor: { descendKeepRatio: 0.999 } }).titleAnchor.descendKeepRatio).toBe(0.999);
    expect(refusal({ titleAnchor: { descendKeepRatio: 1 } })).toBe('titleAnchor.descendKeepRatio must be in [0, 1), got 1');
    expect(refusal({ titleAnchor: { descendKeepRatio: -0.01 } })).toBe('titleAnchor.descendKeepRatio must be in [0, 1), got -0.01');
    // integer ≥ 1, after its count rule
    expect(resolveOptions({ titleAnchor: { lcaSentences: 1 } }).titleAnchor.lcaSentences).toBe(1);
    expect(refusal({ titleAnchor: { lcaSentences: 0 } })).toBe('titleAnchor.lcaSentences must be a whole number ≥ 1, got 0');
    expect(refusal({ titleAnchor: { lcaSentences: 1.5 } })).toBe('titleAnchor.lcaSentences must be a whole number ≥ 1, got 1.5');
    expect(refusal({ titleAnchor: { lcaSentences: -1 } })).toBe('titleAnchor.lcaSentences must be a number ≥ 0, got -1');
    expect(resolveOptions({ slicing: { checkEvery: 1 } }).slicing.checkEvery).toBe(1);
    expect(refusal({ slicing: { checkEvery: 0 } })).toBe('slicing.checkEvery must be a whole number ≥ 1, got 0');
    // integer ≥ 0
    expect(resolveOptions({ combine: { pathLeadMinSamplePath: 0 } }).combine.pathLeadMinSamplePath).toBe(0);
    expect(refusal({ combine: { pathLeadMinSamplePath: -1 } })).toBe('combine.pathLeadMinSamplePath must be a whole number ≥ 0, got -1');
    expect(refusal({ combine: { pathLeadMinSamplePath: 2.5 } })).toBe('combine.pathLeadMinSamplePath must be a whole number ≥ 0, got 2.5');
    // finite
    expect(resolveOptions({ dateSvm: { minDecision: -3.5 } }).dateSvm.minDecision).toBe(-3.5);
    expect(refusal({ dateSvm: { minDecision: Number.POSITIVE_INFINITY } })).toBe('dateSvm.minDecision must be a number, got Infinity');
    // choice
    expect(resolveOptions({ linkBlocks: { distance: 'text' } }).linkBlocks.distance).toBe('text');
    expect(refusal({ linkBlocks: { distance: 'css' as 'text' } })).toBe('linkBlocks.distance must be one of code, text, got "css"');
    expect(refusal({ combine: { bodyMethod: 'both' as 'combined' } })).toBe(
      'combine.bodyMethod must be one of combined, title-anchor, punct-path, got "both"',
    );
    expect(refusal({ metadata: { datePriority: 'url-first' as 'zone-first' } })).toBe(
      'metadata.datePriority must be one of structured-first, zone-first, got "url-first"',
    );
    expect(refusal({ titleAnchor: { titleChoice: 'h1' as 'title-block' } })).toBe(
      'titleAnchor.titleChoice must be one of title-block, structured-first, got "h1"',
    );
    // a group's entries
    expect(refusal({ metadata: { dateConfidence: { 'time-element': -0.1 } } })).toBe(
      'metadata.dateConfidence.time-element must be a number ≥ 0, got -0.1',
    );
  });

  it('every rule names a value of DEFAULT_OPTIONS, and the defaults keep every rule', () => {
    const sections = Object.entries(OPTION_RULES) as [keyof typeof DEFAULT_OPTIONS, readonly OptionRule[]][];
    expect(sections.length).toBeGreaterThan(5);
    for (const [section, rules] of sections) {
      expect(rules.length, section).toBeGreaterThan(0);
      expect(brokenRule(DEFAULT_OPTIONS[section], rules, section), section).toBeUndefined();
      for (const rule of rules) {
        let values: unknown[] = [DEFAULT_OPTIONS[section]];
        for (const key of rule.path.split('.')) {
          values = values.flatMap((v) => (key === '*' ? Object.values(v as object) : [(v as Record<string, unknown>)[key]]));
        }
        expect(values.length, `${section}.${rule.path}`).toBeGreaterThan(0);
        for (const v of values) expect(typeof v, `${section}.${rule.path}`).toBe(rule.check === 'choice' ? 'string' : 'number');
      }
    }
  });
});
