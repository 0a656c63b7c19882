/**
 * Annotations as one zip in the format of `../shared/datasets`: `gold.jsonl` (gold-line.ts) and
 * `pages/<id>.html`, the page as the annotator saw it (snapshot.ts), plus a README saying what it is.
 * `article-lens eval` and `train-date` read the zip as it is; the annotations page imports it to go on.
 * Packed and unpacked with fflate (no hand-written zip).
 */
import { Unzip, UnzipInflate, Zip, ZipDeflate, strToU8 } from 'fflate';
import { MAX_INPUT_BYTES } from '../../platform/decode-html.ts';
import { concatBytes } from '../../platform/bytes.ts';
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
  return concatBytes(chunks);
}

export interface UnpackedDataset {
  readonly pages: readonly AnnotatedPage[];
  /** Lines or entries that could not be read, each with where and why. */
  readonly problems: readonly string[];
}

/** Longest line of gold.jsonl read: a page's gold line holds its body twice, rarely a megabyte. */
export const MAX_GOLD_LINE_BYTES = 32 * 2 ** 20;
/** Compressed bytes handed to the inflater at a time: what one step can unpack is bounded by it. */
const UNZIP_STEP_BYTES = 16 * 1024;

const GOLD_ENTRY = /(^|\/)gold\.jsonl$/;
const PAGE_ENTRY = /(^|\/)pages\/[\w.-]+\.html$/;
const mib = (bytes: number): string => `${bytes / 2 ** 20} MiB`;

/**
 * gold.jsonl's lines, cut from its bytes as they are unpacked: a line is decoded only when it holds more
 * than white space, so a file of a hundred million empty lines costs one pass over its bytes and no
 * string; a line longer than MAX_GOLD_LINE_BYTES is reported and skipped without being kept.
 */
class GoldLines {
  private parts: Uint8Array[] = [];
  private bytes = 0;
  private blank = true;
  private lineNo = 1;
  constructor(
    private readonly onLine: (line: string, lineNo: number) => void,
    private readonly problems: string[],
  ) {}

  push(chunk: Uint8Array): void {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] ?? 0;
      if (b === 10) {
        this.keep(chunk.subarray(from, i));
        this.end();
        from = i + 1;
      } else if (this.blank && b !== 32 && b !== 9 && b !== 13) this.blank = false;
    }
    this.keep(chunk.subarray(from));
  }

  /** The last line, when the file does not end with a newline. */
  finish(): void {
    this.end();
  }

  private keep(part: Uint8Array): void {
    if (!part.length) return;
    this.bytes += part.length;
    // Too long: counted on, no longer kept.
    if (this.bytes > MAX_GOLD_LINE_BYTES) this.parts = [];
    else if (!this.blank) this.parts.push(part.slice());
  }

  private end(): void {
    if (this.bytes > MAX_GOLD_LINE_BYTES) this.problems.push(`gold.jsonl:${this.lineNo}: longer than ${mib(MAX_GOLD_LINE_BYTES)}, skipped`);
    else if (!this.blank) this.onLine(decoder.decode(concatBytes(this.parts, this.bytes)), this.lineNo);
    this.parts = [];
    this.bytes = 0;
    this.blank = true;
    this.lineNo++;
  }
}

const decoder = new TextDecoder();

/** A gold line's annotation record, or the problem with it. */
function readGoldLine(line: string): AnnotationRecord | string {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return 'not JSON';
  }
  const record = typeof raw === 'object' && raw !== null ? (raw as { annotation?: unknown }).annotation : undefined;
  const problem = record === undefined ? 'no annotation (not an Article Lens export)' : recordProblem(record);
  return problem ?? (record as AnnotationRecord);
}

/**
 * The annotations of an export (ours: each gold line carries its `annotation`), with what was skipped and
 * why. The zip is unpacked as a stream, a few kilobytes of it at a time, and every entry is bounded while it
 * inflates, by the bytes it really unpacks to (not the sizes its headers claim): a page by the CLI's page
 * limit (MAX_INPUT_BYTES), all of it together by MAX_IMPORT_BYTES.
 */
export function unpackDataset(zip: Uint8Array): UnpackedDataset {
  if (zip.byteLength > MAX_IMPORT_BYTES) return { pages: [], problems: [`the file is larger than ${mib(MAX_IMPORT_BYTES)}`] };
  const problems: string[] = [];
  const records: AnnotationRecord[] = [];
  const pageBytes = new Map<string, Uint8Array>();
  let goldName: string | null = null;
  let total = 0;
  let refused: string | null = null;
  const unzip = new Unzip((file) => {
    const isGold = goldName === null && GOLD_ENTRY.test(file.name);
    if (!isGold && !PAGE_ENTRY.test(file.name)) return;
    if (isGold) goldName = file.name;
    const gold = isGold
      ? new GoldLines((line, n) => {
          const r = readGoldLine(line);
          if (typeof r === 'string') problems.push(`gold.jsonl:${n}: ${r}`);
          else records.push(r);
        }, problems)
      : null;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (refused) return;
      if (err) {
        refused = `${file.name} cannot be unpacked (${err.message})`;
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (total > MAX_IMPORT_BYTES) refused = `the zip unpacks to more than ${mib(MAX_IMPORT_BYTES)}`;
      else if (!gold && size > MAX_INPUT_BYTES) refused = `${file.name} unpacks to more than ${mib(MAX_INPUT_BYTES)}`;
      if (refused) {
        file.terminate();
        return;
      }
      if (gold) gold.push(chunk);
      else chunks.push(chunk);
      if (!final) return;
      if (gold) gold.finish();
      else pageBytes.set(file.name, concatBytes(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zip.length && !refused; at += UNZIP_STEP_BYTES)
      unzip.push(zip.subarray(at, at + UNZIP_STEP_BYTES), at + UNZIP_STEP_BYTES >= zip.length);
  } catch (e) {
    return { pages: [], problems: [`not a zip file (${e instanceof Error ? e.message : String(e)})`] };
  }
  if (refused) return { pages: [], problems: [refused] };
  if (goldName === null) {
    const isZip = zip[0] === 0x50 && zip[1] === 0x4b;
    return { pages: [], problems: [isZip ? 'no gold.jsonl in the zip: not an annotations export' : 'not a zip file'] };
  }
  const prefix = (goldName as string).slice(0, -'gold.jsonl'.length);
  const pages = records.map((record) => {
    const page = pageBytes.get(`${prefix}pages/${record.id}.html`);
    return { record, snapshot: page ? decoder.decode(page) : null };
  });
  return { pages, problems };
}
