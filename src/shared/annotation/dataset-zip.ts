/**
 * Annotations as one zip in the format of `../shared/datasets`: `gold.jsonl` (gold-line.ts) and
 * `pages/<id>.html`, the page as the annotator saw it (snapshot.ts), plus a README saying what it is.
 * `article-lens eval` and `train-date` read the zip as it is; the annotations page imports it to go on.
 * Packed and unpacked with fflate (no hand-written zip).
 */
import { Zip, ZipDeflate, strFromU8, strToU8, unzipSync } from 'fflate';
import { drain } from '../../core/slicing.ts';
import { recordProblem, toGoldLine } from './gold-line.ts';
import type { AnnotationRecord } from './record.ts';

export interface AnnotatedPage {
  readonly record: AnnotationRecord;
  /** The page's HTML (UTF-8), or null when none was taken. */
  readonly snapshot: string | null;
}

/** Largest zip the annotations page imports, and the most bytes its entries may unpack to. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

const README = `Annotations exported by Article Lens, in the format of its evaluation sets:

  gold.jsonl      one JSON object a line: id, url, lang, page_type, title, author, source, date
                  (YYYY-MM-DD), datetime, body ("" = the page states none, null = not annotated),
                  verdicts (per field: was the extractor right), notes, and the whole annotation
  pages/<id>.html the page as the annotator saw it, UTF-8, without anything of the extension's

  article-lens eval annotations.zip
  article-lens train-date annotations.zip --out date-model.json
`;

/** Bytes deflated between two pauses of a sliced export (a few ms of work). */
const PACK_CHUNK_BYTES = 256 * 1024;

/** The zip of `pages`, at once (the tests, and any caller that need not keep a page responsive). */
export function packDataset(pages: readonly AnnotatedPage[]): Uint8Array {
  return drain(packDatasetSteps(pages));
}

/**
 * The zip of `pages`, made in steps: it yields after every `PACK_CHUNK_BYTES` deflated, so that the
 * annotations page, driving it between pauses, stays responsive while hundreds of megabytes of page
 * snapshots are packed (fflate's asynchronous mode would need workers made from blobs, which the extension
 * pages' CSP refuses). Entries in order: README.txt, each page, gold.jsonl.
 */
export function* packDatasetSteps(pages: readonly AnnotatedPage[]): Generator<void, Uint8Array, undefined> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else chunks.push(data);
  });
  function* add(name: string, bytes: Uint8Array): Generator<void, void, undefined> {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    if (bytes.length === 0) file.push(bytes, true);
    for (let at = 0; at < bytes.length; at += PACK_CHUNK_BYTES) {
      file.push(bytes.subarray(at, at + PACK_CHUNK_BYTES), at + PACK_CHUNK_BYTES >= bytes.length);
      yield;
    }
  }
  yield* add('README.txt', strToU8(README));
  const lines: string[] = [];
  for (const { record, snapshot } of pages) {
    lines.push(JSON.stringify(toGoldLine(record)));
    if (snapshot !== null) yield* add(`pages/${record.id}.html`, strToU8(snapshot));
  }
  yield* add('gold.jsonl', strToU8(lines.length ? `${lines.join('\n')}\n` : ''));
  zip.end();
  if (failure) throw failure;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export interface UnpackedDataset {
  readonly pages: readonly AnnotatedPage[];
  /** Lines or entries that could not be read, each with where and why. */
  readonly problems: readonly string[];
}

/** The annotations of an export (ours: each gold line carries its `annotation`), with what was skipped and why. */
export function unpackDataset(zip: Uint8Array): UnpackedDataset {
  if (zip.byteLength > MAX_IMPORT_BYTES) return { pages: [], problems: [`the file is larger than ${MAX_IMPORT_BYTES / 2 ** 20} MiB`] };
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      filter: (file) => {
        total += file.originalSize;
        return total <= MAX_IMPORT_BYTES && /(^|\/)(gold\.jsonl|pages\/[\w.-]+\.html)$/.test(file.name);
      },
    });
  } catch (e) {
    return { pages: [], problems: [`not a zip file (${e instanceof Error ? e.message : String(e)})`] };
  }
  if (total > MAX_IMPORT_BYTES) return { pages: [], problems: [`the zip unpacks to more than ${MAX_IMPORT_BYTES / 2 ** 20} MiB`] };
  const goldName = Object.keys(entries).find((n) => /(^|\/)gold\.jsonl$/.test(n));
  if (goldName === undefined) return { pages: [], problems: ['no gold.jsonl in the zip: not an annotations export'] };
  const prefix = goldName.slice(0, -'gold.jsonl'.length);
  const problems: string[] = [];
  const pages: AnnotatedPage[] = [];
  strFromU8(entries[goldName] ?? new Uint8Array())
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch {
        problems.push(`gold.jsonl:${i + 1}: not JSON`);
        return;
      }
      const record = typeof raw === 'object' && raw !== null ? (raw as { annotation?: unknown }).annotation : undefined;
      const problem = record === undefined ? 'no annotation (not an Article Lens export)' : recordProblem(record);
      if (problem) {
        problems.push(`gold.jsonl:${i + 1}: ${problem}`);
        return;
      }
      const checked = record as AnnotationRecord;
      const page = entries[`${prefix}pages/${checked.id}.html`];
      pages.push({ record: checked, snapshot: page ? strFromU8(page) : null });
    });
  return { pages, problems };
}
