/**
 * A set as one `.zip` (src/eval/dataset-zip.ts through loadDataset): what annotation mode exports, files
 * at the root or in one top folder, loads like the set folder it packs, under the zip's name. Entries that
 * could land outside the temporary folder (zip-slip), files that are not part of a set, a zip without
 * gold.jsonl and a zip that unpacks too large are refused with a DatasetError naming the zip and the entry.
 * The zips are built here with fflate from hand-written gold lines and pages.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { DatasetError, loadDataset } from '../../src/eval/dataset.ts';
import type { Dataset } from '../../src/eval/dataset.ts';
import { ZIP_LIMITS, removeUnpacked, unpackDatasetZip } from '../../src/eval/dataset-zip.ts';
import { readPageHtml } from '../../src/node/read-page.ts';
import { tempDir } from '../cli/run-cli.ts';
import { thrown } from '../helpers/thrown.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const EN_HTML =
  '<!doctype html><html lang="en"><head><title>Solar library</title></head><body><p>The library runs on solar power.</p></body></html>';
// UTF-8 bytes and no declared charset, as an export's snapshot: the reader must take them as UTF-8.
const ZH_HTML =
  '<!doctype html><html lang="zh"><head><title>图书馆</title></head><body><p>新图书馆周一开放，全部使用太阳能。</p></body></html>';

const gold = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  url: `https://example.com/${id}`,
  lang: 'en',
  title: `Title ${id}`,
  author: null,
  date: '2021-03-12',
  datetime: null,
  body: `Body of ${id}`,
  ...extra,
});

const goldFile = (lines: readonly Record<string, unknown>[]): Uint8Array => strToU8(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');

/** Writes `files` (entry name → content; nested objects are folders, as fflate's zipSync takes them) as `<name>.zip`. */
function writeZip(files: Zippable, name = 'my-export'): string {
  const { dir, cleanup } = tempDir('article-lens-zip-test-');
  cleanups.push(cleanup);
  const path = join(dir, `${name}.zip`);
  writeFileSync(path, zipSync(files, { level: 6 }));
  return path;
}

/** loadDataset, with its unpacked folder removed after the test. */
function load(path: string): Dataset {
  const set = loadDataset(path);
  cleanups.push(() => removeUnpacked(set.dir));
  return set;
}

const loadError = (path: string): DatasetError => thrown(DatasetError, () => load(path));

describe('loadDataset on a .zip', () => {
  it("loads the set at the zip's root under the zip's name, pages byte for byte", () => {
    const path = writeZip({
      'gold.jsonl': goldFile([gold('en'), gold('zh', { lang: 'zh', title: '图书馆' }), gold('missing')]),
      'pages/en.html': strToU8(EN_HTML),
      'pages/zh.html': strToU8(ZH_HTML),
    });
    const set = load(path);
    expect(set.name).toBe('my-export');
    expect(set.dir).not.toBe(path);
    expect(set.pages.map((p) => [p.id, p.url, p.path === null ? null : p.path.slice(set.dir.length)])).toEqual([
      ['en', 'https://example.com/en', '/pages/en.html'],
      ['zh', 'https://example.com/zh', '/pages/zh.html'],
      ['missing', 'https://example.com/missing', null],
    ]);
    const [en, zh] = set.pages.map((p) => p.path as string);
    expect(readFileSync(en as string, 'utf8')).toBe(EN_HTML);
    expect(readFileSync(zh as string)).toEqual(Buffer.from(ZH_HTML, 'utf8'));
    expect(readPageHtml(zh as string)).toContain('新图书馆周一开放，全部使用太阳能。');
    expect(set.gold.get('zh')).toMatchObject({ id: 'zh', lang: 'zh', title: '图书馆', date: '2021-03-12' });
  });

  it('unpacks a batch of entries at a time, every file whole', () => {
    const files: Zippable = { 'gold.jsonl': goldFile([gold('a'), gold('b'), gold('c')]) };
    const html = (id: string): string => `${EN_HTML}<!-- ${id} ${'x'.repeat(3000)} -->`;
    for (const id of ['a', 'b', 'c']) files[`pages/${id}.html`] = strToU8(html(id));
    const path = writeZip(files);
    // A batch holds one page and the gold (under 1000 bytes): three batches, [gold, a], [b], [c].
    const dir = unpackDatasetZip(path, { ...ZIP_LIMITS, batchBytes: html('a').length + 1000 });
    cleanups.push(() => removeUnpacked(dir));
    for (const id of ['a', 'b', 'c']) expect(readFileSync(join(dir, 'pages', `${id}.html`), 'utf8')).toBe(html(id));
    expect(readFileSync(join(dir, 'gold.jsonl'), 'utf8').split('\n')).toHaveLength(4);
  });

  it('takes the name case-insensitively from FOO.ZIP and removes the folder on request', () => {
    const path = writeZip({ 'gold.jsonl': goldFile([gold('a')]), 'pages/a.html.gz': strToU8('not really gzip') }, 'Shouting');
    const upper = path.replace(/\.zip$/, '.ZIP');
    writeFileSync(upper, readFileSync(path));
    const set = loadDataset(upper);
    expect(set.name).toBe('Shouting');
    expect(set.pages[0]?.path).toBe(join(set.dir, 'pages', 'a.html.gz'));
    removeUnpacked(set.dir);
    expect(existsSync(set.dir)).toBe(false);
  });

  it('reads the set inside one top folder, passing over directory entries, README, LICENSE and Finder files', () => {
    const path = writeZip({
      'README.txt': strToU8('what this is'),
      'my-set': {
        'gold.jsonl': goldFile([gold('a'), gold('b')]),
        'LICENSE.md': strToU8('CC-BY'),
        '.DS_Store': strToU8('x'),
        pages: { 'a.html': strToU8(EN_HTML), 'b.html': strToU8(ZH_HTML) },
      },
      __MACOSX: { 'my-set': { '._gold.jsonl': strToU8('x') } },
    });
    const set = load(path);
    expect(set.name).toBe('my-export');
    expect(set.pages.map((p) => p.path !== null && existsSync(p.path))).toEqual([true, true]);
    expect(existsSync(join(set.dir, 'README.txt'))).toBe(false);
    expect(existsSync(join(set.dir, 'LICENSE.md'))).toBe(false);
  });

  it('reads the verdicts an export adds to gold lines, and ignores its other fields (page_type, notes, annotation)', () => {
    const path = writeZip({
      'README.txt': strToU8('Annotations exported by Article Lens'),
      'gold.jsonl': goldFile([
        gold('a', {
          page_type: 'article',
          source: '',
          verdicts: { title: true, author: null, source: null, date: false, body: true },
          notes: { date: 'the page shows two days' },
          annotation: { version: 1, id: 'a', fields: { title: { value: 'x' } } },
        }),
      ]),
      // An export's folders come as directory entries.
      pages: { 'a.html': strToU8(EN_HTML) },
    });
    const set = load(path);
    expect(set.gold.get('a')).toEqual({
      id: 'a',
      url: 'https://example.com/a',
      lang: 'en',
      title: 'Title a',
      author: null,
      source: '',
      date: '2021-03-12',
      datetime: null,
      body: 'Body of a',
      site: null,
      verdicts: { title: true, author: null, source: null, date: false, body: true },
    });
  });
});

describe('loadDataset refuses a zip that is not a set, or not safe to unpack', () => {
  const set = { 'gold.jsonl': goldFile([gold('a')]), 'pages/a.html': strToU8(EN_HTML) };

  it.each([
    ['../x', 'has a ".." segment'],
    ['pages/../../x.html', 'has a ".." segment'],
    ['/abs', 'is an absolute path'],
    ['/tmp/x.html', 'is an absolute path'],
    ['C:/x.html', 'is an absolute path'],
    ['pages\\a.html', 'has a backslash'],
    ['../', 'has a ".." segment'],
  ])('entry %s', (entry, why) => {
    const path = writeZip({ ...set, [entry]: strToU8('<p>evil</p>') });
    expect(loadError(path).message).toBe(`${path}: entry "${entry}" ${why}: refused`);
  });

  it.each(['notes.txt', 'pages/sub/a.html', 'pages/a.htm', 'pages/a b.html', 'pages/.html', 'other/gold.jsonl'])(
    'entry %s, which is not part of a set',
    (entry) => {
      const path = writeZip({ ...set, [entry]: strToU8('x') });
      expect(loadError(path).message).toBe(
        `${path}: entry "${entry}" is not part of a set (a set holds gold.jsonl and pages/<id>.html or .html.gz)`,
      );
    },
  );

  it('a zip without gold.jsonl, at the root or in its top folder', () => {
    for (const files of [{ 'pages/a.html': strToU8(EN_HTML) }, { 'my-set': { pages: { 'a.html': strToU8(EN_HTML) } } }, {}]) {
      const path = writeZip(files);
      expect(loadError(path).message).toBe(
        `${path}: no gold.jsonl at the zip's root or in its one top folder (a set holds gold.jsonl and pages/<id>.html)`,
      );
    }
  });

  it('two top folders: which one would be the set?', () => {
    const path = writeZip({ a: set, b: set });
    expect(loadError(path).message).toMatch(/: no gold\.jsonl at the zip's root/);
  });

  it('a file that is not a zip, and a zip that is not there', () => {
    const { dir, cleanup } = tempDir('article-lens-zip-test-');
    cleanups.push(cleanup);
    const path = join(dir, 'broken.zip');
    writeFileSync(path, 'PK not a zip at all');
    expect(loadError(path).message).toBe(`${path}: not a readable ZIP file (invalid zip data)`);
    expect(loadError(join(dir, 'absent.zip')).message).toBe(`${join(dir, 'absent.zip')}: no such file`);
  });

  it('a bad gold line names the zip, not its temporary copy', () => {
    const path = writeZip({ 'gold.jsonl': strToU8(`${JSON.stringify(gold('a'))}\n{"id": "b",\n`) });
    expect(loadError(path).message).toBe(`${path}: gold.jsonl:2: not JSON`);
  });

  it('an entry that says it unpacks to more than 2 GiB, before unpacking anything', () => {
    const path = writeZip(set);
    const bytes = readFileSync(path);
    // Raise the declared size of pages/a.html in the central directory (offset 24 of its header).
    const name = Buffer.from('pages/a.html');
    const header = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
    for (let at = bytes.indexOf(header); at !== -1; at = bytes.indexOf(header, at + 4)) {
      if (bytes.subarray(at + 46, at + 46 + bytes.readUInt16LE(at + 28)).equals(name)) bytes.writeUInt32LE(0xffff_fff0, at + 24);
    }
    writeFileSync(path, bytes);
    // Refused by the page limit, which comes first (issue 40: each entry is bounded by its own limit).
    expect(loadError(path).message).toBe(
      `${path}: entry "pages/a.html" unpacks to ${0xffff_fff0} bytes, more than 64 MiB, too large for a page: refused`,
    );
  });

  it('more entries, or more unpacked bytes, than the limits', () => {
    // Five pages of 10 000 bytes that pack into far fewer.
    const files: Zippable = { 'gold.jsonl': goldFile([gold('a')]) };
    for (let i = 0; i < 5; i++) files[`pages/p${i}.html`] = strToU8(`<p>${'solar '.repeat(1666)}</p>`.padEnd(10_000));
    const path = writeZip(files);
    const unpack = (limits: Partial<typeof ZIP_LIMITS>) => () => unpackDatasetZip(path, { ...ZIP_LIMITS, ...limits });
    expect(unpack({ maxEntries: 5 })).toThrow(new DatasetError(`${path}: more than 5 entries, too many for a set`));
    expect(unpack({ maxBytes: 20_000 })).toThrow(new DatasetError(`${path}: unpacks to more than 20000 bytes, too large for a set`));
    expect(unpack({ maxBytes: 100 })).toThrow(new DatasetError(`${path}: larger than 100 bytes, too large for a set`));
  });
});
