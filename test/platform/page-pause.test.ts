/**
 * The page's pause between slices (src/platform/page-pause.ts): `scheduler.yield()` where the browser has
 * it, but at least every `taskEveryMs` a message-channel task, which lets the tasks already queued (the
 * popup's progress questions) go first; a message-channel task alone without `scheduler.yield()`.
 */
import { describe, expect, test } from 'vitest';
import { createPagePause } from '../../src/platform/page-pause.ts';

/** A window with a clock the test moves, a `scheduler.yield` that counts, and Node's MessageChannel. */
function fakeWindow(withScheduler: boolean) {
  let now = 0;
  let yields = 0;
  const win = {
    performance: { now: () => now },
    MessageChannel,
    ...(withScheduler ? { scheduler: { yield: async () => void yields++ } } : {}),
  } as unknown as Window & typeof globalThis;
  return { win, advance: (ms: number) => (now += ms), yields: () => yields };
}

describe('createPagePause', () => {
  test('scheduler.yield between slices, and a task pause once every taskEveryMs of the run', async () => {
    const w = fakeWindow(true);
    const pause = createPagePause(w.win, 100);
    for (let i = 0; i < 10; i++) {
      w.advance(30);
      await pause();
    }
    // 300 ms of run in 10 pauses of 30 ms: task pauses at 120 and 240 (the first 100 ms after the last one),
    // scheduler.yield at the other eight.
    expect(w.yields()).toBe(8);
  });

  test('without scheduler.yield every pause is a task', async () => {
    const w = fakeWindow(false);
    const pause = createPagePause(w.win, 100);
    for (let i = 0; i < 5; i++) await pause();
    expect(w.yields()).toBe(0);
  });
});
