/**
 * Runs an engine over a set, the same `extract()` call and options as the CLI (the runner is shared so
 * that evaluation cannot drift from the product). Nothing one page does stops the others (DESIGN.md "CLI
 * contract"): a page that fails (unreadable file, engine error, time limit) is recorded with its one-line
 * error; a page with a problem that can be worked around (a gold URL that cannot be a base, a charset that
 * decodes badly, markup the parser rebuilt) is extracted, and its line says what was worked around. Each
 * problem is kept by kind (`issues`) for the set's summary. With `extras.readability` every page also
 * carries what @mozilla/readability made of it (or why it could not run), for `--compare readability`.
 */
import type { Article, PageDateSamples, PartialOptions } from '../core/index.ts';
import type { NoiseKind } from '../core/types.ts';
import { decodeWarnings, readPage } from '../node/read-page.ts';
import type { DecodedPage } from '../node/read-page.ts';
import type {
  Engine,
  EngineResult,
  PageInput,
  PageIssue,
  ReadabilityOutcome,
  SimilarInput,
  TrainingRequest,
} from '../node/engines/engine.ts';
import { extractEach } from '../node/engines/engine.ts';
import { usablePageUrl } from '../node/page-url.ts';
import { pageFile } from './dataset.ts';
import type { Dataset, DatasetPage } from './dataset.ts';
import type { Prediction } from './score.ts';
import type { SimilarPartner } from './similar-partners.ts';

export interface RunOptions {
  readonly limit: number | null;
  readonly concurrency: number;
  readonly options: PartialOptions;
  /**
   * Passed to every page (PageInput): a fixed "now", a date model other than the shipped one, slicing, and
   * whether Readability runs on the page too (`--compare readability`).
   */
  readonly extras?: PageExtras;
  /** Also every page's date samples (`eval --date-cv`). */
  readonly training?: TrainingRequest;
  readonly onProgress?: (done: number, total: number, page: DatasetPage, prediction: Prediction) => void;
  /** Method 4 (`eval --similar auto`): each page's similar page from the same set (similar-partners.ts). */
  readonly partners?: ReadonlyMap<string, SimilarPartner>;
}

type PageExtras = Pick<PageInput, 'now' | 'dateModel' | 'fieldModel' | 'sliced' | 'readability'>;

export async function runSet(dataset: Dataset, engine: Engine, run: RunOptions): Promise<Prediction[]> {
  const pages = run.limit === null ? dataset.pages : dataset.pages.slice(0, run.limit);
  const out: Prediction[] = new Array<Prediction>(pages.length);
  let done = 0;
  // Pages read ahead: while the engine works on a page (in its worker thread or browser), this thread reads
  // and decodes the next one (file, gunzip, charset), instead of waiting and then reading.
  const readAhead = new Map<number, PageRead>();
  let readUpTo = -1;
  const readOf = (index: number): PageRead => {
    const read = readAhead.get(index) ?? readDatasetPage(pages[index] as DatasetPage);
    readAhead.delete(index);
    readUpTo = Math.max(readUpTo, index);
    return read;
  };
  await forEachPage(pages, run.concurrency, async (page, index) => {
    const partner = run.partners?.get(page.id);
    const pending = predictPage(page, readOf(index), engine, run.options, run.extras, run.training, partner);
    // Once the page is handed to the engine (after this turn of the event loop), read the next unread one.
    await new Promise((resolve) => setImmediate(resolve));
    const ahead = readUpTo + 1;
    if (ahead < pages.length && ahead <= index + Math.max(1, run.concurrency)) {
      readAhead.set(ahead, readDatasetPage(pages[ahead] as DatasetPage));
      readUpTo = ahead;
    }
    const prediction = await pending;
    out[index] = prediction;
    run.onProgress?.(++done, pages.length, page, prediction);
  });
  return out;
}

/** Calls `each` on every page, `concurrency` pages at a time, in the pages' order. */
async function forEachPage(
  pages: readonly DatasetPage[],
  concurrency: number,
  each: (page: DatasetPage, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pages.length) {
      const index = next++;
      await each(pages[index] as DatasetPage, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/**
 * The set under several options at once (the report's ablations): one prediction list per options object,
 * in their order, each what `runSet` gives under those options; the engine loads each page once where it
 * can (`extractEach`).
 */
export async function runSetVariants(
  dataset: Dataset,
  engine: Engine,
  run: { readonly variants: readonly PartialOptions[]; readonly concurrency: number; readonly extras?: Pick<PageInput, 'now'> },
): Promise<Prediction[][]> {
  const out: Prediction[][] = run.variants.map(() => new Array<Prediction>(dataset.pages.length));
  await forEachPage(dataset.pages, run.concurrency, async (page, index) => {
    const predictions = await predictPageVariants(page, engine, run.variants, run.extras);
    predictions.forEach((p, v) => ((out[v] as Prediction[])[index] = p));
  });
  return out;
}

async function predictPageVariants(
  page: DatasetPage,
  engine: Engine,
  variants: readonly PartialOptions[],
  extras: Pick<PageInput, 'now'> = {},
): Promise<Prediction[]> {
  const start = performance.now();
  const read = readDatasetPage(page);
  if (!read.ok) return variants.map(() => failed(page, { kind: 'input', message: read.error }, [], performance.now() - start, undefined));
  const { issues } = read;
  let results: EngineResult[];
  try {
    results = await extractEach(engine, { ...read.input, ...extras }, variants);
  } catch (err) {
    const error = extractionFailed(err);
    return variants.map(() => failed(page, { kind: 'extraction', message: error }, issues, performance.now() - start, undefined));
  }
  return results.map((result) =>
    result.ok
      ? toPrediction(page, result.article, result.ms, [...issues, ...(result.issues ?? [])])
      : failed(page, { kind: result.kind, message: result.error }, issues, result.ms, undefined),
  );
}

async function predictPage(
  page: DatasetPage,
  read: PageRead,
  engine: Engine,
  options: PartialOptions,
  extras: PageExtras = {},
  training?: TrainingRequest,
  partner?: SimilarPartner,
): Promise<Prediction> {
  const start = performance.now();
  if (!read.ok) {
    const readability = extras.readability ? notRun(read.error) : undefined;
    return failed(page, { kind: 'input', message: read.error }, [], performance.now() - start, readability);
  }
  const { issues } = read;
  const similar = partner ? similarInput(partner) : undefined;
  let result;
  try {
    result = await engine.extract({ ...read.input, ...extras, ...(similar ? { similar } : {}) }, options, training);
  } catch (err) {
    // An engine that throws instead of answering: the page fails, the batch goes on.
    const error = extractionFailed(err);
    const readability = extras.readability ? notRun(error) : undefined;
    return failed(page, { kind: 'extraction', message: error }, issues, performance.now() - start, readability);
  }
  const readability = result.readability ?? (extras.readability ? notRun('the engine did not run it') : undefined);
  if (!result.ok) return failed(page, { kind: result.kind, message: result.error }, issues, result.ms, readability);
  const prediction = toPrediction(page, result.article, result.ms, [...issues, ...(result.issues ?? [])], result.dateSamples);
  return readability ? { ...prediction, readability } : prediction;
}

/**
 * A page's file, decoded, as the engines take it, with what was worked around (a charset, a URL that
 * cannot be a base); or why it could not be read.
 */
type PageRead =
  { readonly ok: true; readonly input: PageInput; readonly issues: PageIssue[] } | { readonly ok: false; readonly error: string };

function readDatasetPage(page: DatasetPage): PageRead {
  let decoded: DecodedPage;
  try {
    decoded = readPage(pageFile(page));
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const issues: PageIssue[] = decodeWarnings(decoded).map((message) => ({ kind: 'charset', message }));
  const { url, warning } = usablePageUrl(page.url);
  if (warning) issues.push({ kind: 'url', message: warning });
  return { ok: true, input: { html: decoded.html, url, linkTitle: null }, issues };
}

/** The partner page as the engines take a similar page; one that cannot be read is passed on as unreadable HTML's absence. */
function similarInput(partner: SimilarPartner): SimilarInput | undefined {
  const read = readDatasetPage(partner.page);
  return read.ok ? { html: read.input.html, url: read.input.url ?? partner.page.id, why: partner.why } : undefined;
}

/** The one-line error of an engine that threw instead of answering. */
function extractionFailed(err: unknown): string {
  return `extraction failed: ${err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err)}`;
}

/** Readability's outcome on a page it could not be run on (the page is unreadable, or the engine failed). */
function notRun(reason: string): ReadabilityOutcome {
  return { ok: false, kind: 'not-run', error: `not run: ${reason}`, ms: 0 };
}

function toPrediction(
  page: { id: string; url: string | null },
  a: Article,
  ms: number,
  issues: readonly PageIssue[],
  dateSamples?: PageDateSamples,
): Prediction {
  const iso = a.publishedTime.iso;
  const captured = a.publishedTime.captured;
  // A saved page's relative dates read against its own capture time (extension captureTime): said and counted.
  if (captured)
    issues = [
      ...issues,
      { kind: 'capture-time', message: `relative dates read against the page's capture time ${captured.iso} (${captured.from})` },
    ];
  // The engine's own issues are among the article's warnings already; the runner's go first.
  const warnings = [...issues.map((i) => i.message).filter((m) => !a.warnings.includes(m)), ...a.warnings];
  return {
    id: page.id,
    url: page.url,
    title: a.title,
    author: a.author,
    source: a.source,
    date: iso ? iso.slice(0, 10) : '',
    datetime: iso,
    body: a.body.text,
    ms: Math.round(ms * 10) / 10,
    coreMs: Math.round(Object.values(a.timings).reduce((sum, t) => sum + t, 0) * 10) / 10,
    ...(warnings.length ? { warnings } : {}),
    ...(issues.length ? { issues } : {}),
    ...(dateSamples ? { dateSamples } : {}),
    ...(a.linkBlockStats
      ? {
          linkBlocks: {
            lcr: a.linkBlockStats.lcr,
            ccr: a.linkBlockStats.ccr,
            text: noiseText(a, 'link-block'),
          },
        }
      : {}),
    ...(a.similarPage.status === 'not-requested'
      ? {}
      : {
          similarPage: {
            status: a.similarPage.status,
            url: a.similarPage.url,
            message: a.similarPage.message,
            templateText: noiseText(a, 'template'),
            templateBodyText: noiseText(a, 'template', true),
            diffMs: a.similarPage.diffMs,
          },
        }),
  };
}

/**
 * The text of the article's noise blocks of one kind, a block a line (what the gold-inside measures read);
 * with `inBody`, only those that lie inside the body's root.
 */
function noiseText(a: Article, kind: NoiseKind, inBody = false): string {
  return a.noise
    .filter((n) => n.kind === kind && (!inBody || n.inBody))
    .map((n) => n.text)
    .join('\n');
}

function failed(
  page: DatasetPage,
  fatal: PageIssue,
  before: readonly PageIssue[],
  ms: number,
  readability: ReadabilityOutcome | undefined,
): Prediction {
  const warnings = before.map((i) => i.message);
  return {
    id: page.id,
    url: page.url,
    title: null,
    author: null,
    source: null,
    date: '',
    datetime: null,
    body: '',
    ms: Math.round(ms * 10) / 10,
    error: fatal.message,
    ...(warnings.length ? { warnings } : {}),
    issues: [...before, fatal],
    errorKind: fatal.kind,
    ...(readability ? { readability } : {}),
  };
}
