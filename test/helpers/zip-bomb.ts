/**
 * Zip bombs for the tests, written without ever holding what they inflate to: an entry's deflate stream is
 * one chunk compressed on its own and ended by a sync flush (byte-aligned, referring only to itself),
 * repeated, then an empty final block. A 1 MiB chunk of one letter compresses to about a kilobyte, so a
 * 1.5 GiB entry is a 1.5 MB zip. Sizes are declared honestly; the CRC is left 0 (no reader checks it
 * before it has refused the entry by its size).
 */
import { writeFileSync } from 'node:fs';
import { constants, deflateRawSync } from 'node:zlib';

export interface BombEntry {
  readonly name: string;
  /** The entry's bytes are this chunk, `times` times over. */
  readonly chunk: Uint8Array;
  readonly times: number;
}

/** Writes a zip of `entries` (each deflated) to `path`; returns the zip's size in bytes. */
export function writeBombZip(path: string, entries: readonly BombEntry[]): number {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const once = deflateRawSync(e.chunk, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    const data = Buffer.concat([...Array.from({ length: e.times }, () => once), deflateRawSync(Buffer.alloc(0))]);
    const size = e.chunk.length * e.times;
    if (size >= 2 ** 32) throw new RangeError('zip64 is not written here');
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    central.push(dir, name);
    offset += local.length + name.length + data.length;
  }
  const dirBytes = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes, 12);
  end.writeUInt32LE(offset, 16);
  const zip = Buffer.concat([...parts, ...central, end]);
  writeFileSync(path, zip);
  return zip.length;
}
