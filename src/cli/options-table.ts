/**
 * The defaults of every option as a Markdown table (README "Options"), from DEFAULT_OPTIONS itself (and
 * the training options' table from DEFAULT_TRAIN_DATE_OPTIONS), so the documentation cannot drift from
 * the code: a unit test compares the README with these tables.
 */
import { isRecord } from '../core/json-object.ts';
import { extensionSwitches } from '../core/options.ts';
import { markdownTable } from '../eval/markdown-table.ts';

export const OPTIONS_TABLE_START = '<!-- options:start (npx article-lens options --markdown) -->';
export const OPTIONS_TABLE_END = '<!-- options:end -->';
export const TRAIN_OPTIONS_TABLE_START = '<!-- train-options:start (npx article-lens options --markdown --train) -->';
export const TRAIN_OPTIONS_TABLE_END = '<!-- train-options:end -->';

export function optionsTable(options: object): string {
  const switches = new Set(extensionSwitches(options).map((sw) => sw.path));
  const rows: string[][] = [];
  const walk = (value: unknown, path: string[]): void => {
    if (isRecord(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
      return;
    }
    const shown = Array.isArray(value) ? value.join(', ') : JSON.stringify(value);
    const name = path.join('.');
    rows.push([`\`${name}\``, shown, switches.has(name) ? 'extension' : '']);
  };
  walk(options, []);
  return markdownTable(['option', 'default', ''], rows);
}
