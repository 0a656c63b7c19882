/** A date candidate before its page statistics (§3.1–3.3), shared by the candidate readers and the statistics. */
import type { TextBlock } from '../../model/page-model.ts';
import type { FoundDate } from '../../dates/date-finder.ts';
import type { CandidateKind } from './sample.ts';

export interface Found {
  readonly date: FoundDate;
  readonly kind: CandidateKind;
  /** The element holding the date (its ordinal), or null for JSON-LD and the URL. */
  readonly holder: number | null;
  readonly block: TextBlock | null;
  readonly tags: readonly string[];
  readonly tokens: readonly string[];
  readonly links: number;
  readonly where: string;
  readonly text: string;
}

/** The raw date string of a sample is cut to this many characters. */
export const SAMPLE_TEXT_CHARS = 80;
