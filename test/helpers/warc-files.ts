/**
 * WARC files written by the tests themselves with warcio (`WARCRecord.create` + `WARCSerializer`): a
 * response per page with the HTTP header and payload given, revisits, a warcinfo; plain or gzipped by
 * record, as crawlers write them.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { WARCRecord, WARCSerializer } from 'warcio';

export interface ResponseSpec {
  readonly url: string;
  /** WARC-Date, ISO with a Z. */
  readonly date: string;
  readonly body: Uint8Array | string;
  /** HTTP headers (Content-Type, Content-Encoding, Transfer-Encoding…). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly status?: string;
  /** Extra WARC headers (WARC-Truncated…). */
  readonly warcHeaders?: Readonly<Record<string, string>>;
  readonly recordId?: string;
}

export function responseRecord(spec: ResponseSpec): WARCRecord {
  const body = typeof spec.body === 'string' ? new TextEncoder().encode(spec.body) : spec.body;
  return WARCRecord.create(
    {
      url: spec.url,
      date: spec.date,
      type: 'response',
      statusline: spec.status ?? 'HTTP/1.1 200 OK',
      httpHeaders: { 'Content-Length': String(body.length), ...spec.headers },
      warcHeaders: { ...(spec.recordId ? { 'WARC-Record-ID': spec.recordId } : {}), ...spec.warcHeaders },
      warcVersion: 'WARC/1.1',
    },
    [body],
  );
}

export function revisitRecord(url: string, date: string, refersTo: string): WARCRecord {
  return WARCRecord.create({ url, date, type: 'revisit', warcVersion: 'WARC/1.1', refersToUrl: refersTo, refersToDate: date }, []);
}

export function requestRecord(url: string, date: string): WARCRecord {
  const { host, pathname } = new URL(url);
  return WARCRecord.create(
    { url, date, type: 'request', statusline: `GET ${pathname} HTTP/1.1`, httpHeaders: { Host: host }, warcVersion: 'WARC/1.1' },
    [],
  );
}

export function warcinfoRecord(filename: string): WARCRecord {
  return WARCRecord.createWARCInfo({ filename, warcVersion: 'WARC/1.1' }, { software: 'article-lens tests' });
}

/** The records serialized one after the other, each its own gzip member when `gzip`. */
export async function warcBytes(records: readonly WARCRecord[], gzip: boolean): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (const r of records) parts.push(await WARCSerializer.serialize(r, { gzip }));
  return Buffer.concat(parts);
}

export async function writeWarc(path: string, records: readonly WARCRecord[], gzip = path.endsWith('.gz')): Promise<Uint8Array> {
  const bytes = await warcBytes(records, gzip);
  writeFileSync(path, bytes);
  return bytes;
}

/** A payload in HTTP chunked transfer coding, in chunks of `size` bytes. */
export function chunked(body: Uint8Array | string, size = 100): Uint8Array {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) {
    const chunk = bytes.subarray(i, i + size);
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), Buffer.from(chunk), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** A payload in HTTP gzip content coding. */
export function gzipped(body: Uint8Array | string): Uint8Array {
  return gzipSync(typeof body === 'string' ? Buffer.from(body) : body);
}
