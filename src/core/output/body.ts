/**
 * §1.6 The body output: the text blocks inside the body root, minus the blocks the combine stage left out
 * (title, zone metadata, comments, link blocks), as plain text, clean HTML and Markdown, with its images,
 * tables and documents.
 */
import { dom } from '../dom/dom-read.ts';
import type { RenderProbe } from '../env.ts';
import type { Stage } from '../stage.ts';
import type { PageModel, TextBlock } from '../dom/page-model.ts';
import type { OutputOptions } from '../options.ts';
import type { ArticleBody, ArticleDocument, ArticleImage, ArticleTable } from '../types.ts';
import type { CleanContext } from './clean-html.ts';
import { buildCleanTree, serializeChildren } from './clean-html.ts';
import { toMarkdown } from './markdown.ts';
import { collectDocuments, collectImages, collectTables } from './media.ts';
import { baseUrlOf } from './url.ts';

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
  run: (ctx, { page, root, excluded }) => buildBody(page, root, excluded, baseUrlOf(ctx.doc, ctx.url), ctx.env.probe, ctx.opts.output),
};

function buildBody(
  model: PageModel,
  bodyRoot: Element,
  excluded: ReadonlySet<TextBlock>,
  base: string | null,
  probe: RenderProbe,
  opts: OutputOptions,
): BodyOutput {
  const blocks = model.blocks.filter((b) => !excluded.has(b) && b.nodes[0] !== undefined && dom.contains(bodyRoot, b.nodes[0]));
  const warnings: string[] = [];
  let text = blocks.map((b) => b.text).join('\n');
  if (text.length > opts.maxBodyChars) {
    text = text.slice(0, opts.maxBodyChars);
    warnings.push(`body cut at ${opts.maxBodyChars} characters`);
  }
  const ctx: CleanContext = {
    doc: dom.ownerDocument(bodyRoot),
    base,
    skipped: model.skipped,
    dropText: (node) => {
      const block = model.blockOf(node);
      return block !== undefined && excluded.has(block);
    },
  };
  const clean = buildCleanTree(bodyRoot, ctx);
  return {
    body: { html: serializeChildren(clean), text, markdown: toMarkdown(clean) },
    blocks,
    images: collectImages(bodyRoot, ctx, probe, opts.maxImages),
    tables: collectTables(bodyRoot, ctx, opts.maxTableCells),
    documents: collectDocuments(bodyRoot, ctx, opts.documentExtensions),
    warnings,
  };
}
