/**
 * ALGORITHMS.md §6 as a flat list of stages. Methods 2–5 join here as their issues land.
 *   1. preprocess: skip set, text blocks, one stats pass (§0, §1.2–1.3)
 *   2. title-anchor: query title → candidate scan → LCA → descent (§1.1–1.5)
 *   3. metadata: title→first-sentence zone, structured data, final choices (§1.7)
 *   4. link-blocks: serialise the rendered page with offsets, scan it for logical link blocks, map them
 *      back to elements; those inside the body root leave the body (§5, §6.3)
 *   5. output: body text / clean HTML / Markdown, images, tables, documents (§1.6)
 */
import type { ExtractEnv } from './env.ts';
import type { TextBlock } from './dom/page-model.ts';
import { buildPageModel } from './dom/page-model.ts';
import { nodeRef } from './dom/node-ref.ts';
import type { ExtractOptions } from './options.ts';
import { hashOptions } from './options.ts';
import { Trace } from './trace.ts';
import type { Article } from './types.ts';
import { normalizeSpace } from './text/normalize.ts';
import type { DateFinderOptions } from './text/date-finder.ts';
import { findQueryTitles } from './title-anchor/query-title.ts';
import { findTitleAnchoredBody } from './title-anchor/index.ts';
import { titleText } from './title-anchor/title-text.ts';
import { readZoneMetadata, zoneBlocks } from './title-anchor/metadata-zone.ts';
import { readStructuredMeta } from './metadata/structured.ts';
import { chooseAuthor, chooseDate, chooseSource, chooseTitle, publisherNames } from './metadata/choose.ts';
import { baseUrlOf } from './output/url.ts';
import { EMPTY_BODY, buildBody } from './output/body.ts';
import { findLinkBlocks, serializeForScan } from './link-blocks/index.ts';

export interface ExtractInput {
  /**
   * The page's URL (base for relative links, and the URL-date gap-filler). Undefined: the document's
   * own URL; null: unknown.
   */
  readonly url?: string | null;
  /** The anchor text of the link the reader followed to get here (§1 "Input"). */
  readonly linkTitle?: string | null;
}

export function runPipeline(doc: Document, input: ExtractInput, env: ExtractEnv, opts: ExtractOptions): Article {
  const trace = new Trace(opts.trace.enabled, env.timer ?? Date.now, opts.limits.maxDecisions);
  const now = env.clock.now();
  const dateOpts: DateFinderOptions = {
    minYear: opts.metadata.minYear,
    maxYear: now.getUTCFullYear() + 1,
    dayFirst: !/^en-us/i.test(doc.documentElement.lang),
  };
  const url = input.url === undefined ? documentUrl(doc) : input.url;

  const model = trace.step('preprocess', 'preprocess', () => buildPageModel(doc, env.probe, opts));
  trace.decide('preprocess', {
    rule: '1.3-stats',
    verdict: 'info',
    numbers: {
      elements: model.elementCount,
      blocks: model.blocks.length,
      sentences: model.stats(model.root).sentences,
      skipped: model.skipped.size,
    },
  });

  const anchor = trace.step('title-anchor', 'title-anchor', () =>
    findTitleAnchoredBody(model, findQueryTitles(doc, input.linkTitle ?? null, opts.titleAnchor), opts.titleAnchor, trace),
  );

  const meta = trace.step('metadata', 'metadata', () => {
    const zone = readZoneMetadata(zoneBlocks(model.blocks, anchor.titleBlock, anchor.firstSentence), opts.metadata.maxValueChars, dateOpts);
    const structured = opts.metadata.extensions.structuredData ? readStructuredMeta(doc, dateOpts) : null;
    const titleElement = normalizeSpace(doc.querySelector('title')?.textContent ?? '') || null;
    const pageBlocks = anchor.bodyRoot ? bodyFirst(model.blocks, anchor.bodyRoot) : model.blocks;
    return {
      zone,
      structured,
      title: chooseTitle(
        anchor.titleBlock,
        anchor.titleBlock ? titleText(anchor.titleBlock, anchor.query?.text ?? '', opts.titleAnchor) : null,
        structured,
        titleElement,
        opts.titleAnchor,
      ),
      author: chooseAuthor(zone, structured, pageBlocks, opts.metadata, publisherNames(zone, structured, titleElement)),
      source: chooseSource(zone, structured),
      date: chooseDate(zone, structured, pageBlocks, url, now, opts.metadata, dateOpts),
    };
  });
  for (const [field, chosen] of [
    ['title', meta.title.chosen],
    ['author', meta.author.chosen],
    ['source', meta.source.chosen],
  ] as const) {
    trace.decide('metadata', {
      rule: `1.7-${field}`,
      verdict: chosen ? 'choose' : 'reject',
      target: chosen?.ref,
      numbers: {},
      note: chosen ? `${chosen.from}/${chosen.detail}: ${chosen.value}` : `no ${field}`,
    });
  }
  trace.decide('metadata', {
    rule: '1.7-time',
    verdict: meta.date.iso ? 'choose' : 'reject',
    numbers: { confidence: meta.date.confidence, candidates: meta.date.candidates.length },
    note: meta.date.iso ? `${meta.date.from}/${meta.date.detail}: ${meta.date.iso}` : 'no date',
  });

  const excluded = new Set<TextBlock>();
  if (opts.output.extensions.dropTitleAndZone) {
    if (anchor.titleBlock) excluded.add(anchor.titleBlock);
    for (const b of meta.zone.metadataBlocks) excluded.add(b);
  }
  if (opts.output.extensions.dropNoiseBlocks) for (const b of model.blocks) if (b.noise) excluded.add(b);
  if (anchor.commentSections.length) {
    for (const b of model.blocks) if (anchor.commentSections.some((c) => c.contains(b.owner))) excluded.add(b);
  }

  const page = trace.step('link-blocks', 'serialize', () => serializeForScan(model, opts.linkBlocks, opts.limits.maxElements));
  const links = trace.step('link-blocks', 'link-blocks', () => findLinkBlocks(model, page, anchor.bodyRoot, opts.linkBlocks, trace));
  for (const b of links.removed) excluded.add(b);

  const base = baseUrlOf(doc, url);
  const out = anchor.bodyRoot
    ? trace.step('output', 'output', () => buildBody(model, anchor.bodyRoot as Element, excluded, base, env.probe, opts.output))
    : null;
  const warnings = [...model.warnings, ...links.warnings, ...(out?.warnings ?? [])];
  if (!anchor.bodyRoot)
    warnings.push(
      model.stats(model.root).sentences === 0 ? 'no article: the page has no sentences' : 'no article: no block matches the title',
    );

  return {
    url,
    title: meta.title.chosen?.value ?? null,
    author: meta.author.chosen?.value ?? null,
    source: meta.source.chosen?.value ?? null,
    publishedTime: meta.date,
    lang: meta.structured?.lang ?? (doc.documentElement.getAttribute('lang') || null),
    body: out?.body ?? EMPTY_BODY,
    images: out?.images ?? [],
    tables: out?.tables ?? [],
    documents: out?.documents ?? [],
    noise: links.noise,
    linkBlockStats: links.stats,
    provenance: {
      title: meta.title.chosen,
      author: meta.author.chosen,
      source: meta.source.chosen,
      candidates: [...meta.title.candidates, ...meta.author.candidates, ...meta.source.candidates],
    },
    anchors: {
      query: anchor.query,
      titleBlock: anchor.titleBlock ? nodeRef(anchor.titleBlock.owner, anchor.titleBlock.text) : null,
      firstSentence: anchor.firstSentence ? nodeRef(anchor.firstSentence.owner, anchor.firstSentence.text) : null,
      bodyRoot: anchor.bodyRoot ? nodeRef(anchor.bodyRoot) : null,
    },
    warnings,
    timings: trace.timings(),
    explain: { steps: trace.steps, decisions: trace.decisions, optionsHash: hashOptions(opts) },
  };
}

function documentUrl(doc: Document): string | null {
  return doc.URL && /^https?:/i.test(doc.URL) ? doc.URL : null;
}

/** Blocks inside the body first, then those after it, then those before it (for labelled-line fallbacks). */
function bodyFirst(blocks: readonly TextBlock[], bodyRoot: Element): TextBlock[] {
  const inside = blocks.filter((b) => b.nodes[0] !== undefined && bodyRoot.contains(b.nodes[0]));
  const first = inside[0]?.index ?? blocks.length;
  const last = inside[inside.length - 1]?.index ?? first;
  return [...inside, ...blocks.slice(last + 1), ...blocks.slice(0, first)];
}
