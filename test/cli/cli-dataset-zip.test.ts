/**
 * The `.zip` annotation mode exports, given as it is to the commands that take a set (dom engine): `eval`
 * scores it like the set folder it packs (an English page and a Chinese one stored as UTF-8 bytes, each
 * with its paragraphs as the gold body), `train-date` writes a model from three dated pages, a zip that
 * is not safe to unpack is a one-line error, and no run leaves its unpacked copy in the temporary folder
 * (each run gets a TMPDIR of its own, checked empty afterwards), not even one stopped by Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DateModel } from '../../src/core/date-svm/date-model.ts';
import { checkDateModel } from '../../src/core/date-svm/date-model.ts';
import type { Prediction } from '../../src/eval/score.ts';
import type { CliResult } from './run-cli.ts';
import { BIN, ROOT, assertBuilt, fileTempDir, hasStackTrace, lines, runCli } from './run-cli.ts';

const dir = fileTempDir('article-lens-zip-cli-');

const EN = [
  'The harbour opened its new radar tower on Friday, and the first ships were guided in by it the same night.',
  'Pilots, who start their shifts before dawn, said the tower sees the whole bay, even in the thick autumn fog.',
  'The tower, built on the northern breakwater, cost two million pounds, most of it paid by the port authority.',
  'Fishermen welcomed it, saying that the night tides have grown stronger, and that the old radar often failed.',
];
const ZH = [
  '港口周五启用了新的雷达塔，当晚第一批船只就在它的引导下安全进港，码头工人和船员都松了一口气。',
  '引航员们说，新塔能够看清整个海湾，即使在深秋的浓雾之中也一样清楚，夜间作业因此变得更加安全。',
  '这座雷达塔建在北防波堤上，耗资两百万元，其中大部分由港务局承担，其余部分来自市政府的专项拨款。',
  '渔民们对此表示欢迎，他们说近年来夜间潮水越来越强，而旧雷达经常出故障，给出海捕鱼带来很大风险。',
];

const page = (lang: string, title: string, paragraphs: readonly string[], extra = ''): string =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><article><h1>${title}</h1>${extra}\n` +
  `${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}\n</article></body></html>`;

const goldLine = (id: string, fields: Record<string, unknown>): string =>
  JSON.stringify({
    id,
    url: `https://news.example.com/${id}.html`,
    lang: 'en',
    title: null,
    author: null,
    date: null,
    datetime: null,
    body: null,
    // What an export adds, which the loader must pass over.
    page_type: 'article',
    verdicts: { title: null, author: null, source: null, date: null, body: true },
    notes: {},
    annotation: { version: 1, id },
    ...fields,
  });

function writeZip(name: string, files: Zippable): string {
  const path = join(dir, name);
  writeFileSync(path, zipSync(files, { level: 6 }));
  return path;
}

/** A dated news page for train-date: the day under the headline, older days in a related list. */
function datedPage(i: number): { html: string; day: string } {
  const day = `2026-0${3 + i}-1${i}`;
  const html = page(
    'en',
    `Story number ${i} of the zipped set`,
    [
      `The first paragraph of story ${i}, which is long enough, has commas, clauses, and a full stop at the end.`,
      `The second paragraph of story ${i} goes on, with more commas, more clauses, and another full stop here.`,
    ],
    `<p class="byline">By Reporter ${i} · <span class="pubdate">Published ${day}</span></p>`,
  ).replace(
    '</article>',
    `</article><ul class="related"><li><a href="/a${i}">Older story</a> 2025-0${1 + i}-0${2 + i}</li>` +
      `<li><a href="/b${i}">Another story</a> 2024-1${i}-2${i}</li></ul>`,
  );
  return { html, day };
}

/** The CLI with a TMPDIR of its own, and what that folder holds once the run is over. */
async function runInOwnTmp(args: readonly string[], name: string): Promise<CliResult & { leftBehind: string[] }> {
  const tmp = join(dir, `tmp-${name}`);
  mkdirSync(tmp);
  const saved = process.env['TMPDIR'];
  process.env['TMPDIR'] = tmp;
  try {
    const r = await runCli(args, { timeoutMs: 120_000 });
    return { ...r, leftBehind: readdirSync(tmp) };
  } finally {
    if (saved === undefined) Reflect.deleteProperty(process.env, 'TMPDIR');
    else process.env['TMPDIR'] = saved;
  }
}

beforeAll(() => {
  assertBuilt();
});

describe('a set as a .zip', { timeout: 180_000 }, () => {
  it('eval scores it: body F1 of both pages, under the zip name, nothing left in TMPDIR', async () => {
    const zip = writeZip('harbour-export.zip', {
      'README.txt': strToU8('Annotations exported by Article Lens'),
      'gold.jsonl': strToU8(
        [goldLine('en', { body: EN.join('\n') }), goldLine('zh', { lang: 'zh', body: ZH.join('\n') })].join('\n') + '\n',
      ),
      pages: {
        'en.html': strToU8(page('en', 'Harbour opens a new radar tower', EN)),
        // No declared charset, UTF-8 bytes: what an export's snapshot holds.
        'zh.html': strToU8(page('zh', '港口启用新雷达塔', ZH)),
      },
    });
    const out = join(dir, 'pred.jsonl');
    const r = await runInOwnTmp(['eval', zip, '--engine', 'dom', '--out', out], 'eval');
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('article-lens: harbour-export: 2 pages with the dom engine');
    expect(lines(r.stdout)[0]).toMatch(/^harbour-export: 2 pages, 0 errors, median \d+ ms\/page/);
    const f1 = /body \(\\w\+ shingles\)\s+F1 (\d\.\d{3})\s+P \d\.\d{3}\s+R \d\.\d{3} {2}\(2 pages\)/.exec(r.stdout)?.[1];
    expect(f1).toBeDefined();
    expect(Number(f1)).toBeGreaterThanOrEqual(0.9);
    const predictions = lines(readFileSync(out, 'utf8')).map((l) => JSON.parse(l) as Prediction);
    expect(predictions.map((p) => [p.id, p.error])).toEqual([
      ['en', undefined],
      ['zh', undefined],
    ]);
    expect(predictions[1]?.body).toContain(ZH[0]);
    expect(r.leftBehind).toEqual([]);
  });

  it('train-date writes a model from a zip of three dated pages', async () => {
    const pages: Record<string, Uint8Array> = {};
    const gold: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = datedPage(i);
      pages[`d${i}.html`] = strToU8(p.html);
      gold.push(goldLine(`d${i}`, { date: p.day }));
    }
    // Zipped as a folder, the way a set folder is often packed by hand.
    const zip = writeZip('dates.zip', { dates: { 'gold.jsonl': strToU8(`${gold.join('\n')}\n`), pages } });
    const model = join(dir, 'model.json');
    const r = await runInOwnTmp(['train-date', zip, '--engine', 'dom', '--out', model, '--now', '2026-11-28'], 'train');
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('article-lens: dates: 3 annotated pages with the dom engine');
    expect(r.stderr).toMatch(/the annotated day is among the candidates on 3 of 3 dated pages/);
    expect(r.stdout).toMatch(/^model: .*model\.json \(\d+ KiB\): C [\d.]+, σ [\d.]+/m);
    const written = JSON.parse(readFileSync(model, 'utf8')) as DateModel;
    expect(() => checkDateModel(written)).not.toThrow();
    expect(written.training['now']).toBe('2026-11-28');
    expect(written.training['sets']).toEqual(['dates']);
    expect(r.leftBehind).toEqual([]);
  });

  it('a zip with an entry outside the set is one line on stderr, exit 1, and nothing unpacked', async () => {
    const zip = writeZip('evil.zip', { 'gold.jsonl': strToU8(`${goldLine('a', {})}\n`), '../escape.html': strToU8('<p>x</p>') });
    const r = await runInOwnTmp(['eval', zip, '--engine', 'dom'], 'evil');
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`article-lens: ${zip}: entry "../escape.html" has a ".." segment: refused`]);
    expect(r.stdout).toBe('');
    expect(r.leftBehind).toEqual([]);
  });

  it('a run stopped by Ctrl-C (SIGINT) or a kill (SIGTERM) leaves no unpacked copy behind', async () => {
    // Sixty pages, so that the run is still going when the signal comes.
    const pages: Record<string, Uint8Array> = {};
    const gold: string[] = [];
    for (let i = 0; i < 60; i++) {
      pages[`p${i}.html`] = strToU8(page('en', `Harbour story ${i}`, EN));
      gold.push(goldLine(`p${i}`, { body: EN.join('\n') }));
    }
    const zip = writeZip('long.zip', { 'gold.jsonl': strToU8(`${gold.join('\n')}\n`), pages });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const tmp = join(dir, `tmp-${signal}`);
      mkdirSync(tmp);
      const child = spawn(process.execPath, [BIN, 'eval', zip, '--engine', 'dom', '--concurrency', '1'], {
        cwd: ROOT,
        env: { ...process.env, TMPDIR: tmp, TZ: 'UTC', NO_COLOR: '1' },
        stdio: 'ignore',
      });
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, sig) => resolve(sig ?? code)));
      // Once the set is unpacked, stop the run.
      const deadline = Date.now() + 30_000;
      while (!readdirSync(tmp).some((f) => f.startsWith('article-lens-set-')) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(readdirSync(tmp).some((f) => f.startsWith('article-lens-set-'))).toBe(true);
      child.kill(signal);
      const how = await exited;
      // Stopped by the signal itself (not run to its end with exit code 0).
      expect(how).toBe(signal);
      expect(readdirSync(tmp)).toEqual([]);
    }
  });
});
