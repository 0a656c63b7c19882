/** `--preset` and `--option path=value` (src/cli/options-flags.ts). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../src/core/index.ts';
import { UsageError, faithfulOptions, optionsFromFlags } from '../../src/cli/options-flags.ts';
import { thrown } from '../helpers/thrown.ts';

const usageError = (fn: () => unknown): UsageError => thrown(UsageError, fn);

/** Every `extensions` switch in an options tree, as `path → value`. */
function extensionSwitches(value: unknown, path: string[] = [], inExtensions = false): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    if (inExtensions) out.set(path.join('.'), value);
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    for (const [p, x] of extensionSwitches(v, [...path, k], inExtensions || k === 'extensions')) out.set(p, x);
  }
  return out;
}

describe('presets', () => {
  it('no flags: the defaults, resolved and frozen', () => {
    const o = optionsFromFlags(undefined, []);
    expect(o).toEqual(DEFAULT_OPTIONS);
    expect(Object.isFrozen(o)).toBe(true);
    expect(optionsFromFlags('default', [])).toEqual(DEFAULT_OPTIONS);
  });

  it('faithful turns every extensions switch off, whatever the defaults are', () => {
    const switches = extensionSwitches(optionsFromFlags('faithful', []));
    expect(switches.size).toBe(extensionSwitches(DEFAULT_OPTIONS).size);
    expect(switches.size).toBeGreaterThan(5);
    for (const [path, value] of switches) expect({ path, value }).toEqual({ path, value: false });
  });

  it('faithful only touches extensions switches', () => {
    const partial = faithfulOptions();
    const paths = [...extensionSwitches(partial).keys()];
    expect(paths.length).toBe(extensionSwitches(DEFAULT_OPTIONS).size);
    expect(JSON.stringify(partial)).not.toMatch(/Threshold|max|min/);
    const faithful = optionsFromFlags('faithful', []);
    expect(faithful.titleAnchor.simThresholdPct).toBe(DEFAULT_OPTIONS.titleAnchor.simThresholdPct);
    expect(faithful.limits).toEqual(DEFAULT_OPTIONS.limits);
  });

  it('--option applies on top of the preset', () => {
    const o = optionsFromFlags('faithful', ['text.extensions.latinSentence=true']);
    expect(o.text.extensions.latinSentence).toBe(true);
    expect(o.titleAnchor.extensions.fallbackQueryTitles).toBe(false);
  });

  it('an unknown preset is a usage error', () => {
    expect(usageError(() => optionsFromFlags('wild', [])).message).toBe('unknown preset "wild" (default, faithful)');
  });
});

describe('--option path=value', () => {
  it('true / false', () => {
    const o = optionsFromFlags(undefined, [
      'text.extensions.latinSentence=true',
      'metadata.extensions.structuredData=true',
      'trace.enabled=false',
    ]);
    expect(o.text.extensions.latinSentence).toBe(true);
    expect(o.metadata.extensions.structuredData).toBe(true);
    expect(o.trace.enabled).toBe(false);
  });

  it('numbers (integers, decimals, exponents)', () => {
    const o = optionsFromFlags(undefined, [
      'titleAnchor.simThresholdPct=35',
      'titleAnchor.descendKeepRatio=0.75',
      'limits.maxElements=1e4',
    ]);
    expect(o.titleAnchor.simThresholdPct).toBe(35);
    expect(o.titleAnchor.descendKeepRatio).toBe(0.75);
    expect(o.limits.maxElements).toBe(10_000);
  });

  it('strings', () => {
    expect(optionsFromFlags(undefined, ['titleAnchor.titleChoice=structured-first']).titleAnchor.titleChoice).toBe('structured-first');
    expect(optionsFromFlags(undefined, ['metadata.datePriority=zone-first']).metadata.datePriority).toBe('zone-first');
  });

  it('lists, comma-separated', () => {
    expect(optionsFromFlags(undefined, ['output.documentExtensions=pdf, docx,,epub']).output.documentExtensions).toEqual([
      'pdf',
      'docx',
      'epub',
    ]);
  });

  it('the last assignment of a path wins', () => {
    expect(
      optionsFromFlags(undefined, ['titleAnchor.simThresholdPct=30', 'titleAnchor.simThresholdPct=40']).titleAnchor.simThresholdPct,
    ).toBe(40);
  });

  it('an unknown option path is a usage error naming the whole path', () => {
    expect(usageError(() => optionsFromFlags(undefined, ['nope.x=1'])).message).toBe('unknown option "nope.x"');
    expect(usageError(() => optionsFromFlags(undefined, ['text.extensions.nope=true'])).message).toBe(
      'unknown option "text.extensions.nope"',
    );
    expect(usageError(() => optionsFromFlags(undefined, ['titleAnchor.simThresholdPct.deeper=1'])).message).toBe(
      'unknown option "titleAnchor.simThresholdPct.deeper"',
    );
  });

  it('no prototype pollution: __proto__ and constructor are not options', () => {
    expect(usageError(() => optionsFromFlags(undefined, ['__proto__.polluted=true'])).message).toBe('unknown option "__proto__.polluted"');
    expect(usageError(() => optionsFromFlags(undefined, ['text.constructor=1'])).message).toBe('unknown option "text.constructor"');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('a value of the wrong type is a usage error (a mistyped switch is not silently truthy)', () => {
    expect(usageError(() => optionsFromFlags(undefined, ['text.extensions.latinSentence=yes'])).message).toBe(
      'text.extensions.latinSentence takes true or false, got "yes"',
    );
    expect(usageError(() => optionsFromFlags(undefined, ['trace.enabled=1'])).message).toBe('trace.enabled takes true or false, got "1"');
    expect(usageError(() => optionsFromFlags(undefined, ['titleAnchor.simThresholdPct=abc'])).message).toBe(
      'titleAnchor.simThresholdPct takes a number, got "abc"',
    );
    expect(usageError(() => optionsFromFlags(undefined, ['limits.maxDepth='])).message).toBe('limits.maxDepth takes a number, got ""');
  });

  it('a group of options cannot be set as a whole', () => {
    expect(usageError(() => optionsFromFlags(undefined, ['titleAnchor.extensions=true'])).message).toBe(
      `"titleAnchor.extensions" is a group of options: set one of ${Object.keys(DEFAULT_OPTIONS.titleAnchor.extensions).join(', ')}`,
    );
    expect(usageError(() => optionsFromFlags(undefined, ['limits=5'])).message).toMatch(
      /^"limits" is a group of options: set one of maxElements, /,
    );
  });

  it('out-of-range values are usage errors (checked by resolveOptions)', () => {
    expect(usageError(() => optionsFromFlags(undefined, ['titleAnchor.simThresholdPct=150'])).message).toMatch(
      /simThresholdPct must be in \[0, 100\]/,
    );
    expect(usageError(() => optionsFromFlags(undefined, ['limits.maxElements=-1'])).message).toMatch(
      /limits\.maxElements must be a number ≥ 0/,
    );
  });

  it('an assignment without "=" or without a path is a usage error', () => {
    expect(usageError(() => optionsFromFlags(undefined, ['titleAnchor'])).message).toBe('--option takes path=value, got "titleAnchor"');
    expect(usageError(() => optionsFromFlags(undefined, ['=1'])).message).toBe('--option takes path=value, got "=1"');
  });

  it('an unknown value of a closed string option is a usage error', () => {
    expect(usageError(() => optionsFromFlags(undefined, ['titleAnchor.titleChoice=bogus'])).message).toMatch(/titleChoice/);
    expect(usageError(() => optionsFromFlags(undefined, ['metadata.datePriority=bogus'])).message).toMatch(/datePriority/);
  });
});
