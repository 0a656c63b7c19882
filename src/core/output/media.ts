/**
 * Images, tables and documents of the body (ALGORITHMS.md §1.6).
 * - images: `img` with lazy sources resolved, alt, the figcaption of the enclosing figure, and the size
 *   from attributes or, in a rendered page, from the box; not the icons, dividers, spacers, spinners,
 *   avatars and end marks the decorative-image rules that are on take (decorative.ts);
 * - tables: data tables inside the body (no nested table; at least two rows and two columns, or a
 *   caption or header cells), with their clean HTML;
 * - documents: links whose target is a file (pdf, doc(x), xls(x), ppt(x), zip, rar, 7z, txt, csv…).
 */
import type { PageModel } from '../model/page-model.ts';
import { F_SKIPPED } from '../model/page-model.ts';
import type { ArticleDocument, ArticleImage, ArticleTable } from '../types.ts';
import { cutText } from '../text/cut.ts';
import { normalizeSpace } from '../text/normalize.ts';
import type { CleanContext } from './clean-html.ts';
import { buildCleanTree, serializeChildren } from './clean-html.ts';
import { DecorativeJudge } from './decorative.ts';
import { imageSource, pathOfResolved, resolveUrl } from './url.ts';
import { isDataShape, tableShape } from './layout-table.ts';

/** Whether `el` or an ancestor below `root` starts a skipped subtree. */
function isInsideSkipped(m: PageModel, el: number, root: number): boolean {
  for (let cur = el; cur >= 0 && cur !== root; cur = m.parent[cur] as number) if (m.has(cur, F_SKIPPED)) return true;
  return false;
}

/** A short text of the Article (alt, caption, link text), whitespace normalised and cut to `limits.maxLabelChars`. */
function label(raw: string | null | undefined, max: number): string {
  return cutText(normalizeSpace(raw ?? ''), max);
}

function attrNumber(m: PageModel, el: number, name: string): number | null {
  const v = Number.parseInt(m.attr(el, name) ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** What `collectImages` keeps: at most `max`, and, when `decorative` or `judge` is given, no decorative image. */
export interface ImageLimits {
  readonly max: number;
  readonly maxLabel: number;
  /** Extension `dropDecorativeImages`: its thresholds, or null when it is off (read when no `judge` is given). */
  readonly decorative: { readonly minSide: number; readonly maxAspect: number } | null;
  /** The body's judge of decorative images (decorative.ts), with every rule that is on: it replaces `decorative`. */
  readonly judge?: DecorativeJudge;
}

export function collectImages(root: number, ctx: CleanContext, limits: ImageLimits): ArticleImage[] {
  const m = ctx.model;
  const judge =
    limits.judge ??
    (limits.decorative
      ? new DecorativeJudge(m, root, {
          size: limits.decorative,
          names: true,
          iconSide: null,
          placeholder: false,
          bylineMaxUnits: null,
          signOff: null,
        })
      : null);
  const out: ArticleImage[] = [];
  const seen = new Set<string>();
  for (const img of m.allOfTag('IMG', root + 1, m.end[root] as number)) {
    if (out.length >= limits.max) break;
    if (isInsideSkipped(m, img, root)) continue;
    const src = imageSource(m, img, ctx.base);
    if (!src || seen.has(src)) continue;
    seen.add(src);
    // By the page's own attributes only: the rendered box is a lazy image's placeholder (a 1×1 GIF) or a
    // broken image's icon as often as the picture.
    if (judge?.forList(img, src)) continue;
    const box = m.box(img);
    const statedWidth = attrNumber(m, img, 'width');
    const statedHeight = attrNumber(m, img, 'height');
    const width = statedWidth ?? (box && box.width > 0 ? Math.round(box.width) : null);
    const height = statedHeight ?? (box && box.height > 0 ? Math.round(box.height) : null);
    const figure = m.closest(img, 'FIGURE');
    const figcaption = figure >= 0 && m.contains(root, figure) ? m.findTag('FIGCAPTION', figure + 1, m.end[figure] as number) : -1;
    const caption =
      figure >= 0 && m.contains(root, figure) ? label(figcaption >= 0 ? m.textContent(figcaption) : null, limits.maxLabel) : '';
    out.push({ src, alt: label(m.attr(img, 'alt'), limits.maxLabel), caption, width, height });
  }
  return out;
}

export function collectTables(root: number, ctx: CleanContext, maxCells: number, maxLabel: number): ArticleTable[] {
  const m = ctx.model;
  const out: ArticleTable[] = [];
  for (const table of m.allOfTag('TABLE', root + 1, m.end[root] as number)) {
    if (isInsideSkipped(m, table, root) || m.findTag('TABLE', table + 1, m.end[table] as number) >= 0) continue;
    const shape = tableShape(m, table);
    if (!isDataShape(shape) || shape.rows * shape.cols > maxCells) continue;
    const { rows, cols } = shape;
    out.push({
      html: serializeChildren(buildCleanTree(table, ctx, { includeRoot: true })),
      rows,
      cols,
      caption: label(shape.caption, maxLabel),
    });
  }
  return out;
}

export function collectDocuments(root: number, ctx: CleanContext, extensions: readonly string[], maxLabel: number): ArticleDocument[] {
  const m = ctx.model;
  const wanted = new Set(extensions);
  const out: ArticleDocument[] = [];
  const seen = new Set<string>();
  for (const a of m.allOfTag('A', root + 1, m.end[root] as number)) {
    if (!m.hasAttr(a, 'href') || isInsideSkipped(m, a, root)) continue;
    const href = resolveUrl(m.attr(a, 'href'), ctx.base);
    if (!href || seen.has(href)) continue;
    const type = /\.([a-z0-9]{1,5})$/i.exec(pathOfResolved(href))?.[1]?.toLowerCase() ?? '';
    if (!wanted.has(type)) continue;
    seen.add(href);
    out.push({ href, text: label(m.textContent(a), maxLabel), type });
  }
  return out;
}
