/**
 * `train-date` and the date options of `eval` end to end on a small generated set (dom engine): the
 * samples come from the product's own extraction, the model file is written, loads in the core and is
 * the same on a second run; `eval --date-model` uses it; `eval --date-cv` predicts every page by a model
 * that never saw it, and `--date-cv 1 --date-train` by one model trained on the other sets only; bad usage
 * is a one-line error.
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DateModel } from '../../src/core/date-svm/date-model.ts';
import { checkDateModel } from '../../src/core/date-svm/date-model.ts';
import { assertBuilt, fileTempDir, hasStackTrace, runCli } from './run-cli.ts';

const dir = fileTempDir('article-lens-train-date-');
const PAGES = 12;

/** A news page: the publication date under the headline, other dates in a related list and a comment. */
function page(i: number): { html: string; day: string } {
  const day = `2019-${String(1 + (i % 9)).padStart(2, '0')}-${String(10 + i).padStart(2, '0')}`;
  const other = (k: number) => `2018-${String(1 + ((i + k) % 12)).padStart(2, '0')}-0${1 + (k % 9)}`;
  const html = `<!doctype html><html lang="en"><head><title>Story number ${i} of the test set</title></head><body>
<main><article><h1>Story number ${i} of the test set</h1>
<p class="byline">By Reporter ${i} · <span class="pubdate">Published ${day}</span></p>
<p>The first paragraph of story ${i}, which is long enough, has commas, clauses, and a full stop at the end.</p>
<p>The second paragraph of story ${i} goes on, with more commas, more clauses, and another full stop here.</p>
</article>
<ul class="related"><li><a href="/a${i}">Older story</a> ${other(1)}</li><li><a href="/b${i}">Another story</a> ${other(2)}</li></ul>
<div class="comments"><p class="comment">Reader wrote on ${other(3)}: nice.</p></div></main></body></html>`;
  return { html, day };
}

beforeAll(() => {
  assertBuilt();
  const pages = join(dir, 'set', 'pages');
  mkdirSync(pages, { recursive: true });
  const gold: string[] = [];
  for (let i = 0; i < PAGES; i++) {
    const p = page(i);
    writeFileSync(join(pages, `p${i}.html`), p.html);
    gold.push(JSON.stringify({ id: `p${i}`, url: null, lang: 'en', title: null, author: null, date: p.day, datetime: null, body: null }));
  }
  writeFileSync(join(dir, 'set', 'gold.jsonl'), `${gold.join('\n')}\n`);
});

describe('train-date', { timeout: 180_000 }, () => {
  it('writes a model the core loads, the same bytes on a second run, with the cross-validated figures on request', async () => {
    const out = join(dir, 'model.json');
    const args = ['train-date', join(dir, 'set'), '--engine', 'dom', '--now', '2024-06-01', '--out', out];
    const r = await runCli([...args, '--cv', '3']);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^default \(attributeCandidates, pageStatistics, labelLexicon, localDay\), 3-fold cross-validated:$/m);
    expect(r.stdout).toMatch(/^ {2}set {10}accuracy \d\.\d{3}/m);
    expect(r.stdout).toMatch(/^model: .*model\.json \(\d+ KiB\): C [\d.]+, σ [\d.]+/m);
    expect(r.stderr).toContain(`${PAGES} pages`);
    const model = JSON.parse(readFileSync(out, 'utf8')) as DateModel;
    expect(() => checkDateModel(model)).not.toThrow();
    expect(model.training['now']).toBe('2024-06-01');

    const again = join(dir, 'model-again.json');
    expect((await runCli([...args.slice(0, -1), again])).code).toBe(0);
    // The --cv run records its figures in the model; the rest is the same.
    const { training: t1, ...rest1 } = model;
    const { training: t2, ...rest2 } = JSON.parse(readFileSync(again, 'utf8')) as DateModel;
    expect(rest2).toEqual(rest1);
    expect(t2['now']).toBe(t1['now']);

    const ev = await runCli(['eval', join(dir, 'set'), '--engine', 'dom', '--date-model', out, '--now', '2024-06-01', '--json']);
    expect(ev.code).toBe(0);
    const scores = JSON.parse(ev.stdout) as { date: { accuracy: number; pages: number } };
    expect(scores.date.pages).toBe(PAGES);
    expect(scores.date.accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('eval --date-cv gives every page a date from a model trained without it', async () => {
    const r = await runCli(['eval', join(dir, 'set'), '--engine', 'dom', '--date-cv', '3', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`dates by 3-fold cross-validation over its ${PAGES} annotated pages`);
    const scores = JSON.parse(r.stdout) as { date: { accuracy: number; pages: number } };
    expect(scores.date.pages).toBe(PAGES);
    expect(scores.date.accuracy).toBeGreaterThanOrEqual(0.75);
  });

  it('eval --date-cv 1 --date-train dates every page by one model trained on the other sets only (leave-one-set-out)', async () => {
    const pages = join(dir, 'other', 'pages');
    mkdirSync(pages, { recursive: true });
    const gold: string[] = [];
    for (let i = PAGES; i < 2 * PAGES; i++) {
      const p = page(i % 19);
      writeFileSync(join(pages, `o${i}.html`), p.html);
      gold.push(JSON.stringify({ id: `o${i}`, url: null, lang: 'en', title: null, author: null, date: p.day, datetime: null, body: null }));
    }
    writeFileSync(join(dir, 'other', 'gold.jsonl'), `${gold.join('\n')}\n`);
    const r = await runCli(['eval', join(dir, 'set'), '--engine', 'dom', '--date-cv', '1', '--date-train', join(dir, 'other'), '--json']);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`dates of its ${PAGES} annotated pages by one model trained on the other sets only (leave-one-set-out)`);
    expect(r.stderr).toContain(`(${PAGES} pages of 1 other sets)`);
    const scores = JSON.parse(r.stdout) as { date: { accuracy: number; pages: number } };
    expect(scores.date.pages).toBe(PAGES);
    expect(scores.date.accuracy).toBeGreaterThanOrEqual(0.75);
  });

  it('--samples reuses saved samples; --grid fixes C and σ; --cv-deals repeats the cross-validation over other deals', async () => {
    const samples = join(dir, 'samples.jsonl');
    const save = await runCli([
      'train-date',
      join(dir, 'set'),
      '--engine',
      'dom',
      '--now',
      '2024-06-01',
      '--cv',
      '3',
      '--save-samples',
      samples,
    ]);
    expect(save.code).toBe(0);
    const r = await runCli([
      'train-date',
      '--samples',
      samples,
      '--cv',
      '3',
      '--cv-deals',
      '2',
      '--grid',
      '2:1',
      '--out',
      join(dir, 'g.json'),
    ]);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^over 2 deals into folds:$/m);
    expect(r.stdout).toMatch(/^ {2}set {10}mean accuracy \d\.\d{3} {2}\(\d\.\d{3}–\d\.\d{3}\)$/m);
    expect(r.stderr).toContain('deal 1, fold 3/3: C 2, σ 1');
    const model = JSON.parse(readFileSync(join(dir, 'g.json'), 'utf8')) as DateModel;
    expect([model.svm.c, model.svm.sigma]).toEqual([2, 1]);
  });

  it('bad usage is a one-line error with exit 2', async () => {
    for (const args of [
      ['train-date', join(dir, 'set')],
      ['train-date', '--out', join(dir, 'x.json')],
      ['train-date', join(dir, 'set'), '--out', join(dir, 'x.json'), '--now', 'yesterday'],
      ['train-date', join(dir, 'set'), '--cv', '3', '--grid', '2,x:1'],
      ['train-date', join(dir, 'set'), '--cv', '3', '--grid', '2'],
      ['train-date', join(dir, 'set'), '--cv', '3', '--cv-deals', '0'],
      ['eval', join(dir, 'set'), '--date-cv', '1'],
      ['eval', join(dir, 'set'), '--date-train', join(dir, 'set')],
      ['eval', join(dir, 'set'), '--date-model', join(dir, 'set', 'gold.jsonl')],
    ]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
  });
});
