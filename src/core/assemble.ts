/**
 * The `Article` of one pipeline run (DESIGN.md "Result contract"): every value with where it came from,
 * the elements it was found in, the noise, the warnings, the timings and the Explain trace. Each fact is
 * decided once, by its stage; this only writes it down, so the popup and the overlay never re-derive it.
 */
import { hashOptions } from './options.ts';
import { EMPTY_BODY } from './output/body.ts';
import { shortPageWarning } from './combine/short-page.ts';
import { cutText } from './text/cut.ts';
import type { PipelineRun } from './pipeline.ts';
import type { Article, NodeRef, PublishedTime } from './types.ts';

export function assembleArticle(r: PipelineRun): Article {
  const { ctx, page, anchor, path, meta, publishedTime, links, body, output } = r;
  const warnings = [...page.warnings, ...meta.warnings, ...links.warnings, ...(output?.warnings ?? [])];
  const maxLabel = ctx.opts.limits.maxLabelChars;
  if (body.lead.method === 'short-page') warnings.push(shortPageWarning(page.units[page.root] as number));
  if (body.root === null)
    warnings.push(page.sentences[page.root] === 0 ? 'no article: the page has no sentences' : 'no article: no block matches the title');
  return {
    url: ctx.url,
    title: meta.title.chosen?.value ?? null,
    author: meta.author.chosen?.value ?? null,
    source: meta.source.chosen?.value ?? null,
    site: meta.site.chosen?.value ?? null,
    publishedTime,
    lang: languageTag(meta.structured?.lang ?? (page.size > 0 ? page.attr(0, 'lang') : null), maxLabel),
    body: output?.body ?? EMPTY_BODY,
    pageType: body.pageType,
    images: output?.images ?? [],
    tables: output?.tables ?? [],
    documents: output?.documents ?? [],
    noise: body.noise,
    linkBlockStats: links.stats,
    similarPage: r.lcs.report,
    provenance: {
      title: meta.title.chosen,
      author: meta.author.chosen,
      source: meta.source.chosen,
      site: meta.site.chosen,
      candidates: [...meta.title.candidates, ...meta.author.candidates, ...meta.source.candidates, ...meta.site.candidates],
      choices: {
        author: { candidates: meta.author.candidates, refused: meta.author.refused ?? [] },
        source: { candidates: meta.source.candidates, refused: meta.source.refused ?? [] },
      },
    },
    anchors: {
      query: anchor.query && { ...anchor.query, text: cutText(anchor.query.text, maxLabel) },
      titleBlock: anchor.titleBlock ? ctx.ref(anchor.titleBlock.owner, anchor.titleBlock.text) : null,
      firstSentence: anchor.firstSentence ? ctx.ref(anchor.firstSentence.owner, anchor.firstSentence.text) : null,
      bodyRoot: body.root !== null ? ctx.ref(body.root) : null,
      bodyLead: body.lead,
      pathSample: path.sample ? ctx.ref(path.sample.owner, path.sample.text) : null,
      date: dateElement(publishedTime),
      author: meta.author.chosen?.ref ?? null,
    },
    warnings,
    timings: ctx.trace.timings(),
    explain: { steps: ctx.trace.steps, decisions: ctx.trace.decisions, optionsHash: hashOptions(ctx.opts) },
  };
}

/** A language tag shaped like BCP 47 (`en`, `zh-Hans-CN`, `pt_BR`) of at most `max` characters, else null. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*$/;
function languageTag(raw: string | null | undefined, max: number): string | null {
  const tag = raw?.trim() ?? '';
  return tag.length <= max && LANGUAGE_TAG.test(tag) ? tag : null;
}

/** The chosen candidate's element; for a time read where nothing shows it, the best candidate of the same time that has one. */
function dateElement(time: PublishedTime): NodeRef | null {
  if (!time.iso) return null;
  return time.chosen?.ref ?? time.candidates.find((c) => c.iso === time.iso && c.ref)?.ref ?? null;
}
