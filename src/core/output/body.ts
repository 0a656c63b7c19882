/**
 * §1.6 The body output: the text blocks inside the body root, minus the blocks the combine stage left out
 * (title, zone metadata, comments, link blocks), as plain text and clean HTML cut from the page model, with
 * its images, tables and documents. Markdown is made from the clean HTML when a host asks for it
 * (markdown.ts), not on every extraction.
 */
import type { Stage } from '../stage.ts';
import type { Steps, Ticker } from '../slicing.ts';
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { OutputOptions } from './options.ts';
import type { ArticleBody, ArticleDocument, ArticleImage, ArticleTable } from '../types.ts';
import type { CleanContext } from './clean-html.ts';
import { buildCleanTreeSteps, serializeChildrenSteps } from './clean-html.ts';
import type { DecorativeRules, DecorativeWhy } from './decorative.ts';
import { DecorativeJudge } from './decorative.ts';
import { collectDocuments, collectImages, collectTables } from './media.ts';
import { baseUrlOf } from './url.ts';
import { cellJoin, cellOf, layoutMemo, sameDataRow, sameLayoutRow } from './layout-table.ts';

export interface BodyOutput {
  readonly body: ArticleBody;
  readonly blocks: readonly TextBlock[];
  readonly images: readonly ArticleImage[];
  readonly tables: readonly ArticleTable[];
  readonly documents: readonly ArticleDocument[];
  readonly warnings: readonly string[];
}

export const EMPTY_BODY: ArticleBody = { html: '', text: '' };

/** Stage 7, output (§1.6): the body as decided by the combine stage, written out. */
export const outputStage: Stage<
  {
    readonly page: PageModel;
    readonly root: number;
    readonly excluded: ReadonlySet<TextBlock>;
    /** The extracted author (§1.7), for extension `dropSignOffImages`; null when none. */
    readonly author: string | null;
  },
  BodyOutput
> = {
  method: 'output',
  name: 'output',
  run: (ctx, { page, root, excluded, author }) => {
    const opts = ctx.opts.output;
    const judge = new DecorativeJudge(page, root, decorativeRules(opts, author), (img, src, why, where) =>
      ctx.trace.decide('output', () => ({
        rule: '1.6-decorative-image',
        verdict: 'drop',
        target: ctx.ref(img),
        numbers: { width: attrSide(page, img, 'width'), height: attrSide(page, img, 'height') },
        note: `${src}: ${DECORATIVE_WHY[why]}; left out of ${where === 'images' ? 'Article.images' : why === 'icon' ? "the body's HTML" : "the body's HTML and Article.images"}`,
      })),
    );
    return buildBody(page, root, excluded, baseUrlOf(page, ctx.url), opts, ctx.opts.limits.maxLabelChars, judge, ctx.ticker);
  },
};

/** The Explain trace's words for each decorative-image rule. */
const DECORATIVE_WHY: Readonly<Record<DecorativeWhy, string>> = {
  size: 'a stated side below output.minImageSide, or sides beyond output.maxImageAspect (an icon, a pixel, a divider)',
  icon: 'every stated side at most output.maxIconSide (an icon, a spinner, a pixel)',
  name: 'its class, id, alt or file name says icon, avatar, emoji, spacer or the like',
  placeholder: "a loading spinner or a lazy image's stand-in",
  byline: "an author's photo (named so, or inside the byline)",
  'sign-off': "an end mark, or its alt text is the author's name",
};

/** A stated side for the trace: the attribute's number, 0 when there is none. */
function attrSide(page: PageModel, img: number, name: string): number {
  const v = Number.parseInt(page.attr(img, name) ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : 0;
}

/** The decorative-image rules the output options switch on (decorative.ts). */
export function decorativeRules(opts: OutputOptions, author: string | null): DecorativeRules {
  const on = opts.extensions;
  return {
    size: on.dropDecorativeImages ? { minSide: opts.minImageSide, maxAspect: opts.maxImageAspect } : null,
    names: on.dropDecorativeImages,
    iconSide: on.dropDecorativeImagesFromHtml ? opts.maxIconSide : null,
    placeholder: on.dropPlaceholderImages,
    bylineMaxUnits: on.dropBylineImages ? opts.bylineMaxUnits : null,
    signOff: on.dropSignOffImages ? { author } : null,
  };
}

function* buildBody(
  model: PageModel,
  bodyRoot: number,
  excluded: ReadonlySet<TextBlock>,
  base: string | null,
  opts: OutputOptions,
  maxLabel: number,
  judge: DecorativeJudge,
  ticker: Ticker,
): Steps<BodyOutput> {
  const blocks: TextBlock[] = [];
  for (const b of model.blocks) {
    if (ticker.tick()) yield;
    const first = b.nodes[0];
    if (!excluded.has(b) && first !== undefined && model.contains(bodyRoot, model.textParent[first] as number)) blocks.push(b);
  }
  const warnings: string[] = [];
  const layoutTable = opts.extensions.joinLayoutTableRows ? layoutMemo(model) : undefined;
  const joins: RowJoins = {
    layout: layoutTable ?? null,
    data: opts.extensions.joinDataTableRows ? (layoutTable ?? layoutMemo(model)) : null,
    separator: opts.dataTableCellSeparator,
  };
  let text = joins.layout || joins.data ? joinBlocks(model, blocks, joins) : blocks.map((b) => b.text).join('\n');
  if (text.length > opts.maxBodyChars) {
    text = text.slice(0, opts.maxBodyChars);
    warnings.push(`body cut at ${opts.maxBodyChars} characters`);
  }
  const ctx: CleanContext = {
    model,
    base,
    dropText: (t) => {
      const block = model.blockOf(t);
      return block !== undefined && excluded.has(block);
    },
    ...(layoutTable ? { layoutTable } : {}),
    ...(judge.filtersHtml ? { dropImage: (img: number, src: string) => judge.forHtml(img, src) !== null } : {}),
  };
  // The HTML keeps as much text as the plain text (a 5 MB word made both 5 MB).
  const clean = yield* buildCleanTreeSteps(bodyRoot, ctx, { maxTextChars: opts.maxBodyChars }, ticker);
  const html = yield* serializeChildrenSteps(clean, ticker);
  return {
    body: { html, text },
    blocks,
    images: collectImages(bodyRoot, ctx, { max: opts.maxImages, maxLabel, decorative: null, judge }),
    tables: collectTables(bodyRoot, ctx, opts.maxTableCells, maxLabel),
    documents: collectDocuments(bodyRoot, ctx, opts.documentExtensions, maxLabel),
    warnings,
  };
}

/** How the cells of a table row are joined in the text: layout rows (`joinLayoutTableRows`), data rows (`joinDataTableRows`). */
interface RowJoins {
  readonly layout: ((table: number) => boolean) | null;
  readonly data: ((table: number) => boolean) | null;
  readonly separator: string;
}

/**
 * The blocks' texts, a line each, but the cells of one row of a layout table run together where the text
 * runs on (extension `joinLayoutTableRows`, layout-table.ts), and the cells of one row of a data table are one
 * line (extension `joinDataTableRows`).
 */
function joinBlocks(m: PageModel, blocks: readonly TextBlock[], joins: RowJoins): string {
  let text = '';
  let prevCell = -1;
  blocks.forEach((b, i) => {
    const first = b.nodes[0];
    const last = b.nodes[b.nodes.length - 1];
    const cell = first !== undefined ? cellOf(m, first) : -1;
    const prev = blocks[i - 1];
    let sep = i === 0 ? '' : '\n';
    if (prev && prevCell >= 0 && cell >= 0 && prevCell !== cell) {
      if (joins.layout && sameLayoutRow(m, prevCell, cell, joins.layout)) sep = cellJoin(prev.text, b.text) ?? '\n';
      else if (joins.data && sameDataRow(m, prevCell, cell, joins.data)) sep = joins.separator;
    }
    text += sep + b.text;
    prevCell = last !== undefined ? cellOf(m, last) : -1;
  });
  return text;
}
