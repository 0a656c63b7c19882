/**
 * §3.2–3.3 How a page's date samples are read. This is part of a model's feature description, not a
 * setting of the extractor: prediction must read a page exactly as training read it, so the core takes
 * it from the model (`sampleSpecOf`), and only `train-date` chooses it (src/train/options.ts).
 */
import type { CandidateKind } from './sample.ts';
import { CANDIDATE_KINDS } from './sample.ts';

/** The reading windows of the label extensions and the token bound of one attribute value. */
export interface SampleWindows {
  /** Extension `labelWords`: Latin words read before a date on its line. */
  readonly labelLatinWords: number;
  /** Extension `labelWords`: CJK characters read before a date on its line (as bigrams). */
  readonly labelCjkChars: number;
  /**
   * Extension `labelLexicon`: Latin words read before a date (and after it, for a source or byline) and
   * looked up in the label lexicon ("Gespeichert von rasos am 24. Juli").
   */
  readonly lexiconLatinWords: number;
  /** Extension `labelLexicon`: CJK characters read before (and after) a date for the lexicon. */
  readonly lexiconCjkChars: number;
  /** §3.3 tokens kept from one attribute value (a hostile class list cannot flood a sample). */
  readonly maxTokensPerValue: number;
}

/**
 * The windows of every model that does not record its own (`features.sampling` absent), the shipped one
 * included: 3 Latin words and 6 CJK characters for label words, 4 and 8 for the lexicon, 8 tokens a value.
 */
export const DEFAULT_SAMPLE_WINDOWS: SampleWindows = {
  labelLatinWords: 3,
  labelCjkChars: 6,
  lexiconLatinWords: 4,
  lexiconCjkChars: 8,
  maxTokensPerValue: 8,
};

export interface SampleSpec {
  /** §3.2 levels of a candidate's fragment, the element holding the date included. */
  readonly fragmentLevels: number;
  /** The kinds of candidate read: 'text' (faithful) and, with the extension `attributeCandidates`, the attribute kinds. */
  readonly kinds: readonly CandidateKind[];
  /** Extension `labelWords`: `w:` tokens of the words before a date. */
  readonly labelWords: boolean;
  /** Extension `labelLexicon`: `lbl:` tokens of the lexicon's reading of the words around a date. */
  readonly labelLexicon: boolean;
  readonly windows: SampleWindows;
}

/** The parts of a model's feature description (date-model.ts `DateFeatureSpec`) that say how to read a page. */
export interface SampleFeatures {
  readonly fragmentLevels: number;
  readonly kinds: readonly string[];
  readonly tokens: readonly string[];
  readonly sampling?: Partial<SampleWindows>;
}

/**
 * How a model reads a page: its fragment levels and candidate kinds, label words or lexicon labels when
 * its glossary holds such tokens (a token outside the glossary never reaches the vector), and its windows.
 */
export function sampleSpecOf(f: SampleFeatures): SampleSpec {
  return {
    fragmentLevels: f.fragmentLevels,
    kinds: CANDIDATE_KINDS.filter((k) => f.kinds.includes(k)),
    labelWords: f.tokens.some((t) => t.startsWith('w:')),
    labelLexicon: f.tokens.some((t) => t.startsWith('lbl')),
    windows: { ...DEFAULT_SAMPLE_WINDOWS, ...f.sampling },
  };
}

/**
 * Every kind and every label token: what `train-date` exports, so that each feature variant can be cut
 * from one extraction of the pages (src/train/variants.ts).
 */
export function fullSampleSpec(fragmentLevels: number, windows: SampleWindows = DEFAULT_SAMPLE_WINDOWS): SampleSpec {
  return { fragmentLevels, kinds: CANDIDATE_KINDS, labelWords: true, labelLexicon: true, windows };
}

/** True when the spec reads attribute, JSON-LD or URL candidates (extension `attributeCandidates`). */
export function readsAttributes(spec: SampleSpec): boolean {
  return spec.kinds.some((k) => k !== 'text');
}
