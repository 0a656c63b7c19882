/**
 * How a sliced extraction gives a rendered page its thread back between slices (core/slicing.ts): with
 * `scheduler.yield()` where the browser has it (Chromium 129+: the page's input and rendering go first,
 * then the extraction goes on ahead of other queued tasks), else with a message-channel task, which unlike
 * `setTimeout(0)` is not clamped to 4 ms once nested, so a run of hundreds of slices is not slowed down.
 *
 * A continuation of `scheduler.yield()` goes ahead of every other queued task, the extension's messages
 * included: the popup's "how far are you?" waited until the whole run had ended, and the page's progress
 * and early title never showed. So at least every `taskEveryMs` the pause is a message-channel task
 * instead, which queues behind the tasks already waiting.
 */

interface SchedulerWithYield {
  yield(): Promise<void>;
}

/** How often (ms of the run) a pause lets the other queued tasks go first. */
export const TASK_PAUSE_EVERY_MS = 100;

function schedulerOf(win: Window): SchedulerWithYield | null {
  const scheduler = (win as Window & { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  return scheduler && typeof scheduler.yield === 'function' ? (scheduler as SchedulerWithYield) : null;
}

/** A `pause` for `SliceControl`: resolves in a new task of `win`'s event loop. */
export function createPagePause(win: Window & typeof globalThis, taskEveryMs = TASK_PAUSE_EVERY_MS): () => Promise<void> {
  const channel = new win.MessageChannel();
  const waiting: (() => void)[] = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  const task = (): Promise<void> =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
  const scheduler = schedulerOf(win);
  if (!scheduler) return task;
  let lastTask = win.performance.now();
  return () => {
    const now = win.performance.now();
    if (now - lastTask < taskEveryMs) return scheduler.yield();
    lastTask = now;
    return task();
  };
}
