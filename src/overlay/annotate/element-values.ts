/**
 * What a picked element says, read from the live page: its text as rendered (blocks on their own lines),
 * a field's value without its label, the date it holds (a `datetime` or `content` attribute first, then its text, read by the core's date
 * parser), and where a block added to the body stands among the body's lines.
 */
import { parseDateValue } from '../../core/dates/date-values.ts';
import { toIso, toIsoDay } from '../../core/dates/iso.ts';
import { normalizeSpace } from '../../core/text/normalize.ts';
import { findLabelledAuthor, findLabelledSource } from '../../core/metadata/labelled-patterns.ts';
import { METADATA_DEFAULTS } from '../../core/metadata/options.ts';
import { bodyLines } from '../../shared/annotation/body-correction.ts';

/** The element's rendered text, one line per block, whitespace squashed. */
export function elementText(el: Element): string {
  const rendered = (el as HTMLElement).innerText;
  return bodyLines(typeof rendered === 'string' ? rendered : (el.textContent ?? '')).join('\n');
}

/** A one-line value (title, author, source) from an element. */
export function elementValue(el: Element): string {
  return elementText(el).replace(/\n/g, ' ').trim();
}

/**
 * A picked field's value as the extractor reads the same text: a byline's label taken off the author
 * ("责任编辑: 于文凯" → "于文凯", "By Ann Lee, Reporter" → "Ann Lee"), a source line's off the source
 * ("来源：新华社" → "新华社"), by the core's own label patterns. Text with no label is the value as it is.
 */
export function fieldValue(field: 'title' | 'author' | 'source', text: string): string {
  const max = METADATA_DEFAULTS.maxValueChars;
  const labelled = field === 'author' ? findLabelledAuthor(text, max) : field === 'source' ? findLabelledSource(text, max) : null;
  return labelled?.value ?? text;
}

/**
 * Where a pick starts: `el` when the page renders it, else `fallback` when that is rendered, else
 * nowhere (the pointer shows where). A field read from `<meta>` or another element that is not drawn
 * would start the keyboard's pick on something the annotator cannot see.
 */
export function renderedStart(el: Element | null, fallback: Element | null): Element | null {
  const shown = (e: Element | null): e is Element => e !== null && isRendered(e);
  return shown(el) ? el : shown(fallback) ? fallback : null;
}

function isRendered(el: Element): boolean {
  const body = el.ownerDocument.body;
  if (!body?.contains(el)) return false;
  const check = (el as Element & { checkVisibility?: () => boolean }).checkVisibility;
  return check ? check.call(el) : true;
}

export interface PickedDate {
  readonly day: string;
  readonly datetime: string;
}

/** The date a text states (ISO or any form the core reads), or null. */
export function dateOfText(text: string, now: Date): PickedDate | null {
  const found = parseDateValue(text, { minYear: 1900, maxYear: now.getUTCFullYear() + 1, dayFirst: false, now });
  return found ? { day: toIsoDay(found), datetime: toIso(found) } : null;
}

/** The date an element holds: its machine-readable attribute first, then its text. */
export function dateOfElement(el: Element, now: Date): PickedDate | null {
  for (const attr of ['datetime', 'content', 'title']) {
    const v = el.getAttribute(attr);
    const d = v ? dateOfText(v, now) : null;
    if (d) return d;
  }
  return dateOfText(elementText(el), now);
}

/** Node.DOCUMENT_POSITION_CONTAINED_BY and _PRECEDING (no global Node needed). */
const CONTAINED_BY = 16;
const PRECEDING = 2;

/**
 * How many of the body's `lines` come before `el` on the page: all of them when `el` follows the body's
 * root, none when it precedes it, and inside the root those lines found in the root's text before `el`.
 */
export function linesBefore(el: Element, root: Element | null, lines: readonly string[]): number {
  if (!root) return lines.length;
  if (root === el || el.contains(root)) return 0;
  const pos = root.compareDocumentPosition(el);
  if (!(pos & CONTAINED_BY)) return pos & PRECEDING ? 0 : lines.length;
  const range = el.ownerDocument.createRange();
  range.setStart(root, 0);
  range.setEndBefore(el);
  const before = normalizeSpace(range.toString());
  let at = 0;
  let from = 0;
  for (const line of lines) {
    const i = before.indexOf(line, from);
    if (i < 0) break;
    from = i + line.length;
    at++;
  }
  return at;
}
