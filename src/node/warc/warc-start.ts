/**
 * Whether a file (from a byte offset) begins as a WARC does: `WARC/1.x` in plain text, or inside the first
 * gzip member of a `.warc.gz`. Checked before the reader is given the file, so that a garbage file, or a
 * gzip file that holds something else, ends with one clear line instead of a parse of the whole file.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';

/** A WARC file that cannot be read: its one-line reason. */
export class WarcError extends Error {}

const PROBE_BYTES = 64 * 1024;

/** Throws WarcError unless the file at `offset` starts a WARC record. */
export function checkWarcStart(path: string, offset = 0): void {
  const head = readHead(path, offset);
  if (head.length === 0) throw new WarcError(offset === 0 ? 'empty file' : `nothing at offset ${offset}`);
  let text = head;
  if (head[0] === 0x1f && head[1] === 0x8b) {
    try {
      // A prefix of the stream: flush what inflates instead of requiring the end of the member.
      text = gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      throw new WarcError(`corrupt gzip data at offset ${offset}`);
    }
  }
  if (Buffer.from(text.subarray(0, 5)).toString('latin1') !== 'WARC/')
    throw new WarcError(`not a WARC file: it does not begin with "WARC/"${offset ? ` at offset ${offset}` : ''}`);
}

function readHead(path: string, offset: number): Buffer {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new WarcError(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot read (${code ?? String(err)})`);
  }
  try {
    const buf = Buffer.alloc(PROBE_BYTES);
    const n = readSync(fd, buf, 0, PROBE_BYTES, offset);
    return buf.subarray(0, n);
  } catch (err) {
    throw new WarcError(`cannot read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  } finally {
    closeSync(fd);
  }
}
