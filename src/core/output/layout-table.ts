/**
 * Layout tables in the body (issue 15: "a layout table splits a sentence": 获得了5 | 00万元). Old pages,
 * Chinese ones above all, set text out in tables for its look: one row of cells that are one line of
 * text cut where the cell's width ran out. A table that is not a data table (§1.6: two rows and two
 * columns, or a caption or header cells) is written as text, not as a table, and the cells of one row are
 * joined where the text runs on from one to the next: no break, and no space between CJK characters or
 * between two digits. Extension `joinLayoutTableRows`.
 */
import { MAX_ANCESTOR_STEPS, dom, textOf } from '../dom/dom-read.ts';
import { normalizeSpace } from '../text/normalize.ts';

/** What §1.6 reads of a table to tell a data table: its rows, its widest row's cells, its caption, header cells. */
export interface TableShape {
  readonly rows: number;
  readonly cols: number;
  /** The caption's text, whitespace normalised ('' without one). */
  readonly caption: string;
  readonly headerCells: boolean;
}

export function tableShape(table: Element): TableShape {
  const rows = [...dom.querySelectorAll(table, 'tr')];
  return {
    rows: rows.length,
    cols: rows.reduce((m, r) => Math.max(m, dom.querySelectorAll(r, 'td, th').length), 0),
    caption: normalizeSpace(textOf(dom.querySelector(table, 'caption')) ?? ''),
    headerCells: dom.querySelector(table, 'th') !== null,
  };
}

/** A data table (§1.6): at least two rows and two columns, or a caption, or header cells. */
export function isDataShape(s: TableShape): boolean {
  return (s.rows >= 2 && s.cols >= 2) || s.caption !== '' || s.headerCells;
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

/** Whether `row` (a cell's parent) is a row of a layout table (directly, or through thead/tbody/tfoot). */
export function inLayoutTable(row: Element | null, isLayout: (table: Element) => boolean): boolean {
  let table: Element | null = row && dom.parentElement(row);
  for (let steps = 0; table && dom.localName(table).toLowerCase() !== 'table' && steps < 3; steps++) table = dom.parentElement(table);
  return table !== null && dom.localName(table).toLowerCase() === 'table' && isLayout(table);
}

/** Whether `a` and `b` are cells of one row of a layout table, `b` after `a`. */
export function sameLayoutRow(a: Element, b: Element, isLayout: (table: Element) => boolean): boolean {
  const row = dom.parentElement(a);
  return row !== null && row === dom.parentElement(b) && a !== b && inLayoutTable(row, isLayout);
}

/** Not a data table (`isDataShape`), each table decided once. */
export function layoutMemo(): (table: Element) => boolean {
  const memo = new Map<Element, boolean>();
  return (table) => {
    let layout = memo.get(table);
    if (layout === undefined) {
      layout = !isDataShape(tableShape(table));
      memo.set(table, layout);
    }
    return layout;
  };
}
