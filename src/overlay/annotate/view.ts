/**
 * The annotation panel's content, built from the session's state (session.ts): the page type, one section
 * per field with what was extracted, the verdict buttons, the right value and a note, the body with its
 * edits and a preview of the corrected body, the noise blocks, and "page done". Text goes in as text nodes
 * only (values are the page's own words). Every control names its action and item in `data-` attributes,
 * which the session reads from one delegated listener.
 */
import { correctedBody } from '../../shared/annotation/body-correction.ts';
import type { AnnotationRecord, BodyEdit, FieldAnnotation, FieldName, Verdict } from '../../shared/annotation/record.ts';
import { FIELD_NAMES, PAGE_TYPES, progress } from '../../shared/annotation/record.ts';
import type { AnnotationLabels } from './labels.ts';
import { fillIn } from './labels.ts';

export type ItemId = 'pageType' | FieldName | 'body' | `noise:${number}` | 'done';

export interface PanelState {
  readonly record: AnnotationRecord;
  readonly current: ItemId;
  /** What is being picked, or null. */
  readonly picking: string | null;
  readonly saveStatus: { readonly ok: boolean; readonly text: string } | null;
  /** Noise blocks shown (the rest behind "Show all"). */
  readonly noiseShown: number;
  /** Fields whose value editor is open though no verdict asks for it (E). */
  readonly editing: ReadonlySet<FieldName>;
  /** A problem with the last input (a typed date that is none), by item. */
  readonly problems: ReadonlyMap<ItemId, string>;
}

type Child = Node | string | null | false;

function h(doc: Document, tag: string, attrs: Readonly<Record<string, string | boolean>>, ...children: Child[]): HTMLElement {
  const el = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false) continue;
    if (k === 'class') el.className = String(v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== false) el.append(c);
  return el;
}

/**
 * The attributes of an item of the review (what J/K go through): its id, its verdict (for the ✓/✗ after its
 * heading), whether it is the current one, and focusable by script. Without `verdict`, none is shown.
 */
function itemAttributes(state: PanelState, id: ItemId, kind: string, verdict?: Verdict): Readonly<Record<string, string | boolean>> {
  return {
    class: `item ${kind}`,
    'data-item': id,
    ...(verdict === undefined ? {} : { 'data-verdict': verdict ?? 'none' }),
    'aria-current': state.current === id ? 'true' : false,
    tabindex: '-1',
  };
}

function verdictButtons(doc: Document, item: ItemId, verdict: Verdict, labels: AnnotationLabels): HTMLElement {
  return h(
    doc,
    'span',
    { class: 'verdicts', role: 'group' },
    h(
      doc,
      'button',
      { type: 'button', class: 'verdict right', 'data-action': 'accept', 'data-item': item, 'aria-pressed': String(verdict === 'right') },
      `✓ ${labels.accept}`,
    ),
    h(
      doc,
      'button',
      { type: 'button', class: 'verdict wrong', 'data-action': 'reject', 'data-item': item, 'aria-pressed': String(verdict === 'wrong') },
      `✗ ${labels.reject}`,
    ),
  );
}

const button = (doc: Document, action: string, item: ItemId, text: string, extra: Readonly<Record<string, string>> = {}): HTMLElement =>
  h(doc, 'button', { type: 'button', 'data-action': action, 'data-item': item, ...extra }, text);

const shown = (value: string, labels: AnnotationLabels): string => (value ? value : labels.none);

function fieldSection(doc: Document, state: PanelState, name: FieldName, labels: AnnotationLabels): HTMLElement {
  const f: FieldAnnotation = state.record.fields[name];
  const isDate = name === 'date';
  const extracted = isDate ? state.record.fields.date.extractedDatetime || f.extracted : f.extracted;
  const value = isDate ? (state.record.fields.date.datetime ?? f.value) : f.value;
  const open = f.verdict === 'wrong' || (f.value !== null && f.verdict !== 'right') || state.editing.has(name);
  const problem = state.problems.get(name);
  return h(
    doc,
    'section',
    itemAttributes(state, name, 'field', f.verdict),
    h(doc, 'h3', {}, labels.fields[name]),
    h(
      doc,
      'p',
      { class: 'extracted' },
      h(doc, 'span', { class: 'label' }, `${labels.extracted}: `),
      h(doc, 'q', {}, shown(extracted, labels)),
    ),
    verdictButtons(doc, name, f.verdict, labels),
    h(
      doc,
      'span',
      { class: 'tools' },
      button(doc, 'pick', name, labels.pick),
      button(doc, 'none', name, labels.noneOnPage),
      f.verdict !== null && button(doc, 'reset', name, labels.reset),
    ),
    open &&
      h(
        doc,
        'label',
        { class: 'value' },
        h(doc, 'span', { class: 'label' }, labels.rightValue),
        h(doc, 'input', { type: 'text', 'data-input': 'value', 'data-item': name, value: value ?? '', spellcheck: 'false' }),
      ),
    problem ? h(doc, 'p', { class: 'problem', role: 'alert' }, problem) : null,
    noteInput(doc, name, f.note, labels),
  );
}

function noteInput(doc: Document, item: FieldName | 'body', note: string, labels: AnnotationLabels): HTMLElement {
  return h(
    doc,
    'label',
    { class: 'note' },
    h(doc, 'span', { class: 'label' }, labels.note),
    h(doc, 'input', { type: 'text', 'data-input': 'note', 'data-item': item, value: note }),
  );
}

function editList(doc: Document, title: string, edits: readonly BodyEdit[], action: string, labels: AnnotationLabels): HTMLElement | null {
  if (!edits.length) return null;
  return h(
    doc,
    'div',
    { class: 'edits' },
    h(doc, 'span', { class: 'label' }, `${title} (${edits.length})`),
    h(
      doc,
      'ul',
      {},
      ...edits.map((e, i) =>
        h(
          doc,
          'li',
          {},
          h(doc, 'span', { class: 'preview' }, e.text.slice(0, 80)),
          button(doc, action, 'body', labels.undo, { 'data-index': String(i) }),
        ),
      ),
    ),
  );
}

function bodySection(doc: Document, state: PanelState, labels: AnnotationLabels): HTMLElement {
  const b = state.record.body;
  const corrected = correctedBody(b);
  const lines = corrected === null ? [] : corrected.split('\n').filter(Boolean);
  const extractedLines = b.extracted.split('\n').filter(Boolean);
  return h(
    doc,
    'section',
    itemAttributes(state, 'body', 'body', b.verdict),
    h(doc, 'h3', {}, labels.fields.body),
    h(
      doc,
      'p',
      { class: 'extracted' },
      h(doc, 'span', { class: 'label' }, `${labels.extracted}: `),
      h(doc, 'q', {}, shown(extractedLines[0]?.slice(0, 120) ?? '', labels)),
      ` (${extractedLines.length})`,
    ),
    verdictButtons(doc, 'body', b.verdict, labels),
    h(
      doc,
      'span',
      { class: 'tools' },
      button(doc, 'replace-body', 'body', labels.replaceBody),
      button(doc, 'add-block', 'body', `+ ${labels.addBlock}`),
      button(doc, 'remove-block', 'body', `− ${labels.removeBlock}`),
      b.verdict !== null && button(doc, 'reset', 'body', labels.reset),
    ),
    b.replaced ? h(doc, 'p', { class: 'edits' }, `${labels.replaceBody}: `, h(doc, 'q', {}, b.replaced.text.slice(0, 80))) : null,
    editList(doc, labels.added, b.added, 'undo-added', labels),
    editList(doc, labels.removedBlocks, b.removed, 'undo-removed', labels),
    corrected !== null && b.verdict === 'wrong'
      ? h(
          doc,
          'details',
          { class: 'preview-body' },
          h(doc, 'summary', {}, fillIn(labels.bodyPreview, lines.length)),
          h(doc, 'div', { class: 'preview-text' }, lines.slice(0, 40).join('\n')),
        )
      : null,
    noteInput(doc, 'body', b.note, labels),
  );
}

function noiseSection(doc: Document, state: PanelState, labels: AnnotationLabels, kindName: (kind: string) => string): HTMLElement | null {
  const noise = state.record.noise;
  if (!noise.length) return null;
  const fate = (n: (typeof noise)[number]): string =>
    n.removed ? labels.removedFromBody : n.inBody ? labels.keptInBody : labels.outsideBody;
  const items = noise.slice(0, state.noiseShown).map((n, i) => {
    const id: ItemId = `noise:${i}`;
    return h(
      doc,
      'li',
      itemAttributes(state, id, 'noise', n.verdict),
      h(doc, 'span', { class: 'kind' }, `${kindName(n.kind)} · ${fate(n)}`),
      h(doc, 'span', { class: 'preview' }, n.ref.preview.slice(0, 80)),
      verdictButtons(doc, id, n.verdict, labels),
    );
  });
  return h(
    doc,
    'section',
    { class: 'noise-list' },
    h(doc, 'h3', {}, `${labels.noiseHeading} (${noise.length})`),
    h(doc, 'ul', {}, ...items),
    noise.length > state.noiseShown ? button(doc, 'all-noise', 'done', fillIn(labels.showAllNoise, noise.length)) : null,
  );
}

export function renderPanel(panel: HTMLElement, state: PanelState, labels: AnnotationLabels, kindName: (kind: string) => string): void {
  const doc = panel.ownerDocument;
  const r = state.record;
  const p = progress(r);
  const header = h(
    doc,
    'header',
    {},
    h(doc, 'h2', {}, labels.heading),
    button(doc, 'move', 'done', '⇄', { 'aria-label': labels.moveSide, title: labels.moveSide }),
    button(doc, 'close', 'done', '✕', { 'aria-label': labels.close, title: labels.close }),
  );
  const status = h(
    doc,
    'p',
    { class: 'status', role: 'status' },
    `${fillIn(labels.progress, `${p.given}/${p.total}`)}`,
    state.saveStatus ? h(doc, 'span', { class: state.saveStatus.ok ? 'saved' : 'problem' }, ` · ${state.saveStatus.text}`) : null,
  );
  const pageType = h(
    doc,
    'fieldset',
    itemAttributes(state, 'pageType', 'page-type'),
    h(doc, 'legend', {}, labels.pageType),
    ...PAGE_TYPES.map((t) =>
      h(
        doc,
        'label',
        {},
        h(doc, 'input', {
          type: 'radio',
          name: 'page-type',
          value: t,
          'data-input': 'page-type',
          'data-item': 'pageType',
          checked: r.pageType === t,
        }),
        labels.pageTypes[t],
      ),
    ),
  );
  const done = h(
    doc,
    'footer',
    {},
    h(
      doc,
      'label',
      { class: 'item done', 'data-item': 'done', 'aria-current': state.current === 'done' ? 'true' : false },
      h(doc, 'input', { type: 'checkbox', 'data-input': 'done', 'data-item': 'done', checked: r.done }),
      labels.done,
    ),
    h(doc, 'p', { class: 'keys' }, labels.keys),
  );
  const picking = state.picking ? h(doc, 'p', { class: 'picking', role: 'status' }, state.picking) : null;
  panel.replaceChildren(
    header,
    status,
    picking ?? '',
    pageType,
    ...FIELD_NAMES.map((n) => fieldSection(doc, state, n, labels)),
    bodySection(doc, state, labels),
    noiseSection(doc, state, labels, kindName) ?? '',
    done,
  );
}
