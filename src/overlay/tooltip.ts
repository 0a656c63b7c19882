/**
 * What the tooltip says about the hovered outline: its kind, for a noise block whether it was removed,
 * what it is and why in a reader's words (labels.ts: `noiseWhy`, and `leadWhy` for the body), and the
 * element's text preview. The core's own reason line ("6 links ≥ Ct 3, largest gap 23 < dt 80…", "the block
 * model keeps 6 of 16 blocks (p ≥ 0.5)…"), its decisive numbers and the raw positions in the page's HTML
 * speak the engine (issue 40, 17): they are shown only on demand (Shift held), with a hint that they are there.
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

/** Numbers that are raw offsets into the page's HTML, shown only on demand. */
export const RAW_NUMBERS: ReadonlySet<string> = new Set(['start', 'end']);

/** "links 7 · maxGap 23 · dt 80 · ct 3", in the core's order; `raw` picks the raw offsets instead of the rest. */
export function formatNumbers(numbers: Readonly<Record<string, number>>, raw = false): string {
  return Object.entries(numbers)
    .filter(([name]) => RAW_NUMBERS.has(name) === raw)
    .map(([name, value]) => `${name} ${formatNumber(value)}`)
    .join(' · ');
}

/** Whether the tooltip shows the raw offsets (Shift held). */
export interface TooltipMode {
  readonly raw: boolean;
}

/**
 * The tooltip of several outlines of one element (the first is the one drawn on top): the first one's text,
 * then each other's heading and lines; the element's preview once, at the end.
 */
export function tooltipTexts(targets: readonly OverlayTarget[], labels: OverlayLabels, mode: TooltipMode = { raw: false }): TooltipText {
  const [first, ...rest] = targets;
  if (!first) return { heading: '', lines: [] };
  const hint = !mode.raw && targets.some(hasRaw) ? [labels.rawHint] : [];
  if (rest.length === 0) {
    const text = tooltipText(first, labels, mode);
    return { heading: text.heading, lines: [...text.lines, ...hint] };
  }
  const quoted = (t: OverlayTarget): string => (t.preview ? `“${t.preview}”` : '');
  const own = (t: OverlayTarget): string[] => {
    const text = tooltipText(t, labels, mode);
    return text.lines.filter((line) => line !== quoted(t));
  };
  const lines = [...own(first)];
  for (const t of rest) lines.push(tooltipText(t, labels, mode).heading, ...own(t));
  if (first.preview) lines.push(quoted(first));
  return { heading: tooltipText(first, labels, mode).heading, lines: [...lines, ...hint] };
}

/** Whether Shift would show more of the outline: the core's reason, note or numbers. */
const hasRaw = (t: OverlayTarget): boolean => t.block !== null || Boolean(t.note);

export function tooltipText(target: OverlayTarget, labels: OverlayLabels, mode: TooltipMode = { raw: false }): TooltipText {
  const name = labels.kindNames[target.kind];
  const block = target.block;
  const quoted = target.preview ? `“${target.preview}”` : '';
  if (!block) {
    const why = target.lead ? labels.leadWhy[target.lead] : '';
    return { heading: name, lines: [why, mode.raw ? (target.note ?? '') : '', quoted].filter(Boolean) };
  }
  const fate = block.removed ? labels.removed : block.inBody ? labels.kept : labels.outside;
  const figures = mode.raw ? [block.reason, formatNumbers(block.numbers), formatNumbers(block.numbers, true)] : [];
  return { heading: `${name} · ${fate}`, lines: [labels.noiseWhy[block.kind], ...figures, quoted].filter(Boolean) };
}
