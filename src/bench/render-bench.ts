/**
 * The bench result as Markdown (`bench --out`, the speed section of BENCHMARKS.md) and as aligned text
 * for the terminal: the figures per set, the stages, the link-block and date-SVM stages against the
 * issues' targets, the shipped model's size, and the slowest pages.
 */
import { markdownTable } from '../eval/markdown-table.ts';
import { DATE_MODEL_FILE } from './environment.ts';
import { lcsSectionMarkdown, lcsSectionText } from './render-lcs.ts';
import { DATE_SVM_STAGE, stageNames } from './statistics.ts';
import { textTable } from './text-table.ts';
import type { BenchResult, ModelSize, SetBench } from './types.ts';

/** The targets for method 3: the stage's median per page, and the size of the shipped model. */
const DATE_SVM_TARGET_MS = 5;
const DATE_MODEL_TARGET_BYTES = 1024 * 1024;

const ms = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : v.toFixed(1));
const mb = (v: number | null): string => (v === null ? '–' : (v / 1024 / 1024).toFixed(1));
const ratio = (v: number | null): string => (v === null ? '–' : `${v.toFixed(2)}×`);

const MAIN_HEADER = [
  'set',
  'pages',
  'errors',
  'ours median ms',
  'ours p95 ms',
  'Readability median ms',
  'Readability p95 ms',
  'ours / Readability',
  'heap MB',
  'heap growth MB',
  'Readability: no article',
];

function mainRow(s: SetBench): string[] {
  const m = s.summary;
  return [
    s.name,
    String(m.pages),
    String(m.errors),
    ms(m.ours?.median),
    ms(m.ours?.p95),
    ms(m.readability?.median),
    ms(m.readability?.p95),
    ratio(m.ratio),
    mb(m.heapUsedBytes),
    mb(m.heapGrowthBytes),
    String(m.readabilityNoArticle),
  ];
}

const FIRST_HEADER = [
  'set',
  'ours first run median ms',
  'ours first run p95 ms',
  'Readability first run median ms',
  'Readability first run p95 ms',
  'ours / Readability',
];

function firstRow(s: SetBench): string[] {
  const m = s.summary;
  return [
    s.name,
    ms(m.oursFirst?.median),
    ms(m.oursFirst?.p95),
    ms(m.readabilityFirst?.median),
    ms(m.readabilityFirst?.p95),
    ratio(m.firstRatio),
  ];
}

const FIRST_INTRO =
  'First run in a fresh page (the warm-up run of each, in turns: the bundle injected anew and none of its code optimised yet, ' +
  'as when a reader opens the popup on a page):';

function allStages(result: BenchResult): string[] {
  return stageNames(result.sets.map((s) => s.summary.stagesMs)).sort((a, b) => (a === 'rest' ? 1 : b === 'rest' ? -1 : 0));
}

function stageRows(result: BenchResult): { header: string[]; rows: string[][] } {
  const names = allStages(result);
  return {
    header: ['set', ...names.map((n) => `${n} ms`)],
    rows: result.sets.map((s) => [s.name, ...names.map((n) => ms(s.summary.stagesMs[n] ?? null))]),
  };
}

function slowRows(result: BenchResult): string[][] {
  return result.sets.flatMap((s) =>
    s.summary.slowest.map((p) => [
      s.name,
      shortId(p.id),
      p.elements === null ? '–' : String(p.elements),
      ms(p.oursMs),
      ms(p.readabilityMs),
    ]),
  );
}

/** Long ids (content hashes) cut to a prefix that still finds the page; the JSON keeps them whole. */
function shortId(id: string): string {
  return id.length > 24 ? `${id.slice(0, 16)}…` : id;
}

const SLOW_HEADER = ['set', 'slowest pages', 'elements', 'ours ms', 'Readability ms'];
const LINK_HEADER = ['set', 'serialise + scan median', 'serialise + scan p95', 'rest of ours median', 'rest of ours p95'];

function linkRow(s: SetBench): string[] {
  const m = s.summary;
  return [
    s.name,
    ms(m.linkBlocks?.median ?? null),
    ms(m.linkBlocks?.p95 ?? null),
    ms(m.withoutLinkBlocks?.median ?? null),
    ms(m.withoutLinkBlocks?.p95 ?? null),
  ];
}

const codeSpan = (s: string): string => `\`${s}\``;
const DATE_HEADER = ['set', 'date-svm median ms', 'date-svm p95 ms', `median < ${DATE_SVM_TARGET_MS} ms`];
const ms2 = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : v.toFixed(2));
const verdict = (met: boolean | null): string => (met === null ? 'not run' : met ? 'met' : 'missed');

function dateRow(s: SetBench): string[] {
  const d = s.summary.dateSvm;
  return [s.name, ms2(d?.median), ms2(d?.p95), verdict(d ? d.median < DATE_SVM_TARGET_MS : null)];
}

/** The model's size against the target: "Shipped date model <file> (…): 41.3 KiB (target ≤ 1 MB: met)." */
function modelLine(model: ModelSize | null, code: (s: string) => string): string {
  if (!model) return `Shipped date model ${code(DATE_MODEL_FILE)}: not found beside this build, size not measured.`;
  const kib = (model.bytes / 1024).toFixed(1);
  return (
    `Shipped date model ${code(model.file)} (packed, as the bundles inline it at build time): ${kib} KiB ` +
    `(target ≤ 1 MB: ${verdict(model.bytes <= DATE_MODEL_TARGET_BYTES)}).`
  );
}

const dateIntro = (code: (s: string) => string): string =>
  `Publication time by SVM (method 3): the ${code(DATE_SVM_STAGE)} stage per page (candidates, samples, scores; ` +
  `target: median < ${DATE_SVM_TARGET_MS} ms):`;

function methodLine(result: BenchResult): string {
  const heap = result.heapSources.length
    ? result.heapSources.map((s) => (s === 'cdp' ? 'CDP Performance.getMetrics' : 'performance.memory')).join(' or ')
    : 'not available';
  return (
    `In-page time of one extraction (\`performance.now()\` around the call inside the page; navigation, injection and ` +
    `transfer to Node not counted), median of ${result.runs} run${result.runs === 1 ? '' : 's'} per page after ` +
    `${result.warmupRuns} warm-up, ours (\`extract()\`, default options) and @mozilla/readability ${result.readabilityVersion} ` +
    `(\`new Readability(document.cloneNode(true)).parse()\`, clone included) alternating in one headless ${result.chromium}; ` +
    `p95 over pages (nearest rank); heap = JSHeapUsedSize (${heap}) right after one extraction of ours that follows a forced GC; ` +
    `Node ${result.node}, ${result.machine}; ${result.date.slice(0, 16).replace('T', ' ')} UTC.`
  );
}

export function renderBenchMarkdown(result: BenchResult): string {
  const stages = stageRows(result);
  const errors = result.sets.flatMap((s) => s.pages.filter((p) => p.error !== null).map((p) => `${s.name}/${p.id}: ${p.error}`));
  const parts = [
    '## Speed (chromium, side by side with @mozilla/readability)',
    '',
    methodLine(result),
    '',
    markdownTable(MAIN_HEADER, result.sets.map(mainRow), { textColumns: 1 }),
    '',
    FIRST_INTRO,
    '',
    markdownTable(FIRST_HEADER, result.sets.map(firstRow), { textColumns: 1 }),
    '',
    'Median time of each stage of ours (`Article.timings`; `rest` = total − stages):',
    '',
    markdownTable(stages.header, stages.rows, { textColumns: 1 }),
    '',
    'Logical link blocks (method 5): serialise + scan per page, beside the rest of ours (target: median < 10 ms):',
    '',
    markdownTable(LINK_HEADER, result.sets.map(linkRow), { textColumns: 1 }),
    '',
    dateIntro(codeSpan),
    '',
    markdownTable(DATE_HEADER, result.sets.map(dateRow), { textColumns: 1 }),
    '',
    modelLine(result.dateModel, codeSpan),
    '',
    'Slowest pages (ours):',
    '',
    markdownTable(SLOW_HEADER, slowRows(result), { textColumns: 2 }),
  ];
  if (result.similar === 'auto') parts.push('', lcsSectionMarkdown(result));
  if (errors.length) parts.push('', 'Errors:', '', ...errors.map((e) => `- ${e.replace(/\|/g, '\\|')}`));
  return `${parts.join('\n')}\n`;
}

/** The readable table printed to stdout. */
export function renderBenchText(result: BenchResult): string {
  const stages = stageRows(result);
  return [
    `Speed: ours vs @mozilla/readability ${result.readabilityVersion}, in-page ms, median of ${result.runs} run(s) per page after ` +
      `${result.warmupRuns} warm-up, ${result.chromium}, Node ${result.node}, ${result.machine}`,
    '',
    textTable(MAIN_HEADER, result.sets.map(mainRow)),
    '',
    FIRST_INTRO,
    textTable(FIRST_HEADER, result.sets.map(firstRow)),
    '',
    textTable(stages.header, stages.rows),
    '',
    textTable(LINK_HEADER, result.sets.map(linkRow)),
    '',
    dateIntro((s) => s),
    textTable(DATE_HEADER, result.sets.map(dateRow)),
    modelLine(result.dateModel, (s) => s),
    '',
    textTable(SLOW_HEADER, slowRows(result), 2),
    '',
    ...(result.similar === 'auto' ? [lcsSectionText(result), ''] : []),
  ].join('\n');
}
