/**
 * An evaluation set packed as one ZIP file (what annotation mode exports, src/shared/annotation/dataset-zip.ts),
 * unpacked into a fresh temporary folder so that loadDataset (dataset.ts) reads it like any set folder.
 * The zip holds `gold.jsonl` and `pages/<id>.html` (or `.html.gz`) at its root, or inside one top folder;
 * directory entries, a README or LICENSE beside them and macOS Finder's `__MACOSX/` and `.DS_Store`
 * are passed over.
 *
 * The zip comes from outside, so nothing in it chooses where a file lands: every entry name is checked
 * against that short list before a byte is written (no absolute path, no `..`, no backslash, no other
 * file), and a file is written only under its name within the set, which that list allows. The
 * entries' unpacked size and their number are bounded before anything is unpacked: each page by the page
 * limit and gold.jsonl by the gold limit (set-limits.ts), all of them together by `maxBytes`. fflate
 * inflates an entry into a buffer of its declared size and stops there, so the declared size bounds what
 * is held and written: a zip bomb (1.5 MB that inflates to 1.5 GB) is refused before a byte is inflated,
 * and a zip that lies about a size gets a cut file, not more memory. The entries are unpacked a batch at
 * a time so that a large set is never all in memory at once. The folder is removed as soon as its set is
 * done (closeDataset in dataset.ts), and at the latest when the process exits or is stopped by a signal
 * (Ctrl-C): a run leaves nothing behind.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { UnzipFileInfo } from 'fflate';
import { DatasetError } from './dataset-error.ts';
import { MAX_GOLD_BYTES, MAX_PAGE_BYTES } from './set-limits.ts';

export interface ZipLimits {
  /** The most bytes the zip, and the files in it, may take. */
  readonly maxBytes: number;
  /** The most entries it may hold, folders and passed-over files included. */
  readonly maxEntries: number;
  /** About how many unpacked bytes are held in memory at once while writing the files. */
  readonly batchBytes: number;
  /** The most bytes one page may unpack to. */
  readonly maxPageBytes: number;
  /** The most bytes gold.jsonl may unpack to. */
  readonly maxGoldBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  // Far above any evaluation set (the largest dev set, readability, is 26 MiB), far below a zip bomb.
  maxBytes: 2 * 1024 ** 3,
  // Fifty times the pages of the largest dev set (daniel, 971).
  maxEntries: 50_000,
  batchBytes: 128 * 1024 ** 2,
  maxPageBytes: MAX_PAGE_BYTES,
  maxGoldBytes: MAX_GOLD_BYTES,
};

/** The files a set holds, relative to the set's folder: the gold and the saved pages, by plain file name. */
const SET_FILE = /^(?:gold\.jsonl|pages\/[\w.-]+\.html(?:\.gz)?)$/;
/** A note beside the set (the export adds README.txt), passed over. */
const NOTE = /^(?:README|LICENSE)[^/]*$/i;
/** What macOS Finder adds when it compresses a folder, passed over. */
const FINDER = /^__MACOSX\/|(?:^|\/)\.DS_Store$/;

interface Entry {
  /** The name in the zip. */
  readonly name: string;
  /** Where it goes, relative to the set's folder (a name SET_FILE allows). */
  readonly file: string;
  /** The bytes it unpacks to. */
  readonly bytes: number;
}

/** The folders unpacked by this process, removed at its exit. */
const unpacked = new Set<string>();
let removedAtExit = false;

/**
 * Unpacks the set in `zipPath` into a new folder under the system's temporary folder and returns that
 * folder (it holds `gold.jsonl` and `pages/`). Throws DatasetError, naming the zip and the entry, when
 * the zip is not a set or not safe to unpack.
 */
export function unpackDatasetZip(zipPath: string, limits: ZipLimits = ZIP_LIMITS): string {
  const size = statSync(zipPath).size;
  if (size > limits.maxBytes) throw new DatasetError(`${zipPath}: larger than ${bytesText(limits.maxBytes)}, too large for a set`);
  const data = readFileSync(zipPath);
  const entries = setEntries(zipPath, data, limits);
  const dir = mkdtempSync(join(tmpdir(), 'article-lens-set-'));
  // One listener for all the sets of a run (train-date takes many), however many are unpacked.
  if (!removedAtExit) {
    process.once('exit', removeAllUnpacked);
    for (const signal of STOP_SIGNALS) process.once(signal, removeThenStop);
  }
  removedAtExit = true;
  unpacked.add(dir);
  try {
    mkdirSync(join(dir, 'pages'));
    for (const batch of batches(entries, limits.batchBytes)) {
      const wanted = new Map(batch.map((e) => [e.name, e]));
      const files = unzip(zipPath, data, (f) => wanted.has(f.name));
      for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, (wanted.get(name) as Entry).file), bytes);
    }
  } catch (err) {
    removeUnpacked(dir);
    throw err;
  }
  return dir;
}

/** Removes a folder made by unpackDatasetZip now, e.g. when its set turns out to be bad. */
export function removeUnpacked(dir: string): void {
  if (!unpacked.delete(dir)) return;
  rmSync(dir, { recursive: true, force: true });
}

/** The signals that stop a run without an 'exit' event (Ctrl-C, a kill, a closed terminal). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * On a stop signal: the folders go, then the signal takes its usual course. A listener keeps Node from
 * stopping, so the signal is raised again once this one has gone, unless another listener (Playwright's,
 * which closes the browser and exits) still stands to handle it.
 */
function removeThenStop(signal: NodeJS.Signals): void {
  removeAllUnpacked();
  for (const other of STOP_SIGNALS) if (other !== signal) process.removeListener(other, removeThenStop);
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function removeAllUnpacked(): void {
  for (const dir of unpacked) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // At exit nothing can be done about it, and the run's own exit code matters more.
    }
  }
  unpacked.clear();
}

/** The entries to unpack, every name checked, their number and size bounded; nothing is unpacked here. */
function setEntries(zipPath: string, data: Uint8Array, limits: ZipLimits): Entry[] {
  const infos: UnzipFileInfo[] = [];
  unzip(zipPath, data, (f) => {
    if (infos.length === limits.maxEntries)
      throw new DatasetError(`${zipPath}: more than ${limits.maxEntries} entries, too many for a set`);
    checkSafeName(zipPath, f.name);
    infos.push(f);
    return false;
  });
  // Directory entries need no writing (pages/ is made anyway); notes at the zip's root are not the set's.
  const files = infos.filter((f) => !f.name.endsWith('/') && !FINDER.test(f.name) && !NOTE.test(f.name));
  const prefix = topFolder(files.map((f) => f.name));
  const inSet = files.map((f) => ({ info: f, file: f.name.slice(prefix.length) })).filter((e) => !NOTE.test(e.file));
  // Before the other checks: a zip without gold is most likely not a set at all, and this says so.
  if (!inSet.some((e) => e.file === 'gold.jsonl'))
    throw new DatasetError(
      `${zipPath}: no gold.jsonl at the zip's root or in its one top folder (a set holds gold.jsonl and pages/<id>.html)`,
    );
  const entries: Entry[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const { info: f, file } of inSet) {
    if (!SET_FILE.test(file))
      throw new DatasetError(`${zipPath}: entry "${f.name}" is not part of a set (a set holds gold.jsonl and pages/<id>.html or .html.gz)`);
    if (seen.has(file)) throw new DatasetError(`${zipPath}: entry "${f.name}" appears twice`);
    seen.add(file);
    // fflate gives a stored entry its bytes as they are, a deflated one a buffer of its declared size.
    if (f.compression !== 0 && f.compression !== 8)
      throw new DatasetError(`${zipPath}: entry "${f.name}" uses compression method ${f.compression} (only stored and deflate are read)`);
    const bytes = f.compression === 0 ? f.size : f.originalSize;
    const [limit, what] = file === 'gold.jsonl' ? [limits.maxGoldBytes, 'a gold.jsonl'] : [limits.maxPageBytes, 'a page'];
    if (bytes > limit)
      throw new DatasetError(
        `${zipPath}: entry "${f.name}" unpacks to ${bytes} bytes, more than ${bytesText(limit)}, too large for ${what}: refused`,
      );
    total += bytes;
    if (total > limits.maxBytes)
      throw new DatasetError(`${zipPath}: unpacks to more than ${bytesText(limits.maxBytes)}, too large for a set`);
    entries.push({ name: f.name, file, bytes });
  }
  return entries;
}

/**
 * Refuses a name that could point outside the folder: absolute (`/x`, `C:x`), with a backslash (a
 * separator on Windows) or with a `..` segment. The allow-list alone would refuse them too, but this
 * says why, and holds for the entries that are passed over as well.
 */
function checkSafeName(zipPath: string, name: string): void {
  const why =
    name.startsWith('/') || /^[A-Za-z]:/.test(name)
      ? 'is an absolute path'
      : name.includes('\\')
        ? 'has a backslash'
        : name.split('/').includes('..')
          ? 'has a ".." segment'
          : name.includes('\0')
            ? 'has a NUL character'
            : null;
  if (why) throw new DatasetError(`${zipPath}: entry "${name}" ${why}: refused`);
}

/**
 * `my-set/` when the zip holds a set folder (no gold.jsonl at the root, every file inside that one top
 * folder), else `` (the set's files at the root).
 */
function topFolder(names: readonly string[]): string {
  if (names.includes('gold.jsonl')) return '';
  const tops = new Set(names.map((n) => (n.includes('/') ? n.slice(0, n.indexOf('/') + 1) : '')));
  const [top] = tops;
  return tops.size === 1 && top !== undefined ? top : '';
}

/** The entries in groups of at most `batchBytes` unpacked (a larger entry alone), in zip order. */
function batches(entries: readonly Entry[], batchBytes: number): Entry[][] {
  const out: Entry[][] = [];
  let current: Entry[] = [];
  let bytes = 0;
  for (const e of entries) {
    if (current.length && bytes + e.bytes > batchBytes) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(e);
    bytes += e.bytes;
  }
  if (current.length) out.push(current);
  return out;
}

/** fflate's unzipSync with its errors (not a zip, a broken entry) as a DatasetError naming the zip. */
function unzip(zipPath: string, data: Uint8Array, filter: (f: UnzipFileInfo) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(data, { filter });
  } catch (err) {
    if (err instanceof DatasetError) throw err;
    throw new DatasetError(`${zipPath}: not a readable ZIP file (${err instanceof Error ? err.message : String(err)})`);
  }
}

/** `2 GiB`, `512 MiB`, `100 bytes`. */
function bytesText(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GiB`;
  if (bytes >= 1024 ** 2 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2} MiB`;
  return `${bytes} bytes`;
}
