import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../src/core/options.ts';
import { OPTIONS_TABLE_END, OPTIONS_TABLE_START, optionsTable } from '../../src/cli/options-table.ts';

describe('README options table', () => {
  it('lists exactly the defaults of DEFAULT_OPTIONS (regenerate with `npx article-lens options --markdown`)', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf(OPTIONS_TABLE_START);
    const end = readme.indexOf(OPTIONS_TABLE_END);
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    expect(readme.slice(start + OPTIONS_TABLE_START.length, end).trim()).toBe(optionsTable(DEFAULT_OPTIONS));
  });
});
