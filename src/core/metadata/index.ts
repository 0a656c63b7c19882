/**
 * Stage 3, metadata (ALGORITHMS.md §1.7, §6.1): author, source and time from the title→first-sentence
 * zone of method 1, the page's structured data (JSON-LD parsed once here, shared with the date SVM), and
 * the final title, author and source with where each came from. The §1.7 rule chain's publication time
 * is computed too: it is the time when the date SVM is off, and one of its statistics when on.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PageContext, Stage } from '../stage.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { cutText } from '../text/cut.ts';
import { DUE } from '../slicing.ts';
import type { TitleAnchorResult } from '../title-anchor/index.ts';
import type { TitleElement } from '../title-anchor/title-element.ts';
import { readTitleElement } from '../title-anchor/title-element.ts';
import { titleText } from '../title-anchor/title-text.ts';
import type { ZoneMetadata } from '../title-anchor/metadata-zone.ts';
import { readZoneMetadata, zoneBlocks } from '../title-anchor/metadata-zone.ts';
import type { PublishedTime, Refused, Sourced } from '../types.ts';
import type { FieldLearning } from './choose.ts';
import { chooseAuthorSteps, chooseDate, chooseSite, chooseSource, chooseTitle, publisherNames } from './choose.ts';
import type { JsonLdObject } from './json-ld.ts';
import { readJsonLd } from './json-ld.ts';
import type { StructuredMeta } from './structured.ts';
import { readStructuredMetaSteps } from './structured.ts';

export interface Chosen {
  readonly chosen: Sourced | null;
  readonly candidates: readonly Sourced[];
  /** Author and source values the cleaning refused, with why (extension `cleanAuthors`). */
  readonly refused?: readonly Refused[];
  /** The candidates' feature rows, in the rules' order (extension `learnedFields`; `train-author` reads them). */
  readonly learning?: FieldLearning;
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
  /** The site's own name (extension `metadata.extensions.siteName`; nothing chosen when it is off). */
  readonly site: Chosen;
  /** The §1.7 rule chain's publication time. */
  readonly rulesDate: PublishedTime;
  /** A `<title>` cut before raw markup, a title, author or source cut to its limit. */
  readonly warnings: readonly string[];
}

export const metadataStage: Stage<{ readonly page: PageModel; readonly anchor: TitleAnchorResult }, Metadata> = {
  method: 'metadata',
  name: 'metadata',
  *run(ctx, { page, anchor }) {
    const { opts } = ctx;
    // The date finder's first use compiles its large regular expressions: a slice of its own.
    if (ctx.ticker.tick(DUE)) yield;
    const zone = readZoneMetadata(
      zoneBlocks(page.blocks, anchor.titleBlock, anchor.firstSentence),
      opts.metadata.maxValueChars,
      ctx.dateOpts,
    );
    if (ctx.ticker.tick(DUE)) yield;
    const jsonLd = readJsonLd(page);
    const structured = opts.metadata.extensions.structuredData ? yield* readStructuredMetaSteps(ctx, jsonLd) : null;
    const titleEl = readTitleElement(page);
    const titleElement = titleEl.text;
    const warnings: string[] = [];
    if (titleEl.markup) warnings.push(titleMarkup(ctx, titleEl));
    const pageBlocks = anchor.bodyRoot !== null ? yield* bodyFirst(page, anchor.bodyRoot, ctx.ticker) : page.blocks;
    const { limits } = opts;
    const publishers = publisherNames(zone, structured, titleElement);
    const place = { titleBlock: anchor.titleBlock?.index ?? null, bodyRoot: anchor.bodyRoot, titleElement };
    const meta: Metadata = {
      zone,
      jsonLd,
      structured,
      title: capped(
        ctx,
        'title',
        limits.maxTitleChars,
        warnings,
        chooseTitle(
          ctx,
          anchor.titleBlock,
          anchor.titleBlock ? titleText(anchor.titleBlock, anchor.query?.text ?? '', opts.titleAnchor) : null,
          structured,
          titleElement,
          opts.titleAnchor,
        ),
      ),
      author: capped(
        ctx,
        'author',
        limits.maxAuthorChars,
        warnings,
        yield* chooseAuthorSteps(ctx, zone, structured, pageBlocks, opts.metadata, publishers, place),
      ),
      source: capped(ctx, 'source', limits.maxSourceChars, warnings, chooseSource(ctx, zone, structured, pageBlocks, place, publishers)),
      site: opts.metadata.extensions.siteName
        ? capped(ctx, 'site', limits.maxSourceChars, warnings, chooseSite(structured, titleElement, ctx.url))
        : NOTHING_CHOSEN,
      rulesDate: yield* chooseDate(ctx, zone, structured, pageBlocks),
      warnings,
    };
    for (const [field, chosen] of [
      ['title', meta.title.chosen],
      ['author', meta.author.chosen],
      ['source', meta.source.chosen],
      ...(opts.metadata.extensions.siteName ? [['site', meta.site.chosen] as const] : []),
    ] as const) {
      ctx.trace.decide('metadata', {
        rule: field === 'site' ? 'site-name' : `1.7-${field}`,
        verdict: chosen ? 'choose' : 'reject',
        target: chosen?.ref,
        numbers: {},
        note: chosen ? `${chosen.from}/${chosen.detail}: ${chosen.value}` : `no ${field}`,
      });
    }
    for (const field of ['author', 'source'] as const) traceCandidates(ctx, field, meta[field]);
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

/** The trace's and the reader's account of a `<title>` cut before raw markup (title-element.ts). */
function titleMarkup(ctx: PageContext, t: TitleElement): string {
  const { length, cutAt } = t.markup ?? { length: 0, cutAt: 0 };
  const why = "the page's <title> holds raw markup (is it closed?)";
  ctx.trace.decide('metadata', {
    rule: '1.1-title-markup',
    verdict: t.text ? 'drop' : 'reject',
    numbers: { chars: length, kept: cutAt },
    note: t.text ? `${why}: kept the ${cutAt} characters before the first tag` : `${why}: no title text before it`,
  });
  return t.text ? `${why}: ${length} characters cut to the ${cutAt} before the first tag` : `${why}: not used as a title`;
}

const LIMIT_NAMES = {
  title: 'limits.maxTitleChars',
  author: 'limits.maxAuthorChars',
  source: 'limits.maxSourceChars',
  site: 'limits.maxSourceChars',
} as const;

const NOTHING_CHOSEN: Chosen = { chosen: null, candidates: [] };

/** A title, author, source or site name and its candidates, each cut to `max` characters (`limits.max*Chars`). */
function capped(ctx: PageContext, field: keyof typeof LIMIT_NAMES, max: number, warnings: string[], c: Chosen): Chosen {
  const cut = (s: Sourced): Sourced => (s.value.length > max ? { ...s, value: cutText(s.value, max) } : s);
  const chosen = c.chosen && cut(c.chosen);
  if (c.chosen && chosen !== c.chosen) {
    warnings.push(`${field} cut at ${max} characters (it had ${c.chosen.value.length})`);
    ctx.trace.decide('metadata', {
      rule: `limit-${field}`,
      verdict: 'drop',
      numbers: { chars: c.chosen.value.length, max },
      note: `${field} longer than ${LIMIT_NAMES[field]}`,
    });
  }
  return {
    chosen,
    candidates: c.candidates.map((s) => (s === c.chosen && chosen ? chosen : cut(s))),
    ...(c.refused ? { refused: c.refused } : {}),
    ...(c.learning ? { learning: c.learning } : {}),
  };
}

/**
 * Every author and source candidate with its rank, the one chosen, what the cleaning changed and what it
 * refused (issue 41): the explain trace's account, and the popup's "Why?".
 */
function traceCandidates(ctx: PageContext, field: 'author' | 'source', c: Chosen): void {
  c.candidates.forEach((s, i) => {
    ctx.trace.decide('metadata', {
      rule: `41-${field}-candidate`,
      verdict: s === c.chosen ? 'choose' : 'candidate',
      target: s.ref,
      numbers: { place: i + 1, ...(s.rank !== undefined ? { rank: s.rank } : {}) },
      note: `${s.from}/${s.detail}: ${s.value}${s.cleaned ? ` (cleaned: ${s.cleaned})` : ''}`,
    });
  });
  for (const r of c.refused ?? []) {
    ctx.trace.decide('metadata', {
      rule: `41-${field}-refused`,
      verdict: 'reject',
      numbers: r.rank !== undefined ? { rank: r.rank } : {},
      note: `${r.from}/${r.detail}: ${r.value} — ${r.why}`,
    });
  }
}

/** Blocks inside the body first, then those after it, then those before it (for labelled-line fallbacks). */
function* bodyFirst(page: PageModel, bodyRoot: number, ticker: Ticker): Steps<TextBlock[]> {
  const blocks = page.blocks;
  const inside: TextBlock[] = [];
  for (const b of blocks) {
    if (ticker.tick()) yield;
    const first = b.nodes[0];
    if (first !== undefined && page.contains(bodyRoot, page.textParent[first] as number)) inside.push(b);
  }
  const first = inside[0]?.index ?? blocks.length;
  const last = inside[inside.length - 1]?.index ?? first;
  return [...inside, ...blocks.slice(last + 1), ...blocks.slice(0, first)];
}
