/**
 * The records of one WARC file, streamed with webrecorder's warcio (`WARCParser`): never more than one
 * record's payload in memory. Every `response` record (and `resource` record) whose payload is HTML becomes a
 * page — its bytes after warcio has undone the HTTP Transfer-Encoding (chunked) and Content-Encoding (gzip,
 * deflate), the charset of its HTTP header, its target URI and WARC-Date. The other records of a page's kind
 * are skipped with their reason (not HTML, a revisit, truncated, too large, an HTTP error or redirect, no
 * payload); requests, metadata and warcinfo records are only counted.
 * A file may be read from a record's byte offset for a number of records: a slice of a large file
 * (`queue add --records-per-job`). Offsets are those of the file on disk (of the gzip member in a `.warc.gz`).
 */
import { createReadStream } from 'node:fs';
import type { WARCRecord } from 'warcio';
import { WARCParser } from 'warcio';
import { MAX_INPUT_BYTES } from '../../platform/decode-html.ts';
import { charsetOf, isDeclaredNotHtml, isHtmlPayload, mediaType } from './http-payload.ts';
import { WarcError, checkWarcStart } from './warc-start.ts';

/** A WARC file to read, or a slice of one: `count` records from the record at byte `offset`. */
export interface WarcSlice {
  readonly path: string;
  readonly offset: number;
  /** How many records to read from `offset` (every record of the slice counts, pages or not); null: to the end. */
  readonly count: number | null;
}

/** Where a record is: its file, byte offset, WARC-Record-ID. */
export interface RecordRef {
  readonly warc: string;
  readonly offset: number;
  readonly recordId: string | null;
  readonly url: string | null;
  readonly warcDate: string | null;
}

export type SkipReason = 'not-html' | 'revisit' | 'truncated' | 'too-large' | 'http-status' | 'empty';

export type WarcItem =
  | {
      readonly kind: 'page';
      readonly ref: RecordRef;
      /** The HTTP payload, transfer and content encodings undone. */
      readonly bytes: Uint8Array;
      /** The charset of the HTTP Content-Type, or null. */
      readonly charset: string | null;
    }
  | { readonly kind: 'skipped'; readonly ref: RecordRef; readonly reason: SkipReason; readonly detail: string }
  /** A request, metadata, warcinfo… record: no page, only counted. */
  | { readonly kind: 'other'; readonly ref: RecordRef; readonly type: string };

export interface ReadOptions {
  /** A record whose payload (declared, or once unpacked) is larger is skipped as too large. */
  readonly maxRecordBytes: number;
}

export const DEFAULT_READ_OPTIONS: ReadOptions = { maxRecordBytes: MAX_INPUT_BYTES };

/**
 * The records of a WARC file (or slice) in order. Throws WarcError, with the offset, when the file is not a
 * WARC or stops being one (corrupt data): what was yielded before stays good.
 */
export async function* readRecords(slice: WarcSlice, opts: ReadOptions = DEFAULT_READ_OPTIONS): AsyncGenerator<WarcItem> {
  checkWarcStart(slice.path, slice.offset);
  const stream = createReadStream(slice.path, { start: slice.offset, highWaterMark: 256 * 1024 });
  const parser = new WARCParser(stream);
  let read = 0;
  try {
    while (slice.count === null || read < slice.count) {
      let record: WARCRecord | null;
      try {
        record = await parser.parse();
      } catch (err) {
        throw new WarcError(
          `corrupt WARC data at offset ${slice.offset + parser.offset}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      if (!record) break;
      const offset = slice.offset + parser.offset;
      if (!record.warcHeaders.statusline.startsWith('WARC/'))
        throw new WarcError(`corrupt WARC data at offset ${offset}: no WARC record begins there`);
      read++;
      yield await itemOf(record, { warc: slice.path, offset, ...refOf(record) }, opts);
    }
  } finally {
    stream.destroy();
  }
}

function refOf(record: WARCRecord): Omit<RecordRef, 'warc' | 'offset'> {
  return {
    recordId: record.warcHeader('WARC-Record-ID') ?? null,
    url: record.warcTargetURI ?? null,
    warcDate: record.warcDate ?? null,
  };
}

async function itemOf(record: WARCRecord, ref: RecordRef, opts: ReadOptions): Promise<WarcItem> {
  const type = record.warcType;
  const skip = (reason: SkipReason, detail: string): WarcItem => ({ kind: 'skipped', ref, reason, detail });
  if (type === 'revisit')
    return skip('revisit', `a revisit of ${record.warcRefersToTargetURI ?? ref.url ?? 'an earlier record'}: no payload of its own`);
  if (type !== 'response' && type !== 'resource') return { kind: 'other', ref, type: type || 'unknown' };
  const truncated = record.warcHeader('WARC-Truncated');
  if (truncated) return skip('truncated', `WARC-Truncated: ${truncated}`);
  if (record.warcContentLength > opts.maxRecordBytes + 64 * 1024)
    return skip('too-large', `${record.warcContentLength} bytes (the limit is ${opts.maxRecordBytes})`);
  const http = record.httpHeaders;
  const contentType = (type === 'resource' ? record.warcContentType : http?.headers.get('Content-Type')) ?? null;
  if (type === 'response') {
    const status = Number(http?.statusCode);
    if (!http || !Number.isInteger(status)) return skip('not-html', 'no HTTP response header');
    if (status < 200 || status >= 300) return skip('http-status', `HTTP ${status}`);
  }
  const declared = mediaType(contentType);
  // Known not to be HTML by its header (a PDF, an image): its payload is not read at all.
  if (isDeclaredNotHtml(contentType)) return skip('not-html', declared);
  const payload = await readPayload(record, opts.maxRecordBytes);
  if (payload === 'too-large') return skip('too-large', `more than ${opts.maxRecordBytes} bytes once unpacked`);
  if (payload === 'cut') return skip('truncated', 'the record ends before its Content-Length');
  if (payload.length === 0) return skip('empty', 'no payload');
  if (!isHtmlPayload(contentType, payload)) return skip('not-html', declared || 'no Content-Type, and not HTML by its first bytes');
  return { kind: 'page', ref, bytes: payload, charset: charsetOf(contentType) };
}

/** The record's payload with its encodings undone, at most `max` bytes ('too-large' past it; 'cut' when the file ends early). */
async function readPayload(record: WARCRecord, max: number): Promise<Uint8Array | 'too-large' | 'cut'> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of record) {
    size += chunk.length;
    if (size > max) return 'too-large';
    chunks.push(chunk);
  }
  const raw = record._reader as { readonly limit?: unknown };
  if (typeof raw.limit === 'number' && raw.limit > 0) return 'cut';
  return Buffer.concat(chunks, size);
}
