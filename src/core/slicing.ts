/**
 * Time-sliced extraction (DESIGN.md "Huge pages must not freeze the tab"). Every stage is a generator
 * that yields at cheap checkpoints inside its heavy loops; the pipeline is a generator that delegates to
 * them. Two drivers share all of that code:
 * - `drain` runs it to the end at once (the synchronous `extract`, the CLI, the tests);
 * - `driveSliced` runs it until a slice budget is spent, then gives the host's thread back through the
 *   host's own `pause` (the content script: `scheduler.yield()` or a message-channel task), reports
 *   progress, and stops when its AbortSignal fires.
 * A checkpoint costs a counter increment: only every `checkEvery`-th one actually yields, and in a
 * synchronous run none does. The core never reads a clock or a scheduler of its own: both come from the
 * host (`ExtractEnv.timer`, `SliceControl.pause`).
 */
import type { ArticlePreview } from './types.ts';

/** A stage's work: yields (nothing) at checkpoints, returns the stage's output. */
export type Steps<T> = Generator<void, T, undefined>;

/** The pipeline's work: yields the name of the stage it is in at every checkpoint. */
export type StageSteps<T> = Generator<string, T, undefined>;

/** Counts loop iterations between checkpoints. */
export interface Ticker {
  /** True when a checkpoint is due: `weight` more units of work were done (1 per loop iteration, by default). */
  tick(weight?: number): boolean;
}

/**
 * A weight that makes a checkpoint due at once: placed before and after a chunk of work that may be long on
 * its own (compiling the date model, the first use of the date finder's large regular expressions, a
 * document-wide query), so that the chunk runs in a slice of its own.
 */
export const DUE = Number.POSITIVE_INFINITY;

/** The ticker of a synchronous run: no checkpoint is ever due, so no stage ever suspends. */
export const NO_CHECKPOINTS: Ticker = { tick: () => false };

/** A checkpoint every `every` units of work. */
export function everyTicker(every: number): Ticker {
  let count = 0;
  return {
    tick(weight = 1) {
      count += weight;
      if (count < every) return false;
      count = 0;
      return true;
    },
  };
}

/** Runs a generator to its end, ignoring its checkpoints: the synchronous driver. */
export function drain<T>(steps: Generator<unknown, T, undefined>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Where a sliced extraction is: the stage running and how many stages of the pipeline are done. */
export interface ExtractProgress {
  readonly stage: string;
  /** Stages finished before this one. */
  readonly done: number;
  /** Stages of the pipeline (some may be skipped, e.g. `output` on a page without an article). */
  readonly total: number;
}

/** What the host gives the sliced driver. */
export interface SliceControl {
  /**
   * Gives the thread back to the host and resolves when the core may go on (in a page: `scheduler.yield()`,
   * else a message-channel task; in Node: `setImmediate`).
   */
  readonly pause: () => Promise<void>;
  /** Longest stretch of work between two pauses, in ms; defaults to `ExtractOptions.slicing.sliceMs`. */
  readonly sliceMs?: number;
  /** Stops the extraction at the next pause: the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Called at every pause with where the extraction is. */
  readonly onProgress?: (progress: ExtractProgress) => void;
  /** Called once, when the title, author, source, site and publication time are chosen, before the body. */
  readonly onPreview?: (preview: ArticlePreview) => void;
}

/** How a sliced run went: how often it paused and its longest stretch of work. */
export interface SliceReport {
  readonly slices: number;
  /** The longest stretch of work between two pauses, in ms (timer resolution). */
  readonly longestMs: number;
  /** The stage the longest stretch ended in. */
  readonly longestStage: string;
}

/**
 * Runs `steps` in slices of at most about `sliceMs` (a slice ends at the first checkpoint after the budget
 * is spent), pausing between them. `stages` is the pipeline's list of stage names, for the progress.
 */
export async function driveSliced<T>(
  steps: StageSteps<T>,
  timer: () => number,
  sliceMs: number,
  control: SliceControl,
  stages: readonly string[],
): Promise<{ readonly value: T; readonly report: SliceReport }> {
  const { signal, onProgress, pause } = control;
  let slices = 1;
  let longestMs = 0;
  let longestStage = '';
  let start = timer();
  const endSlice = (stage: string): void => {
    const ms = timer() - start;
    if (ms > longestMs) {
      longestMs = ms;
      longestStage = stage;
    }
  };
  let finished = false;
  try {
    signal?.throwIfAborted();
    for (;;) {
      const r = steps.next();
      if (r.done) {
        finished = true;
        endSlice(stages[stages.length - 1] ?? '');
        return { value: r.value, report: { slices, longestMs, longestStage } };
      }
      if (timer() - start < sliceMs) continue;
      endSlice(r.value);
      onProgress?.({ stage: r.value, done: Math.max(0, stages.indexOf(r.value)), total: stages.length });
      await pause();
      signal?.throwIfAborted();
      slices++;
      start = timer();
    }
  } finally {
    // An aborted or failed run closes the stages' generators, so that their `finally` blocks run.
    if (!finished) closeSteps(steps);
  }
}

function closeSteps(steps: Generator<unknown, unknown, undefined>): void {
  try {
    steps.return(undefined);
  } catch {
    // Already failing: the caller reports the first error.
  }
}
