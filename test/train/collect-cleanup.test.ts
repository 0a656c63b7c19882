/**
 * A training run over several zipped sets (`train-date a.zip b.zip c.zip`, `train-body`) removes each
 * set's unpacked folder as soon as its pages are read: three zips once held 6 GB of temporary files at
 * once (issue 40, item 4). The run has a TMPDIR of its own; the folders in it are counted as each set starts.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { expect, it } from 'vitest';
import { collectBodySamples } from '../../src/train/collect-samples.ts';
import { fileTempDir } from '../cli/run-cli.ts';

const dir = fileTempDir('article-lens-collect-');

it('each zipped set is unpacked on its turn and removed when done', async () => {
  const zips = ['a', 'b', 'c'].map((name) => {
    const gold = JSON.stringify({ id: `${name}1`, url: null, lang: 'en', body: null });
    const file = join(dir, `${name}.zip`);
    writeFileSync(file, zipSync({ 'gold.jsonl': strToU8(`${gold}\n`), [`pages/${name}1.html`]: strToU8('<p>A page.</p>') }));
    return file;
  });
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp);
  const saved = process.env['TMPDIR'];
  process.env['TMPDIR'] = tmp;
  const held: number[] = [];
  try {
    await collectBodySamples(zips, {
      engine: 'dom',
      now: '2026-01-01',
      limit: null,
      concurrency: 1,
      log: (line) => {
        if (/^[abc]: /.test(line)) held.push(readdirSync(tmp).filter((f) => f.startsWith('article-lens-set-')).length);
      },
    });
  } finally {
    if (saved === undefined) Reflect.deleteProperty(process.env, 'TMPDIR');
    else process.env['TMPDIR'] = saved;
  }
  expect(held).toEqual([1, 1, 1]);
  expect(readdirSync(tmp)).toEqual([]);
});
