/**
 * Serialisable element references for the trace, the overlay and `--explain` (STYLE.md §8.6): the element's
 * ordinal in the page model (the overlay and annotation mode find the element again by it: element-lookup.ts),
 * a CSS path from the root (for people, exports and golden files, and a check on the element found), and a
 * short text preview. Written from the model: no DOM is read.
 */
import type { NodeRef } from '../types.ts';
import { normalizeSpace } from '../text/normalize.ts';
import { cssIdentifier } from './css-escape.ts';
import { F_IGNORED_TAG } from './page-model.ts';
import type { PageModel } from './page-model.ts';

const PREVIEW_CHARS = 60;
const PREVIEW_SOURCE_CHARS = 400;
const SIMPLE_ID = /^[A-Za-z][\w-]*$/;

/**
 * The CSS paths of one model's elements, each step computed once: the parts of a link block share their
 * ancestors, and the items of one list their parent. A path is `html > body > div:nth-of-type(2) > p`,
 * shortened at an id that names the element (`#main > p`: the document's first element with that id).
 */
export class CssPaths {
  private readonly paths = new Map<number, string>();
  /** Each element's own step (`li:nth-of-type(3)`, `b`), filled for all children of a parent at once. */
  private readonly steps = new Map<number, string>();
  private firstById: Map<string, number> | null = null;

  constructor(private readonly model: PageModel) {}

  path(el: number): string {
    const known = this.paths.get(el);
    if (known !== undefined) return known;
    const m = this.model;
    const chain: number[] = [];
    let base = '';
    for (let cur = el; cur >= 0; cur = m.parent[cur] as number) {
      const memo = this.paths.get(cur);
      if (memo !== undefined) {
        base = memo;
        break;
      }
      chain.push(cur);
      if (this.namedById(cur)) break;
    }
    let path = base;
    for (let i = chain.length - 1; i >= 0; i--) {
      const cur = chain[i] as number;
      const step = i === chain.length - 1 && this.namedById(cur) ? `#${m.id(cur)}` : this.stepOf(cur);
      path = path ? `${path} > ${step}` : step;
      this.paths.set(cur, path);
    }
    return path;
  }

  /** Whether `#id` names the element: a simple id, and the document's first element with it. */
  private namedById(el: number): boolean {
    const id = this.model.attr(el, 'id');
    if (!id || !SIMPLE_ID.test(id)) return false;
    return this.firstWithId(id) === el;
  }

  private firstWithId(id: string): number {
    if (!this.firstById) {
      const m = this.model;
      const map = new Map<string, number>();
      for (let i = 0; i < m.attrNames.length; i++) {
        if (m.attrNames[i] !== 'id') continue;
        const value = m.attrValues[i] as string;
        if (!map.has(value)) map.set(value, ownerOfAttribute(m, i));
      }
      this.firstById = map;
    }
    return this.firstById.get(id) ?? -1;
  }

  /** One step of a path: the tag, with its place among same-tag siblings when it shares the tag with one. */
  private stepOf(el: number): string {
    const known = this.steps.get(el);
    if (known !== undefined) return known;
    const m = this.model;
    const parent = m.parent[el] as number;
    if (parent < 0) {
      const step = cssIdentifier(m.localName(el));
      this.steps.set(el, step);
      return step;
    }
    const counts = new Map<number, number>();
    for (let c = m.firstChild[parent] as number; c >= 0; c = m.nextSibling[c] as number) {
      const t = m.tagId[c] as number;
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    const seen = new Map<number, number>();
    for (let c = m.firstChild[parent] as number; c >= 0; c = m.nextSibling[c] as number) {
      const t = m.tagId[c] as number;
      const index = (seen.get(t) ?? 0) + 1;
      seen.set(t, index);
      const type = cssIdentifier(m.localName(c));
      this.steps.set(c, (counts.get(t) ?? 0) > 1 ? `${type}:nth-of-type(${index})` : type);
    }
    return this.steps.get(el) as string;
  }
}

/** The element an attribute (by its index in the model's attribute arrays) belongs to. */
function ownerOfAttribute(m: PageModel, attr: number): number {
  let lo = 0;
  let hi = m.size - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((m.attrStart[mid] as number) <= attr) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A reference to element `el`, with `preview` (else the start of its text) as its preview. */
export function nodeRef(paths: CssPaths, model: PageModel, el: number, preview?: string): NodeRef {
  const text = preview ?? leadingText(model, el, PREVIEW_SOURCE_CHARS);
  return { selector: paths.path(el), preview: normalizeSpace(text).slice(0, PREVIEW_CHARS), ordinal: el };
}

/**
 * The first `max` characters of an element's text in document order, leaving out the subtrees of ignored
 * tags (scripts, styles, frames) — the element's own included.
 */
export function leadingText(m: PageModel, el: number, max: number): string {
  if (m.has(el, F_IGNORED_TAG)) return '';
  let out = '';
  const after = m.textAfter[el] as number;
  for (let t = m.textFirst[el] as number; t < after && out.length < max; t++) {
    if (!underIgnored(m, m.textParent[t] as number, el)) out += m.textData(t);
  }
  return out.slice(0, max);
}

/** Whether an element between `from` and `top` (both included) has an ignored tag. */
function underIgnored(m: PageModel, from: number, top: number): boolean {
  for (let e = from; e >= top; e = m.parent[e] as number) if (m.has(e, F_IGNORED_TAG)) return true;
  return false;
}
