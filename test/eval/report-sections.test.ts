/**
 * The report's tables on made-up figures: Readability's body beside ours in the results, the methods
 * table with a column per body set (CJK on a Chinese set), its mean and its flags, the metadata table
 * without columns that have no figure, and the leave-one-set-out section's choice, table and sweep.
 */
import { describe, expect, it } from 'vitest';
import type { Sweep } from '../../src/eval/loso.ts';
import type { ReadabilityFigures, ScoreLookup } from '../../src/eval/report-sections.ts';
import { losoSection, metadataSection, methodsSection, readabilitySection, resultsSection } from '../../src/eval/report-sections.ts';
import type { VariantSpec } from '../../src/eval/report-variants.ts';
import { DEFAULT_VARIANT, bodyVariants, metadataVariants, variantFlags } from '../../src/eval/report-variants.ts';
import type { SetScores } from '../../src/eval/score.ts';

const prf = (f1: number) => ({ precision: f1, recall: f1, f1, pages: 10 });

function fake(set: string, figures: { body?: number; cjk?: number; date?: number; title?: number }): SetScores {
  return {
    set,
    pages: 10,
    errors: 0,
    issues: { failed: {}, warned: {} },
    body: figures.body === undefined ? null : prf(figures.body),
    bodyCjk: figures.cjk === undefined ? null : prf(figures.cjk),
    date:
      figures.date === undefined
        ? null
        : { tp: 0, fp: 0, fn: 0, tn: 0, precision: 1, recall: 1, accuracy: figures.date, fscore: 1, coverage: 1, pages: 10 },
    title: figures.title === undefined ? null : { exact: figures.title, tokenF1: figures.title, pages: 10 },
    author: null,
    source: null,
    medianMs: 12,
    medianCoreMs: 3.5,
    linkBlocks: null,
  };
}

/** Scores from a table variant → set → figures (dom engine only). */
function lookup(table: Record<string, Record<string, SetScores>>): ScoreLookup {
  return (engine, variant, set) => (engine === 'dom' ? table[variant]?.[set] : undefined);
}

const readability: ReadabilityFigures = {
  version: '0.6.0',
  engine: 'dom',
  pages: 10,
  decidedBy: 'cjk',
  tieWithin: 0.01,
  ours: { body: prf(0.8), bodyCjk: prf(0.9) },
  readability: { body: prf(0.7), bodyCjk: prf(0.85) },
  wins: { ours: 6, readability: 3, ties: 1 },
  readabilityFailures: { noArticle: 1, error: 0, 'time-limit': 1, 'not-run': 0 },
};

describe('results and Readability', () => {
  it('puts Readability body F1 and CJK F1 beside ours, per set and engine', () => {
    const scores = lookup({ default: { gne: fake('gne', { body: 0.8, cjk: 0.9, title: 1 }), htmldate: fake('htmldate', { date: 0.9 }) } });
    const r = (engine: string, set: string) => (engine === 'dom' && set === 'gne' ? readability : undefined);
    const md = resultsSection(['dom'], ['gne', 'htmldate'], scores, r).join('\n');
    expect(md).toContain('| body F1 CJK | Readability body F1 | Readability F1 CJK |');
    expect(md).toContain('| gne | dom | 0.800 | 0.800 | 0.800 | 0.900 | 0.700 | 0.850 | — |');
    expect(md).toContain('| htmldate | dom | — | — | — | — | — | — | 0.900 |');
    const cmp = readabilitySection(['dom'], ['gne', 'htmldate'], r).join('\n');
    expect(cmp).toContain('@mozilla/readability 0.6.0');
    expect(cmp).toContain('| gne | dom | 10 | CJK | 0.900 | 0.850 | +0.050 | 6 | 3 | 1 | 2 |');
    expect(readabilitySection(['dom'], ['htmldate'], r)).toEqual([]);
    // A set without a body gold compares no page: no Readability figure for it.
    const none = () => ({ ...readability, pages: 0 });
    expect(resultsSection(['dom'], ['htmldate'], scores, none).join('\n')).toContain('| htmldate | dom | — | — | — | — | — | — | 0.900 |');
    expect(readabilitySection(['dom'], ['htmldate'], none)).toEqual([]);
  });
});

describe('methods table', () => {
  it('has a row per body variant with its flags, a column per body set, the mean and Δ mean', () => {
    const variants: VariantSpec[] = [
      { name: 'method 1 alone, faithful', preset: 'faithful', options: ['combine.bodyMethod=title-anchor'], measures: ['body'] },
      DEFAULT_VARIANT,
    ];
    const scores = lookup({
      default: {
        scrapinghub: fake('scrapinghub', { body: 0.9 }),
        gne: fake('gne', { body: 0.5, cjk: 0.8 }),
        htmldate: fake('htmldate', { date: 1 }),
      },
      'method 1 alone, faithful': { scrapinghub: fake('scrapinghub', { body: 0.7 }), gne: fake('gne', { body: 0.5, cjk: 0.6 }) },
    });
    const md = methodsSection('dom', ['scrapinghub', 'gne', 'htmldate'], variants, scores).join('\n');
    expect(md).toContain('## Body: methods and the combination (dom engine)');
    expect(md).toContain('| variant | flags | scrapinghub | gne (CJK) | mean | Δ mean |');
    expect(md).toContain('|---|---|---:|---:|---:|---:|');
    expect(md).toContain(
      '| method 1 alone, faithful | `--preset faithful --option combine.bodyMethod=title-anchor` | 0.700 | 0.600 | 0.650 | −0.200 |',
    );
    expect(md).toContain('| default | (defaults) | 0.900 | 0.800 | 0.850 |  |');
    expect(md).not.toContain('htmldate');
  });

  it('declares every method alone, the combination, pathLeads off and each body extension off', () => {
    const names = bodyVariants().map((v) => v.name);
    expect(names.slice(0, 7)).toEqual([
      'method 1 alone, faithful',
      'method 1 alone, with extensions',
      'method 2 alone, faithful',
      'method 2 alone, with extensions',
      'faithful (all extensions off)',
      'default',
      'combine.pathLeads off',
    ]);
    expect(names).toContain('without combine.joinPathSiblings');
    expect(names).toContain('without punctPath.latinStops');
    expect(names).toContain('without text.latinSentence');
    expect(names).not.toContain('without metadata.urlDate');
    const m2 = bodyVariants()[2] as VariantSpec;
    expect(variantFlags(m2)).toBe(
      '--option combine.bodyMethod=punct-path --option punctPath.extensions.latinStops=false --option punctPath.extensions.classIdentity=false --option punctPath.extensions.skipCommentSections=false',
    );
    const meta = metadataVariants().map((v) => v.name);
    expect(meta).toContain('without metadata.urlDate');
    expect(meta).toContain('dateSvm.enabled off (the §1.7 rule chain)');
    expect(meta.some((n) => n.startsWith('without dateSvm.'))).toBe(false);
    expect(meta).not.toContain('without linkBlocks.keepSentences');
  });
});

describe('metadata table', () => {
  it('leaves out the columns where the default has no figure', () => {
    const scores = lookup({
      default: { gne: fake('gne', { cjk: 0.9, title: 0.9, date: 0.8 }), daniel: fake('daniel', { body: 0.7 }) },
      'without metadata.urlDate': { gne: fake('gne', { cjk: 0.9, title: 0.9, date: 0.7 }) },
    });
    const variants = [
      DEFAULT_VARIANT,
      { name: 'without metadata.urlDate', preset: 'default', options: [], measures: ['metadata'] } as const,
    ];
    const md = metadataSection('dom', ['gne', 'daniel'], variants, scores).join('\n');
    expect(md).toContain('| variant | gne date | gne title |');
    expect(md).toContain('| without metadata.urlDate | 0.700 | 0.900 |');
    expect(md).not.toContain('daniel');
  });
});

describe('leave-one-set-out section', () => {
  it('names the choice on the other sets and reads the left-out set under it beside the defaults', () => {
    const sweep: Sweep = {
      candidates: [
        { name: 'default', options: [] },
        { name: 'combine.pathMinStops=5', options: ['combine.pathMinStops=5'] },
      ],
      skipped: [{ path: 'combine.pathKeepStopShare', why: 'combine.removePathRejected is off' }],
    };
    // pathMinStops=5 gains on a and b, loses badly on c: left out, c is scored under it.
    const scores = lookup({
      default: { a: fake('a', { body: 0.8 }), b: fake('b', { body: 0.8 }), c: fake('c', { body: 0.8 }) },
      'combine.pathMinStops=5': { a: fake('a', { body: 0.9 }), b: fake('b', { body: 0.85 }), c: fake('c', { body: 0.5 }) },
    });
    const md = losoSection('dom', ['a', 'b', 'c'], sweep, scores).join('\n');
    expect(md).toContain('## Generalisation: leave-one-set-out (dom engine)');
    expect(md).toContain('`combine.pathMinStops` ∈ {2, **3**, 5}');
    expect(md).toContain('Not swept, their rule being off: `combine.pathKeepStopShare` (combine.removePathRejected is off).');
    // a left out: on b and c the defaults (0.8) beat 5 (0.675).
    expect(md).toContain('| a | defaults | 0.800 | 0.800 | 0.800 | +0.000 |');
    // c left out: on a and b, 5 wins (0.875) and c pays for it.
    expect(md).toContain('| c | `combine.pathMinStops=5` | 0.875 | 0.500 | 0.800 | −0.300 |');
    expect(md).toContain('| mean |  |  | 0.700 | 0.800 | −0.100 |');
    expect(md).toContain('Chosen on all 3 sets at once: the defaults.');
    expect(md).toContain('| combine.pathMinStops=5 | 0.900 | 0.850 | 0.500 | 0.750 |');
  });

  it('says so when fewer than two body sets ran', () => {
    const md = losoSection(
      'dom',
      ['a'],
      { candidates: [{ name: 'default', options: [] }], skipped: [] },
      lookup({ default: { a: fake('a', { body: 1 }) } }),
    );
    expect(md.at(-1)).toBe('Fewer than two body sets were run: nothing to leave out.');
  });
});
