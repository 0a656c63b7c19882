/**
 * Annotation mode on the page (issue 15): a panel in the overlay's shadow root where an annotator judges
 * each field the extractor reported (✓ / ✗ and a note), corrects it by picking the element that holds the
 * right value or by typing it, corrects the body by picking blocks to add or remove (or the whole body),
 * judges the noise blocks and says what kind of page it is. Every change is handed to `save` at once (the
 * content script stores it), so closing the popup, reloading or closing the tab loses nothing.
 *
 * Keyboard first: J/K (or ↓/↑) go from item to item, A says right, X wrong, P picks, N "none on this
 * page", E opens the value, + and − add and remove body blocks; the item's element is outlined and
 * scrolled to as it becomes current.
 *
 * Only the annotator drives the panel: every handler refuses an event the browser did not make from the
 * user's own input (`isTrusted` false), since the page being annotated can reach the panel and would
 * otherwise `.click()` its buttons or dispatch `change` and `keydown` to write its own gold values
 * (issue 40). `isTrusted` is set by the browser and cannot be forged by page script.
 */
import type { Article, NodeRef } from '../../core/types.ts';
import { baseLines } from '../../shared/annotation/body-correction.ts';
import type { AnnotationRecord, BodyEdit, FieldName, PageType } from '../../shared/annotation/record.ts';
import {
  FIELD_NAMES,
  PAGE_TYPES,
  acceptBody,
  acceptField,
  correctField,
  noteField,
  rejectBody,
  rejectField,
  replaceBody,
  resetField,
  setDone,
  setNoiseVerdict,
  setPageType,
  toggleAddedBlock,
  toggleRemovedBlock,
} from '../../shared/annotation/record.ts';
import { mergeRecords, sameParts, stampChanges } from '../../shared/annotation/record-merge.ts';
import { isOverlayHost } from '../../platform/overlay-host.ts';
import { ElementLocator } from '../locate.ts';
import type { Frame } from '../measure.ts';
import { boxInFrame } from '../measure.ts';
import { placeBox } from '../render.ts';
import { dateOfElement, dateOfText, elementText, elementValue, fieldValue, linesBefore, renderedStart } from './element-values.ts';
import type { AnnotationLabels } from './labels.ts';
import { fillIn } from './labels.ts';
import { ElementPicker } from './picker.ts';
import type { ItemId, PanelState } from './view.ts';
import { renderPanel } from './view.ts';

export interface AnnotationHooks {
  readonly labels: AnnotationLabels;
  /**
   * Stores the record; rejects with the reason when it cannot. Resolves with a notice when the record is
   * stored but something beside it is not (the page's snapshot), else with nothing.
   */
  readonly save: (record: AnnotationRecord) => Promise<string | null | undefined>;
  readonly now: () => Date;
  /** The annotator closed the panel. */
  readonly onClose: () => void;
  /** A problem to show from the start (the page's snapshot could not be stored). */
  readonly notice?: string;
  /**
   * Follows the stored record (another tab annotating the same page stores it too): `show` is called with
   * each record stored; returns the function that stops following.
   */
  readonly watch?: (show: (stored: AnnotationRecord) => void) => () => void;
}

export interface AnnotationDom {
  readonly root: ShadowRoot;
  readonly host: HTMLElement;
  readonly frame: () => Frame;
  /** A noise kind as the overlay names it ("Link block"). */
  readonly kindName: (kind: string) => string;
}

/** Noise blocks listed before "Show all". */
const NOISE_SHOWN = 30;
const isField = (item: ItemId): item is FieldName => (FIELD_NAMES as readonly string[]).includes(item);
const noiseIndex = (item: ItemId): number => (item.startsWith('noise:') ? Number(item.slice(6)) : -1);

export class AnnotationSession {
  private readonly doc: Document;
  private readonly dom: AnnotationDom;
  private readonly article: Article;
  private readonly hooks: AnnotationHooks;
  private readonly panel: HTMLElement;
  private readonly marks: HTMLElement;
  private readonly hint: HTMLElement;
  private readonly picker: ElementPicker;
  private state: PanelState;
  private saving: Promise<void> = Promise.resolve();
  private readonly unwatch: () => void;

  constructor(doc: Document, dom: AnnotationDom, article: Article, record: AnnotationRecord, hooks: AnnotationHooks) {
    this.doc = doc;
    this.dom = dom;
    this.article = article;
    this.hooks = hooks;
    this.state = {
      record,
      current: 'pageType',
      picking: null,
      saveStatus: hooks.notice ? { ok: false, text: hooks.notice } : null,
      noiseShown: NOISE_SHOWN,
      editing: new Set(),
      problems: new Map(),
    };
    this.marks = doc.createElement('div');
    this.marks.className = 'annotation-marks';
    this.marks.setAttribute('aria-hidden', 'true');
    this.hint = doc.createElement('p');
    this.hint.className = 'pick-hint';
    this.hint.setAttribute('role', 'status');
    this.hint.hidden = true;
    this.panel = doc.createElement('aside');
    this.panel.className = 'annotation-panel';
    this.panel.tabIndex = -1;
    this.panel.setAttribute('aria-label', hooks.labels.heading);
    dom.root.append(this.marks, this.hint, this.panel);
    this.legend()?.classList.add('beside-panel');
    this.picker = new ElementPicker(doc, { layer: this.marks, hint: this.hint, frame: dom.frame, isOurs: (el) => isOverlayHost(el) });
    this.panel.addEventListener('click', this.onClick);
    this.panel.addEventListener('change', this.onChange);
    this.panel.addEventListener('keydown', this.onKey);
    doc.addEventListener('scroll', this.onScroll, { capture: true, passive: true });
    doc.defaultView?.addEventListener('resize', this.onScroll, { passive: true });
    this.render();
    this.panel.focus();
    // Another tab's verdicts on this page are shown as they are stored (the later change of a part wins).
    this.unwatch = hooks.watch?.((stored) => this.absorb(stored)) ?? (() => undefined);
  }

  get record(): AnnotationRecord {
    return this.state.record;
  }

  /** Waits for the stores under way (tests, and the content script before it reports). */
  flushed(): Promise<void> {
    return this.saving;
  }

  destroy(): void {
    this.unwatch();
    this.picker.cancel();
    this.panel.removeEventListener('click', this.onClick);
    this.panel.removeEventListener('change', this.onChange);
    this.panel.removeEventListener('keydown', this.onKey);
    this.doc.removeEventListener('scroll', this.onScroll, { capture: true });
    this.doc.defaultView?.removeEventListener('resize', this.onScroll);
    this.panel.remove();
    this.marks.remove();
    this.hint.remove();
    this.legend()?.classList.remove('beside-panel', 'panel-left');
    this.dom.host.removeAttribute('data-picking');
  }

  /** A record stored by another tab (or this one): its later changes join this tab's. */
  private absorb(stored: AnnotationRecord): void {
    const merged = mergeRecords(stored, this.state.record);
    if (!sameParts(merged, this.state.record)) this.set({ record: merged });
  }

  /** The overlay's legend, which keeps to the side the panel leaves free. */
  private legend(): Element | null {
    return this.dom.root.querySelector('.legend');
  }

  // ── state ──────────────────────────────────────────────────────────────────

  private set(patch: Partial<PanelState>): void {
    this.state = { ...this.state, ...patch };
    this.render();
  }

  private update(next: AnnotationRecord, patch: Partial<PanelState> = {}): void {
    const now = this.hooks.now().toISOString();
    // The parts this change made are stamped with its time: what a merge with another tab's copy goes by.
    const record = { ...stampChanges(this.state.record, next, now), savedAt: now };
    this.set({ ...patch, record });
    this.saving = this.saving
      .then(() => this.hooks.save(record))
      .then(
        (notice) =>
          this.set({
            saveStatus: notice
              ? { ok: false, text: notice }
              : { ok: true, text: `${this.hooks.labels.saved} ${record.savedAt.slice(11, 19)}` },
          }),
        (e: unknown) =>
          this.set({ saveStatus: { ok: false, text: fillIn(this.hooks.labels.notSaved, e instanceof Error ? e.message : String(e)) } }),
      );
  }

  private items(): ItemId[] {
    const noise = this.state.record.noise.slice(0, this.state.noiseShown).map((_, i): ItemId => `noise:${i}`);
    return ['pageType', ...FIELD_NAMES, 'body', ...noise, 'done'];
  }

  private go(step: 1 | -1): void {
    const items = this.items();
    const i = items.indexOf(this.state.current);
    const next = items[Math.min(items.length - 1, Math.max(0, i + step))] ?? 'pageType';
    this.set({ current: next });
    this.reveal(next);
  }

  // ── what each item outlines on the page ────────────────────────────────────

  private refOf(item: ItemId): NodeRef | null {
    const r = this.state.record;
    const a = this.article;
    switch (item) {
      case 'title':
        return r.fields.title.picked ?? a.anchors.titleBlock;
      case 'author':
        return r.fields.author.picked ?? a.anchors.author ?? a.provenance.author?.ref ?? null;
      case 'source':
        return r.fields.source.picked ?? a.provenance.source?.ref ?? null;
      case 'date':
        return r.fields.date.picked ?? a.anchors.date;
      case 'body':
        return r.body.replaced?.ref ?? a.anchors.bodyRoot;
      default: {
        const n = r.noise[noiseIndex(item)];
        return n ? n.ref : null;
      }
    }
  }

  private elementOf(ref: NodeRef | null): Element | null {
    this.locator ??= new ElementLocator(this.doc);
    return this.locator.element(ref);
  }

  private locator: ElementLocator | null = null;

  private refTo(el: Element, preview: string): NodeRef {
    this.locator ??= new ElementLocator(this.doc);
    return this.locator.ref(el, preview);
  }

  private reveal(item: ItemId): void {
    const el = this.elementOf(this.refOf(item));
    el?.scrollIntoView?.({ block: 'center', inline: 'nearest' });
    this.panel.querySelector<HTMLElement>(`[data-item="${item}"].item`)?.scrollIntoView?.({ block: 'nearest' });
  }

  private readonly onScroll = (): void => {
    this.drawMarks();
  };

  /** Outlines the current item's element and the body's added and removed blocks. */
  private drawMarks(): void {
    const frame = this.dom.frame();
    const boxes: HTMLElement[] = [];
    const mark = (ref: NodeRef | null, cls: string): void => {
      const el = this.elementOf(ref);
      if (!el) return;
      const box = this.doc.createElement('div');
      box.className = `mark ${cls}`;
      placeBox(box, boxInFrame(frame, el.getBoundingClientRect()));
      boxes.push(box);
    };
    const body = this.state.record.body;
    for (const e of body.added) mark(e.ref, 'added');
    for (const e of body.removed) mark(e.ref, 'removed');
    if (body.replaced) mark(body.replaced.ref, 'replaced');
    mark(this.refOf(this.state.current), 'current');
    // The picker's own outline lives in the same layer: keep it.
    for (const old of [...this.marks.querySelectorAll('.mark')]) old.remove();
    this.marks.append(...boxes);
  }

  private render(): void {
    const focused = this.dom.root.activeElement;
    const focusKey = focused instanceof HTMLElement ? keyOf(focused) : null;
    renderPanel(this.panel, this.state, this.hooks.labels, this.dom.kindName);
    // The panel is rebuilt: give the focus back to the control that had it.
    if (focusKey) {
      const again = [...this.panel.querySelectorAll<HTMLElement>('button, input, section, li, fieldset')].find(
        (el) => keyOf(el) === focusKey,
      );
      // A box being typed in keeps what was typed (a change stored from another tab re-renders the panel).
      if (focused instanceof HTMLInputElement && again instanceof HTMLInputElement && focused.type === 'text') again.value = focused.value;
      (again ?? this.panel).focus();
    }
    this.drawMarks();
  }

  // ── actions ────────────────────────────────────────────────────────────────

  private accept(item: ItemId): void {
    const r = this.state.record;
    if (isField(item)) this.update(acceptField(r, item), { problems: without(this.state.problems, item) });
    else if (item === 'body') this.update(acceptBody(r));
    else if (noiseIndex(item) >= 0) this.update(setNoiseVerdict(r, noiseIndex(item), 'right'));
  }

  private reject(item: ItemId): void {
    const r = this.state.record;
    if (isField(item)) this.update(rejectField(r, item));
    else if (item === 'body') this.update(rejectBody(r));
    else if (noiseIndex(item) >= 0) this.update(setNoiseVerdict(r, noiseIndex(item), 'wrong'));
  }

  private none(item: ItemId): void {
    if (isField(item)) this.update(correctField(this.state.record, item, '', null, ''), { problems: without(this.state.problems, item) });
  }

  /** A typed value (Enter or leaving the box): a date must read as one. */
  private typed(item: FieldName, value: string): void {
    const r = this.state.record;
    if (item !== 'date' || value.trim() === '') {
      this.update(correctField(r, item, value, null, item === 'date' ? '' : null), { problems: without(this.state.problems, item) });
      return;
    }
    const d = dateOfText(value, this.hooks.now());
    if (!d) {
      this.set({ problems: new Map([...this.state.problems, [item, fillIn(this.hooks.labels.notADate, value)]]) });
      return;
    }
    this.update(correctField(r, 'date', d.day, null, d.datetime), { problems: without(this.state.problems, item) });
  }

  private async pick(item: FieldName): Promise<void> {
    // The field's element may be one the page does not draw (a date read from <meta>): then the title's.
    const start = renderedStart(this.elementOf(this.refOf(item)), this.elementOf(this.refOf('title')));
    const el = await this.pickElement(start, this.hooks.labels.fields[item]);
    if (!el) return;
    const ref = this.refTo(el, elementValue(el).slice(0, 120));
    if (item === 'date') {
      const d = dateOfElement(el, this.hooks.now());
      if (!d) {
        this.set({
          problems: new Map([...this.state.problems, [item, fillIn(this.hooks.labels.notADate, elementValue(el).slice(0, 60))]]),
        });
        return;
      }
      this.update(correctField(this.state.record, 'date', d.day, ref, d.datetime), { problems: without(this.state.problems, item) });
    } else {
      const value = fieldValue(item, elementValue(el));
      this.update(correctField(this.state.record, item, value, ref), { problems: without(this.state.problems, item) });
    }
  }

  private async pickBody(how: 'replace' | 'add' | 'remove'): Promise<void> {
    const labels = this.hooks.labels;
    const what = how === 'replace' ? labels.replaceBody : how === 'add' ? labels.addBlock : labels.removeBlock;
    const start = how === 'replace' ? this.elementOf(this.refOf('body')) : null;
    const el = await this.pickElement(start, what);
    if (!el) return;
    const text = elementText(el);
    const ref = this.refTo(el, text.slice(0, 120));
    const r = this.state.record;
    if (how === 'replace') {
      this.update(replaceBody(r, { ref, text, at: 0 }));
      return;
    }
    const root = this.elementOf(this.refOf('body'));
    const edit: BodyEdit = { ref, text, at: how === 'add' ? linesBefore(el, root, baseLines(r.body)) : 0 };
    this.update(how === 'add' ? toggleAddedBlock(r, edit) : toggleRemovedBlock(r, edit));
  }

  private async pickElement(start: Element | null, what: string): Promise<Element | null> {
    this.set({ picking: `${this.hooks.labels.pick}: ${what}` });
    this.panel.classList.add('picking');
    this.dom.host.setAttribute('data-picking', '');
    const el = await this.picker.pick(start, this.hooks.labels.pickHint);
    this.dom.host.removeAttribute('data-picking');
    this.panel.classList.remove('picking');
    this.set({ picking: null });
    this.panel.focus();
    return el;
  }

  private readonly onClick = (e: Event): void => {
    if (!e.isTrusted) return;
    const target = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-action]') : null;
    const item = target?.getAttribute('data-item') as ItemId | null | undefined;
    const action = target?.getAttribute('data-action');
    if (!target || !item || !action) {
      // A click on an item makes it current.
      const section = e.target instanceof Element ? e.target.closest<HTMLElement>('.item[data-item]') : null;
      const id = section?.getAttribute('data-item') as ItemId | null | undefined;
      if (id && id !== this.state.current) this.set({ current: id });
      return;
    }
    if (item !== 'done' || action === 'all-noise') this.state = { ...this.state, current: item === 'done' ? this.state.current : item };
    this.act(action, item, Number(target.getAttribute('data-index') ?? -1));
  };

  private act(action: string, item: ItemId, index = -1): void {
    const r = this.state.record;
    switch (action) {
      case 'accept':
        return this.accept(item);
      case 'reject':
        return this.reject(item);
      case 'none':
        return this.none(item);
      case 'reset':
        if (isField(item) || item === 'body') this.update(resetField(r, item), { problems: without(this.state.problems, item) });
        return;
      case 'pick':
        if (isField(item)) void this.pick(item);
        return;
      case 'replace-body':
        void this.pickBody('replace');
        return;
      case 'add-block':
        void this.pickBody('add');
        return;
      case 'remove-block':
        void this.pickBody('remove');
        return;
      case 'undo-added': {
        const edit = r.body.added[index];
        if (edit) this.update(toggleAddedBlock(r, edit));
        return;
      }
      case 'undo-removed': {
        const edit = r.body.removed[index];
        if (edit) this.update(toggleRemovedBlock(r, edit));
        return;
      }
      case 'all-noise':
        this.set({ noiseShown: r.noise.length });
        return;
      case 'move':
        this.legend()?.classList.toggle('panel-left', this.panel.classList.toggle('left'));
        return;
      case 'close':
        this.hooks.onClose();
        return;
    }
  }

  private readonly onChange = (e: Event): void => {
    if (!e.isTrusted) return;
    const input = e.target instanceof HTMLInputElement ? e.target : null;
    const kind = input?.getAttribute('data-input');
    const item = input?.getAttribute('data-item') as ItemId | null | undefined;
    if (!input || !kind || !item) return;
    const r = this.state.record;
    if (kind === 'page-type' && (PAGE_TYPES as readonly string[]).includes(input.value))
      this.update(setPageType(r, input.value as PageType));
    else if (kind === 'done') this.update(setDone(r, input.checked));
    else if (kind === 'note' && (isField(item) || item === 'body')) this.update(noteField(r, item, input.value));
    else if (kind === 'value' && isField(item)) this.typed(item, input.value);
  };

  private readonly onKey = (e: KeyboardEvent): void => {
    if (!e.isTrusted || this.picker.active) return;
    const inInput = e.target instanceof HTMLInputElement && e.target.type === 'text';
    if (inInput) {
      if (e.key === 'Escape') {
        e.preventDefault();
        this.panel.focus();
      }
      e.stopPropagation();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const item = this.state.current;
    const handled = ((): boolean => {
      switch (e.key) {
        case 'j':
        case 'J':
        case 'ArrowDown':
          this.go(1);
          return true;
        case 'k':
        case 'K':
        case 'ArrowUp':
          this.go(-1);
          return true;
        case 'a':
        case 'A':
          this.accept(item);
          return true;
        case 'x':
        case 'X':
          this.reject(item);
          return true;
        case 'n':
        case 'N':
          this.none(item);
          return true;
        case 'p':
        case 'P':
          if (isField(item)) void this.pick(item);
          else if (item === 'body') void this.pickBody('replace');
          return true;
        case '+':
        case '=':
          void this.pickBody('add');
          return true;
        case '-':
        case '_':
          void this.pickBody('remove');
          return true;
        case 'e':
        case 'E':
          if (!isField(item)) return false;
          this.set({ editing: new Set([...this.state.editing, item]) });
          this.panel.querySelector<HTMLInputElement>(`input[data-input="value"][data-item="${item}"]`)?.focus();
          return true;
        case '1':
        case '2':
        case '3': {
          const t = PAGE_TYPES[Number(e.key) - 1];
          if (item !== 'pageType' || !t) return false;
          this.update(setPageType(this.state.record, t));
          return true;
        }
        default:
          return false;
      }
    })();
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
}

function without<K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
}

/** What identifies a control across re-renders: its action or input and its item (and index). */
function keyOf(el: HTMLElement): string {
  return [
    el.localName,
    el.getAttribute('data-action'),
    el.getAttribute('data-input'),
    el.getAttribute('data-item'),
    el.getAttribute('data-index'),
    el.getAttribute('value'),
  ].join('|');
}
