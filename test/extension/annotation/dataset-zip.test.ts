import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, test, vi } from 'vitest';
import { MAX_GOLD_LINE_BYTES, packDataset, packDatasetSteps, unpackDataset } from '../../../src/shared/annotation/dataset-zip.ts';
import { acceptBody, acceptField } from '../../../src/shared/annotation/record.ts';
import { freshRecord } from './annotation-fixture.ts';

describe('annotations as a dataset zip', () => {
  const record = acceptBody(acceptField(freshRecord(), 'title'));
  const snapshot = '<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body><p>河边的图书馆</p></body></html>\n';

  test('packs gold.jsonl and pages/<id>.html in the layout of the evaluation sets', () => {
    const files = unzipSync(
      packDataset([
        { record, snapshot },
        { record: { ...freshRecord(), id: 'other' }, snapshot: null },
      ]),
    );
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'gold.jsonl', `pages/${record.id}.html`]);
    const lines = strFromU8(files['gold.jsonl'] ?? new Uint8Array())
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ id: record.id, title: 'The river library opens', verdicts: { title: true } });
    expect(strFromU8(files[`pages/${record.id}.html`] ?? new Uint8Array())).toBe(snapshot);
  });

  test('unpacks what it packed', () => {
    const back = unpackDataset(packDataset([{ record, snapshot }]));
    expect(back.problems).toEqual([]);
    expect(back.pages).toEqual([{ record, snapshot }]);
  });

  test('reports lines it cannot take, takes the rest, and refuses what is not an export', () => {
    const good = JSON.stringify({ id: record.id, annotation: record });
    const zip = zipSync({
      'set/gold.jsonl': strToU8(`${good}\nnot json\n{"id":"a","title":"x"}\n{"annotation":{"version":1}}\n`),
      [`set/pages/${record.id}.html`]: strToU8(snapshot),
      'set/pages/evil.js': strToU8('alert(1)'),
    });
    const back = unpackDataset(zip);
    expect(back.pages).toEqual([{ record, snapshot }]);
    expect(back.problems).toEqual([
      'gold.jsonl:2: not JSON',
      'gold.jsonl:3: no annotation (not an Article Lens export)',
      expect.stringMatching(/^gold\.jsonl:4: /),
    ]);
    expect(unpackDataset(strToU8('hello')).problems[0]).toMatch(/not a zip/);
    expect(unpackDataset(zipSync({ 'a.txt': strToU8('x') })).problems[0]).toMatch(/no gold\.jsonl/);
  });

  test('packs in steps, a pause possible after every quarter megabyte, into the same entries', () => {
    // A snapshot of 2 MB (as a long page's DOM can be), and a small one.
    const big = `<!DOCTYPE html><html><body>${'<p>河边的图书馆开门了，读者排起了长队。</p>\n'.repeat(40_000)}</body></html>`;
    const pages = [
      { record, snapshot: big },
      { record: { ...freshRecord(), id: 'small' }, snapshot },
    ];
    const steps = packDatasetSteps(pages);
    let pauses = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) pauses++;
    // README, the two pages (the big one in many chunks) and gold.jsonl: one pause after each chunk.
    expect(pauses).toBeGreaterThanOrEqual(Math.ceil(strToU8(big).length / (256 * 1024)) + 3);
    const files = unzipSync(r.value);
    expect(Object.keys(files)).toEqual(['README.txt', `pages/${record.id}.html`, 'pages/small.html', 'gold.jsonl']);
    expect(strFromU8(files[`pages/${record.id}.html`] ?? new Uint8Array())).toBe(big);
    expect(unpackDataset(r.value).pages).toEqual(pages);
    // Deflated: the repeated text packs to a small part of its size.
    expect(r.value.length).toBeLessThan(strToU8(big).length / 20);
  });

  describe('a hostile zip is bounded while it unpacks (issue 40)', () => {
    const line = (id: string): string => JSON.stringify({ id, annotation: { ...record, id } });

    /** `zip` with the unpacked size of its first entry claimed as `claimed`, in the local and the central header. */
    function claimingSize(zip: Uint8Array, claimed: number): Uint8Array {
      const out = zip.slice();
      const view = new DataView(out.buffer);
      view.setUint32(22, claimed, true);
      // The end record (no comment): where the central directory starts; its first entry is the first file's.
      const directory = view.getUint32(out.length - 22 + 16, true);
      view.setUint32(directory + 24, claimed, true);
      return out;
    }

    test('millions of empty lines in gold.jsonl: the lines around them are read, and no string larger than a line is made', () => {
      const gold = strToU8(`${line('first')}\n${'\n'.repeat(8_000_000)} \r\n\t\n${line('last')}`);
      const zip = zipSync({ 'gold.jsonl': gold }, { level: 9 });
      const decode = vi.spyOn(TextDecoder.prototype, 'decode');
      try {
        const back = unpackDataset(zip);
        expect(back.problems).toEqual([]);
        expect(back.pages.map((p) => p.record.id)).toEqual(['first', 'last']);
        const longest = Math.max(...decode.mock.calls.map(([input]) => (input instanceof Uint8Array ? input.length : 0)));
        expect(longest).toBeLessThanOrEqual(strToU8(line('first')).length);
      } finally {
        decode.mockRestore();
      }
    });

    test('a page that unpacks past the page limit is refused, though its header claims a kilobyte', () => {
      // The page first, gold.jsonl after it, as an export writes them.
      const zip = claimingSize(
        zipSync({ 'pages/big.html': new Uint8Array(65 * 2 ** 20), 'gold.jsonl': strToU8(line('big')) }, { level: 1 }),
        1024,
      );
      expect(unpackDataset(zip)).toEqual({ pages: [], problems: ['pages/big.html unpacks to more than 64 MiB'] });
    });

    test('a gold line longer than the limit is skipped with its reason; the others are read', () => {
      const gold = strToU8(`${line('a')}\n${'x'.repeat(MAX_GOLD_LINE_BYTES + 1)}\n${line('b')}\n`);
      const back = unpackDataset(zipSync({ 'gold.jsonl': gold }, { level: 1 }));
      expect(back.problems).toEqual(['gold.jsonl:2: longer than 32 MiB, skipped']);
      expect(back.pages.map((p) => p.record.id)).toEqual(['a', 'b']);
    });
  });
});
