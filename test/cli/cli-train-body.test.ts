/**
 * `train-body` end to end on a small generated set (dom engine): the block features come from the
 * product's own extraction, the blocks are labelled against the gold bodies, the model file is written and
 * passes the core's check, the same trees come out of a second run, and `--cv` prints figures from models
 * that never saw a page of the scored site (or, with `--by set`, of the scored set). Bad usage is an
 * error that says what is wrong on its first line, with exit 2.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BodyModel } from '../../src/core/combine/learned/body-model.ts';
import { checkBodyModel } from '../../src/core/combine/learned/body-model.ts';
import { BLOCK_FEATURES } from '../../src/core/combine/learned/feature-columns.ts';
import { assertBuilt, fileTempDir, hasStackTrace, runCli } from './run-cli.ts';

const dir = fileTempDir('article-lens-train-body-');
const SITES = ['alpha.example', 'beta.example', 'gamma.example', 'delta.example'];
const PER_SITE = 3;

/** A story page of `site`: the article, a share row and a related list inside the article, a footer. */
function page(site: string, i: number): { html: string; body: string } {
  const paragraphs = [
    `The council of ${site} met on day ${i} to decide on the new bridge, which has been discussed for years, and the vote was close.`,
    `Engineers said the old bridge, built in the last century, could carry traffic for five more years at most, and repairs would cost more.`,
    `Residents who spoke at the meeting, some of them for the first time, asked for a footpath and a cycle lane on both sides.`,
  ];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bridge vote ${i} on ${site}</title></head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
<main><article><h1>Bridge vote ${i} on ${site}</h1>
<p class="byline">By Reporter ${i}</p>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<div class="share"><a href="/s/fb">Share</a> <a href="/s/tw">Tweet</a> <a href="/s/mail">Email</a></div>
<ul class="related"><li><a href="/r/1">Related: the old bridge in pictures</a></li><li><a href="/r/2">Related: council budget</a></li></ul>
</article></main>
<footer><p>© ${site} 2024. All rights reserved.</p></footer></body></html>`;
  return { html, body: paragraphs.join('\n') };
}

beforeAll(() => {
  assertBuilt();
  for (const set of ['one', 'two']) {
    const pages = join(dir, set, 'pages');
    mkdirSync(pages, { recursive: true });
    const gold: string[] = [];
    SITES.forEach((site, s) => {
      for (let i = 0; i < PER_SITE; i++) {
        const id = `${set}-${s}-${i}`;
        const p = page(site, i + (set === 'two' ? 10 : 0));
        writeFileSync(join(pages, `${id}.html`), p.html);
        gold.push(JSON.stringify({ id, url: `https://${site}/news/${id}`, lang: 'en', title: null, body: p.body }));
      }
    });
    writeFileSync(join(dir, set, 'gold.jsonl'), `${gold.join('\n')}\n`);
  }
});

describe('train-body', { timeout: 240_000 }, () => {
  it('writes a model the core accepts, the same trees on a second run, with site-grouped figures on request', async () => {
    const out = join(dir, 'model.json');
    const samples = join(dir, 'samples.jsonl');
    const args = ['train-body', join(dir, 'one'), join(dir, 'two'), '--engine', 'dom', '--now', '2024-06-01'];
    const r = await runCli([...args, '--rounds', '6', '--depth', '3', '--cv', '2', '--save-samples', samples, '--out', out]);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    const pages = 2 * SITES.length * PER_SITE;
    expect(r.stderr).toMatch(new RegExp(`${pages} pages, \\d+ blocks \\(\\d+ labelled body\\)`));
    expect(r.stdout).toContain('2-fold cross-validation grouped by site');
    expect(r.stdout).toMatch(/^\| one \| 12 \| \d\.\d{4} \(.*\| \d\.\d{4} \(/m);
    expect(r.stdout).toMatch(/^model: .*model\.json \(\d+ KiB\): 6 trees of depth ≤ 3/m);
    const model = JSON.parse(readFileSync(out, 'utf8')) as BodyModel;
    expect(() => checkBodyModel(model)).not.toThrow();
    expect(model.features).toEqual(BLOCK_FEATURES);
    expect(model.trees).toHaveLength(6);
    expect(model.training['crossValidated']).toMatchObject({ by: 'site' });

    // From the saved samples, without --cv: the same trees (the training is seeded).
    const again = join(dir, 'again.json');
    const r2 = await runCli(['train-body', '--samples', samples, '--rounds', '6', '--depth', '3', '--out', again]);
    expect(r2.code).toBe(0);
    const second = JSON.parse(readFileSync(again, 'utf8')) as BodyModel;
    expect(second.trees).toEqual(model.trees);
    expect(second.base).toBe(model.base);
  });

  it('--by set scores each set by a model trained on the other sets', async () => {
    const r = await runCli([
      'train-body',
      join(dir, 'one'),
      join(dir, 'two'),
      '--engine',
      'dom',
      '--rounds',
      '4',
      '--cv',
      '2',
      '--by',
      'set',
      '--thresholds',
      '0,1',
    ]);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('leave-one-set-out');
    expect(r.stdout).toMatch(/^\| two \| 12 \| \d\.\d{4} \(.*\| \d\.\d{4} \(/m);
    // --thresholds: the same out-of-fold probabilities cut at 0 (every block kept) and at 1 (none kept, so the
    // rules' body stands, as in the product).
    const tables = r.stdout.split(/\n(?=[^|\n][^\n]*p ≥)/);
    const modelOf = (title: string): { rules: string; f1: number; p: number; r: number; model: string } => {
      const table = tables.find((t) => t.includes(title)) ?? '';
      const m = /^\| two \| 12 \| ([^|]+) \| ((\d\.\d{4}) \((\d\.\d{4}) \/ (\d\.\d{4})\))/m.exec(table);
      expect(m, title).not.toBeNull();
      return { rules: m?.[1] ?? '', model: m?.[2] ?? '', f1: Number(m?.[3]), p: Number(m?.[4]), r: Number(m?.[5]) };
    };
    const atHalf = modelOf('leave-one-set-out');
    const all = modelOf('probabilities, p ≥ 0\n');
    const none = modelOf('probabilities, p ≥ 1\n');
    expect(all.r).toBeGreaterThanOrEqual(atHalf.r);
    expect(all.r).toBeGreaterThan(0.9);
    expect(all.p).toBeLessThan(atHalf.p); // the navigation, share row, related list and footer are kept too
    expect(none.model).toBe(none.rules);
  });

  it('bad usage says what is wrong, with exit 2', async () => {
    for (const args of [
      ['train-body', join(dir, 'one')],
      ['train-body', '--out', join(dir, 'x.json')],
      ['train-body', join(dir, 'one'), '--cv', '1'],
      ['train-body', join(dir, 'one'), '--cv', '2', '--by', 'page'],
      ['train-body', join(dir, 'one'), '--out', join(dir, 'x.json'), '--rounds', '0'],
      ['train-body', join(dir, 'one'), '--out', join(dir, 'x.json'), '--engine', 'gecko'],
      ['train-body', join(dir, 'one'), '--out', join(dir, 'x.json'), '--thresholds', '0.4'],
      ['train-body', join(dir, 'one'), '--cv', '2', '--thresholds', '0.4,1.5'],
    ]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(/^article-lens: \S/);
    }
  });
});
