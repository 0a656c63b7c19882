/** The one walk over the extension switches (src/core/options.ts `extensionSwitches`, `withExtensions`). */
import { describe, expect, it } from 'vitest';
import { faithfulOptions, optionsFromFlags } from '../../src/cli/options-flags.ts';
import { optionsTable } from '../../src/cli/options-table.ts';
import { DEFAULT_OPTIONS, extensionSwitches, resolveOptions, withExtensions } from '../../src/core/options.ts';
import { DEFAULT_TRAIN_DATE_OPTIONS } from '../../src/train/options.ts';
import { FAITHFUL_BASE } from '../helpers/options.ts';

/** The `extensions` of each section of DEFAULT_OPTIONS, read directly: `section.extensions.name → value`. */
function switchesByHand(): [string, boolean][] {
  const out: [string, boolean][] = [];
  for (const [section, value] of Object.entries(DEFAULT_OPTIONS)) {
    if (!('extensions' in value)) continue;
    for (const [name, on] of Object.entries(value.extensions as Record<string, boolean>)) out.push([`${section}.extensions.${name}`, on]);
  }
  return out;
}

/** Each switch's default. */
const DEFAULT_VALUE = new Map(switchesByHand());

describe('extensionSwitches', () => {
  it('lists exactly the extensions booleans of DEFAULT_OPTIONS, with full paths, in its order', () => {
    const switches = extensionSwitches(DEFAULT_OPTIONS);
    expect(switches.map((sw): [string, boolean] => [sw.path, sw.value])).toEqual(switchesByHand());
    expect(switches.length).toBeGreaterThan(40);
    expect(switches).toContainEqual({
      path: 'titleAnchor.extensions.paragraphRun',
      section: 'titleAnchor',
      name: 'paragraphRun',
      value: true,
    });
    expect(switches).toContainEqual({
      path: 'combine.extensions.dropFigureText',
      section: 'combine',
      name: 'dropFigureText',
      value: false,
    });
    for (const sw of switches) expect(sw.path).toBe(`${sw.section}.extensions.${sw.name}`);
    // Switches that are not extensions: the published rules' own on/off options.
    const paths = new Set(switches.map((sw) => sw.path));
    for (const path of ['dateSvm.enabled', 'combine.pathLeads', 'linkBlocks.removeFromBody', 'lcsDiff.dropTemplate', 'trace.enabled'])
      expect(paths.has(path), path).toBe(false);
  });

  it('reads the values of the tree it is given, and a top-level extensions (the training options)', () => {
    const on = resolveOptions({ combine: { extensions: { dropFigureText: true } } });
    expect(extensionSwitches(on).find((sw) => sw.path === 'combine.extensions.dropFigureText')?.value).toBe(true);
    expect(extensionSwitches(DEFAULT_TRAIN_DATE_OPTIONS)).toContainEqual({
      path: 'extensions.labelLexicon',
      section: '',
      name: 'labelLexicon',
      value: true,
    });
    expect(extensionSwitches(DEFAULT_TRAIN_DATE_OPTIONS).length).toBe(Object.keys(DEFAULT_TRAIN_DATE_OPTIONS.extensions).length);
  });
});

describe('withExtensions', () => {
  it('sets the switches and nothing else', () => {
    const partial = withExtensions(DEFAULT_OPTIONS, () => false);
    expect(extensionSwitches(partial).map((sw) => sw.path)).toEqual(extensionSwitches(DEFAULT_OPTIONS).map((sw) => sw.path));
    const sections = Object.keys(DEFAULT_OPTIONS).filter((k) => 'extensions' in DEFAULT_OPTIONS[k as keyof typeof DEFAULT_OPTIONS]);
    expect(Object.keys(partial)).toEqual(sections);
    for (const section of Object.values(partial)) expect(Object.keys(section as object)).toEqual(['extensions']);
  });

  it('passes each switch to `set`', () => {
    const o = resolveOptions(withExtensions(DEFAULT_OPTIONS, (sw) => (sw.section === 'punctPath' ? false : sw.value)));
    expect(o.punctPath.extensions).toEqual({ latinStops: false, classIdentity: false, skipCommentSections: false });
    expect({ ...o, punctPath: DEFAULT_OPTIONS.punctPath }).toEqual(DEFAULT_OPTIONS);
  });
});

describe('the faithful preset', () => {
  it('turns every switch off and keeps every other default', () => {
    for (const faithful of [optionsFromFlags('faithful', []), resolveOptions(faithfulOptions()), FAITHFUL_BASE]) {
      const switches = extensionSwitches(faithful);
      expect(switches.length).toBe(extensionSwitches(DEFAULT_OPTIONS).length);
      for (const sw of switches) expect({ path: sw.path, value: sw.value }).toEqual({ path: sw.path, value: false });
      expect(
        resolveOptions(
          withExtensions(faithful, (sw) => DEFAULT_VALUE.get(sw.path)!),
          faithful,
        ),
      ).toEqual(DEFAULT_OPTIONS);
    }
  });

  it('the README table marks exactly the switches "extension"', () => {
    const marked = optionsTable(DEFAULT_OPTIONS)
      .split('\n')
      .filter((row) => row.endsWith('| extension |'))
      .map((row) => row.slice(3, row.indexOf('`', 3)));
    expect(marked).toEqual(extensionSwitches(DEFAULT_OPTIONS).map((sw) => sw.path));
  });
});
