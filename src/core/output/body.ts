/**
 * §1.6 The body output: the text blocks inside the body root, minus the blocks the combine stage left out
 * (title, zone metadata, comments, link blocks), as plain text, clean HTML and Markdown, with its images,
 * tables and documents.
 */
import { dom } from '../dom/dom-read.ts';
import type { RenderProbe } from '../env.ts';
import type { Stage } from '../stage.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { DUE } from '../slicing.ts';
import type { PageModel, TextBlock } from '../dom/page-model.ts';
import type { OutputOptions } from '../options.ts';
import type { ArticleBody, ArticleDocument, ArticleImage, ArticleTable } from '../types.ts';
import type { CleanContext } from './clean-html.ts';
import { buildCleanTreeSteps, inertDocument, serializeChildrenSteps } from './clean-html.ts';
import { toMarkdown } from './markdown.ts';
import { collectDocuments, collectImages, collectTables } from './media.ts';
import { baseUrlOf } from './url.ts';
import { cellJoin, cellOf, layoutMemo, sameLayoutRow } from './layout-table.ts';

export interface BodyOutput {
  readonly body: ArticleBody;
  readonly blocks: readonly TextBlock[];
  readonly images: readonly ArticleImage[];
  readonly tables: readonly ArticleTable[];
  readonly documents: readonly ArticleDocument[];
  readonly warnings: readonly string[];
}

export const EMPTY_BODY: ArticleBody = { html: '', text: '', markdown: '' };

/** Stage 7, output (§1.6): the body as decided by the combine stage, written out. */
export const outputStage: Stage<
  { readonly page: PageModel; readonly root: Element; readonly excluded: ReadonlySet<TextBlock> },
  BodyOutput
> = {
  method: 'output',
  name: 'output',
  run: (ctx, { page, root, excluded }) =>
    buildBody(page, root, excluded, baseUrlOf(ctx.doc, ctx.url), ctx.env.probe, ctx.opts.output, ctx.opts.limits.maxLabelChars, ctx.ticker),
};

function* buildBody(
  model: PageModel,
  bodyRoot: Element,
  excluded: ReadonlySet<TextBlock>,
  base: string | null,
  probe: RenderProbe,
  opts: OutputOptions,
  maxLabel: number,
  ticker: Ticker,
): Steps<BodyOutput> {
  const blocks: TextBlock[] = [];
  for (const b of model.blocks) {
    if (ticker.tick()) yield;
    if (!excluded.has(b) && b.nodes[0] !== undefined && dom.contains(bodyRoot, b.nodes[0])) blocks.push(b);
  }
  const warnings: string[] = [];
  const layoutTable = opts.extensions.joinLayoutTableRows ? layoutMemo() : undefined;
  let text = layoutTable ? joinBlocks(blocks, layoutTable) : blocks.map((b) => b.text).join('\n');
  if (text.length > opts.maxBodyChars) {
    text = text.slice(0, opts.maxBodyChars);
    warnings.push(`body cut at ${opts.maxBodyChars} characters`);
  }
  const ctx: CleanContext = {
    doc: inertDocument(dom.ownerDocument(bodyRoot)),
    base,
    skipped: model.skipped,
    dropText: (node) => {
      const block = model.blockOf(node);
      return block !== undefined && excluded.has(block);
    },
    ...(layoutTable ? { layoutTable } : {}),
  };
  // The HTML and Markdown keep as much text as the plain text (a 5 MB word made all three 5 MB).
  const clean = yield* buildCleanTreeSteps(bodyRoot, ctx, { maxTextChars: opts.maxBodyChars }, ticker);
  const html = yield* serializeChildrenSteps(clean, ticker);
  // Markdown is one call to turndown (set up on its first use): a slice of its own.
  if (ticker.tick(DUE)) yield;
  const markdown = toMarkdown(clean);
  if (ticker.tick(DUE)) yield;
  return {
    body: { html, text, markdown },
    blocks,
    images: collectImages(bodyRoot, ctx, probe, {
      max: opts.maxImages,
      maxLabel,
      decorative: opts.extensions.dropDecorativeImages ? { minSide: opts.minImageSide, maxAspect: opts.maxImageAspect } : null,
    }),
    tables: collectTables(bodyRoot, ctx, opts.maxTableCells, maxLabel),
    documents: collectDocuments(bodyRoot, ctx, opts.documentExtensions, maxLabel),
    warnings,
  };
}

/**
 * The blocks' texts, a line each, but the cells of one row of a layout table run together where the text
 * runs on (extension `joinLayoutTableRows`, layout-table.ts).
 */
function joinBlocks(blocks: readonly TextBlock[], layoutTable: (table: Element) => boolean): string {
  let text = '';
  let prevCell: Element | null = null;
  blocks.forEach((b, i) => {
    const first = b.nodes[0];
    const last = b.nodes[b.nodes.length - 1];
    const cell = first ? cellOf(first) : null;
    const prev = blocks[i - 1];
    let sep = i === 0 ? '' : '\n';
    if (prev && prevCell && cell && prevCell !== cell && sameLayoutRow(prevCell, cell, layoutTable))
      sep = cellJoin(prev.text, b.text) ?? '\n';
    text += sep + b.text;
    prevCell = last ? cellOf(last) : null;
  });
  return text;
}
