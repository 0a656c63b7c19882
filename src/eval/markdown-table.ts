/**
 * GitHub Markdown tables, the one way the CLI writes them (bench's speed tables, the sections of
 * BENCHMARKS.md, README's options tables), so every table escapes and aligns alike.
 */

interface MarkdownTableOptions {
  /**
   * How many leading columns hold text (delimiter `---`, left-aligned); the others hold numbers
   * (`---:`, right-aligned). Every column by default.
   */
  readonly textColumns?: number;
}

const escapeCell = (s: string): string => s.replace(/\|/g, '\\|');

/**
 * `| a | b |` lines: the header, the delimiter row, then the rows, joined by newlines (no trailing one).
 * A `|` inside a cell is escaped as `\|`. A blank header cell is written `| |` (a column of verdicts needs
 * no title), while a blank body cell keeps its two spaces (`|  |`): the bytes README and BENCHMARKS.md
 * already have.
 */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  { textColumns = header.length }: MarkdownTableOptions = {},
): string {
  const line = (cells: readonly string[]): string => `|${cells.map((c) => ` ${escapeCell(c)} `).join('|')}|`;
  const headerLine = `|${header.map((c) => (c === '' ? ' ' : ` ${escapeCell(c)} `)).join('|')}|`;
  const delimiter = `|${header.map((_, i) => (i < textColumns ? '---' : '---:')).join('|')}|`;
  return [headerLine, delimiter, ...rows.map(line)].join('\n');
}
