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

/**
 * The tooltip of several outlines of one element (the first is the one drawn on top): the first one's text,
 * then each other's heading and lines; the element's preview once, at the end.
 */
export function tooltipTexts(targets: readonly OverlayTarget[], labels: OverlayLabels): TooltipText {
  const [first, ...rest] = targets;
  if (!first) return { heading: '', lines: [] };
  if (rest.length === 0) return tooltipText(first, labels);
  const quoted = (t: OverlayTarget): string => (t.preview ? `“${t.preview}”` : '');
  const own = (t: OverlayTarget): string[] => {
    const text = tooltipText(t, labels);
    return text.lines.filter((line) => line !== quoted(t));
  };
  const lines = [...own(first)];
  for (const t of rest) lines.push(tooltipText(t, labels).heading, ...own(t));
  if (first.preview) lines.push(quoted(first));
  return { heading: tooltipText(first, labels).heading, lines };
}

export function tooltipText(target: OverlayTarget, labels: OverlayLabels): TooltipText {
  const name = labels.kindNames[target.kind];
  const block = target.block;
  if (!block) return { heading: name, lines: [target.note ?? '', target.preview ? `“${target.preview}”` : ''].filter(Boolean) };
  const fate = block.removed ? labels.removed : block.inBody ? labels.kept : labels.outside;
  const lines = [block.reason, formatNumbers(block.numbers), target.preview ? `“${target.preview}”` : ''].filter(Boolean);
  return { heading: `${name} · ${fate}`, lines };
}
