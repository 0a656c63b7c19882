/**
 * A small, fast, seeded generator of numbers in [0, 1) (mulberry32): the bench's synthetic pages and the
 * tests' random data come out the same on every run, so a measurement or a failure can be replayed.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
