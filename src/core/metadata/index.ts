/**
 * Stage 3, metadata (ALGORITHMS.md §1.7, §6.1): author, source and time from the title→first-sentence
 * zone of method 1, the page's structured data (JSON-LD parsed once here, shared with the date SVM), and
 * the final title, author and source with where each came from. The §1.7 rule chain's publication time
 * is computed too: it is the time when the date SVM is off, and one of its statistics when on.
 */
import { dom, textOf } from '../dom/dom-read.ts';
import type { PageModel, TextBlock } from '../dom/page-model.ts';
import type { Stage } from '../stage.ts';
import { normalizeSpace } from '../text/normalize.ts';
import type { TitleAnchorResult } from '../title-anchor/index.ts';
import { titleText } from '../title-anchor/title-text.ts';
import type { ZoneMetadata } from '../title-anchor/metadata-zone.ts';
import { readZoneMetadata, zoneBlocks } from '../title-anchor/metadata-zone.ts';
import type { PublishedTime, Sourced } from '../types.ts';
import { chooseAuthor, chooseDate, chooseSource, chooseTitle, publisherNames } from './choose.ts';
import type { JsonLdObject } from './json-ld.ts';
import { readJsonLd } from './json-ld.ts';
import type { StructuredMeta } from './structured.ts';
import { readStructuredMeta } from './structured.ts';

export interface Chosen {
  readonly chosen: Sourced | null;
  readonly candidates: readonly Sourced[];
}

export interface Metadata {
  readonly zone: ZoneMetadata;
  /** Every JSON-LD object of the page (also read by the date SVM's attribute candidates). */
  readonly jsonLd: readonly JsonLdObject[];
  /** Structured metadata, with the extension `metadata.extensions.structuredData`. */
  readonly structured: StructuredMeta | null;
  readonly title: Chosen;
  readonly author: Chosen;
  readonly source: Chosen;
  /** The §1.7 rule chain's publication time. */
  readonly rulesDate: PublishedTime;
}

export const metadataStage: Stage<{ readonly page: PageModel; readonly anchor: TitleAnchorResult }, Metadata> = {
  method: 'metadata',
  name: 'metadata',
  run(ctx, { page, anchor }) {
    const { doc, opts } = ctx;
    const zone = readZoneMetadata(
      zoneBlocks(page.blocks, anchor.titleBlock, anchor.firstSentence),
      opts.metadata.maxValueChars,
      ctx.dateOpts,
    );
    const jsonLd = readJsonLd(doc);
    const structured = opts.metadata.extensions.structuredData ? readStructuredMeta(doc, jsonLd, ctx.dateOpts) : null;
    const titleElement = normalizeSpace(textOf(dom.querySelector(doc, 'title')) ?? '') || null;
    const pageBlocks = anchor.bodyRoot ? bodyFirst(page.blocks, anchor.bodyRoot) : page.blocks;
    const meta: Metadata = {
      zone,
      jsonLd,
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
      rulesDate: chooseDate(zone, structured, pageBlocks, ctx.url, ctx.now, opts.metadata, ctx.dateOpts),
    };
    for (const [field, chosen] of [
      ['title', meta.title.chosen],
      ['author', meta.author.chosen],
      ['source', meta.source.chosen],
    ] as const) {
      ctx.trace.decide('metadata', {
        rule: `1.7-${field}`,
        verdict: chosen ? 'choose' : 'reject',
        target: chosen?.ref,
        numbers: {},
        note: chosen ? `${chosen.from}/${chosen.detail}: ${chosen.value}` : `no ${field}`,
      });
    }
    if (!opts.dateSvm.enabled) {
      const time = meta.rulesDate;
      ctx.trace.decide('metadata', {
        rule: '1.7-time',
        verdict: time.iso ? 'choose' : 'reject',
        numbers: { confidence: time.confidence, candidates: time.candidates.length },
        note: time.iso ? `${time.from}/${time.detail}: ${time.iso}` : 'no date',
      });
    }
    return meta;
  },
};

/** Blocks inside the body first, then those after it, then those before it (for labelled-line fallbacks). */
function bodyFirst(blocks: readonly TextBlock[], bodyRoot: Element): TextBlock[] {
  const inside = blocks.filter((b) => b.nodes[0] !== undefined && dom.contains(bodyRoot, b.nodes[0]));
  const first = inside[0]?.index ?? blocks.length;
  const last = inside[inside.length - 1]?.index ?? first;
  return [...inside, ...blocks.slice(last + 1), ...blocks.slice(0, first)];
}
