/**
 * The page's main-thread tasks during some work, from a Chromium trace: each task's wall time, its thread
 * time (the CPU time the main thread itself spent in it — on a loaded machine the wall time also counts the
 * time the thread waited for a CPU), and its own work: the thread time less what the browser did in it on
 * its own account — a rendering update of the page (style, layout, paint of a frame, outside any script)
 * and garbage collection outside any script. A layout that script forces counts as the script's.
 *
 * A task is a run of the scheduler (`ThreadControllerImpl::RunTask`) or a microtask checkpoint outside one
 * (the continuation of `scheduler.yield()` runs as one).
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface TraceTasks {
  readonly count: number;
  /** Longest task, wall time, in ms. */
  readonly maxWallMs: number;
  /** Most thread time in one task, in ms. */
  readonly maxThreadMs: number;
  /** Most own work (thread time less the browser's rendering updates and garbage collection) in one task, in ms. */
  readonly maxOwnMs: number;
}

interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
}

const FROM = 'article-lens-trace:from';
const TO = 'article-lens-trace:to';
const TASKS = new Set(['ThreadControllerImpl::RunTask', 'BlinkScheduler_PerformMicrotaskCheckpoint']);
/** Events that mean script runs: whatever happens inside them is the script's doing. */
const SCRIPT = new Set([
  'FunctionCall',
  'v8.callFunction',
  'v8.run',
  'v8.evaluateModule',
  'EvaluateScript',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
]);
/** The browser's rendering update of a frame; its phases outside script are the browser's own work. */
const LIFECYCLE = 'WebFrameWidgetImpl::UpdateLifecycle';
const GC = new Set(['MajorGC', 'MinorGC', 'V8.GCFinalizeMC', 'V8.GCScavenger', 'V8.GCIncrementalMarking', 'V8.GCIncrementalMarkingStart']);

/** Runs `work` while tracing, and returns the tasks of `page`'s main thread between its start and end. */
export async function traceTasks(context: BrowserContext, page: Page, work: () => Promise<void>): Promise<TraceTasks> {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['toplevel', 'blink.user_timing', 'devtools.timeline', 'v8'] },
    transferMode: 'ReportEvents',
  });
  try {
    await page.evaluate((name) => performance.mark(name), FROM);
    await work();
    await page.evaluate((name) => performance.mark(name), TO);
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  const mark = (name: string) => events.find((e) => e.name === name && e.cat.includes('user_timing'));
  const from = mark(FROM);
  const to = mark(TO);
  if (!from || !to) throw new Error('the trace has no marks of the page');
  const onThread = events
    .filter((e) => e.ph === 'X' && e.pid === from.pid && e.tid === from.tid && e.ts + (e.dur ?? 0) > from.ts && e.ts < to.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

  interface Task {
    readonly event: TraceEvent;
    browserMs: number;
  }
  const tasks: Task[] = [];
  /** The events open at the current one, each with whether it is (or is inside) the browser's own work. */
  const open: { readonly event: TraceEvent; readonly own: boolean }[] = [];
  let task: Task | null = null;
  for (const e of onThread) {
    while (open.length && ends(open.at(-1)?.event) <= e.ts) open.pop();
    if (task && ends(task.event) <= e.ts) task = null;
    const parent = open.at(-1);
    const inScript = open.some((a) => SCRIPT.has(a.event.name));
    const own = !inScript && (GC.has(e.name) || (parent?.event.name === LIFECYCLE && e.name !== LIFECYCLE));
    if (!task && TASKS.has(e.name)) {
      task = { event: e, browserMs: 0 };
      tasks.push(task);
    } else if (task && own && !parent?.own) {
      task.browserMs += (e.tdur ?? e.dur ?? 0) / 1000;
    }
    open.push({ event: e, own: own || (parent?.own ?? false) });
  }
  const threadMs = (t: Task) => (t.event.tdur ?? t.event.dur ?? 0) / 1000;
  if (process.env['TASK_TRACE_DEBUG']) {
    for (const t of [...tasks].sort((a, b) => threadMs(b) - b.browserMs - (threadMs(a) - a.browserMs)).slice(0, 6)) {
      const end = ends(t.event);
      const inside = onThread.filter((e) => e !== t.event && e.ts >= t.event.ts && ends(e) <= end && (e.tdur ?? 0) > 3000);
      process.stderr.write(
        `task ${t.event.name} ${((t.event.dur ?? 0) / 1000).toFixed(0)} wall ${threadMs(t).toFixed(0)} thread ${(threadMs(t) - t.browserMs).toFixed(0)} own: ${inside
          .slice(0, 30)
          .map((e) => `${e.name}[${((e.tdur ?? 0) / 1000).toFixed(0)}]`)
          .join(' ')}\n`,
      );
    }
  }
  return {
    count: tasks.length,
    maxWallMs: Math.max(0, ...tasks.map((t) => (t.event.dur ?? 0) / 1000)),
    maxThreadMs: Math.max(0, ...tasks.map(threadMs)),
    maxOwnMs: Math.max(0, ...tasks.map((t) => threadMs(t) - t.browserMs)),
  };
}

function ends(e: TraceEvent | undefined): number {
  return e ? e.ts + (e.dur ?? 0) : Number.NEGATIVE_INFINITY;
}
