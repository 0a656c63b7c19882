/** `article-lens extract`: one file or URL through one engine, printed as json, markdown, text or html. */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import createDOMPurify from 'dompurify';
import type { JSDOM } from 'jsdom';
import type { Article, ExtractOptions } from '../core/index.ts';
import { articleToHtmlDocument, articleToMarkdown, articleToText } from '../core/output/export.ts';
import type { HtmlParser } from '../core/output/markdown.ts';
import { bodyMarkdown } from '../core/output/markdown.ts';
import { isSafeUrl } from '../core/output/url.ts';
import { DecodeError, decodePage, decodeWarnings } from '../node/read-page.ts';
import type { EngineName, SimilarInput } from '../node/engines/engine.ts';
import { openEngine } from '../node/engines/open-engine.ts';
import { isHttpUrl, parseEngine, timeLimitMs } from './args.ts';
import { formatExplain } from './explain.ts';
import { UsageError, optionsFromFlags } from './options-flags.ts';

export interface ExtractRequest {
  readonly input: string;
  readonly url: string | null;
  readonly linkTitle: string | null;
  readonly format: 'json' | 'markdown' | 'text' | 'html';
  readonly engine: EngineName;
  readonly explain: boolean;
  /** Run the core time-sliced, as the content script does (`--sliced`). */
  readonly sliced: boolean;
  readonly options: ExtractOptions;
  /** The time the page may take in the engine (`--time-limit SECONDS`), in ms. */
  readonly timeLimitMs: number;
  /** Method 4: another page of the same site, a file or an http(s) URL, to diff the page against (`--similar`). */
  readonly similar: string | null;
}

const FETCH_TIMEOUT_MS = 20_000;

export function parseExtractArgs(args: readonly string[]): ExtractRequest {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      'link-title': { type: 'string' },
      format: { type: 'string', default: 'json' },
      engine: { type: 'string' },
      explain: { type: 'boolean', default: false },
      sliced: { type: 'boolean', default: false },
      preset: { type: 'string' },
      option: { type: 'string', multiple: true, default: [] },
      'time-limit': { type: 'string' },
      similar: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('extract takes exactly one file or URL');
  const similar = values.similar ?? null;
  if (similar !== null && looksLikeUrl(similar) && !isHttpUrl(similar))
    throw new UsageError(`--similar: "${similar}" is not a valid http(s) URL`);
  if (similar === '') throw new UsageError('--similar takes a file or an http(s) URL');
  const input = positionals[0] as string;
  if (looksLikeUrl(input) && !isHttpUrl(input)) throw new UsageError(`"${input}" is not a valid http(s) URL`);
  const format = values.format;
  if (format !== 'json' && format !== 'markdown' && format !== 'text' && format !== 'html')
    throw new UsageError(`unknown format "${format}" (json, markdown, text, html)`);
  if (values.url !== undefined && !isHttpUrl(values.url)) throw new UsageError(`--url takes an absolute http(s) URL, got "${values.url}"`);
  const options = optionsFromFlags(values.preset, values.option);
  return {
    input,
    url: values.url ?? null,
    linkTitle: values['link-title'] ?? null,
    format,
    engine: parseEngine(values.engine),
    explain: values.explain,
    sliced: values.sliced,
    options: values.explain ? { ...options, trace: { enabled: true } } : options,
    timeLimitMs: timeLimitMs(values['time-limit']),
    similar,
  };
}

/** An input that names a web page rather than a file. */
function looksLikeUrl(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

export async function extractCommand(req: ExtractRequest): Promise<number> {
  const isUrl = looksLikeUrl(req.input);
  let decoded;
  let similar: SimilarInput | null = null;
  try {
    decoded = await readDecoded(req.input);
    if (req.similar !== null) {
      const page = await readDecoded(req.similar);
      const url = looksLikeUrl(req.similar) ? req.similar : null;
      similar = { html: page.html, url: url ?? req.similar, why: 'given with --similar' };
      for (const w of decodeWarnings(page)) process.stderr.write(`article-lens: warning: ${req.similar}: ${w}\n`);
    }
  } catch (err) {
    if (err instanceof DecodeError) return fail(err.message);
    throw err;
  }
  // What the decoding says goes to stderr now (even if extraction then fails) and into the article's warnings.
  const decodeNotes = decodeWarnings(decoded);
  for (const w of decodeNotes) process.stderr.write(`article-lens: warning: ${req.input}: ${w}\n`);

  const engine = await openEngine(req.engine, { timeLimitMs: req.timeLimitMs });
  let article: Article;
  try {
    const result = await engine.extract(
      { html: decoded.html, url: req.url ?? (isUrl ? req.input : null), linkTitle: req.linkTitle, sliced: req.sliced, similar },
      req.options,
    );
    if (!result.ok) return fail(`${req.input}: ${result.kind === 'time-limit' ? '' : 'extraction failed: '}${result.error}`);
    article = decodeNotes.length ? { ...result.article, warnings: [...decodeNotes, ...result.article.warnings] } : result.article;
  } finally {
    await engine.close();
  }

  process.stdout.write(renderArticle(article, req.format));
  if (req.similar !== null) process.stderr.write(`article-lens: similar page: ${article.similarPage.message}\n`);
  if (req.explain && req.format !== 'json') process.stderr.write(`${formatExplain(article)}\n`);
  for (const w of article.warnings.slice(decodeNotes.length)) process.stderr.write(`article-lens: warning: ${req.input}: ${w}\n`);
  if (!article.body.text) return fail(`${req.input}: no article body found`);
  return 0;
}

/** The article in one output format, as `extract --format` prints it. */
export function renderArticle(a: Article, format: ExtractRequest['format']): string {
  switch (format) {
    case 'json':
      // The Article as the core returns it, with the Markdown of its body (made on demand: DESIGN.md's contract).
      return `${JSON.stringify({ ...a, body: { ...a.body, markdown: bodyMarkdown(a.body.html, jsdomParser()) } }, null, 2)}\n`;
    case 'markdown':
      return articleToMarkdown(a, jsdomParser());
    case 'text':
      return articleToText(a);
    case 'html': {
      // jsdom, DOMPurify's supported Node environment (over happy-dom it is not reliable: cure53/DOMPurify#1457).
      const purify = createDOMPurify(jsdomWindow() as unknown as Parameters<typeof createDOMPurify>[0]);
      // DOMPurify keeps data: URLs on images and media; the export keeps web links only, as the core does.
      purify.addHook('afterSanitizeAttributes', (node) => {
        for (const name of ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster']) {
          const value = node.getAttribute(name);
          if (value !== null && !isSafeUrl(value)) node.removeAttribute(name);
        }
      });
      return articleToHtmlDocument(a, (html) => purify.sanitize(html));
    }
  }
}

/** A file or URL read and decoded by its declared charset; a DecodeError names the input. */
async function readDecoded(input: string): Promise<ReturnType<typeof decodePage>> {
  const { bytes, charset } = looksLikeUrl(input) ? await fetchPage(input) : { bytes: readInputFile(input), charset: null };
  try {
    return decodePage(bytes, charset);
  } catch (err) {
    if (err instanceof DecodeError) throw new DecodeError(`${input}: ${err.message}`);
    throw err;
  }
}

function readInputFile(path: string): Uint8Array {
  let size: number;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new DecodeError(`${path}: is a directory, not a file`);
    size = st.size;
  } catch (err) {
    if (err instanceof DecodeError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(`${path}: ${code === 'ENOENT' || code === 'ENOTDIR' ? 'no such file' : `cannot read (${code ?? String(err)})`}`);
  }
  if (size === 0) throw new Error(`${path}: empty file`);
  return readFileSync(path);
}

async function fetchPage(url: string): Promise<{ bytes: Uint8Array; charset: string | null }> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { 'user-agent': 'article-lens' } });
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
    throw new Error(`${url}: unreachable (${cause})`);
  }
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const charset = /charset=([\w.:-]+)/i.exec(res.headers.get('content-type') ?? '')?.[1] ?? null;
  return { bytes: new Uint8Array(await res.arrayBuffer()), charset };
}

function fail(message: string): number {
  process.stderr.write(`article-lens: ${message}\n`);
  return 1;
}

/**
 * An empty jsdom window, loaded on the first HTML export only: jsdom takes about a second to load, which
 * every other format and command would pay at start-up.
 */
function jsdomWindow(): unknown {
  const jsdom = createRequire(import.meta.url)('jsdom') as { JSDOM: typeof JSDOM };
  return new jsdom.JSDOM('').window;
}

/** The body's clean HTML parsed in a jsdom window (turndown reads DOM nodes), for the Markdown of an export. */
function jsdomParser(): HtmlParser {
  const window = jsdomWindow() as { DOMParser: typeof DOMParser };
  return (html) => new window.DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
}
