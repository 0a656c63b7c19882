/**
 * One page through the core in Node, with no DOM at all (the dom engine runs it in its worker, dom-engine.ts,
 * and tests call it directly): parse5 builds the tree, which is read once into the page model
 * (parse5-model.ts), with the layout of a parsed-only page (no boxes; hidden and block-level by attribute and
 * tag); the core then reads the model. Page scripts are never run, nothing is fetched, deep nesting is capped
 * as in Chromium's parser, and the result says what was worked around.
 */
import type {
  Article,
  ExtractEnv,
  PageBodySamples,
  PageDateSamples,
  PageFieldSamples,
  PartialOptions,
  SimilarPage,
} from '../../core/index.ts';
import {
  extract,
  extractForTraining,
  extractSliced,
  featureTree,
  featureTreeLimits,
  resolveOptions,
  systemClock,
} from '../../core/index.ts';
import type { ExtractOptions } from '../../core/options.ts';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { usablePageUrl } from '../page-url.ts';
import { MAX_PARSER_DEPTH } from './cap-nesting.ts';
import type { PageInput, PageIssue, SimilarInput, TrainingRequest } from './engine.ts';
import { modelOfTree } from './parse5-model.ts';

export interface DomExtraction {
  readonly article: Article;
  readonly dateSamples?: PageDateSamples;
  readonly bodySamples?: PageBodySamples;
  readonly fieldSamples?: PageFieldSamples;
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
  return withParsedPage(page, onParsed, async (parsed, input, done) => {
    const opts = resolveOptions(options);
    // One options object: the page model is read now, and the parsed tree let go before the core runs (on a
    // 2 MB page the tree is most of the 200 MB a worker peaked at).
    parsed.model(opts);
    parsed.releaseTree();
    const { article, dateSamples, bodySamples, fieldSamples } = await run(parsed, input, opts, training);
    return {
      ...done(article, parsed.issues(opts)),
      ...(dateSamples ? { dateSamples } : {}),
      ...(bodySamples ? { bodySamples } : {}),
      ...(fieldSamples ? { fieldSamples } : {}),
    };
  });
}

/** One options object's outcome in `extractVariantsInDom`: its extraction, or why the core failed under it. */
export type VariantExtraction = ({ readonly ok: true } & DomExtraction) | { readonly ok: false; readonly error: string };

/**
 * Parses the page once and extracts it under each options object in turn (the report's ablations): the page
 * model is read from the one parsed tree under each options object (its text blocks depend on the text
 * options), so each result is the one `extractInDom` gives under the same options; a variant under which the
 * core throws fails alone.
 */
export function extractVariantsInDom(
  page: PageInput,
  variants: readonly PartialOptions[],
  onParsed?: () => void,
): Promise<VariantExtraction[]> {
  return withParsedPage(page, onParsed, async (parsed, input, done) => {
    const out: VariantExtraction[] = [];
    for (const options of variants) {
      try {
        const opts = resolveOptions(options);
        const { article } = await run(parsed, input, opts, undefined);
        out.push({ ok: true, ...done(article, parsed.issues(opts)) });
      } catch (err) {
        out.push({ ok: false, error: err instanceof Error ? err.message : String(err) });
      }
    }
    return out;
  });
}

/** A page parsed once: its page model under given options, and what was worked around reading it. */
interface ParsedPage {
  model(opts: ExtractOptions): ReturnType<typeof modelOfTree>['model'];
  issues(opts: ExtractOptions): readonly PageIssue[];
  /** Lets go of the parsed tree: only the models already read remain (reading another one then throws). */
  releaseTree(): void;
}

/**
 * Parses the page and gives `use` the parsed page, the page with its usable URL, and `done`, which appends what
 * was worked around to an article's warnings.
 */
async function withParsedPage<T>(
  page: PageInput,
  onParsed: (() => void) | undefined,
  use: (parsed: ParsedPage, input: PageInput, done: (article: Article, issues: readonly PageIssue[]) => DomExtraction) => Promise<T>,
): Promise<T> {
  const urlIssues: PageIssue[] = [];
  const { url, warning } = usablePageUrl(page.url);
  if (warning) urlIssues.push({ kind: 'url', message: warning });
  let tree: DefaultTreeAdapterMap['document'] | null = parse(page.html, { scriptingEnabled: true });
  const models = new Map<ExtractOptions, ReturnType<typeof modelOfTree>>();
  const read = (opts: ExtractOptions): ReturnType<typeof modelOfTree> => {
    let m = models.get(opts);
    if (!m) {
      if (!tree) throw new Error('the parsed page was released before its model was read under these options');
      m = modelOfTree(tree, opts, url);
      models.set(opts, m);
    }
    return m;
  };
  const parsed: ParsedPage = {
    releaseTree: () => {
      tree = null;
    },
    model: (opts) => read(opts).model,
    issues: (opts) => {
      const { flattened } = read(opts);
      return flattened > 0
        ? [
            ...urlIssues,
            {
              kind: 'parse',
              message: `page nested deeper than ${MAX_PARSER_DEPTH} levels: ${flattened} elements were made siblings, as Chromium's parser does`,
            },
          ]
        : urlIssues;
    },
  };
  const done = (article: Article, issues: readonly PageIssue[]): DomExtraction => {
    const notes = issues.map((i) => i.message);
    return { article: notes.length ? { ...article, warnings: [...article.warnings, ...notes] } : article, issues };
  };
  onParsed?.();
  return use(parsed, { ...page, url }, done);
}

/** In Node, a sliced run pauses for one turn of the event loop between slices. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Everything the core needs of a host in Node: no layout, the page's "now", the date model, the similar page. */
async function nodeEnv(page: PageInput, options: PartialOptions): Promise<ExtractEnv> {
  const t = page.now ? Date.parse(page.now) : NaN;
  if (page.now && Number.isNaN(t)) throw new Error(`"now" is not a date: ${page.now}`);
  return {
    probe: NO_LAYOUT,
    clock: Number.isNaN(t) ? systemClock : { now: () => new Date(t) },
    timer: () => performance.now(),
    ...(page.dateModel ? { dateModel: page.dateModel } : {}),
    ...(page.fieldModel ? { fieldModel: page.fieldModel } : {}),
    ...(page.similar ? { similarPage: await similarPageTree(page.similar, options) } : {}),
  };
}

/** The core never asks a layout of a page model it is handed; this only says there is none. */
const NO_LAYOUT: ExtractEnv['probe'] = {
  hasLayout: false,
  isRendered: () => true,
  isBlock: () => false,
  box: () => null,
};

async function run(
  parsed: ParsedPage,
  page: PageInput,
  opts: ExtractOptions,
  training: TrainingRequest | undefined,
): Promise<{ article: Article; dateSamples?: PageDateSamples; bodySamples?: PageBodySamples; fieldSamples?: PageFieldSamples }> {
  const env = await nodeEnv(page, opts);
  const model = parsed.model(opts);
  const input = { url: page.url, linkTitle: page.linkTitle };
  if (page.sliced && !training) return { article: (await extractSliced(model, env, input, opts, { pause: nextTurn })).article };
  return training ? extractForTraining(model, env, input, opts, training) : { article: extract(model, env, input, opts) };
}

/** Method 4 without layout: the similar page parsed like the page and its feature tree built from its model. */
export async function similarPageTree(similar: SimilarInput, options: PartialOptions): Promise<SimilarPage> {
  const start = performance.now();
  const opts = resolveOptions(options);
  const { url } = usablePageUrl(similar.url);
  const { model } = modelOfTree(parse(similar.html, { scriptingEnabled: true }), opts, url);
  const tree = featureTree(model, featureTreeLimits(opts));
  return { url: similar.url, why: similar.why, tree, fetchMs: performance.now() - start };
}
