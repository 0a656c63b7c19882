/**
 * Loads an evaluation set: `pages/<id>.html` (or `.html.gz`) and `gold.jsonl` (../shared/datasets
 * README). Every gold record is checked loudly: a line that is not a gold record stops the set with its
 * file and line. A record whose page file is missing is kept with `path: null`, so that a batch records
 * that one page as failed and goes on (issue 16). The runner sees only `id` and `url` before extracting;
 * the gold fields are read by the scorer afterwards.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface GoldRecord {
  readonly id: string;
  readonly url: string | null;
  readonly lang: string | null;
  readonly title: string | null;
  readonly author: string | null;
  readonly source: string | null;
  readonly date: string | null;
  readonly datetime: string | null;
  readonly body: string | null;
  /** Pages with the same `site` come from one site and share its template (gne, daniel, big9, dragnet). */
  readonly site: string | null;
}

export interface DatasetPage {
  readonly id: string;
  readonly url: string | null;
  /** `pages/<id>.html` or `pages/<id>.html.gz`; null when neither file exists. */
  readonly path: string | null;
}

export interface Dataset {
  readonly name: string;
  readonly dir: string;
  readonly pages: readonly DatasetPage[];
  readonly gold: ReadonlyMap<string, GoldRecord>;
  /** True when most pages are Chinese or Japanese: the body metric then also uses CJK tokens. */
  readonly cjk: boolean;
}

export class DatasetError extends Error {}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function loadDataset(dir: string): Dataset {
  const goldPath = join(dir, 'gold.jsonl');
  if (!existsSync(goldPath)) throw new DatasetError(`${dir}: no gold.jsonl (a set holds pages/<id>.html and gold.jsonl)`);
  const gold = new Map<string, GoldRecord>();
  const pages: DatasetPage[] = [];
  const lines = readFileSync(goldPath, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new DatasetError(`${goldPath}:${i + 1}: not JSON`);
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new DatasetError(`${goldPath}:${i + 1}: not a JSON object (one gold record a line)`);
    const record = checkRecord(raw as { readonly [key: string]: unknown }, `${goldPath}:${i + 1}`);
    if (gold.has(record.id)) throw new DatasetError(`${goldPath}:${i + 1}: duplicate id ${record.id}`);
    const path = [join(dir, 'pages', `${record.id}.html`), join(dir, 'pages', `${record.id}.html.gz`)].find(existsSync);
    gold.set(record.id, record);
    pages.push({ id: record.id, url: record.url, path: path ?? null });
  });
  const langs = [...gold.values()].map((g) => g.lang ?? '');
  const cjk = langs.filter((l) => /^(zh|ja)/i.test(l)).length * 2 > langs.length;
  const name = dir.replace(/\/+$/, '').split('/').pop() ?? dir;
  return { name, dir, pages, gold, cjk };
}

/** The page's file, or an error naming the file that is missing (one line, for the page's record). */
export function pageFile(page: DatasetPage): string {
  if (page.path === null) throw new DatasetError(`no such file: pages/${page.id}.html(.gz)`);
  return page.path;
}

function checkRecord(raw: { readonly [key: string]: unknown }, where: string): GoldRecord {
  const str = (key: string, required = false): string | null => {
    const v = raw[key];
    if (v === undefined || v === null) {
      if (required) throw new DatasetError(`${where}: "${key}" is required`);
      return null;
    }
    if (typeof v !== 'string') throw new DatasetError(`${where}: "${key}" must be a string or null`);
    return v;
  };
  const id = str('id', true) as string;
  if (!/^[\w.-]+$/.test(id)) throw new DatasetError(`${where}: id "${id}" is not a plain file name`);
  const date = str('date');
  if (date && !isDay(date)) throw new DatasetError(`${where}: date "${date}" is not a YYYY-MM-DD day`);
  return {
    id,
    url: str('url'),
    lang: str('lang'),
    title: str('title'),
    author: str('author'),
    source: str('source'),
    date,
    datetime: str('datetime'),
    body: str('body'),
    site: str('site'),
  };
}

/** `YYYY-MM-DD` naming a real calendar day (not 2021-02-30). */
function isDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}
