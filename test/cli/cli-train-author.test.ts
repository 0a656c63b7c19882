/**
 * `train-author` end to end (issue 41, dom engine) on small generated sets: every page names its writer in a
 * byline and carries the site's staff account in a meta tag. From a set folder and from an annotations
 * export zip (a field marked right keeps the extracted value as its gold), the candidates' rows come from the
 * product's own extraction, the model file is written and passes the core's check, the same trees come out of
 * a second run from the saved samples, `--cv` prints site-grouped figures and `--by set` leave-one-set-out
 * ones, and the model, given back to `eval`, chooses the byline. Bad usage is exit 2 with a one-line reason.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldModel } from '../../src/core/metadata/field-model/field-model.ts';
import { checkFieldModel } from '../../src/core/metadata/field-model/field-model.ts';
import { FIELD_FEATURES } from '../../src/core/metadata/field-model/field-features.ts';
import { assertBuilt, fileTempDir, hasStackTrace, runCli } from './run-cli.ts';

const dir = fileTempDir('article-lens-train-author-');
const SITES = ['alpha.example', 'beta.example', 'gamma.example', 'delta.example'];
const NAMES = ['Mara Quinn', 'Tomas Reyes', 'Ada Lindqvist', 'Jon Okafor', 'Lena Vogt', 'Ravi Menon'];

function page(site: string, i: number): { html: string; author: string } {
  const author = NAMES[i % NAMES.length] as string;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour story ${i} | ${site}</title>
<meta name="author" content="Web Desk ${i}"></head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<article><h1>Harbour story ${i} on ${site}</h1><p class="byline">By ${author}</p>
<p>The harbour opened its new radar tower on Friday, and the first ships were guided in by it the same night.</p>
<p>Pilots, who start their shifts before dawn, said the tower sees the whole bay, even in the thick autumn fog.</p>
</article><footer><p>© ${site}</p></footer></body></html>`;
  return { html, author };
}

beforeAll(() => {
  assertBuilt();
  for (const set of ['one', 'two']) {
    const pages = join(dir, set, 'pages');
    mkdirSync(pages, { recursive: true });
    const gold: string[] = [];
    SITES.forEach((site, s) => {
      for (let i = 0; i < 3; i++) {
        const id = `${set}-${s}-${i}`;
        const p = page(site, s * 3 + i + (set === 'two' ? 1 : 0));
        writeFileSync(join(pages, `${id}.html`), p.html);
        gold.push(JSON.stringify({ id, url: `https://${site}/news/${id}`, lang: 'en', title: null, author: p.author }));
      }
    });
    writeFileSync(join(dir, set, 'gold.jsonl'), `${gold.join('\n')}\n`);
  }
  // An annotations export: the annotator marked the author right on two pages (their gold is the extracted
  // value) and corrected it on the third.
  const files: Record<string, Uint8Array> = {};
  const gold: string[] = [];
  for (let i = 0; i < 3; i++) {
    const p = page('export.example', 20 + i);
    files[`e${i}.html`] = strToU8(p.html);
    gold.push(
      JSON.stringify({
        id: `e${i}`,
        url: `https://export.example/e${i}`,
        lang: 'en',
        page_type: 'article',
        title: null,
        author: p.author,
        source: null,
        date: null,
        datetime: null,
        body: null,
        verdicts: { title: null, author: i < 2, source: null, date: null, body: null },
        notes: {},
        annotation: { version: 1, id: `e${i}` },
      }),
    );
  }
  writeFileSync(join(dir, 'export.zip'), zipSync({ 'gold.jsonl': strToU8(`${gold.join('\n')}\n`), pages: files }));
});

describe('train-author', { timeout: 240_000 }, () => {
  it('writes a model the core accepts from a set and an annotations zip, the same trees again, with site-grouped figures', async () => {
    const out = join(dir, 'model.json');
    const samples = join(dir, 'samples.jsonl');
    const args = ['train-author', join(dir, 'one'), join(dir, 'two'), join(dir, 'export.zip'), '--engine', 'dom', '--now', '2024-06-01'];
    const r = await runCli([...args, '--cv', '2', '--save-samples', samples, '--out', out]);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('export: 3 pages with an author or source gold with the dom engine');
    expect(r.stderr).toMatch(/author: 27 pages with a gold, \d+ candidates \(\d+ labelled the page's\)/);
    expect(r.stdout).toContain("author, 2-fold cross-validation grouped by site (no page's site in its model's training)");
    expect(r.stdout).toMatch(/^ {2}one +12 +1\.000 +1\.000$/m);
    expect(r.stdout).toMatch(/^model: .*model\.json \(\d+ KiB\): author \d+ trees, source \d+$/m);
    const model = JSON.parse(readFileSync(out, 'utf8')) as FieldModel;
    expect(() => checkFieldModel(model)).not.toThrow();
    expect(model.features).toEqual(FIELD_FEATURES);
    expect(model.training['sets']).toEqual(['one', 'two', 'export']);
    expect(model.training['crossValidated']).toMatchObject({ by: 'site', folds: 2 });

    const again = join(dir, 'again.json');
    const r2 = await runCli(['train-author', '--samples', samples, '--out', again]);
    expect(r2.code).toBe(0);
    const second = JSON.parse(readFileSync(again, 'utf8')) as FieldModel;
    expect(second.author).toEqual(model.author);

    // Given back to eval, the model chooses the byline over the meta tag's desk account.
    const e = await runCli(['eval', join(dir, 'two'), '--engine', 'dom', '--field-model', out]);
    expect(e.code).toBe(0);
    expect(e.stdout).toMatch(/^ {2}author +exact 1\.000 +token F1 1\.000 +\(12 pages\)$/m);
    const bad = join(dir, 'bad-model.json');
    writeFileSync(bad, JSON.stringify({ ...model, features: ['x'] }));
    const b = await runCli(['eval', join(dir, 'two'), '--engine', 'dom', '--field-model', bad]);
    expect(b.code).toBe(2);
    expect(b.stderr.split('\n')[0]).toBe(
      `article-lens: --field-model ${bad}: its feature columns are not the ones this build computes (retrain it with train-author)`,
    );
  });

  it('--by set scores each set by a model trained on the other sets', async () => {
    const r = await runCli([
      'train-author',
      join(dir, 'one'),
      join(dir, 'two'),
      '--engine',
      'dom',
      '--cv',
      '2',
      '--by',
      'set',
      '--thresholds',
      '1',
    ]);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('author, leave-one-set-out (each set chosen by a model trained on the others)');
    expect(r.stdout).toMatch(/^ {2}two +12 +1\.000 +1\.000$/m);
    // At a least probability of 1 no candidate is sure enough: none chosen, every page wrong.
    expect(r.stdout).toMatch(/p ≥ 1\n.*\n {2}one +12 +1\.000 +0\.000$/m);
  });

  it('bad usage says what is wrong, with exit 2', async () => {
    for (const args of [
      ['train-author', join(dir, 'one')],
      ['train-author', '--out', join(dir, 'x.json')],
      ['train-author', join(dir, 'one'), '--cv', '1'],
      ['train-author', join(dir, 'one'), '--cv', '2', '--by', 'page'],
      ['train-author', join(dir, 'one'), '--out', join(dir, 'x.json'), '--thresholds', '0.4'],
      ['train-author', join(dir, 'one'), '--cv', '2', '--thresholds', '1.5'],
    ]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(/^article-lens: \S/);
    }
  });
});
