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
import { DEFAULT_OPTIONS } from '../core/index.ts';
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

/** Every extension switched on by default, per option section, in DEFAULT_OPTIONS's order. */
function extensionsOn(): { section: string; ext: string }[] {
  const out: { section: string; ext: string }[] = [];
  for (const [section, value] of Object.entries(DEFAULT_OPTIONS)) {
    if (typeof value !== 'object' || value === null || !('extensions' in value)) continue;
    for (const [ext, on] of Object.entries(value.extensions as Record<string, boolean>)) if (on) out.push({ section, ext });
  }
  return out;
}

const without = (section: string, ext: string): VariantSpec => ({
  name: `without ${section}.${ext}`,
  preset: 'default',
  options: [`${section}.extensions.${ext}=false`],
  measures: [
    ...(BODY_SECTIONS.includes(section) ? (['body'] as const) : []),
    ...(METADATA_SECTIONS.includes(section) ? (['metadata'] as const) : []),
  ],
});

/** Method 2's extensions, all off: the method as published. */
const punctPathFaithful = (): string[] =>
  Object.keys(DEFAULT_OPTIONS.punctPath.extensions).map((ext) => `punctPath.extensions.${ext}=false`);

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
      .filter((e) => BODY_SECTIONS.includes(e.section))
      .map((e) => without(e.section, e.ext)),
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
      .filter((e) => METADATA_SECTIONS.includes(e.section))
      .map((e) => without(e.section, e.ext)),
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
