/**
 * The one Markdown-table writer, on rows the CLI writes: bench's date-SVM table (numbers right-aligned
 * after the set), BENCHMARKS.md's targets (every column plain, a blank verdict header), and README's
 * options rows (a blank kind cell, and a default holding `|`).
 */
import { describe, expect, it } from 'vitest';
import { markdownTable } from '../../src/eval/markdown-table.ts';

describe('markdownTable', () => {
  it('right-aligns the columns after textColumns (bench)', () => {
    const header = ['set', 'date-svm median ms', 'date-svm p95 ms', 'median < 5 ms'];
    const rows = [
      ['fast', '3.00', '9.00', 'met'],
      ['off', '–', '–', 'not run'],
    ];
    expect(markdownTable(header, rows, { textColumns: 1 })).toBe(
      [
        '| set | date-svm median ms | date-svm p95 ms | median < 5 ms |',
        '|---|---:|---:|---:|',
        '| fast | 3.00 | 9.00 | met |',
        '| off | – | – | not run |',
      ].join('\n'),
    );
    expect(markdownTable(['set', 'slowest pages', 'ours ms'], [['gne', 'sina-5', '12.0']], { textColumns: 2 })).toBe(
      ['| set | slowest pages | ours ms |', '|---|---|---:|', '| gne | sina-5 | 12.0 |'].join('\n'),
    );
  });

  it('leaves every column plain by default, and writes a blank header cell as `| |` (BENCHMARKS.md targets)', () => {
    const rows = [
      ['scrapinghub', 'body F1', '≥ 0.92', '0.950', 'met'],
      ['htmldate', 'cross-validated date accuracy', '≥ 0.93', '0.888', '**missed**'],
    ];
    expect(markdownTable(['set', 'metric', 'target', 'measured', ''], rows)).toBe(
      [
        '| set | metric | target | measured | |',
        '|---|---|---|---|---|',
        '| scrapinghub | body F1 | ≥ 0.92 | 0.950 | met |',
        '| htmldate | cross-validated date accuracy | ≥ 0.93 | 0.888 | **missed** |',
      ].join('\n'),
    );
  });

  it('escapes `|` in any cell and keeps a blank body cell as `|  |` (README options)', () => {
    // No default holds a `|` today; optionsTable escaped one before the helper did, so the helper does.
    const rows = [
      ['`text.noiseMinCjkChars`', '3', ''],
      ['`text.extensions.latinSentence`', 'true', 'extension'],
      ['`linkBlocks.distance`', '"code|text"', ''],
    ];
    expect(markdownTable(['option', 'default', ''], rows)).toBe(
      [
        '| option | default | |',
        '|---|---|---|',
        '| `text.noiseMinCjkChars` | 3 |  |',
        '| `text.extensions.latinSentence` | true | extension |',
        '| `linkBlocks.distance` | "code\\|text" |  |',
      ].join('\n'),
    );
    expect(markdownTable(['set|name', 'n'], [['a|b', '1']], { textColumns: 1 })).toBe('| set\\|name | n |\n|---|---:|\n| a\\|b | 1 |');
  });

  it('writes the header and delimiter alone when there are no rows', () => {
    expect(markdownTable(['set', 'engine'], [])).toBe('| set | engine |\n|---|---|');
  });
});
