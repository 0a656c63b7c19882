import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../src/platform/bytes.ts';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

describe('concatBytes', () => {
  it('puts the chunks one after another, with or without their counted length', () => {
    const chunks = [bytes(1, 2), bytes(), bytes(3), bytes(4, 5, 6)];
    expect(Array.from(concatBytes(chunks))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Array.from(concatBytes(chunks, 6))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('no chunk is an empty array; one chunk is handed back uncopied', () => {
    expect(concatBytes([])).toEqual(new Uint8Array(0));
    const one = bytes(7, 8);
    expect(concatBytes([one])).toBe(one);
  });
});
