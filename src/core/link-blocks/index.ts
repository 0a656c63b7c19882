/**
 * Method 5, logical link blocks (ALGORITHMS.md §5), on a page: serialise the rendered DOM with offsets,
 * scan the string, map every block back to the elements and text it covers, and decide which text blocks
 * of the body it takes out (§6.3). Every block becomes a `NoiseBlock` and a trace decision with its
 * numbers.
 */
import type { PageModel, TextBlock } from '../dom/page-model.ts';
import { nodeRef } from '../dom/node-ref.ts';
import type { LinkBlockOptions } from '../options.ts';
import { normalizeSpace } from '../text/normalize.ts';
import type { Trace } from '../trace.ts';
import type { LinkBlockStats, NoiseBlock } from '../types.ts';
import { coveredElements, coveredTexts, enclosingElement } from './offset-map.ts';
import type { ScannedBlock } from './scan.ts';
import { fragmentText, scanLinkBlocks } from './scan.ts';
import type { SerializedPage } from './serialize.ts';
import { serializeRendered } from './serialize.ts';

export interface LinkBlockResult {
  readonly noise: readonly NoiseBlock[];
  readonly stats: LinkBlockStats;
  /** Text blocks of the body that link blocks take out (empty when `removeFromBody` is off). */
  readonly removed: ReadonlySet<TextBlock>;
  readonly warnings: readonly string[];
  /** The serialised page (for the benchmark and tests). */
  readonly page: SerializedPage;
}

/** Serialise + scan, timed apart by the caller's trace. */
export function serializeForScan(model: PageModel, opts: LinkBlockOptions, maxElements: number): SerializedPage {
  return serializeRendered(model.root, (el) => model.skipped.has(el), { maxElements, maxChars: opts.maxChars });
}

export function findLinkBlocks(
  model: PageModel,
  page: SerializedPage,
  bodyRoot: Element | null,
  opts: LinkBlockOptions,
  trace: Trace,
): LinkBlockResult {
  const dt = opts.distance === 'code' ? opts.maxCodeDistance : opts.maxTextDistance;
  const scan = scanLinkBlocks(page.html, {
    minLinks: opts.minLinks,
    distance: opts.distance,
    maxDistance: dt,
    restartAtNextLink: opts.extensions.restartAtNextLink,
    attributesStripped: true,
    tagAsOneChar: opts.extensions.tagAsOneChar,
    minLinkTextShare: opts.extensions.linkTextShare ? opts.minLinkTextShare : 0,
  });
  const body = bodyRoot ? elementRange(page, bodyRoot) : null;
  const removedChars = new Map<TextBlock, number>();
  const noise: NoiseBlock[] = [];
  const touchedByBlock: Set<TextBlock>[] = [];

  for (const block of scan.blocks) {
    const inBody = body !== null && block.start < body.end && block.end > body.start;
    const texts = inBody ? coveredTexts(page, Math.max(block.start, body.start), Math.min(block.end, body.end)) : [];
    const touched = new Set<TextBlock>();
    for (const t of texts) {
      const tb = model.blockOf(t);
      if (!tb) continue;
      touched.add(tb);
      removedChars.set(tb, (removedChars.get(tb) ?? 0) + visibleChars(t.data));
    }
    touchedByBlock.push(touched);
    noise.push(toNoise(page, block, inBody, touched, opts, dt));
  }

  const removed = new Set<TextBlock>();
  if (opts.removeFromBody) {
    for (const [tb, chars] of removedChars) {
      const total = visibleChars(tb.text);
      if (total === 0 || chars / total < opts.removeMinShare) continue;
      if (opts.extensions.keepSentences && tb.sentence) continue;
      removed.add(tb);
    }
  }
  // A block "removed" is one whose text left the body in at least one text block.
  const final = noise.map((n, i) => ([...(touchedByBlock[i] ?? [])].some((tb) => removed.has(tb)) ? { ...n, removed: true } : n));
  for (const n of final) {
    trace.decide('link-blocks', {
      rule: '5.6-link-block',
      verdict: n.removed ? 'drop' : 'info',
      target: n.ref,
      numbers: n.numbers,
      note: n.reason,
    });
  }

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
    numbers: { lcr: stats.lcr, ccr: stats.ccr, links: stats.links, blocks: stats.blocks, chars: stats.chars, removedBlocks: removed.size },
  });
  const warnings = page.truncated ? ['link blocks: the page is too large; only its first part was scanned'] : [];
  return { noise: final, stats, removed, warnings, page };
}

function toNoise(
  page: SerializedPage,
  block: ScannedBlock,
  inBody: boolean,
  touched: ReadonlySet<TextBlock>,
  opts: LinkBlockOptions,
  dt: number,
): NoiseBlock {
  const container = enclosingElement(page, block.start, block.end);
  const parts = coveredElements(page, block.start, block.end, opts.maxPartsPerBlock);
  const text = normalizeSpace(fragmentText(page.html.slice(block.start, block.end)));
  const unit = opts.distance === 'code' ? 'code' : 'text';
  return {
    kind: 'link-block',
    ref: nodeRef(container ?? (parts[0] as Element), text),
    parts: parts.map((el) => nodeRef(el)),
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

function elementRange(page: SerializedPage, el: Element): { start: number; end: number } | null {
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
