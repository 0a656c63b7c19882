/**
 * `article-lens eval <set> --compare readability` on a hand-made set of three pages, in both engines:
 * `promo` (an article followed by promotional paragraphs that Readability appends as siblings of its
 * top candidate), `glued` (paragraphs without final stops and with no whitespace between the tags, which
 * our core takes for no sentences while Readability reads them; too long to be read whole as a short page), and `blank` (an empty body: Readability
 * finds no article). The printed figures, wins and top pages are checked against the bodies the run wrote
 * with `--out`, scored here with the eval's own body metric, so the test follows the extractors instead of
 * pinning their results.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReadabilityComparison } from '../../src/eval/compare-readability.ts';
import { TIE_WITHIN, bodyStart } from '../../src/eval/compare-readability.ts';
import type { PrF1 } from '../../src/eval/metrics.ts';
import type { SetScores } from '../../src/eval/score.ts';
import { bodyFigure } from '../../src/eval/score.ts';
import { HAS_CHROMIUM, ROOT, assertBuilt, fileTempDir, hasStackTrace, lines, runCli } from './run-cli.ts';

const ARTICLE = [
  'The harbour opened its new radar tower on Friday, and the first ships were guided in by it the same night.',
  'Pilots, who start their shifts before dawn, said the tower sees the whole bay, even in the thick autumn fog.',
  'The tower, built on the northern breakwater, cost two million pounds, most of it paid by the port authority.',
  'Fishermen welcomed it, saying that the night tides have grown stronger, and that the old radar often failed.',
  'Council engineers will now rebuild the old stone quay, which was damaged in the storms of last winter.',
];
const PROMO = [
  'Subscribe to the Coast Times today and get unlimited access to every story, our daily newsletter and the weekend magazine.',
  'Our journalists work around the clock to bring you the news from every harbour and village on the coast, and your support keeps them working.',
  'Advertise with us and reach thousands of readers across the region every single day, in print and online, with our partner packages.',
];
const GLUED = [
  'Harbour pilots, who start before dawn, guide every tanker through the narrow channel',
  'The new radar tower, built on the northern breakwater, watches the whole bay',
  'Fishermen say, after years at sea, that the night tides have grown stronger',
  'Council engineers, working with the port, will rebuild the old stone quay',
  'Visitors, even in winter, can walk along the harbour wall to the market',
  // Longer than combine.shortPageMaxUnits (100 text units): a short page with no sentence would be read whole.
  'The lighthouse keeper, now retired, still climbs the tower every Sunday morning',
  'Boats from three villages, some of them a century old, race in the summer regatta',
  'The fish market, rebuilt after the fire, opens at five and closes by noon',
  'Schoolchildren, on their yearly visit, learn how the tides are measured',
  'The ferry to the islands, running twice a day, is full in every season',
];

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} - Coast Times</title></head><body>${body}</body></html>`;
const paragraphs = (ps: readonly string[], sep: string): string => ps.map((p) => `<p>${p}</p>`).join(sep);

const PAGES: Record<string, string> = {
  promo: page(
    'Harbour opens a new radar tower',
    `\n<article>\n<h1>Harbour opens a new radar tower</h1>\n<p class="byline">By Sam Reed, 6 May 2022</p>\n${paragraphs(ARTICLE, '\n')}\n</article>\n${paragraphs(PROMO, '\n')}\n`,
  ),
  glued: page('Harbour gets a new radar tower', `<article><h1>Harbour gets a new radar tower</h1>${paragraphs(GLUED, '')}</article>`),
  blank: page('Nothing here', ''),
};
const GOLD_BODY: Record<string, string> = {
  promo: ARTICLE.join('\n'),
  glued: GLUED.join('\n'),
  blank: 'A short report that the page no longer shows',
};
const GOLD = Object.keys(PAGES).map((id) => ({
  id,
  url: `https://coast.example.com/2022/05/${id}.html`,
  lang: 'en',
  title: null,
  author: null,
  date: null,
  datetime: null,
  body: GOLD_BODY[id],
}));

const READABILITY_VERSION = (createRequire(import.meta.url)('@mozilla/readability/package.json') as { version: string }).version;

const dir = fileTempDir('article-lens-compare-');
let setDir = '';

beforeAll(() => {
  assertBuilt();
  if (!existsSync(join(ROOT, 'build', 'readability-page.js')))
    throw new Error('build/readability-page.js is missing: run `node scripts/build-cli.js` before the CLI tests');
  setDir = join(dir, 'harbour');
  mkdirSync(join(setDir, 'pages'), { recursive: true });
  for (const [id, html] of Object.entries(PAGES)) writeFileSync(join(setDir, 'pages', `${id}.html`), html);
  writeFileSync(join(setDir, 'gold.jsonl'), GOLD.map((g) => JSON.stringify(g)).join('\n') + '\n');
});

interface CompareLine {
  readonly id: string;
  readonly body: string;
  readonly readabilityBody: string;
  readonly readabilityError?: string;
}

const f3 = (n: number): string => n.toFixed(3);
const figure = (s: PrF1): string => `F1 ${f3(s.f1)}  P ${f3(s.precision)}  R ${f3(s.recall)}`;
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Both extractors' figures and per-page F1s, from the bodies the run wrote, with the eval's metric. */
function expected(preds: readonly CompareLine[]) {
  const pairs = (side: 'body' | 'readabilityBody') => preds.map((p) => ({ gold: GOLD_BODY[p.id] as string, predicted: p[side] }));
  const f1 = (gold: string, predicted: string): number => bodyFigure([{ gold, predicted }], 'word').f1;
  const pages = preds.map((p) => ({
    id: p.id,
    ours: f1(GOLD_BODY[p.id] as string, p.body),
    theirs: f1(GOLD_BODY[p.id] as string, p.readabilityBody),
  }));
  return {
    ours: bodyFigure(pairs('body'), 'word'),
    theirs: bodyFigure(pairs('readabilityBody'), 'word'),
    oursAhead: pages.filter((p) => p.ours - p.theirs > TIE_WITHIN),
    theirsAhead: pages.filter((p) => p.theirs - p.ours > TIE_WITHIN),
    pages,
  };
}

for (const engine of ['dom', ...(HAS_CHROMIUM ? ['chromium'] : [])]) {
  describe(`eval --compare readability, ${engine} engine`, () => {
    it('prints both figures, the wins, the pages Readability gave nothing for, and the top pages with the body beginnings', async () => {
      const out = join(dir, `compare-${engine}.jsonl`);
      const r = await runCli(['eval', setDir, '--engine', engine, '--compare', 'readability', '--out', out], { timeoutMs: 90_000 });
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.code).toBe(0);

      // --out: Readability's body beside ours on every line, and why it gave none on the blank page.
      const preds = lines(readFileSync(out, 'utf8')).map((l) => JSON.parse(l) as CompareLine);
      expect(preds.map((p) => p.id)).toEqual(['promo', 'glued', 'blank']);
      for (const p of preds) {
        // The CLI contract's fields come first, then ours error and warnings, then Readability's fields.
        const keys = Object.keys(p);
        const after = keys.slice(keys.indexOf('ms') + 1).filter((k) => k !== 'error' && k !== 'warnings');
        expect(after).toEqual(p.readabilityError === undefined ? ['readabilityBody'] : ['readabilityBody', 'readabilityError']);
        expect(typeof p.readabilityBody).toBe('string');
      }
      const blank = preds.find((p) => p.id === 'blank') as CompareLine;
      expect(blank).toMatchObject({ readabilityBody: '', readabilityError: 'no article found' });
      const glued = preds.find((p) => p.id === 'glued') as CompareLine;
      expect(glued.readabilityError).toBeUndefined();
      expect(glued.readabilityBody).toContain(GLUED[2]);

      const want = expected(preds);
      // The fixture's point: one page each way (if a change makes one a tie, the pages need rethinking).
      expect(want.oursAhead.map((p) => p.id)).toEqual(['promo']);
      expect(want.theirsAhead.map((p) => p.id)).toEqual(['glued']);

      const text = r.stdout;
      expect(text).toContain(
        `  compared with @mozilla/readability ${READABILITY_VERSION}: same decoded pages, ${engine} engine, 3 pages with a gold body\n`,
      );
      expect(text).toMatch(
        new RegExp(`^ {2}body \\(\\\\w\\+ shingles\\) +${escape(figure(want.ours))} +${escape(figure(want.theirs))}$`, 'm'),
      );
      // Our own figure in the set's scores is the same one the comparison prints for us.
      expect(text).toMatch(new RegExp(`^ {2}body \\(\\\\w\\+ shingles\\) +${escape(figure(want.ours))} +\\(3 pages\\)$`, 'm'));
      const ties = want.pages.length - want.oursAhead.length - want.theirsAhead.length;
      expect(text).toContain(`  pages won             ours 1, Readability 1, ties ${ties}  (page \\w+ F1, a tie within ${TIE_WITHIN})\n`);
      expect(text).toContain('  Readability gave no body on 1 page (scored as empty): no article found 1\n    blank: no article found\n');

      for (const [title, side] of [
        ['ours ahead most', want.oursAhead],
        ['Readability ahead most', want.theirsAhead],
      ] as const) {
        const p = side[0] as (typeof side)[number];
        const pred = preds.find((x) => x.id === p.id) as CompareLine;
        const sign = p.ours >= p.theirs ? '+' : '−';
        expect(text).toContain(
          [
            `  ${title} (1 of 1):`,
            `    ${p.id}  ours ${f3(p.ours)}  Readability ${f3(p.theirs)}  (${sign}${f3(Math.abs(p.ours - p.theirs))})`,
            `      ours:        ${bodyStart(pred.body) || '(empty)'}`,
            `      Readability: ${bodyStart(pred.readabilityBody)}`,
            `      gold:        ${bodyStart(GOLD_BODY[p.id] as string)}`,
          ].join('\n'),
        );
      }
      // The beginnings are ~100 characters of the bodies themselves.
      expect(text).toContain(`      Readability: ${GLUED[0]}${GLUED[1]?.slice(0, 100 - (GLUED[0]?.length ?? 0))}…\n`);
    }, 120_000);

    it('--json adds the comparison to the scores: figures, wins, failures, top pages and every page', async () => {
      const out = join(dir, `compare-json-${engine}.jsonl`);
      const r = await runCli(['eval', setDir, '--engine', engine, '--compare', 'readability', '--json', '--out', out], {
        timeoutMs: 90_000,
      });
      expect(r.code).toBe(0);
      const json = JSON.parse(r.stdout) as SetScores & { comparison: ReadabilityComparison };
      const c = json.comparison;
      const want = expected(lines(readFileSync(out, 'utf8')).map((l) => JSON.parse(l) as CompareLine));
      expect(c).toMatchObject({
        against: 'readability',
        version: READABILITY_VERSION,
        engine,
        pages: 3,
        decidedBy: 'word',
        tieWithin: TIE_WITHIN,
      });
      expect(c.ours).toEqual({ body: want.ours, bodyCjk: null });
      expect(c.readability).toEqual({ body: want.theirs, bodyCjk: null });
      expect(json.body).toEqual(c.ours.body);
      expect(c.wins).toEqual({
        ours: want.oursAhead.length,
        readability: want.theirsAhead.length,
        ties: 3 - want.oursAhead.length - want.theirsAhead.length,
      });
      expect(c.readabilityFailures).toEqual({ noArticle: 1, error: 0, 'time-limit': 0, 'not-run': 0 });
      expect(c.perPage).toEqual(
        want.pages.map((p) => ({
          id: p.id,
          ours: p.ours,
          readability: p.theirs,
          ...(p.id === 'blank' ? { readabilityProblem: 'no article found' } : {}),
        })),
      );
      expect(c.top.ours.map((p) => p.id)).toEqual(want.oursAhead.map((p) => p.id));
      expect(c.top.readability.map((p) => p.id)).toEqual(want.theirsAhead.map((p) => p.id));
      for (const p of [...c.top.ours, ...c.top.readability]) {
        expect(Object.keys(p).sort()).toEqual(['goldStart', 'id', 'ours', 'oursStart', 'readability', 'readabilityStart']);
        expect(p.goldStart).toBe(bodyStart(GOLD_BODY[p.id] as string));
      }
    }, 120_000);
  });
}

describe('eval --compare readability: time limit and usage', () => {
  it('a Readability that outlives the page time limit counts as an empty body and is reported; the run goes on', async () => {
    // 1 ms: each page's Readability (in a fresh worker after a stopped one, which first loads Readability) runs out.
    const out = join(dir, 'compare-time-limit.jsonl');
    const r = await runCli(['eval', setDir, '--engine', 'dom', '--compare', 'readability', '--time-limit', '0.001', '--out', out]);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(0);
    const preds = lines(readFileSync(out, 'utf8')).map((l) => JSON.parse(l) as CompareLine);
    const timedOut = preds.filter((p) => p.readabilityError?.startsWith('skipped: time limit reached (0.001 s) during'));
    expect(timedOut.length).toBeGreaterThan(0);
    for (const p of timedOut) expect(p.readabilityBody).toBe('');
    expect(r.stdout).toMatch(
      new RegExp(`^ {2}Readability gave no body on \\d pages? \\(scored as empty\\): .*time limit ${timedOut.length}`, 'm'),
    );
  });

  it('--compare takes only "readability", and --compare-top goes with it', async () => {
    const bad = await runCli(['eval', setDir, '--engine', 'dom', '--compare', 'trafilatura']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--compare takes "readability", got "trafilatura"');
    const alone = await runCli(['eval', setDir, '--engine', 'dom', '--compare-top', '3']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--compare-top goes with --compare readability');
  });
});
