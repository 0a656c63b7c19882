/**
 * ALGORITHMS.md §6 as a flat list of stages. Methods 2–5 join here as their issues land.
 *   1. preprocess: skip set, text blocks, one stats pass (§0, §1.2–1.3)
 *   2. title-anchor: query title → candidate scan → LCA → descent (§1.1–1.5)
 *   3. metadata: title→first-sentence zone, structured data, final choices (§1.7)
 *   3b. date-svm: every date candidate scored by the date SVM, the largest positive wins (§3, §6.4)
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
import { findPublishedTime } from './date-svm/index.ts';
import type { CompiledDateModel, DateModel } from './date-svm/date-model.ts';
import { compileDateModel } from './date-svm/date-model.ts';
import { defaultDateModel } from './date-svm/default-model.ts';
import type { PageDateSamples } from './date-svm/sample.ts';
import type { PublishedTime } from './types.ts';

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
      // The §1.7 rule chain: the publication time when the date SVM is off, and one of its page statistics when on.
      rulesDate: chooseDate(zone, structured, pageBlocks, url, now, opts.metadata, dateOpts),
    };
  });
  let dateSamples: PageDateSamples | null = null;
  let publishedTime: PublishedTime;
  if (!opts.dateSvm.enabled) publishedTime = meta.rulesDate;
  else {
    const result = trace.step('date-svm', 'date-svm', () =>
      findPublishedTime(
        {
          doc,
          model,
          titleBlock: anchor.titleBlock,
          firstSentence: anchor.firstSentence,
          bodyRoot: anchor.bodyRoot,
          commentSections: anchor.commentSections,
          url,
          now,
          maxFutureDays: opts.metadata.maxFutureDays,
          dateOpts,
          structuredDate: (meta.structured?.dates ?? []).find((d) => d.from !== 'time-element') ?? null,
          rulesDay: meta.rulesDate.iso?.slice(0, 10) ?? null,
          maxElements: opts.limits.maxElements,
        },
        dateModelOf(env.dateModel),
        opts,
        trace,
      ),
    );
    publishedTime = result.time;
    if (opts.dateSvm.exportSamples) dateSamples = result.samples;
  }
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
  if (!opts.dateSvm.enabled)
    trace.decide('metadata', {
      rule: '1.7-time',
      verdict: publishedTime.iso ? 'choose' : 'reject',
      numbers: { confidence: publishedTime.confidence, candidates: publishedTime.candidates.length },
      note: publishedTime.iso ? `${publishedTime.from}/${publishedTime.detail}: ${publishedTime.iso}` : 'no date',
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
    publishedTime,
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
    ...(dateSamples ? { dateSamples } : {}),
  };
}

const compiledModels = new WeakMap<DateModel, CompiledDateModel>();

/** The host's date model compiled once, or the shipped one. */
function dateModelOf(model: DateModel | undefined): CompiledDateModel {
  if (!model) return defaultDateModel();
  let c = compiledModels.get(model);
  if (!c) {
    c = compileDateModel(model);
    compiledModels.set(model, c);
  }
  return c;
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
