/**
 * Method 4 in the bench's output, as Markdown (`--out`) and aligned text (stdout): under `bench <sets>
 * --similar auto`, a summary per set and the 'lcs-diff' stage per page; under `bench --lcs-sizes`, one row per
 * synthetic pair against the issue's target.
 */
import { markdownTable } from '../eval/markdown-table.ts';
import { BUDGET_BOUND, LCS_TARGET, lcsTargetMet } from './lcs-statistics.ts';
import { textTable } from './text-table.ts';
import type { BenchResult, LcsSizeBench, LcsSizesResult, LcsStatus, PageBench, SetBench } from './types.ts';

const ms = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : v.toFixed(1));
const mb = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : (v / 1024 / 1024).toFixed(2));
const int = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : String(v));
const pair = (v: { readonly page: number; readonly similar: number } | null): string => (v ? `${v.page} / ${v.similar}` : '–');
const verdict = (met: boolean | null): string => (met === null ? '–' : met ? 'met' : 'missed');
const codeSpan = (s: string): string => `\`${s}\``;

// ---------------------------------------------------------------------------------------------------------
// bench <sets> --similar auto

const SET_HEADER = [
  'set',
  'pages',
  'with partner',
  'used',
  'skipped',
  'unavailable',
  'lcs-diff median ms',
  'lcs-diff max ms',
  'max peak table MB',
];

function setRow(s: SetBench): string[] {
  const l = s.summary.lcs;
  return [
    s.name,
    String(s.summary.pages),
    int(l?.withPartner),
    int(l?.used),
    int(l?.skipped),
    int(l?.unavailable),
    ms(l?.lcsMs?.median),
    ms(l?.lcsMs?.max),
    mb(l?.maxPeakTableBytes),
  ];
}

const PAGE_HEADER = [
  'set',
  'page',
  'partner',
  'status',
  'lcs-diff ms',
  'nodes (page / similar)',
  'cells',
  'peak table MB',
  'trimmed',
  'splits',
  'similar tree ms',
];

/** The pages given a partner, in set order; each page's stage median, status and the trace's numbers. */
function pageRows(result: BenchResult): string[][] {
  return result.sets.flatMap((s) =>
    s.pages
      .filter((p): p is PageBench & { lcs: NonNullable<PageBench['lcs']> } => p.lcs?.partner != null)
      .map((p) => [
        s.name,
        p.id,
        p.lcs.partner ?? '–',
        p.error === null ? (p.lcs.status ?? '–') : 'error',
        ms(p.lcs.lcsMs),
        pair(p.lcs.nodes),
        int(p.lcs.diff?.cells),
        mb(p.lcs.diff?.peakTableBytes),
        int(p.lcs.diff?.trimmed),
        int(p.lcs.diff?.splits),
        ms(p.lcs.treeMs),
      ]),
  );
}

/** The messages of the pages whose diff did not run to its end ("skipped: budget …", "unavailable …"). */
function lcsNotes(result: BenchResult): string[] {
  return result.sets.flatMap((s) =>
    s.pages
      .filter((p) => p.lcs?.partner != null && p.lcs.status !== null && p.lcs.status !== 'used')
      .map((p) => `${s.name}/${p.id}: ${p.lcs?.message ?? p.lcs?.status ?? ''}`),
  );
}

const setIntro = (code: (s: string) => string): string =>
  `Method 4 against a similar page (${code('--similar auto')}: each page's partner is the next page of its site in the set, ` +
  `its feature tree built in the tab first): the ${code('lcs-diff')} stage (median of the timed runs, ${code('Article.timings')}) ` +
  `over the pages whose diff ran (used or skipped), and the largest LCS tables (peak score + pointer bytes, from one more run with the trace on):`;

const pageIntro = (code: (s: string) => string): string =>
  `Per page (status from ${code('Article.similarPage')}; cells, peak table, trimmed and splits from the trace's ${code('4.5-lcs')} decision):`;

export function lcsSectionMarkdown(result: BenchResult): string {
  const notes = lcsNotes(result);
  return [
    setIntro(codeSpan),
    '',
    markdownTable(SET_HEADER, result.sets.map(setRow), { textColumns: 1 }),
    '',
    pageIntro(codeSpan),
    '',
    markdownTable(PAGE_HEADER, pageRows(result), { textColumns: 4 }),
    ...(notes.length ? ['', ...notes.map((n) => `- ${n.replace(/\|/g, '\\|')}`)] : []),
  ].join('\n');
}

export function lcsSectionText(result: BenchResult): string {
  const notes = lcsNotes(result);
  return [
    setIntro((s) => s),
    textTable(SET_HEADER, result.sets.map(setRow)),
    '',
    pageIntro((s) => s),
    textTable(PAGE_HEADER, pageRows(result), 4),
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// bench --lcs-sizes

const SIZE_HEADER = [
  'size',
  'variant',
  'elements (page / similar)',
  'nodes (page / similar)',
  'similar tree ms',
  'page tree ms',
  'lcs-diff ms',
  'extraction ms',
  'status',
  'cells',
  'peak table MB',
  'trimmed',
  'splits',
  'heap growth MB',
  'array buffers MB',
  'target',
];

/** "used", or "used 3, skipped 2" when the runs did not all end alike. */
function statusCell(row: LcsSizeBench): string {
  if (row.error !== null) return 'error';
  const entries = Object.entries(row.statuses) as [LcsStatus, number][];
  if (entries.length <= 1) return row.status ?? '–';
  return entries.map(([s, n]) => `${s} ${n}`).join(', ');
}

function sizeRow(row: LcsSizeBench, budgetMs: number): string[] {
  return [
    String(row.size),
    row.variant,
    pair(row.elements),
    pair(row.nodes),
    ms(row.treeMs),
    ms(row.pageTreeMs),
    ms(row.lcsMs),
    ms(row.extractMs),
    statusCell(row),
    int(row.diff?.cells),
    mb(row.diff?.peakTableBytes),
    int(row.diff?.trimmed),
    int(row.diff?.splits),
    mb(row.heapGrowthBytes),
    mb(row.arrayBufferGrowthBytes),
    verdict(lcsTargetMet(row, budgetMs)),
  ];
}

function sizeIntro(result: LcsSizesResult, code: (s: string) => string): string {
  const mib = LCS_TARGET.bytes / 1024 / 1024;
  return (
    `Method 4 on synthetic page pairs (one template; ${code('typical')}: another article, its comments and some list items, ` +
    `${code('all-text')}: every text differs), in one headless ${result.chromium} at ${result.viewport.width}×${result.viewport.height}, ` +
    `default options (${code(`lcsDiff.budgetMs = ${result.budgetMs}`)}, ${code(`lcsDiff.maxCells = ${result.maxCells}`)}): ` +
    `the ${code('lcs-diff')} stage (${code("Article.timings['lcs-diff']")}) and the whole extraction, median of ${result.runs} ` +
    `run${result.runs === 1 ? '' : 's'} after ${result.warmupRuns} warm-up; similar tree = ${code('featureTree()')} on the similar ` +
    `page (its first call), page tree = median of as many ${code('featureTree()')} calls on the page itself (the stage's own walk, ` +
    `which its time includes); status from ${code('Article.similarPage')}; cells, ` +
    `peak table (score + pointer bytes), trimmed and splits from the trace's ${code('4.5-lcs')} decision; heap growth = ` +
    `JSHeapUsedSize over one extraction after a forced GC, array buffers = backing stores (where the tables live) over the same. ` +
    `Target: up to ${LCS_TARGET.nodes} elements, used within ${LCS_TARGET.ms} ms and a peak table within ${mib} MB; ` +
    `above, used within the budget or "skipped: budget" within ${BUDGET_BOUND} × the budget. ` +
    `Node ${result.node}, ${result.machine}; ${result.date.slice(0, 16).replace('T', ' ')} UTC.`
  );
}

function sizeNotes(result: LcsSizesResult): string[] {
  return result.rows.map((r) => `${r.size} ${r.variant}: ${r.error !== null ? `error: ${r.error}` : (r.message ?? '–')}`);
}

export function renderLcsSizesMarkdown(result: LcsSizesResult): string {
  return [
    '## Method 4 (LCS diff) against page size',
    '',
    sizeIntro(result, codeSpan),
    '',
    markdownTable(
      SIZE_HEADER,
      result.rows.map((r) => sizeRow(r, result.budgetMs)),
      { textColumns: 2 },
    ),
    '',
    ...sizeNotes(result).map((n) => `- ${n.replace(/\|/g, '\\|')}`),
    '',
  ].join('\n');
}

export function renderLcsSizesText(result: LcsSizesResult): string {
  return [
    sizeIntro(result, (s) => s),
    '',
    textTable(
      SIZE_HEADER,
      result.rows.map((r) => sizeRow(r, result.budgetMs)),
      2,
    ),
    '',
    ...sizeNotes(result),
    '',
  ].join('\n');
}
