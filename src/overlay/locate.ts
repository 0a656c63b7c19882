/**
 * The overlay's and annotation mode's way from an Article's references back to the live page's elements: by
 * the ordinal the page model gave each (one walk for all of them, core/dom/element-lookup.ts), checked against
 * the reference's CSS path; and from an element an annotator picks to a reference.
 */
import { findElements, refOfElement, resolveRef } from '../core/dom/element-lookup.ts';
import type { NodeRef } from '../core/types.ts';
import { isOverlayHost } from '../platform/overlay-host.ts';

export class ElementLocator {
  private readonly byOrdinal = new Map<number, Element>();

  constructor(private readonly doc: Document) {}

  /** Looks up every ordinal of `refs` not yet known, in one walk of the page. */
  prepare(refs: Iterable<NodeRef | null | undefined>): void {
    const wanted: number[] = [];
    for (const r of refs) if (r?.ordinal !== undefined && !this.byOrdinal.has(r.ordinal)) wanted.push(r.ordinal);
    if (!wanted.length) return;
    for (const [o, el] of findElements(this.doc, wanted, isOverlayHost)) this.byOrdinal.set(o, el);
  }

  /** The element of a reference, or null (the page changed and its path finds nothing either). */
  element(ref: NodeRef | null | undefined): Element | null {
    if (!ref) return null;
    this.prepare([ref]);
    return resolveRef(this.doc, ref, this.byOrdinal);
  }

  /** A reference to an element of the page (an annotator's pick). */
  ref(el: Element, preview: string): NodeRef {
    const ref = refOfElement(this.doc, el, preview, isOverlayHost);
    if (ref.ordinal !== undefined) this.byOrdinal.set(ref.ordinal, el);
    return ref;
  }
}
