/**
 * Loads an evaluation set: `pages/<id>.html` (or `.html.gz`) and `gold.jsonl` (../shared/datasets
 * README). Every gold record is checked loudly: a line that is not a gold record stops the set with its
 * file and line. A record whose page file is missing is kept with `path: null`, so that a batch records
 * that one page as failed and goes on (issue 16). The runner sees only `id` and `url` before extracting;
 * the gold fields are read by the scorer afterwards. A set may also come as one `.zip` (what annotation
 * mode exports): it is unpacked into a temporary folder first (dataset-zip.ts) and keeps the zip's name.
 * Fields of a gold line other than the ones below (the export adds `page_type`, `verdicts`, `notes`,
 * `annotation`) are ignored.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DatasetError } from './dataset-error.ts';
import { removeUnpacked, unpackDatasetZip } from './dataset-zip.ts';
import { MAX_GOLD_BYTES } from './set-limits.ts';

export { DatasetError } from './dataset-error.ts';

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
  /**
   * An annotations export's `verdicts`: per field, whether the annotator found the extractor of the time
   * right (true), wrong (false) or did not judge (null); null when the line has none (every other set).
   */
  readonly verdicts: Readonly<Record<string, boolean | null>> | null;
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const ZIP = /\.zip$/i;

/** A set folder, or a set's `.zip` (its files at the root or in one top folder). */
export function loadDataset(path: string): Dataset {
  const zip = ZIP.test(path);
  if (zip && !existsSync(path)) throw new DatasetError(`${path}: no such file`);
  // A folder whose name happens to end in .zip is still a folder.
  if (!zip || !statSync(path).isFile()) return loadDir(path, path.replace(/\/+$/, '').split('/').pop() ?? path, join(path, 'gold.jsonl'));
  const dir = unpackDatasetZip(path);
  try {
    // Messages name the zip, not the temporary copy that is gone when the run ends.
    return loadDir(dir, basename(path).replace(ZIP, ''), `${path}: gold.jsonl`);
  } catch (err) {
    removeUnpacked(dir);
    throw err;
  }
}

/**
 * Removes the temporary folder a zipped set was unpacked into, as soon as the set is done (a run over many
 * zips would otherwise hold all of them on disk until it ends); nothing for a set folder.
 */
export function closeDataset(set: Dataset): void {
  removeUnpacked(set.dir);
}

/** The set in `dir`, called `name`; `goldName` is how messages name its gold.jsonl. */
function loadDir(dir: string, name: string, goldName: string): Dataset {
  const goldPath = join(dir, 'gold.jsonl');
  if (!existsSync(goldPath)) throw new DatasetError(`${dir}: no gold.jsonl (a set holds pages/<id>.html and gold.jsonl)`);
  const goldBytes = statSync(goldPath).size;
  if (goldBytes > MAX_GOLD_BYTES)
    throw new DatasetError(`${goldName}: ${goldBytes} bytes, more than ${MAX_GOLD_BYTES / 1024 ** 2} MiB, too large for a gold file`);
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
      throw new DatasetError(`${goldName}:${i + 1}: not JSON`);
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new DatasetError(`${goldName}:${i + 1}: not a JSON object (one gold record a line)`);
    const record = checkRecord(raw as { readonly [key: string]: unknown }, `${goldName}:${i + 1}`);
    if (gold.has(record.id)) throw new DatasetError(`${goldName}:${i + 1}: duplicate id ${record.id}`);
    const path = [join(dir, 'pages', `${record.id}.html`), join(dir, 'pages', `${record.id}.html.gz`)].find(existsSync);
    gold.set(record.id, record);
    pages.push({ id: record.id, url: record.url, path: path ?? null });
  });
  const langs = [...gold.values()].map((g) => g.lang ?? '');
  const cjk = langs.filter((l) => /^(zh|ja)/i.test(l)).length * 2 > langs.length;
  return { name, dir, pages, gold, cjk };
}

/** The page's file, or an error naming the file that is missing (one line, for the page's record). */
export function pageFile(page: DatasetPage): string {
  if (page.path === null) throw new DatasetError(`no such file: pages/${page.id}.html(.gz)`);
  return page.path;
}

/** The gold fields of a line (and an export's `verdicts`); any other field (`page_type`, `notes`, `annotation`…) is not read. */
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
    verdicts: verdictsOf(raw['verdicts'], where),
  };
}

function verdictsOf(v: unknown, where: string): Readonly<Record<string, boolean | null>> | null {
  if (v === undefined || v === null) return null;
  const ok =
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.values(v as Record<string, unknown>).every((x) => x === null || typeof x === 'boolean');
  if (!ok) throw new DatasetError(`${where}: "verdicts" must map fields to true, false or null`);
  return v as Readonly<Record<string, boolean | null>>;
}

/** `YYYY-MM-DD` naming a real calendar day (not 2021-02-30). */
function isDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}
