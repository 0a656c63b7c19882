/**
 * The page's main-thread tasks during some work, from a Chromium trace: each task's wall time, its thread
 * time (the CPU time the main thread itself spent in it — on a loaded machine the wall time also counts the
 * time the thread waited for a CPU), and its own work: the thread time less what the browser did in it on
 * its own account — a rendering update of the page (style, layout, paint of a frame, outside any script)
 * — and less garbage collection. A layout that script forces counts as the script's. Garbage collection
 * is counted apart (`maxGcMs`), wherever it runs: a collection that our allocations trigger runs inside
 * our task, but its length is not that of our slice. The atomic pause of a major collection marks what
 * incremental marking has not, and on the probe's pages (200 000 DOM nodes) it took 80–250 ms of thread
 * time whatever the slice (measured 2026-11-27: V8.GCFinalizeMC inside a 16 ms slice).
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
  /** Most garbage collection in one task, in ms (inside script or not). */
  readonly maxGcMs: number;
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

/**
 * TASK_TRACE_DEBUG=1 prints the six tasks with most own work, the events inside them, and which functions
 * the CPU samples of each fall in (from the trace's own sampling profiler, on the trace's clock).
 */
const DEBUG = Boolean(process.env['TASK_TRACE_DEBUG']);
const CATEGORIES = ['toplevel', 'blink.user_timing', 'devtools.timeline', 'v8'];
const DEBUG_CATEGORIES = ['v8.gc', 'disabled-by-default-v8.gc', 'cppgc', 'disabled-by-default-v8.cpu_profiler'];
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
    traceConfig: { includedCategories: [...CATEGORIES, ...(DEBUG ? DEBUG_CATEGORIES : [])] },
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
    /** Rendering updates outside script. */
    browserMs: number;
    /** Garbage collection, inside script or not. */
    gcMs: number;
  }
  const tasks: Task[] = [];
  /** The events open at the current one, each with whether it is (or is inside) the browser's own work. */
  const open: { readonly event: TraceEvent; readonly own: boolean; readonly gc: boolean }[] = [];
  let task: Task | null = null;
  for (const e of onThread) {
    while (open.length && ends(open.at(-1)?.event) <= e.ts) open.pop();
    if (task && ends(task.event) <= e.ts) task = null;
    const parent = open.at(-1);
    const inScript = open.some((a) => SCRIPT.has(a.event.name));
    const gc = GC.has(e.name);
    const inGc = parent?.gc ?? false;
    const own = !inScript && !gc && parent?.event.name === LIFECYCLE && e.name !== LIFECYCLE;
    if (!task && TASKS.has(e.name)) {
      task = { event: e, browserMs: 0, gcMs: 0 };
      tasks.push(task);
    } else if (task && gc && !inGc && !parent?.own) {
      task.gcMs += (e.tdur ?? e.dur ?? 0) / 1000;
    } else if (task && own && !parent?.own && !inGc) {
      task.browserMs += (e.tdur ?? e.dur ?? 0) / 1000;
    }
    open.push({ event: e, own: own || (parent?.own ?? false), gc: gc || inGc });
  }
  const threadMs = (t: Task) => (t.event.tdur ?? t.event.dur ?? 0) / 1000;
  const ownMs = (t: Task) => threadMs(t) - t.browserMs - t.gcMs;
  if (DEBUG) {
    const samples = cpuSamples(events, from.pid);
    for (const t of [...tasks].sort((a, b) => ownMs(b) + b.gcMs - (ownMs(a) + a.gcMs)).slice(0, 6)) {
      const end = ends(t.event);
      const inside = onThread.filter((e) => e !== t.event && e.ts >= t.event.ts && ends(e) <= end && (e.tdur ?? e.dur ?? 0) > 2000);
      process.stderr.write(
        `task ${t.event.name} ${((t.event.dur ?? 0) / 1000).toFixed(0)} wall ${threadMs(t).toFixed(0)} thread ${ownMs(t).toFixed(0)} own ${t.gcMs.toFixed(0)} gc: ${inside
          .slice(0, 30)
          .map((e) => `${e.name}[${((e.tdur ?? e.dur ?? 0) / 1000).toFixed(0)}]`)
          .join(' ')}\n`,
      );
      process.stderr.write(describeSamples(samples.filter((x) => x.ts >= t.event.ts && x.ts <= end)));
    }
  }
  return {
    count: tasks.length,
    maxWallMs: Math.max(0, ...tasks.map((t) => (t.event.dur ?? 0) / 1000)),
    maxThreadMs: Math.max(0, ...tasks.map(threadMs)),
    maxOwnMs: Math.max(0, ...tasks.map(ownMs)),
    maxGcMs: Math.max(0, ...tasks.map((t) => t.gcMs)),
  };
}

function ends(e: TraceEvent | undefined): number {
  return e ? e.ts + (e.dur ?? 0) : Number.NEGATIVE_INFINITY;
}

interface ProfileEvent {
  readonly name: string;
  readonly pid: number;
  readonly args?: {
    readonly data?: {
      readonly startTime?: number;
      readonly cpuProfile?: { readonly nodes?: readonly ProfileNode[]; readonly samples?: readonly number[] };
      readonly timeDeltas?: readonly number[];
    };
  };
}

interface ProfileNode {
  readonly id: number;
  readonly parent?: number;
  readonly callFrame: { readonly functionName: string; readonly url?: string; readonly lineNumber: number };
}

interface Sample {
  readonly ts: number;
  /** The innermost frame first. */
  readonly stack: readonly string[];
}

/** The sampling profiler's samples of process `pid` in a trace, each with its time and stack. */
function cpuSamples(events: readonly TraceEvent[], pid: number): Sample[] {
  const frames = new Map<number, { readonly name: string; readonly parent: number | undefined }>();
  const raw: { ts: number; id: number }[] = [];
  let ts = 0;
  for (const e of events as unknown as readonly ProfileEvent[]) {
    if (e.pid !== pid) continue;
    const data = e.args?.data;
    if (e.name === 'Profile') ts = data?.startTime ?? ts;
    if (e.name !== 'ProfileChunk' || !data) continue;
    for (const n of data.cpuProfile?.nodes ?? []) {
      const where = `${(n.callFrame.url ?? '').split('/').pop() ?? ''}:${n.callFrame.lineNumber + 1}`;
      frames.set(n.id, { name: `${n.callFrame.functionName || '(anonymous)'}@${where}`, parent: n.parent });
    }
    (data.cpuProfile?.samples ?? []).forEach((id, i) => raw.push({ ts: (ts += data.timeDeltas?.[i] ?? 0), id }));
  }
  return raw.map(({ ts: t, id }) => {
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = frames.get(at)?.parent) stack.push(frames.get(at)?.name ?? '?');
    return { ts: t, stack };
  });
}

/** The functions the samples fall in (self) and pass through (inclusive), most first. */
function describeSamples(samples: readonly Sample[]): string {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const { stack } of samples) {
    if (stack[0]) add(self, stack[0]);
    for (const name of new Set(stack)) add(inclusive, name);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, n]) => `${name}=${n}`)
      .join(' | ');
  return `  ${samples.length} samples; self: ${top(self, 6)}\n  inclusive: ${top(inclusive, 20)}\n`;
}
