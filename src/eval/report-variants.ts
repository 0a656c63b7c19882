/**
 * The option variants `article-lens report` measures (issue 13, item a), as data: each is a preset and
 * `--option` assignments, exactly the flags of `eval` that reproduce its row, and which gold it is
 * measured on, so that a variant runs only on the sets where it has a figure to show.
 *
 * - the body table: method 1 alone and method 2 alone (faithful and with our extensions), the §6
 *   combination faithful and as shipped, the combination without method 2 leading, and each body
 *   extension switched off;
 * - the metadata table: the faithful preset, each title, author and date extension switched off, and the
 *   §1.7 rule chain instead of the date SVM.
 */
import type { ExtensionSwitch } from '../core/index.ts';
import { DEFAULT_OPTIONS, extensionSwitches } from '../core/index.ts';
import type { LosoCandidate } from './loso.ts';

/** Which gold a variant's figures are read against: body text, or title, author and date. */
export type Gold = 'body' | 'metadata';

export interface VariantSpec {
  /** The row's name, and the variant's key among the report's results. */
  readonly name: string;
  readonly preset: 'default' | 'faithful';
  /** `--option path=value` assignments on top of the preset. */
  readonly options: readonly string[];
  /** The gold whose sets it runs on. */
  readonly measures: readonly Gold[];
}

export const DEFAULT_VARIANT: VariantSpec = { name: 'default', preset: 'default', options: [], measures: ['body', 'metadata'] };
export const FAITHFUL_VARIANT: VariantSpec = {
  name: 'faithful (all extensions off)',
  preset: 'faithful',
  options: [],
  measures: ['body', 'metadata'],
};

/** The option sections whose extensions change the body (titleAnchor's change the title too). */
const BODY_SECTIONS = ['text', 'titleAnchor', 'output', 'linkBlocks', 'punctPath', 'combine'];
/** Sections whose extensions change title, author or date. */
const METADATA_SECTIONS = ['titleAnchor', 'metadata'];

/** Every extension switched on by default, in DEFAULT_OPTIONS's order. */
const extensionsOn = (): ExtensionSwitch[] => extensionSwitches(DEFAULT_OPTIONS).filter((sw) => sw.value);

const without = (sw: ExtensionSwitch): VariantSpec => ({
  name: `without ${sw.section}.${sw.name}`,
  preset: 'default',
  options: [`${sw.path}=false`],
  measures: [
    ...(BODY_SECTIONS.includes(sw.section) ? (['body'] as const) : []),
    ...(METADATA_SECTIONS.includes(sw.section) ? (['metadata'] as const) : []),
  ],
});

/** Method 2's extensions, all off: the method as published. */
const punctPathFaithful = (): string[] =>
  extensionSwitches(DEFAULT_OPTIONS)
    .filter((sw) => sw.section === 'punctPath')
    .map((sw) => `${sw.path}=false`);

/**
 * The rows of "Body: methods and the combination", in order: each method alone, the combination, then
 * the combination with one of its parts switched off.
 */
export function bodyVariants(): VariantSpec[] {
  const body: Gold[] = ['body'];
  return [
    { name: 'method 1 alone, faithful', preset: 'faithful', options: ['combine.bodyMethod=title-anchor'], measures: body },
    { name: 'method 1 alone, with extensions', preset: 'default', options: ['combine.bodyMethod=title-anchor'], measures: body },
    {
      name: 'method 2 alone, faithful',
      preset: 'default',
      options: ['combine.bodyMethod=punct-path', ...punctPathFaithful()],
      measures: body,
    },
    { name: 'method 2 alone, with extensions', preset: 'default', options: ['combine.bodyMethod=punct-path'], measures: body },
    FAITHFUL_VARIANT,
    DEFAULT_VARIANT,
    { name: 'combine.pathLeads off', preset: 'default', options: ['combine.pathLeads=false'], measures: body },
    ...extensionsOn()
      .filter((sw) => BODY_SECTIONS.includes(sw.section))
      .map(without),
    // Choices that are not extensions but that the issues ask to measure side by side.
    { name: 'linkBlocks.removeFromBody off', preset: 'default', options: ['linkBlocks.removeFromBody=false'], measures: body },
    { name: 'linkBlocks.distance text (dt 40)', preset: 'default', options: ['linkBlocks.distance=text'], measures: body },
  ];
}

/**
 * The rows of the metadata table: the faithful preset, each title, author and date extension switched
 * off, and the rule chain instead of the date SVM. The date SVM's own switches are measured by
 * cross-validation (the date section): they are training options, and localDay is one of its variants.
 */
export function metadataVariants(): VariantSpec[] {
  return [
    DEFAULT_VARIANT,
    FAITHFUL_VARIANT,
    ...extensionsOn()
      .filter((sw) => METADATA_SECTIONS.includes(sw.section))
      .map(without),
    { name: 'dateSvm.enabled off (the §1.7 rule chain)', preset: 'default', options: ['dateSvm.enabled=false'], measures: ['metadata'] },
  ];
}

/** A leave-one-set-out candidate as a variant: the default with one threshold changed, on the body sets. */
export function sweepVariant(c: LosoCandidate): VariantSpec {
  return c.options.length ? { name: c.name, preset: 'default', options: c.options, measures: ['body'] } : DEFAULT_VARIANT;
}

/** The `eval` flags that reproduce a variant ("" for the defaults). */
export function variantFlags(v: VariantSpec): string {
  return [...(v.preset === 'default' ? [] : [`--preset ${v.preset}`]), ...v.options.map((o) => `--option ${o}`)].join(' ');
}
