/**
 * `article-lens bench` and `runBench` on a small temporary set of hand-written pages: an article, an index
 * page with no article, and a page whose text makes Readability return null. Every page gets one row with
 * positive times for both extractors, the odd pages do not break the run, a page that cannot be decoded is
 * recorded with its error while the others go on, and bad usage exits 2. Speed ratios are not asserted:
 * the machine is noisy. Needs the built bundles (`node scripts/build-cli.js`) and Debian's Chromium.
 * `--similar auto` pairs the pages by host and reports the lcs-diff stage per page; `--lcs-sizes` runs on a
 * small synthetic pair. The date-SVM section and method 4's tables on hand-made rows, without a browser, are in
 * test/bench/render-bench.test.ts and test/bench/render-lcs.test.ts.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inBenchTab, withBenchBrowser } from '../../src/bench/bench-browser.ts';
import { renderBenchMarkdown } from '../../src/bench/render-bench.ts';
import { runBench } from '../../src/bench/run-bench.ts';
import { benchSimilarTree } from '../../src/bench/similar-in-page.ts';
import { loadDataset } from '../../src/eval/dataset.ts';
import { median } from '../../src/eval/order-stats.ts';
import { HAS_CHROMIUM, ROOT, assertBuilt, fileTempDir, hasStackTrace, runCli } from './run-cli.ts';

const PARAGRAPHS = Array.from(
  { length: 20 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the council said on Monday that the new library, which cost four million pounds, runs entirely ` +
    `on solar power and will open every day of the week, holidays included, for readers of all ages.</p>`,
).join('\n');

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>City opens a solar-powered library - Example News</title></head>
<body><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<article><h1>City opens a solar-powered library</h1><p class="byline">By Jane Doe, 12 March 2021</p>
${PARAGRAPHS}
</article><footer><a href="/about">About us</a></footer></body></html>`;

const INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Example News - all stories</title></head>
<body><nav><ul>${Array.from({ length: 60 }, (_, i) => `<li><a href="/news/${i}.html">Headline number ${i} about the city</a></li>`).join('')}</ul></nav>
</body></html>`;

/** Only empty blocks: Readability finds no text at all and returns null. */
const BLANK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Nothing here</title></head>
<body>${'<div><span></span></div>'.repeat(40)}</body></html>`;

const PAGES: Readonly<Record<string, string>> = { article: ARTICLE, index: INDEX, blank: BLANK };

const dir = fileTempDir('article-lens-bench-');
let setDir = '';
let brokenSetDir = '';

function writeSet(path: string, pages: Readonly<Record<string, string>>): void {
  mkdirSync(join(path, 'pages'), { recursive: true });
  for (const [id, html] of Object.entries(pages)) writeFileSync(join(path, 'pages', `${id}.html`), html);
  const gold = Object.keys(pages).map((id) => JSON.stringify({ id, url: `https://news.example.com/${id}.html`, lang: 'en' }));
  writeFileSync(join(path, 'gold.jsonl'), `${gold.join('\n')}\n`);
}

beforeAll(() => {
  assertBuilt();
  if (!existsSync(join(ROOT, 'build', 'readability-page.js')))
    throw new Error('build/readability-page.js is missing: run `node scripts/build-cli.js` before the CLI tests');
  setDir = join(dir, 'small');
  writeSet(setDir, PAGES);
  brokenSetDir = join(dir, 'broken');
  writeSet(brokenSetDir, { empty: '', article: ARTICLE });
});

describe.skipIf(!HAS_CHROMIUM)('bench in Chromium', () => {
  it('runBench: one row per page, positive times for both extractors, the odd pages go through', async () => {
    const result = await runBench([loadDataset(setDir)], { limit: null, runs: 2 });
    expect(result.engine).toBe('chromium');
    expect(result.runs).toBe(2);
    expect(result.chromium).toMatch(/chromium/i);
    expect(result.sets).toHaveLength(1);
    const set = result.sets[0]!;
    expect(set.pages.map((p) => p.id)).toEqual(['article', 'index', 'blank']);
    for (const page of set.pages) {
      expect(page.error).toBeNull();
      expect(page.oursRunsMs).toHaveLength(2);
      expect(page.readabilityRunsMs).toHaveLength(2);
      expect(page.oursMs).toBeGreaterThan(0);
      expect(page.readabilityMs).toBeGreaterThan(0);
      expect(page.oursFirstMs).toBeGreaterThan(0);
      expect(page.readabilityFirstMs).toBeGreaterThan(0);
      expect(page.elements).toBeGreaterThan(10);
      expect(page.stagesMs['preprocess']).toBeGreaterThanOrEqual(0);
      expect(page.stagesMs['serialize']).toBeGreaterThanOrEqual(0);
      expect(page.stagesMs['link-blocks']).toBeGreaterThanOrEqual(0);
      expect(page.stagesMs['date-svm']).toBeGreaterThanOrEqual(0);
      expect(page.heapUsedBytes).toBeGreaterThan(0);
    }
    const byId = new Map(set.pages.map((p) => [p.id, p]));
    expect(byId.get('article')?.readabilityFound).toBe(true);
    expect(byId.get('blank')?.readabilityFound).toBe(false);

    const s = set.summary;
    expect(s).toMatchObject({ pages: 3, timed: 3, errors: 0, readabilityNoArticle: 1 });
    expect(s.ours?.median).toBeGreaterThan(0);
    expect(s.ours?.p95).toBeGreaterThanOrEqual(s.ours?.median ?? Infinity);
    expect(s.readability?.median).toBeGreaterThan(0);
    expect(s.ratio).toBeGreaterThan(0);
    expect(s.firstRatio).toBeGreaterThan(0);
    expect(s.oursFirst?.p95).toBeGreaterThanOrEqual(s.oursFirst?.median ?? Infinity);
    expect(s.slowest).toHaveLength(3);
    expect(s.linkBlocks?.p95).toBeGreaterThanOrEqual(s.linkBlocks?.median ?? Infinity);
    expect(s.withoutLinkBlocks?.median).toBeGreaterThan(0);
    expect(s.dateSvm?.median).toBeGreaterThanOrEqual(0);
    expect(s.dateSvm?.p95).toBeGreaterThanOrEqual(s.dateSvm?.median ?? Infinity);
    expect(s.dateSvm?.median).toBe(median(set.pages.map((p) => p.stagesMs['date-svm'] ?? NaN)));
    const modelBytes = statSync(join(ROOT, 'src/core/date-svm/default-model.packed.json')).size;
    expect(result.dateModel).toEqual({ file: 'src/core/date-svm/default-model.packed.json', bytes: modelBytes });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);

    const md = renderBenchMarkdown(result);
    expect(md).toContain('## Speed (chromium, side by side with @mozilla/readability)');
    expect(md).toContain('| set | pages | errors | ours median ms | ours p95 ms | Readability median ms | Readability p95 ms |');
    expect(md).toMatch(/^\| small \| 3 \| 0 \| \d/m);
    expect(md).toContain('| set | serialise + scan median | serialise + scan p95 | rest of ours median | rest of ours p95 |');
    expect(md).toContain('| set | date-svm median ms | date-svm p95 ms | median < 5 ms |');
    expect(md).toMatch(/^\| small \| \d+\.\d\d \| \d+\.\d\d \| (met|missed) \|$/m);
    expect(md).toContain(`${(modelBytes / 1024).toFixed(1)} KiB (target ≤ 1 MB: met)`);
    expect(md).toContain(`Node ${process.version}`);
  });

  it('runBench: a page that cannot be decoded is an error, the others are timed; --limit is honoured', async () => {
    const result = await runBench([loadDataset(brokenSetDir), loadDataset(setDir)], { limit: 1, runs: 1 });
    const [broken, small] = result.sets;
    expect(broken?.pages).toHaveLength(1);
    expect(broken?.pages[0]).toMatchObject({ id: 'empty', oursMs: null, readabilityMs: null });
    expect(broken?.pages[0]?.error).toMatch(/empty file/);
    expect(broken?.summary).toMatchObject({ pages: 1, timed: 0, errors: 1, ours: null, ratio: null });
    expect(small?.pages.map((p) => p.id)).toEqual(['article']);
    expect(small?.pages[0]?.oursMs).toBeGreaterThan(0);
    expect(renderBenchMarkdown(result)).toContain('empty file');
  });

  it('a page that hides itself until its scripts run is shown as the chromium engine shows it, partner and page', async () => {
    const html = readFileSync(join(ROOT, 'test/fixtures/cli/en-anti-flicker.html'), 'utf8');
    const seen = await withBenchBrowser((browser) =>
      inBenchTab(browser, async ({ tab, bounded, load, loadTimeoutMs }) => {
        const similar = await benchSimilarTree(browser, tab, { html, url: null, why: 'test' }, bounded, loadTimeoutMs);
        await load(html);
        const visibility = await tab.evaluate(() => getComputedStyle(document.body).visibility);
        return { nodes: similar.similarPage.tree?.size ?? 0, treeMs: similar.treeMs, visibility };
      }),
    );
    // Hidden, the body would be the tree's only rendered node.
    expect(seen.nodes).toBeGreaterThan(8);
    expect(seen.treeMs).toBeGreaterThanOrEqual(0);
    expect(seen.visibility).toBe('visible');
  });

  it('the CLI prints both medians and exits 0', async () => {
    const out = join(dir, 'speed.md');
    const r = await runCli(['bench', setDir, '--runs', '1', '--out', out]);
    expect(r.stderr).not.toSatisfy(hasStackTrace);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ours median ms');
    expect(r.stdout).toContain('Readability median ms');
    expect(r.stdout).toMatch(/^small +\d+\.\d\d +\d+\.\d\d +(met|missed)$/m);
    expect(r.stdout).toMatch(
      /^Shipped date model src\/core\/date-svm\/default-model\.packed\.json .*: \d+\.\d KiB \(target ≤ 1 MB: met\)\.$/m,
    );
    const row = r.stdout.split('\n').find((l) => l.startsWith('small '));
    expect(row).toBeDefined();
    // set, pages, errors, then our median and p95, then Readability's median and p95.
    const cells = (row ?? '').trim().split(/\s+/);
    expect(cells.slice(1, 3)).toEqual(['3', '0']);
    expect(Number(cells[3])).toBeGreaterThan(0);
    expect(Number(cells[5])).toBeGreaterThan(0);
    expect(existsSync(out)).toBe(true);
  });

  it('runBench --similar auto: each page against its partner (same host), the lcs-diff stage per page and set', async () => {
    const result = await runBench([loadDataset(setDir)], { limit: null, runs: 1, similar: 'auto' });
    expect(result.similar).toBe('auto');
    const set = result.sets[0]!;
    // One host: article → index → blank → article.
    expect(set.pages.map((p) => [p.id, p.lcs?.partner])).toEqual([
      ['article', 'index'],
      ['index', 'blank'],
      ['blank', 'article'],
    ]);
    for (const page of set.pages) {
      expect(page.error).toBeNull();
      expect(page.oursMs).toBeGreaterThan(0);
      expect(page.readabilityMs).toBeGreaterThan(0);
      expect(page.lcs?.status).toBe('used');
      expect(page.lcs?.lcsMs).toBe(page.stagesMs['lcs-diff']);
      expect(page.lcs?.lcsMs).toBeGreaterThan(0);
      expect(page.lcs?.treeMs).toBeGreaterThanOrEqual(0);
      expect(page.lcs?.nodes?.page).toBeGreaterThan(1);
      expect(page.lcs?.diff?.cells).toBeGreaterThanOrEqual(0);
      expect(page.lcs?.diff?.peakTableBytes).toBeGreaterThanOrEqual(0);
    }
    expect(set.pages[0]?.lcs?.message).toMatch(/^compared with https:\/\/news\.example\.com\/index\.html/);
    expect(set.summary.lcs).toMatchObject({ withPartner: 3, used: 3, skipped: 0, unavailable: 0 });
    expect(set.summary.lcs?.lcsMs?.max).toBe(Math.max(...set.pages.map((p) => p.lcs?.lcsMs ?? NaN)));
    const md = renderBenchMarkdown(result);
    expect(md).toContain(
      '| set | pages | with partner | used | skipped | unavailable | lcs-diff median ms | lcs-diff max ms | max peak table MB |',
    );
    expect(md).toMatch(/^\| small \| article \| index \| used \| \d+\.\d \|/m);
  });

  it('bench --lcs-sizes: one row per synthetic pair, its stage time and status, the Markdown to --out', async () => {
    const out = join(dir, 'lcs.md');
    const r = await runCli(['bench', '--lcs-sizes', '300', '--runs', '1', '--out', out]);
    expect(r.stderr).not.toSatisfy(hasStackTrace);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('elements (page / similar)');
    for (const variant of ['typical', 'all-text']) {
      const line = r.stdout.split('\n').find((l) => l.startsWith(`300 `) && l.includes(` ${variant} `));
      expect(line, variant).toMatch(/^300 +\S+ +\d+ \/ \d+ +\d+ \/ \d+ +\d+\.\d +\d+\.\d +\d+\.\d +\d+\.\d +used +\d+ +\d+\.\d\d /);
      expect(line).toMatch(/ (met|missed)$/);
    }
    expect(readFileSync(out, 'utf8')).toMatch(/^\| 300 \| typical \| \d+ \/ \d+ \|/m);
  });

  it('--json prints the raw results', async () => {
    const r = await runCli(['bench', setDir, '--runs', '1', '--limit', '1', '--json']);
    expect(r.code).toBe(0);
    const parsed = JSON.parse(r.stdout) as { sets: { pages: { id: string; oursMs: number }[] }[] };
    expect(parsed.sets[0]?.pages.map((p) => p.id)).toEqual(['article']);
  });
});

describe('bench usage', () => {
  it.each([
    ['no set directory', ['bench']],
    ['--runs 0', ['bench', 'SET', '--runs', '0']],
    ['--limit x', ['bench', 'SET', '--limit', 'x']],
    ['--engine dom', ['bench', 'SET', '--engine', 'dom']],
    ['an unknown flag', ['bench', 'SET', '--fast']],
    ['--similar other', ['bench', 'SET', '--similar', 'other.html']],
    ['--lcs-sizes below the template', ['bench', '--lcs-sizes', '100']],
    ['--lcs-sizes not a list of numbers', ['bench', '--lcs-sizes', '1000,ten']],
    ['--lcs-sizes with a set', ['bench', 'SET', '--lcs-sizes', '1000']],
    ['--lcs-sizes with --similar', ['bench', '--lcs-sizes', '1000', '--similar', 'auto']],
  ])('%s exits 2', async (_, args) => {
    const r = await runCli(args.map((a) => (a === 'SET' ? setDir : a)));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^article-lens: /);
    expect(r.stderr).not.toSatisfy(hasStackTrace);
    expect(r.stdout).toBe('');
  });

  it('a missing Chromium is a one-line error, exit 1', async () => {
    const r = await runCliWithEnv(['bench', setDir, '--runs', '1'], { CHROMIUM_PATH: join(dir, 'no-such-chromium') });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(/^article-lens: Chromium not found at /);
    expect(r.stderr).not.toSatisfy(hasStackTrace);
  });
});

async function runCliWithEnv(args: readonly string[], env: Readonly<Record<string, string>>) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await runCli(args);
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) Reflect.deleteProperty(process.env, k);
      else process.env[k] = v;
    }
  }
}
