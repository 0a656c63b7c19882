/**
 * The defaults of every option as a Markdown table (README "Options"), from DEFAULT_OPTIONS itself, so
 * the documentation cannot drift from the code: a unit test compares the README with this table.
 */
import type { ExtractOptions } from '../core/index.ts';

export const OPTIONS_TABLE_START = '<!-- options:start (npx article-lens options --markdown) -->';
export const OPTIONS_TABLE_END = '<!-- options:end -->';

export function optionsTable(options: ExtractOptions): string {
  const rows: string[] = [];
  const walk = (value: unknown, path: string[]): void => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
      return;
    }
    const shown = Array.isArray(value) ? value.join(', ') : JSON.stringify(value);
    const kind = path.includes('extensions') ? 'extension' : '';
    rows.push(`| \`${path.join('.')}\` | ${shown.replace(/\|/g, '\\|')} | ${kind} |`);
  };
  walk(options, []);
  return ['| option | default | |', '|---|---|---|', ...rows].join('\n');
}
