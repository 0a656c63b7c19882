/**
 * What annotators said of the extractor they judged (an annotations export's `verdicts`, gold-line.ts of the
 * extension): per field, on how many pages they found it right, of how many they judged. A record of the
 * extractor as it was when the pages were annotated, printed beside the figures of the extractor as it is.
 */
import type { Dataset } from './dataset.ts';

export interface VerdictCount {
  readonly field: string;
  readonly right: number;
  readonly judged: number;
}

/** The fields in the order annotation mode shows them; others after, by name. */
const ORDER = ['title', 'author', 'source', 'date', 'body'];

/** Per field, right and judged pages; null when no gold line carries verdicts. */
export function annotatorVerdicts(dataset: Dataset): VerdictCount[] | null {
  const counts = new Map<string, { right: number; judged: number }>();
  let any = false;
  for (const gold of dataset.gold.values()) {
    if (!gold.verdicts) continue;
    any = true;
    for (const [field, verdict] of Object.entries(gold.verdicts)) {
      if (verdict === null) continue;
      const c = counts.get(field) ?? { right: 0, judged: 0 };
      counts.set(field, { right: c.right + (verdict ? 1 : 0), judged: c.judged + 1 });
    }
  }
  if (!any) return null;
  const rank = (f: string): number => (ORDER.includes(f) ? ORDER.indexOf(f) : ORDER.length);
  return [...counts.entries()]
    .map(([field, c]) => ({ field, ...c }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.field.localeCompare(b.field));
}

export function formatVerdicts(counts: readonly VerdictCount[]): string {
  const parts = counts.map((c) => `${c.field} ${c.right}/${c.judged}`);
  return `  annotators' verdicts  the extractor they judged was right on: ${parts.join(' · ') || 'no field judged'}`;
}
