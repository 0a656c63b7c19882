/**
 * The overlay's and annotation mode's way from an Article's references back to the live page's elements: by
 * the ordinal the page model gave each (one walk for all of them, core/dom/element-lookup.ts), checked against
 * the reference's CSS path; and from an element an annotator picks to a reference.
 */
import { findElementsSteps, refOfElement, resolveRef } from '../core/dom/element-lookup.ts';
import type { Steps, Ticker } from '../core/slicing.ts';
import { NO_CHECKPOINTS, drain } from '../core/slicing.ts';
import type { NodeRef } from '../core/types.ts';
import { isOverlayHost } from '../platform/overlay-host.ts';

export class ElementLocator {
  private readonly byOrdinal = new Map<number, Element>();
  /** Every ordinal a walk has looked for, found or not: none is looked for twice. */
  private readonly sought = new Set<number>();

  constructor(private readonly doc: Document) {}

  /** Looks up every ordinal of `refs` not yet looked for, in one walk of the page. */
  prepare(refs: Iterable<NodeRef | null | undefined>): void {
    drain(this.prepareSteps(refs, NO_CHECKPOINTS));
  }

  /** `prepare` with a checkpoint per `ticker` between elements (the sliced overlay's walk of a huge page). */
  *prepareSteps(refs: Iterable<NodeRef | null | undefined>, ticker: Ticker): Steps<void> {
    const wanted: number[] = [];
    for (const r of refs) {
      if (r?.ordinal === undefined || this.sought.has(r.ordinal)) continue;
      this.sought.add(r.ordinal);
      wanted.push(r.ordinal);
    }
    if (!wanted.length) return;
    const found = yield* findElementsSteps(this.doc, wanted, isOverlayHost, ticker);
    for (const [o, el] of found) this.byOrdinal.set(o, el);
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
