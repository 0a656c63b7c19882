/**
 * The writing side of the shipped models' packed form (core/pack/bytes.ts reads it): numbers in the order a
 * model's reader takes them, deflated, as base64.
 */
import { deflateSync } from 'fflate';
import { ALPHABET } from '../core/pack/bytes.ts';

/** Base64 of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}

/** Writes a packed stream (`train` packs the shipped models; the tests check the round trip). */
export class ByteWriter {
  private buf = new Uint8Array(1 << 16);
  private view = new DataView(this.buf.buffer);
  private at = 0;

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    bigger.set(this.buf);
    this.buf = bigger;
    this.view = new DataView(bigger.buffer);
  }

  varint(n: number): void {
    if (!Number.isInteger(n) || n < 0 || n >= 2 ** 35) throw new Error(`packed model: ${n} is no varint`);
    let v = n;
    this.room(5);
    while (v >= 128) {
      this.buf[this.at++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.buf[this.at++] = v;
  }

  f32(v: number): void {
    this.room(4);
    this.view.setFloat32(this.at, v, true);
    this.at += 4;
  }

  f64(v: number): void {
    this.room(8);
    this.view.setFloat64(this.at, v, true);
    this.at += 8;
  }

  /** The stream, deflated, as base64. */
  finish(): string {
    return toBase64(deflateSync(this.buf.subarray(0, this.at), { level: 9 }));
  }
}
