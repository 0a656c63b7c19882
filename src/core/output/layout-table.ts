/**
 * Layout tables in the body (issue 15: "a layout table splits a sentence": 获得了5 | 00万元). Old pages,
 * Chinese ones above all, set text out in tables for its look: one row of cells that are one line of
 * text cut where the cell's width ran out. A table that is not a data table (§1.6: two rows and two
 * columns, or a caption or header cells) is written as text, not as a table, and the cells of one row are
 * joined where the text runs on from one to the next: no break, and no space between CJK characters or
 * between two digits. Extension `joinLayoutTableRows`.
 */
import { MAX_ANCESTOR_STEPS, dom, textOf } from '../dom/dom-read.ts';

/** A data table (§1.6): at least two rows and two columns, or a caption, or header cells. */
export function isDataTable(table: Element): boolean {
  const rows = [...dom.querySelectorAll(table, 'tr')];
  const cols = rows.reduce((m, r) => Math.max(m, dom.querySelectorAll(r, 'td, th').length), 0);
  return (
    (rows.length >= 2 && cols >= 2) ||
    (textOf(dom.querySelector(table, 'caption')) ?? '').trim() !== '' ||
    dom.querySelector(table, 'th') !== null
  );
}

/** A run of text that ends a sentence or a clause: the next cell starts a line of its own. */
const ENDS_SENTENCE = /[。！？；：.!?;:…”」』)）]\s*$/;
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;
const DIGIT = /[0-9]/;

/**
 * What goes between the text of one cell (`before`) and the next (`after`) of a layout row: null when the
 * first ends a sentence (a line break stays), '' when the words run on without a space (CJK, digits), else
 * a space.
 */
export function cellJoin(before: string, after: string): string | null {
  const a = before.trimEnd();
  const b = after.trimStart();
  if (!a || !b || ENDS_SENTENCE.test(a)) return null;
  const last = a.at(-1) ?? '';
  const first = b[0] ?? '';
  if (CJK.test(last) || CJK.test(first) || (DIGIT.test(last) && DIGIT.test(first))) return '';
  return ' ';
}

/** The table cell (td, th) holding `node`, or null; bounded walk. */
export function cellOf(node: Node): Element | null {
  let el: Element | null = dom.parentElement(node);
  for (let steps = 0; el && steps < MAX_ANCESTOR_STEPS; el = dom.parentElement(el), steps++) {
    const tag = dom.localName(el).toLowerCase();
    if (tag === 'td' || tag === 'th') return el;
    if (tag === 'table') return null;
  }
  return null;
}

/** Whether `a` and `b` are cells of one row of a layout table, `b` after `a`. */
export function sameLayoutRow(a: Element, b: Element, isLayout: (table: Element) => boolean): boolean {
  const row = dom.parentElement(a);
  if (!row || row !== dom.parentElement(b) || a === b) return false;
  let table: Element | null = dom.parentElement(row);
  for (let steps = 0; table && dom.localName(table).toLowerCase() !== 'table' && steps < 3; steps++) table = dom.parentElement(table);
  return table !== null && dom.localName(table).toLowerCase() === 'table' && isLayout(table);
}

/** `isDataTable` negated, each table decided once. */
export function layoutMemo(): (table: Element) => boolean {
  const memo = new Map<Element, boolean>();
  return (table) => {
    let layout = memo.get(table);
    if (layout === undefined) {
      layout = !isDataTable(table);
      memo.set(table, layout);
    }
    return layout;
  };
}
