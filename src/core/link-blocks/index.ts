/**
 * Method 5, logical link blocks (ALGORITHMS.md §5), on a page: serialise the rendered DOM with offsets,
 * scan the string, map every block back to the elements and text it covers, and measure how much of each
 * text block of the body it covers. Every block becomes a `NoiseBlock` and a trace decision with its
 * numbers; which text blocks leave the body is the combine stage's decision (§6.3).
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { LinkBlockOptions } from './options.ts';
import { normalizeSpaceSteps } from '../text/normalize.ts';
import type { PageContext, Stage } from '../stage.ts';
import type { Steps, Ticker } from '../slicing.ts';
import type { TitleAnchorResult } from '../title-anchor/index.ts';
import type { LinkBlockStats, NodeRef, NoiseBlock } from '../types.ts';
import { coveredElements, coveredTexts, enclosingElement } from './offset-map.ts';
import type { ScannedBlock } from './scan.ts';
import { fragmentTextSteps, scanLinkBlocksSteps } from './scan.ts';
import type { SerializedPage } from './serialize.ts';
import { serializeRenderedSteps } from './serialize.ts';

export interface LinkBlockResult {
  /** Every logical link block as a noise block (`removed` is for the combine stage to decide, §6.3). */
  readonly noise: readonly NoiseBlock[];
  /** For each noise block (same order), the text blocks of the body it covers. */
  readonly covered: readonly ReadonlySet<TextBlock>[];
  /** For each text block of the body that link blocks touch, the share of its visible characters they cover. */
  readonly coveredShare: ReadonlyMap<TextBlock, number>;
  /** The same for every text block of the page (the learned combination reads it outside the body too). */
  readonly pageCoveredShare: ReadonlyMap<TextBlock, number>;
  readonly stats: LinkBlockStats;
  readonly warnings: readonly string[];
  /** The serialised page (for the benchmark and tests). */
  readonly page: SerializedPage;
}

/** Stage 5a (§5.1–5.2): the rendered page as one string with every element's and text node's offsets. */
export const serializeStage: Stage<PageModel, SerializedPage> = {
  method: 'link-blocks',
  name: 'serialize',
  run: (ctx, page) =>
    serializeRenderedSteps(
      page,
      page.root,
      { maxElements: ctx.opts.limits.maxElements, maxChars: ctx.opts.linkBlocks.maxChars },
      ctx.ticker,
    ),
};

/** Stage 5b (§5.3–5.8): the scan, blocks mapped back to elements, and what they cover of the body. */
export const linkBlocksStage: Stage<
  { readonly page: PageModel; readonly serialized: SerializedPage; readonly anchor: TitleAnchorResult },
  LinkBlockResult
> = {
  method: 'link-blocks',
  name: 'link-blocks',
  run: (ctx, { serialized, anchor }) => findLinkBlocks(ctx, serialized, anchor.bodyRoot),
};

function* findLinkBlocks(ctx: PageContext, page: SerializedPage, bodyRoot: number | null): Steps<LinkBlockResult> {
  const { page: model, trace, ticker } = ctx;
  const opts = ctx.opts.linkBlocks;
  const dt = opts.distance === 'code' ? opts.maxCodeDistance : opts.maxTextDistance;
  const scan = yield* scanLinkBlocksSteps(
    page.html,
    {
      minLinks: opts.minLinks,
      distance: opts.distance,
      maxDistance: dt,
      restartAtNextLink: opts.extensions.restartAtNextLink,
      attributesStripped: true,
      tagAsOneChar: opts.extensions.tagAsOneChar,
      minLinkTextShare: opts.extensions.linkTextShare ? opts.minLinkTextShare : 0,
    },
    ticker,
  );
  const body = bodyRoot !== null ? elementRange(page, bodyRoot) : null;
  const coveredChars = new Map<TextBlock, number>();
  const pageChars = new Map<TextBlock, number>();
  const noise: NoiseBlock[] = [];
  const covered: Set<TextBlock>[] = [];

  for (const block of scan.blocks) {
    const inBody = body !== null && block.start < body.end && block.end > body.start;
    const texts = inBody ? coveredTexts(page, Math.max(block.start, body.start), Math.min(block.end, body.end)) : [];
    const touched = new Set<TextBlock>();
    for (const t of texts) {
      if (ticker.tick()) yield;
      const tb = model.blockOf(t);
      if (!tb) continue;
      touched.add(tb);
      coveredChars.set(tb, (coveredChars.get(tb) ?? 0) + visibleChars(model.textData(t)));
    }
    covered.push(touched);
    for (const t of coveredTexts(page, block.start, block.end)) {
      if (ticker.tick()) yield;
      const tb = model.blockOf(t);
      if (tb) pageChars.set(tb, (pageChars.get(tb) ?? 0) + visibleChars(model.textData(t)));
    }
    const n = yield* toNoise(ctx, page, block, inBody, touched, dt);
    noise.push(n);
    trace.decide('link-blocks', { rule: '5.6-link-block', verdict: 'candidate', target: n.ref, numbers: n.numbers, note: n.reason });
  }
  const coveredShare = yield* sharesOf(coveredChars, ticker);
  const pageCoveredShare = yield* sharesOf(pageChars, ticker);

  const stats: LinkBlockStats = {
    lcr: scan.lcr,
    ccr: scan.ccr,
    links: scan.links.length,
    blocks: scan.blocks.length,
    chars: page.html.length,
  };
  trace.decide('link-blocks', {
    rule: '5.8-coverage',
    verdict: 'info',
    numbers: { lcr: stats.lcr, ccr: stats.ccr, links: stats.links, blocks: stats.blocks, chars: stats.chars },
  });
  const warnings = page.truncated ? ['link blocks: the page is too large; only its first part was scanned'] : [];
  return { noise, covered, coveredShare, pageCoveredShare, stats, warnings, page };
}

/** Covered characters per block as a share of the block's visible characters. */
function* sharesOf(chars: ReadonlyMap<TextBlock, number>, ticker: Ticker): Steps<Map<TextBlock, number>> {
  const out = new Map<TextBlock, number>();
  for (const [tb, n] of chars) {
    // One per block of the page: 60 000 on a page of 60 000 links.
    if (ticker.tick()) yield;
    const total = visibleChars(tb.text);
    if (total > 0) out.set(tb, Math.min(1, n / total));
  }
  return out;
}

function* toNoise(
  ctx: PageContext,
  page: SerializedPage,
  block: ScannedBlock,
  inBody: boolean,
  touched: ReadonlySet<TextBlock>,
  dt: number,
): Steps<NoiseBlock> {
  const { ticker } = ctx;
  const opts: LinkBlockOptions = ctx.opts.linkBlocks;
  const container = enclosingElement(page, block.start, block.end);
  const parts = coveredElements(page, block.start, block.end, opts.maxPartsPerBlock);
  const partRefs: NodeRef[] = [];
  for (const el of parts) {
    if (ticker.tick()) yield;
    partRefs.push(ctx.ref(el));
  }
  const text = yield* normalizeSpaceSteps(yield* fragmentTextSteps(page.html.slice(block.start, block.end), ticker), ticker);
  const unit = opts.distance === 'code' ? 'code' : 'text';
  const ref = ctx.ref(container ?? (parts[0] as number), text);
  return {
    kind: 'link-block',
    ref,
    parts: partRefs,
    inBody,
    removed: false,
    text,
    reason: `${block.links} links ≥ Ct ${opts.minLinks}, largest gap ${block.maxGap} < dt ${dt} (${unit} distance), link text ${Math.round(block.linkTextShare * 100)}%`,
    numbers: {
      links: block.links,
      maxGap: block.maxGap,
      dt,
      linkTextShare: block.linkTextShare,
      ct: opts.minLinks,
      start: block.start,
      end: block.end,
      chars: block.end - block.start,
      textBlocks: touched.size,
    },
  };
}

function elementRange(page: SerializedPage, el: number): { start: number; end: number } | null {
  // The body root is usually near the top of the page; find it by walking the written elements once.
  const i = page.elements.indexOf(el);
  if (i < 0) return null;
  return { start: page.elementStarts[i] as number, end: page.elementEnds[i] as number };
}

function visibleChars(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 32 && s.charCodeAt(i) !== 0xa0) n++;
  return n;
}
