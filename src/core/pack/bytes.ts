/**
 * The packed form of the shipped models (date-svm/packed-model.ts, combine/learned/packed-model.ts): a small
 * header and a deflated byte stream of variable-length integers and IEEE 754 numbers, written as base64 in a
 * module the bundles inline. Reading it back gives every number bit for bit, so a packed model predicts what
 * its JSON does; it is a fifth of the JSON's size and is read without a JSON parse of hundreds of kilobytes
 * on a page's first extraction.
 */
import { inflateSync } from 'fflate';

export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Uint8Array(128);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** Bytes from base64 (no globals: the core runs where `atob` may not be). */
export function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < clean.length; i += 4) {
    const a = DECODE[clean.charCodeAt(i)] as number;
    const b = DECODE[clean.charCodeAt(i + 1)] as number;
    const c = DECODE[clean.charCodeAt(i + 2)] as number;
    const d = DECODE[clean.charCodeAt(i + 3)] as number;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

/** Reads a packed stream: base64, inflated, then numbers in the order they were written. */
export class ByteReader {
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  private at = 0;

  constructor(base64: string) {
    this.bytes = inflateSync(fromBase64(base64));
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }

  /** A non-negative integer of up to 35 bits, 7 bits a byte. */
  varint(): number {
    let n = 0;
    let shift = 0;
    for (;;) {
      const b = this.bytes[this.at++];
      if (b === undefined) throw new Error('packed model: the stream ends inside a number');
      n += (b & 127) * 2 ** shift;
      if (b < 128) return n;
      shift += 7;
    }
  }

  f32(): number {
    const v = this.view.getFloat32(this.at, true);
    this.at += 4;
    return v;
  }

  f64(): number {
    const v = this.view.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }

  /** True once every byte is read (a check that the reading matched the writing). */
  get done(): boolean {
    return this.at === this.bytes.length;
  }
}
