/**
 * How a sliced extraction gives a rendered page its thread back between slices (core/slicing.ts): with
 * `scheduler.yield()` where the browser has it (Chromium 129+: the page's input and rendering go first,
 * then the extraction goes on ahead of other queued tasks), else with a message-channel task, which unlike
 * `setTimeout(0)` is not clamped to 4 ms once nested, so a run of hundreds of slices is not slowed down.
 */

interface SchedulerWithYield {
  yield(): Promise<void>;
}

function schedulerOf(win: Window): SchedulerWithYield | null {
  const scheduler = (win as Window & { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  return scheduler && typeof scheduler.yield === 'function' ? (scheduler as SchedulerWithYield) : null;
}

/** A `pause` for `SliceControl`: resolves in a new task of `win`'s event loop. */
export function createPagePause(win: Window & typeof globalThis): () => Promise<void> {
  const scheduler = schedulerOf(win);
  if (scheduler) return () => scheduler.yield();
  const channel = new win.MessageChannel();
  const waiting: (() => void)[] = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}
