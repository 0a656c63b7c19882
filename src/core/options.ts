/**
 * Every threshold and switch of the extractor, in one typed object with documented defaults
 * (STYLE.md §8.4). Method code contains no other numbers than 0, 1 and indices: it reads them from here.
 *
 * Each method's section lives beside it (core/<method>/options.ts: its interface, documented, its defaults
 * and its range rules as data); this file composes them into `ExtractOptions` and `DEFAULT_OPTIONS`, holds
 * the sections of no one method (limits, slicing, trace), and resolves, checks and hashes options.
 *
 * "Faithful" values are the published method's (ALGORITHMS.md); "extension" switches are ours, each
 * measured against the faithful rule on the dev sets (figures beside each switch and in BENCHMARKS.md). The
 * settings of training the date model are not extraction options: they live in src/train/options.ts.
 */

import { fnv1a } from './hash.ts';
import { isRecord } from './json-object.ts';
import type { OptionRule } from './option-rules.ts';
import { brokenRule } from './option-rules.ts';
import type { CombineOptions } from './combine/options.ts';
import { COMBINE_DEFAULTS, COMBINE_RULES } from './combine/options.ts';
import type { DateSvmOptions } from './date-svm/options.ts';
import { DATE_SVM_DEFAULTS, DATE_SVM_RULES } from './date-svm/options.ts';
import type { LcsDiffOptions } from './lcs-diff/options.ts';
import { LCS_DIFF_DEFAULTS, LCS_DIFF_RULES } from './lcs-diff/options.ts';
import type { LinkBlockOptions } from './link-blocks/options.ts';
import { LINK_BLOCKS_DEFAULTS, LINK_BLOCKS_RULES } from './link-blocks/options.ts';
import type { MetadataOptions } from './metadata/options.ts';
import { METADATA_DEFAULTS, METADATA_RULES } from './metadata/options.ts';
import type { OutputOptions } from './output/options.ts';
import { OUTPUT_DEFAULTS, OUTPUT_RULES } from './output/options.ts';
import type { PunctPathOptions } from './punct-path/options.ts';
import { PUNCT_PATH_DEFAULTS, PUNCT_PATH_RULES } from './punct-path/options.ts';
import type { TextOptions } from './text/options.ts';
import { TEXT_DEFAULTS, TEXT_RULES } from './text/options.ts';
import type { TitleAnchorOptions } from './title-anchor/options.ts';
import { TITLE_ANCHOR_DEFAULTS, TITLE_ANCHOR_RULES } from './title-anchor/options.ts';

export type {
  CombineOptions,
  DateSvmOptions,
  LcsDiffOptions,
  LinkBlockOptions,
  MetadataOptions,
  OutputOptions,
  PunctPathOptions,
  TextOptions,
  TitleAnchorOptions,
};
export type { OptionRule } from './option-rules.ts';

/** Bounds that keep a hostile or huge page from freezing the tab. */
export interface LimitOptions {
  /** Elements visited by the stats pass; the rest of the page is skipped with a warning. */
  readonly maxElements: number;
  /** Deepest nesting walked; deeper subtrees are skipped with a warning. */
  readonly maxDepth: number;
  /** Most decisions recorded in the Explain trace. */
  readonly maxDecisions: number;
  /**
   * Longest title reported, in characters (UTF-16 code units): a longer one is cut, ends in "…", and a
   * warning says so. A 1 MiB `<title>` took 4 s to render in the popup. Default 1000: far above every
   * title of the dev sets (at most 111 characters in the gold, 187 in our output on all nine sets, dom).
   */
  readonly maxTitleChars: number;
  /** Longest author reported, in characters, cut the same way. Default 300 (dev sets: 88 in the gold, 59 ours). */
  readonly maxAuthorChars: number;
  /** Longest source reported, in characters, cut the same way. Default 300 (dev sets: at most 38 ours). */
  readonly maxSourceChars: number;
  /**
   * Longest of the Article's other short texts, in characters, cut the same way: the query title, the
   * title/author/source candidates, image alt text and captions, table captions, the text of document
   * links, and the language tag (which is dropped instead, as a cut tag means nothing). Default 2000.
   */
  readonly maxLabelChars: number;
}

/**
 * Time-slicing of an extraction in a live page (`extractSliced`, slicing.ts): the work runs in slices
 * between which the page gets its thread back. The synchronous `extract` (the CLI, the tests) reads none of
 * these, and a sliced run's result is the synchronous one's.
 */
export interface SlicingOptions {
  /**
   * Longest stretch of work between two pauses, in ms: a slice ends at the first checkpoint after this.
   * Default 16 (a frame at 60 Hz), so that with the checkpoints' spacing every task of ours stays well
   * under the 50 ms of a long task.
   */
  readonly sliceMs: number;
  /**
   * Units of work between two checkpoints, where the sliced driver reads the clock (a unit is one loop
   * iteration, e.g. one element visited or one text block read; heavier iterations weigh more). Default 64:
   * on a 100 000-element page in Chromium the costliest loop (the stats pass) does 64 elements in about
   * 1 ms, so a slice overruns its budget by about that, and the clock is read rarely enough to cost nothing.
   */
  readonly checkEvery: number;
}

export interface ExtractOptions {
  readonly text: TextOptions;
  readonly titleAnchor: TitleAnchorOptions;
  readonly output: OutputOptions;
  readonly metadata: MetadataOptions;
  readonly dateSvm: DateSvmOptions;
  readonly linkBlocks: LinkBlockOptions;
  readonly punctPath: PunctPathOptions;
  readonly combine: CombineOptions;
  readonly lcsDiff: LcsDiffOptions;
  readonly limits: LimitOptions;
  readonly slicing: SlicingOptions;
  readonly trace: { readonly enabled: boolean };
}

export const DEFAULT_OPTIONS = {
  text: TEXT_DEFAULTS,
  titleAnchor: TITLE_ANCHOR_DEFAULTS,
  output: OUTPUT_DEFAULTS,
  metadata: METADATA_DEFAULTS,
  dateSvm: DATE_SVM_DEFAULTS,
  linkBlocks: LINK_BLOCKS_DEFAULTS,
  punctPath: PUNCT_PATH_DEFAULTS,
  combine: COMBINE_DEFAULTS,
  limits: {
    maxElements: 300_000,
    maxDepth: 2_000,
    maxDecisions: 5_000,
    maxTitleChars: 1_000,
    maxAuthorChars: 300,
    maxSourceChars: 300,
    maxLabelChars: 2_000,
  },
  lcsDiff: LCS_DIFF_DEFAULTS,
  slicing: { sliceMs: 16, checkEvery: 64 },
  trace: { enabled: false },
} as const satisfies ExtractOptions;

const LIMIT_RULES: readonly OptionRule<LimitOptions>[] = [
  { path: 'maxElements', check: 'min', min: 0 },
  { path: 'maxDepth', check: 'min', min: 0 },
  { path: 'maxDecisions', check: 'min', min: 0 },
  { path: 'maxTitleChars', check: 'min', min: 0 },
  { path: 'maxAuthorChars', check: 'min', min: 0 },
  { path: 'maxSourceChars', check: 'min', min: 0 },
  { path: 'maxLabelChars', check: 'min', min: 0 },
];

const SLICING_RULES: readonly OptionRule<SlicingOptions>[] = [
  { path: 'sliceMs', check: 'min', min: 0 },
  { path: 'checkEvery', check: 'integer', min: 1 },
];

/** A partial options object, nested: `{ titleAnchor: { extensions: { boundedCandidateScan: true } } }`. */
export type PartialOptions = DeepPartial<ExtractOptions>;
export type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K];
};

export class OptionsError extends Error {}

/**
 * The only merge of user options with the defaults. Merges with `??` semantics (0 and false stay
 * possible), checks ranges and relations, and freezes the result.
 */
export function resolveOptions(partial: PartialOptions = {}, base: ExtractOptions = DEFAULT_OPTIONS): ExtractOptions {
  const merged = mergeOptionTree(base, partial);
  checkOptions(merged);
  return deepFreeze(merged);
}

/**
 * A tree of options with a partial one merged in (`??` semantics; an unknown key is an `OptionsError`),
 * unchecked and unfrozen: `resolveOptions` and the training settings of src/train share it.
 */
export function mergeOptionTree<T extends object>(base: T, partial: DeepPartial<T>): T {
  return deepMerge(base, partial) as T;
}

function deepMerge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isRecord(base) || !isRecord(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (!(key in base)) throw new OptionsError(`unknown option "${key}"`);
    out[key] = deepMerge(base[key], value);
  }
  return out;
}

/** One switch of an options tree's `extensions`: ours, on top of the published methods. */
export interface ExtensionSwitch {
  /** Its full path: `titleAnchor.extensions.paragraphRun`. */
  readonly path: string;
  /** The path of the section it belongs to: `titleAnchor` ("" for a top-level `extensions`, as the training options'). */
  readonly section: string;
  /** Its name within `extensions`: `paragraphRun`. */
  readonly name: string;
  /** Its value in the tree. */
  readonly value: boolean;
}

/**
 * The one walk over the extension switches: every boolean under an `extensions` key of `options` (the
 * extraction options, or the training options of src/train), in the tree's order. The faithful preset, the
 * report's "without …" rows, the README table's "extension" column and the tests' faithful base read them
 * here, so a new switch is covered everywhere without editing any of them.
 */
export function extensionSwitches(options: object): ExtensionSwitch[] {
  const out: ExtensionSwitch[] = [];
  const walk = (value: unknown, path: readonly string[], extensionsAt: number): void => {
    if (typeof value === 'boolean') {
      if (extensionsAt >= 0) {
        const [section, name] = [path.slice(0, extensionsAt).join('.'), path.slice(extensionsAt + 1).join('.')];
        out.push({ path: path.join('.'), section, name, value });
      }
      return;
    }
    if (!isRecord(value)) return;
    for (const [key, v] of Object.entries(value)) {
      walk(v, [...path, key], extensionsAt < 0 && key === 'extensions' ? path.length : extensionsAt);
    }
  };
  walk(options, [], -1);
  return out;
}

/**
 * The partial options that set every extension switch of `options` to `set(switch)`, and nothing else:
 * `withExtensions(DEFAULT_OPTIONS, () => false)` is the faithful preset (the methods as published).
 */
export function withExtensions(options: ExtractOptions, set: (sw: ExtensionSwitch) => boolean): PartialOptions {
  const out: Record<string, unknown> = {};
  for (const sw of extensionSwitches(options)) {
    const keys = sw.path.split('.');
    const leaf = keys.pop()!;
    let node = out;
    for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
    node[leaf] = set(sw);
  }
  return out as PartialOptions;
}

/**
 * Every section's rules, in the order they are checked: a value that breaks a rule is reported by the
 * first rule it breaks (core/option-rules.ts).
 */
export const OPTION_RULES: { readonly [K in keyof ExtractOptions]?: readonly OptionRule<ExtractOptions[K]>[] } = {
  text: TEXT_RULES,
  titleAnchor: TITLE_ANCHOR_RULES,
  output: OUTPUT_RULES,
  metadata: METADATA_RULES,
  dateSvm: DATE_SVM_RULES,
  linkBlocks: LINK_BLOCKS_RULES,
  punctPath: PUNCT_PATH_RULES,
  combine: COMBINE_RULES,
  limits: LIMIT_RULES,
  lcsDiff: LCS_DIFF_RULES,
  slicing: SLICING_RULES,
};

function checkOptions(o: ExtractOptions): void {
  for (const [section, rules] of Object.entries(OPTION_RULES) as [keyof ExtractOptions, readonly OptionRule[]][]) {
    const broken = brokenRule(o[section], rules, section);
    if (broken !== undefined) throw new OptionsError(broken);
  }
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A short stable hash of the resolved options (FNV-1a over the sorted JSON). */
export function hashOptions(o: ExtractOptions): string {
  return fnv1a(stableStringify(o).text).toString(16).padStart(8, '0');
}

/**
 * The sorted JSON of every deeply frozen object or array, once: every extraction reports the hash of its
 * options, and the subtrees of resolved options are mostly the frozen ones of DEFAULT_OPTIONS, so the
 * hash of an extraction costs the top level only. A frozen tree cannot change, so its text cannot either.
 */
const frozenJson = new WeakMap<object, string>();

function stableStringify(v: unknown): { text: string; frozen: boolean } {
  if (typeof v !== 'object' || v === null) return { text: JSON.stringify(v), frozen: true };
  const known = frozenJson.get(v);
  if (known !== undefined) return { text: known, frozen: true };
  let frozen = Object.isFrozen(v);
  let text: string;
  if (Array.isArray(v)) {
    const parts = v.map((item: unknown) => {
      const r = stableStringify(item);
      frozen &&= r.frozen;
      return r.text;
    });
    text = `[${parts.join(',')}]`;
  } else if (isRecord(v)) {
    const parts = Object.keys(v)
      .sort()
      .map((k) => {
        const r = stableStringify(v[k]);
        frozen &&= r.frozen;
        return `${JSON.stringify(k)}:${r.text}`;
      });
    text = `{${parts.join(',')}}`;
  } else {
    return { text: JSON.stringify(v), frozen: false };
  }
  if (frozen) frozenJson.set(v, text);
  return { text, frozen };
}
