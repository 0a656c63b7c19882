/**
 * The legend's lines, as plain text: one per kind with its count ("Link blocks 12 (3 removed from the
 * body)"), then what could not be drawn ("+40 more", "2 not found").
 */
import type { OverlayKind } from './kinds.ts';
import { ALWAYS_LISTED } from './kinds.ts';
import type { OverlayLabels } from './labels.ts';
import { fill } from './labels.ts';
import type { Measurement } from './measure.ts';
import type { KindCount } from './targets.ts';

export interface LegendItem {
  readonly kind: OverlayKind;
  readonly text: string;
}

const LEGEND_ORDER: readonly OverlayKind[] = ['title', 'body', 'date', 'author', 'link-block', 'template', 'path', 'learned'];
const NOISE_KINDS: ReadonlySet<OverlayKind> = new Set(['link-block', 'template', 'path', 'learned']);

export function legendItems(counts: ReadonlyMap<OverlayKind, KindCount>, labels: OverlayLabels): LegendItem[] {
  const items: LegendItem[] = [];
  for (const kind of LEGEND_ORDER) {
    const count = counts.get(kind) ?? { blocks: 0, removed: 0 };
    if (!count.blocks && !ALWAYS_LISTED.has(kind)) continue;
    let text = `${labels.legendNames[kind]} ${count.blocks}`;
    if (NOISE_KINDS.has(kind) && count.blocks) text += ` (${fill(labels.removedCount, count.removed)})`;
    items.push({ kind, text });
  }
  return items;
}

export function legendNotes(m: Pick<Measurement, 'missing' | 'skipped'>, labels: OverlayLabels): string[] {
  const notes: string[] = [];
  if (m.skipped) notes.push(fill(labels.more, m.skipped));
  if (m.missing) notes.push(fill(labels.notFound, m.missing));
  return notes;
}
