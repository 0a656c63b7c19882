import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { packDataset, packDatasetSteps, unpackDataset } from '../../../src/shared/annotation/dataset-zip.ts';
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
});
