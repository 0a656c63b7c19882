/**
 * The jobs of a WARC batch on the queue: one per file, or one per slice of `recordsPerJob` records of a
 * large file (byte offset of its first record, how many records). A job's id is made from what it reads
 * (the file's absolute path, the offset, the count), so adding the same file twice adds nothing, and its
 * output file is named by its id: whichever worker runs it, a job has one output name.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename, resolve } from 'node:path';
import { WARCParser } from 'warcio';
import type { WarcSlice } from '../warc/read-records.ts';
import { WarcError, checkWarcStart } from '../warc/warc-start.ts';

/** What a job carries: a WARC slice (the path as every worker sees it). */
export type WarcJobData = WarcSlice;

/** The job's id: readable (file name and offset) and unique (a hash of path, offset and count). */
export function warcJobId(slice: WarcSlice): string {
  const hash = createHash('sha256')
    .update(`${slice.path}\0${slice.offset}\0${slice.count ?? 'end'}`)
    .digest('hex')
    .slice(0, 12);
  const name = basename(slice.path)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 80);
  return `${name}.${slice.offset}.${hash}`;
}

/** The job's output file in the output folder. */
export function jobOutputName(jobId: string): string {
  return `${jobId}.jsonl`;
}

/**
 * The slices of a file: the whole file, or, with `recordsPerJob`, one slice per that many records, found
 * by reading the file's record headers once (warcio, payloads skipped).
 */
export async function warcSlices(path: string, recordsPerJob: number | null): Promise<WarcSlice[]> {
  const abs = resolve(path);
  checkWarcStart(abs);
  if (recordsPerJob === null) return [{ path: abs, offset: 0, count: null }];
  const offsets: number[] = [];
  const stream = createReadStream(abs, { highWaterMark: 256 * 1024 });
  const parser = new WARCParser(stream, { parseHttp: false });
  let n = 0;
  try {
    while (await parser.parse()) {
      if (n % recordsPerJob === 0) offsets.push(parser.offset);
      n++;
    }
  } catch (err) {
    throw new WarcError(`corrupt WARC data at offset ${parser.offset}: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    stream.destroy();
  }
  return offsets.map((offset, i) => ({ path: abs, offset, count: i === offsets.length - 1 ? null : recordsPerJob }));
}
