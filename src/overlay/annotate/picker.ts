/**
 * Picking an element on the page (annotation mode's "correct by picking"): the element under the pointer
 * is outlined; a click takes it. From the keyboard alone: ↑ widens the pick to the parent, ↓ narrows it
 * back (or to the first child), ← and → move to the neighbours, Enter takes it, Esc cancels. While picking,
 * the page gets neither the clicks nor those keys (a link picked is not followed); everything else, and
 * anything aimed at the overlay itself, passes. Only the user's own input moves or takes the pick: events
 * the page's script makes (`isTrusted` false) are left to the page, so it can neither steer the pick
 * nor end it on an element of its choosing.
 */
import type { Frame } from '../measure.ts';
import { boxInFrame } from '../measure.ts';
import { placeBox } from '../render.ts';

export interface PickerDom {
  /** Where the pick's outline is drawn (in the host's coordinates, like the overlay's boxes). */
  readonly layer: HTMLElement;
  /** A fixed line saying what is picked and which keys do what. */
  readonly hint: HTMLElement;
  readonly frame: () => Frame;
  /** True for the overlay's own host (never picked, its clicks pass). */
  readonly isOurs: (el: Element) => boolean;
}

const BLOCKED_POINTER_EVENTS = ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'auxclick', 'dblclick', 'contextmenu'];
const CAPTURE: AddEventListenerOptions = { capture: true };
const CAPTURE_PASSIVE: AddEventListenerOptions = { capture: true, passive: true };

/** `tag#id.class` of an element, for the hint line. */
export function describeElement(el: Element): string {
  const id = el.id ? `#${el.id}` : '';
  const classes = [...el.classList]
    .slice(0, 2)
    .map((c) => `.${c}`)
    .join('');
  return `${el.localName}${id}${classes}`;
}

export class ElementPicker {
  private readonly doc: Document;
  private readonly dom: PickerDom;
  private readonly box: HTMLElement;
  private current: Element | null = null;
  /** Elements the pick widened from, to narrow back to. */
  private narrower: Element[] = [];
  private finish: ((el: Element | null) => void) | null = null;
  private hintText = '';

  constructor(doc: Document, dom: PickerDom) {
    this.doc = doc;
    this.dom = dom;
    this.box = doc.createElement('div');
    this.box.className = 'pick-box';
    this.box.hidden = true;
    dom.layer.append(this.box);
  }

  get active(): boolean {
    return this.finish !== null;
  }

  /** Starts picking at `start` (the element the field came from, if any); resolves with the pick, or null when cancelled. */
  pick(start: Element | null, hint: string): Promise<Element | null> {
    this.cancel();
    this.hintText = hint;
    this.current = start;
    this.narrower = [];
    const win = this.doc.defaultView;
    this.doc.addEventListener('mousemove', this.onMove, CAPTURE_PASSIVE);
    this.doc.addEventListener('scroll', this.onScroll, CAPTURE_PASSIVE);
    for (const type of BLOCKED_POINTER_EVENTS) this.doc.addEventListener(type, this.onPointer, CAPTURE);
    win?.addEventListener('keydown', this.onKey, CAPTURE);
    this.draw(true);
    return new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  cancel(): void {
    this.end(null);
  }

  private end(el: Element | null): void {
    const finish = this.finish;
    if (!finish) return;
    this.finish = null;
    this.doc.removeEventListener('mousemove', this.onMove, CAPTURE_PASSIVE);
    this.doc.removeEventListener('scroll', this.onScroll, CAPTURE_PASSIVE);
    for (const type of BLOCKED_POINTER_EVENTS) this.doc.removeEventListener(type, this.onPointer, CAPTURE);
    this.doc.defaultView?.removeEventListener('keydown', this.onKey, CAPTURE);
    this.box.hidden = true;
    this.dom.hint.hidden = true;
    finish(el);
  }

  private fromEvent(e: Event): boolean {
    return e.composedPath().some((t) => t instanceof Element && this.dom.isOurs(t));
  }

  private elementAt(x: number, y: number): Element | null {
    const el = this.doc.elementFromPoint(x, y);
    return el && !this.dom.isOurs(el) && el !== this.doc.documentElement ? el : null;
  }

  private readonly onMove = (e: MouseEvent): void => {
    if (!e.isTrusted || this.fromEvent(e)) return;
    const el = this.elementAt(e.clientX, e.clientY);
    if (!el || el === this.current) return;
    this.current = el;
    this.narrower = [];
    this.draw(false);
  };

  private readonly onScroll = (): void => {
    this.draw(false);
  };

  private readonly onPointer = (e: Event): void => {
    if (!e.isTrusted || this.fromEvent(e)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (e.type !== 'click') return;
    const m = e as MouseEvent;
    this.end(this.elementAt(m.clientX, m.clientY) ?? this.current);
  };

  private readonly onKey = (e: KeyboardEvent): void => {
    if (!e.isTrusted) return;
    const el = this.current;
    let next: Element | null | undefined;
    switch (e.key) {
      case 'Escape':
        this.end(null);
        break;
      case 'Enter':
        if (el) this.end(el);
        break;
      case 'ArrowUp':
      case '[':
        next = el?.parentElement && el.parentElement !== this.doc.documentElement ? el.parentElement : el;
        if (el && next !== el) this.narrower.push(el);
        break;
      case 'ArrowDown':
      case ']':
        next = this.narrower.pop() ?? el?.firstElementChild ?? el;
        break;
      case 'ArrowLeft':
        next = this.sibling(el, -1);
        break;
      case 'ArrowRight':
        next = this.sibling(el, 1);
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopImmediatePropagation();
    if (next && next !== el) {
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') this.narrower = [];
      this.current = next;
      this.draw(true);
    }
  };

  private sibling(el: Element | null, step: -1 | 1): Element | null {
    let s = el ? (step < 0 ? el.previousElementSibling : el.nextElementSibling) : null;
    while (s && this.dom.isOurs(s)) s = step < 0 ? s.previousElementSibling : s.nextElementSibling;
    return s ?? el;
  }

  private draw(reveal: boolean): void {
    const el = this.current;
    this.dom.hint.hidden = false;
    this.dom.hint.textContent = el ? `${describeElement(el)} — ${this.hintText}` : this.hintText;
    if (!el) {
      this.box.hidden = true;
      return;
    }
    if (reveal) el.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    this.box.hidden = false;
    placeBox(this.box, boxInFrame(this.dom.frame(), el.getBoundingClientRect()));
  }
}
