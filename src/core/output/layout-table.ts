/**
 * Layout tables in the body (issue 15: "a layout table splits a sentence": 获得了5 | 00万元). Old pages,
 * Chinese ones above all, set text out in tables for its look: one row of cells that are one line of
 * text cut where the cell's width ran out. A table that is not a data table (§1.6: two rows and two
 * columns, or a caption or header cells) is written as text, not as a table, and the cells of one row are
 * joined where the text runs on from one to the next: no break, and no space between CJK characters or
 * between two digits. Extension `joinLayoutTableRows`.
 */
import type { PageModel } from '../model/page-model.ts';
import { normalizeSpace } from '../text/normalize.ts';

/** What §1.6 reads of a table to tell a data table: its rows, its widest row's cells, its caption, header cells. */
export interface TableShape {
  readonly rows: number;
  readonly cols: number;
  /** The caption's text, whitespace normalised ('' without one). */
  readonly caption: string;
  readonly headerCells: boolean;
}

export function tableShape(m: PageModel, table: number): TableShape {
  const end = m.end[table] as number;
  let rows = 0;
  let cols = 0;
  let caption = -1;
  let headerCells = false;
  for (let i = table + 1; i <= end; i++) {
    const tag = m.tag(i);
    if (tag === 'TR') {
      rows++;
      let cells = 0;
      const rowEnd = m.end[i] as number;
      for (let j = i + 1; j <= rowEnd; j++) {
        const t = m.tag(j);
        if (t === 'TD' || t === 'TH') cells++;
      }
      cols = Math.max(cols, cells);
    } else if (tag === 'CAPTION' && caption < 0) caption = i;
    else if (tag === 'TH') headerCells = true;
  }
  return { rows, cols, caption: normalizeSpace(caption >= 0 ? m.textContent(caption) : ''), headerCells };
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

/** The table cell (td, th) holding text node `t`, or −1. */
export function cellOf(m: PageModel, t: number): number {
  for (let el = m.textParent[t] as number; el >= 0; el = m.parent[el] as number) {
    const tag = m.localName(el).toLowerCase();
    if (tag === 'td' || tag === 'th') return el;
    if (tag === 'table') return -1;
  }
  return -1;
}

/** Whether `row` (a cell's parent) is a row of a layout table (directly, or through thead/tbody/tfoot). */
export function inLayoutTable(m: PageModel, row: number, isLayout: (table: number) => boolean): boolean {
  let table = row >= 0 ? (m.parent[row] as number) : -1;
  for (let steps = 0; table >= 0 && m.localName(table).toLowerCase() !== 'table' && steps < 3; steps++) table = m.parent[table] as number;
  return table >= 0 && m.localName(table).toLowerCase() === 'table' && isLayout(table);
}

/** Whether `a` and `b` are cells of one row of a layout table, `b` after `a`. */
export function sameLayoutRow(m: PageModel, a: number, b: number, isLayout: (table: number) => boolean): boolean {
  const row = m.parent[a] as number;
  return row >= 0 && row === m.parent[b] && a !== b && inLayoutTable(m, row, isLayout);
}

/** Whether `a` and `b` are cells of one row of a data table (not a layout table), `b` after `a` (issue 42). */
export function sameDataRow(m: PageModel, a: number, b: number, isLayout: (table: number) => boolean): boolean {
  const row = m.parent[a] as number;
  if (row < 0 || row !== m.parent[b] || a === b || m.localName(row).toLowerCase() !== 'tr') return false;
  return !inLayoutTable(m, row, isLayout);
}

/** Not a data table (`isDataShape`), each table decided once. */
export function layoutMemo(m: PageModel): (table: number) => boolean {
  const memo = new Map<number, boolean>();
  return (table) => {
    let layout = memo.get(table);
    if (layout === undefined) {
      layout = !isDataShape(tableShape(m, table));
      memo.set(table, layout);
    }
    return layout;
  };
}
