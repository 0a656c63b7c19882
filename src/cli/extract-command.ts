/** `article-lens extract`: one file or URL through one engine, printed as json, markdown, text or html. */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Article, ExtractOptions } from '../core/index.ts';
import type { FetchedPage } from '../node/fetch-page.ts';
import { FetchError, fetchPage } from '../node/fetch-page.ts';
import type { DecodedPage } from '../node/read-page.ts';
import { DecodeError, decodePage, decodeWarnings } from '../node/read-page.ts';
import type { EngineName, SimilarInput } from '../node/engines/engine.ts';
import { openEngine } from '../node/engines/open-engine.ts';
import { isHttpUrl, parseEngine, timeLimitMs } from './args.ts';
import { formatExplain } from './explain.ts';
import { renderArticle } from './render-article.ts';
import { UsageError, optionsFromFlags } from './options-flags.ts';
import { writeErr, writeOut } from '../node/terminal-text.ts';

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
  /** Refuse a redirect of a fetched URL to another origin (`--same-origin`). */
  readonly sameOrigin: boolean;
}

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
      'same-origin': { type: 'boolean', default: false },
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
    sameOrigin: values['same-origin'],
  };
}

/** An input that names a web page rather than a file. */
function looksLikeUrl(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

export async function extractCommand(req: ExtractRequest): Promise<number> {
  let decoded;
  let similar: SimilarInput | null = null;
  try {
    decoded = await readDecoded(req.input, req.sameOrigin);
    if (req.similar !== null) {
      const page = await readDecoded(req.similar, req.sameOrigin);
      similar = { html: page.html, url: page.url ?? req.similar, why: 'given with --similar' };
      for (const w of decodeWarnings(page)) writeErr(`article-lens: warning: ${req.similar}: ${w}\n`);
    }
  } catch (err) {
    if (err instanceof DecodeError || err instanceof FetchError) return fail(err.message);
    throw err;
  }
  // What the decoding says goes to stderr now (even if extraction then fails) and into the article's warnings.
  const decodeNotes = decodeWarnings(decoded);
  for (const w of decodeNotes) writeErr(`article-lens: warning: ${req.input}: ${w}\n`);

  const engine = await openEngine(req.engine, { timeLimitMs: req.timeLimitMs });
  let article: Article;
  try {
    const result = await engine.extract(
      { html: decoded.html, url: req.url ?? decoded.url, linkTitle: req.linkTitle, sliced: req.sliced, similar },
      req.options,
    );
    if (!result.ok) return fail(`${req.input}: ${result.kind === 'time-limit' ? '' : 'extraction failed: '}${result.error}`);
    article = decodeNotes.length ? { ...result.article, warnings: [...decodeNotes, ...result.article.warnings] } : result.article;
  } finally {
    await engine.close();
  }

  writeOut(renderArticle(article, req.format));
  if (req.similar !== null) writeErr(`article-lens: similar page: ${article.similarPage.message}\n`);
  if (req.explain && req.format !== 'json') writeErr(`${formatExplain(article)}\n`);
  for (const w of article.warnings.slice(decodeNotes.length)) writeErr(`article-lens: warning: ${req.input}: ${w}\n`);
  if (!article.body.text) return fail(`${req.input}: no article body found`);
  return 0;
}

/**
 * A file or URL read and decoded by its declared charset, with the URL it was read from (where a fetched
 * URL's redirects led, said on stderr; null for a file); a DecodeError names the input.
 */
async function readDecoded(input: string, sameOrigin: boolean): Promise<DecodedPage & { readonly url: string | null }> {
  let fetched: FetchedPage | null = null;
  if (looksLikeUrl(input)) {
    fetched = await fetchPage(input, { sameOrigin });
    if (fetched.finalUrl !== input) writeErr(`article-lens: ${input}: redirected to ${fetched.finalUrl}\n`);
  }
  const bytes = fetched?.bytes ?? readInputFile(input);
  try {
    const page = decodePage(bytes, fetched?.charset ?? null);
    return { ...page, url: fetched?.finalUrl ?? null };
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

function fail(message: string): number {
  writeErr(`article-lens: ${message}\n`);
  return 1;
}
