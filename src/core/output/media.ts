/**
 * Images, tables and documents of the body (ALGORITHMS.md §1.6).
 * - images: `img` with lazy sources resolved, alt, the figcaption of the enclosing figure, and the size
 *   from attributes or, in a rendered page, from the box;
 * - tables: data tables inside the body (no nested table; at least two rows and two columns, or a
 *   caption or header cells), with their clean HTML;
 * - documents: links whose target is a file (pdf, doc(x), xls(x), ppt(x), zip, rar, 7z, txt, csv…).
 */
import type { RenderProbe } from '../env.ts';
import type { ArticleDocument, ArticleImage, ArticleTable } from '../types.ts';
import { cutText } from '../text/cut.ts';
import { normalizeSpace } from '../text/normalize.ts';
import type { CleanContext } from './clean-html.ts';
import { buildCleanTree, serializeChildren } from './clean-html.ts';
import { imageSource, resolveUrl } from './url.ts';

function isInsideSkipped(el: Element, root: Element, skipped: ReadonlySet<Element>): boolean {
  for (let cur: Element | null = el; cur && cur !== root; cur = cur.parentElement) if (skipped.has(cur)) return true;
  return false;
}

/** A short text of the Article (alt, caption, link text), whitespace normalised and cut to `limits.maxLabelChars`. */
function label(raw: string | null | undefined, max: number): string {
  return cutText(normalizeSpace(raw ?? ''), max);
}

function attrNumber(el: Element, name: string): number | null {
  const v = Number.parseInt(el.getAttribute(name) ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : null;
}

export function collectImages(root: Element, ctx: CleanContext, probe: RenderProbe, max: number, maxLabel: number): ArticleImage[] {
  const out: ArticleImage[] = [];
  const seen = new Set<string>();
  for (const img of root.querySelectorAll('img')) {
    if (out.length >= max) break;
    if (isInsideSkipped(img, root, ctx.skipped)) continue;
    const src = imageSource(img, ctx.base);
    if (!src || seen.has(src)) continue;
    seen.add(src);
    const box = probe.box(img);
    const figure = img.closest('figure');
    const caption = figure && root.contains(figure) ? label(figure.querySelector('figcaption')?.textContent, maxLabel) : '';
    out.push({
      src,
      alt: label(img.getAttribute('alt'), maxLabel),
      caption,
      width: attrNumber(img, 'width') ?? (box && box.width > 0 ? Math.round(box.width) : null),
      height: attrNumber(img, 'height') ?? (box && box.height > 0 ? Math.round(box.height) : null),
    });
  }
  return out;
}

export function collectTables(root: Element, ctx: CleanContext, maxCells: number, maxLabel: number): ArticleTable[] {
  const out: ArticleTable[] = [];
  for (const table of root.querySelectorAll('table')) {
    if (isInsideSkipped(table, root, ctx.skipped) || table.querySelector('table')) continue;
    const rows = [...table.querySelectorAll('tr')];
    const cols = rows.reduce((m, r) => Math.max(m, r.querySelectorAll('td, th').length), 0);
    const caption = label(table.querySelector('caption')?.textContent, maxLabel);
    const isData = (rows.length >= 2 && cols >= 2) || caption !== '' || table.querySelector('th') !== null;
    if (!isData || rows.length * cols > maxCells) continue;
    out.push({ html: serializeChildren(buildCleanTree(table, ctx, { includeRoot: true })), rows: rows.length, cols, caption });
  }
  return out;
}

export function collectDocuments(root: Element, ctx: CleanContext, extensions: readonly string[], maxLabel: number): ArticleDocument[] {
  const wanted = new Set(extensions);
  const out: ArticleDocument[] = [];
  const seen = new Set<string>();
  for (const a of root.querySelectorAll('a[href]')) {
    if (isInsideSkipped(a, root, ctx.skipped)) continue;
    const href = resolveUrl(a.getAttribute('href'), ctx.base);
    if (!href || seen.has(href)) continue;
    let type: string;
    try {
      type = /\.([a-z0-9]{1,5})$/i.exec(new URL(href).pathname)?.[1]?.toLowerCase() ?? '';
    } catch {
      continue;
    }
    if (!wanted.has(type)) continue;
    seen.add(href);
    out.push({ href, text: label(a.textContent, maxLabel), type });
  }
  return out;
}
