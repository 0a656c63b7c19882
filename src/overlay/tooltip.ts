/**
 * What the tooltip says about the hovered outline: its kind, for a noise block whether it was removed,
 * the core's reason line and its numbers (links, distances, thresholds), and the element's text preview.
 */
import type { OverlayLabels } from './labels.ts';
import type { OverlayTarget } from './targets.ts';

export interface TooltipText {
  readonly heading: string;
  readonly lines: readonly string[];
}

/** Three decimals at most, so ratios stay readable and counts stay exact. */
function formatNumber(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** "links 7 · maxGap 23 · dt 80 · ct 3", in the core's order. */
export function formatNumbers(numbers: Readonly<Record<string, number>>): string {
  return Object.entries(numbers)
    .map(([name, value]) => `${name} ${formatNumber(value)}`)
    .join(' · ');
}

export function tooltipText(target: OverlayTarget, labels: OverlayLabels): TooltipText {
  const name = labels.kindNames[target.kind];
  const block = target.block;
  if (!block) return { heading: name, lines: [target.note ?? '', target.preview ? `“${target.preview}”` : ''].filter(Boolean) };
  const fate = block.removed ? labels.removed : block.inBody ? labels.kept : labels.outside;
  const lines = [block.reason, formatNumbers(block.numbers), target.preview ? `“${target.preview}”` : ''].filter(Boolean);
  return { heading: `${name} · ${fate}`, lines };
}
