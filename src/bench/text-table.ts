/** Aligned text tables for the terminal: the bench's tables as `bench` prints them to stdout. */

/** The header, a rule, the rows; the first `textColumns` columns left-aligned, the others right-aligned. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[], textColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i < textColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
