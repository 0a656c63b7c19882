/**
 * One page through the core in Node, over happy-dom with the static RenderProbe (no layout): what the
 * `dom` engine runs in its worker (dom-engine.ts), and what tests call directly. The document is opened by
 * dom-document.ts: page scripts are never run, nothing is fetched, malformed markup falls back to
 * linkedom and deep nesting is capped, and the result says what was worked around.
 */
import type { Article, ExtractEnv, PageBodySamples, PageDateSamples, PartialOptions, SimilarPage } from '../../core/index.ts';
import {
  extract,
  extractForTraining,
  extractSliced,
  featureTree,
  featureTreeLimits,
  resolveOptions,
  systemClock,
} from '../../core/index.ts';
import { staticProbe } from '../../platform/static-probe.ts';
import { usablePageUrl } from '../page-url.ts';
import { openPageDocument } from './dom-document.ts';
import type { PageInput, PageIssue, SimilarInput, TrainingRequest } from './engine.ts';

export interface DomExtraction {
  readonly article: Article;
  readonly dateSamples?: PageDateSamples;
  readonly bodySamples?: PageBodySamples;
  /** What had to be worked around (also appended to the article's warnings). */
  readonly issues: readonly PageIssue[];
}

/**
 * Parses and extracts one page. Throws when the core fails; `onParsed` is called between parsing and
 * extraction (the worker reports it, so that a time limit can say which of the two it stopped).
 */
export function extractInDom(
  page: PageInput,
  options: PartialOptions,
  training?: TrainingRequest,
  onParsed?: () => void,
): Promise<DomExtraction> {
  return withPageDocument(page, onParsed, async (doc, input, done) => {
    const { article, dateSamples, bodySamples } = await run(doc, input, options, training);
    return { ...done(article), ...(dateSamples ? { dateSamples } : {}), ...(bodySamples ? { bodySamples } : {}) };
  });
}

/** One options object's outcome in `extractVariantsInDom`: its extraction, or why the core failed under it. */
export type VariantExtraction = ({ readonly ok: true } & DomExtraction) | { readonly ok: false; readonly error: string };

/**
 * Parses the page once and extracts it under each options object in turn (the report's ablations). The
 * core only reads the document, so each result is the one `extractInDom` gives under the same options;
 * a variant under which the core throws fails alone.
 */
export function extractVariantsInDom(
  page: PageInput,
  variants: readonly PartialOptions[],
  onParsed?: () => void,
): Promise<VariantExtraction[]> {
  return withPageDocument(page, onParsed, async (doc, input, done) => {
    const out: VariantExtraction[] = [];
    for (const options of variants) {
      try {
        out.push({ ok: true, ...done((await run(doc, input, options, undefined)).article) });
      } catch (err) {
        out.push({ ok: false, error: err instanceof Error ? err.message : String(err) });
      }
    }
    return out;
  });
}

/**
 * Opens the page's document (closed again after `use`), and gives `use` the page with its usable URL and
 * `done`, which appends what was worked around while opening it to an article's warnings.
 */
async function withPageDocument<T>(
  page: PageInput,
  onParsed: (() => void) | undefined,
  use: (doc: Document, input: PageInput, done: (article: Article) => DomExtraction) => Promise<T>,
): Promise<T> {
  const issues: PageIssue[] = [];
  // A URL that is not absolute http(s) would make happy-dom throw "Invalid URL": the page goes on without one.
  const { url, warning } = usablePageUrl(page.url);
  if (warning) issues.push({ kind: 'url', message: warning });
  const opened = openPageDocument(page.html, url);
  issues.push(...opened.issues);
  const notes = issues.map((i) => i.message);
  const done = (article: Article): DomExtraction => ({
    article: notes.length ? { ...article, warnings: [...article.warnings, ...notes] } : article,
    issues,
  });
  try {
    onParsed?.();
    return await use(opened.doc, { ...page, url }, done);
  } finally {
    await opened.close();
  }
}

/** In Node, a sliced run pauses for one turn of the event loop between slices. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function run(
  doc: Document,
  page: PageInput,
  options: PartialOptions,
  training: TrainingRequest | undefined,
): Promise<{ article: Article; dateSamples?: PageDateSamples; bodySamples?: PageBodySamples }> {
  const t = page.now ? Date.parse(page.now) : NaN;
  if (page.now && Number.isNaN(t)) throw new Error(`"now" is not a date: ${page.now}`);
  const env: ExtractEnv = {
    probe: staticProbe,
    clock: Number.isNaN(t) ? systemClock : { now: () => new Date(t) },
    timer: () => performance.now(),
    ...(page.dateModel ? { dateModel: page.dateModel } : {}),
    ...(page.similar ? { similarPage: await similarPageTree(page.similar, options) } : {}),
  };
  const input = { url: page.url, linkTitle: page.linkTitle };
  if (page.sliced && !training) return { article: (await extractSliced(doc, env, input, options, { pause: nextTurn })).article };
  return training ? extractForTraining(doc, env, input, options, training) : { article: extract(doc, env, input, options) };
}

/** Method 4 without layout: the similar page parsed like the page, its feature tree built, its document closed. */
export async function similarPageTree(similar: SimilarInput, options: PartialOptions): Promise<SimilarPage> {
  const start = performance.now();
  const limits = featureTreeLimits(resolveOptions(options));
  const { url } = usablePageUrl(similar.url);
  const opened = openPageDocument(similar.html, url);
  try {
    const tree = featureTree(opened.doc, staticProbe, limits);
    return { url: similar.url, why: similar.why, tree, fetchMs: performance.now() - start };
  } finally {
    await opened.close();
  }
}
