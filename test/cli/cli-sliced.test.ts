/**
 * `extract --sliced`: the core run the content script's way (time slices, the thread given back between
 * them) gives the same Article JSON as the synchronous run, with both engines, on the CLI fixtures, the
 * samples and a list page big enough to be cut into many slices. Only the measured times may differ.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/core/index.ts';
import { HAS_CHROMIUM, ROOT, assertBuilt, runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'article-lens-sliced-'));
const LIST_PAGE = join(dir, 'list.html');

beforeAll(() => {
  assertBuilt();
  const items = Array.from(
    { length: 3000 },
    (_, i) => `<li><a href="/n/${i}">Story ${i} of the week</a> <span>${(i % 28) + 1} May 2024</span></li>`,
  );
  writeFileSync(
    LIST_PAGE,
    `<!doctype html><html lang="en"><head><title>The river wall holds after a week of rain</title></head><body>
<article><h1>The river wall holds after a week of rain</h1><p>By Ann Lee · 12 March 2024</p>
<p>The flood wall along the river held through the storm, engineers said on Tuesday, after a week in which the water rose higher than at any time since records began.</p>
<p>Residents, who had been told to leave on Sunday, returned to their homes, and the council said the road would open again on Friday.</p></article>
<ul>${items.join('')}</ul></body></html>`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PAGES = [
  ['test/fixtures/cli/en-article.html', join(ROOT, 'test', 'fixtures', 'cli', 'en-article.html')],
  ['samples/zh-gbk-news.html', join(ROOT, 'samples', 'zh-gbk-news.html')],
  ['a list of 3000 dated links under an article', LIST_PAGE],
] as const;

/** Small slices and frequent checkpoints, so that even the small pages pause many times. */
const SLICING = ['--option', 'slicing.sliceMs=0', '--option', 'slicing.checkEvery=8'];

/** The Article without what is measured in time. */
function withoutTimes(json: string): unknown {
  const a = JSON.parse(json) as Article;
  return { ...a, timings: Object.keys(a.timings), explain: { ...a.explain, steps: a.explain.steps.map((s) => ({ ...s, ms: 0 })) } };
}

describe.each([['dom', true] as const, ['chromium', HAS_CHROMIUM] as const])('extract --sliced (%s engine)', (engine, available) => {
  it.runIf(available).each(PAGES)('%s: the same Article as the synchronous run', async (_name, page) => {
    const args = [
      'extract',
      page,
      '--engine',
      engine,
      '--explain',
      '--url',
      'https://news.example.com/2024/03/12/river-wall.html',
      ...SLICING,
    ];
    const [sync, sliced] = await Promise.all([runCli(args, { timeoutMs: 120_000 }), runCli([...args, '--sliced'], { timeoutMs: 120_000 })]);
    expect(sliced.code).toBe(sync.code);
    expect(sliced.stderr).toBe(sync.stderr);
    expect(withoutTimes(sliced.stdout)).toEqual(withoutTimes(sync.stdout));
    expect((JSON.parse(sync.stdout) as Article).body.text.length).toBeGreaterThan(100);
  });
});
