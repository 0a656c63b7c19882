/**
 * The `dom` engine: the core in Node on parse5's tree, without layout (dom-extract.ts does one page). Each
 * page runs in a worker thread (dom-worker.ts) with a time limit: the core is synchronous, so a page that
 * outlives its limit is stopped by terminating the thread, and its result says so ("skipped: time limit
 * reached … during parsing the page / extraction") instead of holding up the batch. Threads are reused
 * from page to page, each with a bounded heap (`heapLimitMb`); a stopped or crashed one is replaced, and a
 * page that ran out of that heap is run again in a worker of its own without the bound. For `eval --compare readability` the engine
 * then sends the page again, for Readability on a fresh parse (readability-in-dom.ts), under its own time
 * limit of the same length: a Readability that hangs costs the core nothing.
 */
import { Worker } from 'node:worker_threads';
import { pageBundlePath } from './bundle-path.ts';
import type { DomReply, DomRequest } from './dom-protocol.ts';
import type { Engine, EngineResult, PageInput, ReadabilityOutcome, TrainingRequest } from './engine.ts';
import { DEFAULT_PAGE_TIME_LIMIT_MS, firstLine, timeLimitMessage } from './engine.ts';
import type { PartialOptions } from '../../core/index.ts';

export interface DomEngineOptions {
  /** Time one page may take, parsing and extraction together, in ms. */
  readonly timeLimitMs: number;
  /**
   * The old-generation heap of a pooled worker, in MB, or null for V8's own. Bounded, V8 collects before the
   * heap grows past it instead of letting garbage from earlier pages pile up (googletrends, 106 pages: peak
   * resident 317 MB unbounded, 226 MB at 96); a page that needs more is run again in a worker of its own
   * without the bound (its result says so), so a bound never costs a page.
   */
  readonly heapLimitMb: number | null;
}

export const DEFAULT_DOM_OPTIONS: DomEngineOptions = { timeLimitMs: DEFAULT_PAGE_TIME_LIMIT_MS, heapLimitMb: 96 };

export function createDomEngine(opts: Partial<DomEngineOptions> = {}): Engine {
  const { timeLimitMs, heapLimitMb } = { ...DEFAULT_DOM_OPTIONS, ...opts };
  const workerPath = pageBundlePath('dom-worker.js');
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  /** A worker that has loaded (its 'ready' message), or the reason it could not start. */
  const start = async (limitMb: number | null): Promise<Worker | string> => {
    const worker = new Worker(workerPath, limitMb === null ? {} : { resourceLimits: { maxOldGenerationSizeMb: limitMb } });
    all.add(worker);
    const problem = await whenReady(worker);
    if (problem === null) return worker;
    drop(worker);
    return problem;
  };
  const take = (): Promise<Worker | string> => Promise.resolve(idle.pop() ?? start(heapLimitMb));
  const drop = (worker: Worker): void => {
    all.delete(worker);
    void worker.terminate();
  };
  /** Runs one request on a worker within the time limit; a worker that was stopped or crashed is dropped. */
  const runOnWorker = async (request: DomRequest, phases: Phases, limitMs = timeLimitMs): Promise<Outcome> => {
    const worker = await take();
    if (typeof worker === 'string') return { type: 'crashed', error: `the dom engine's worker did not start: ${worker}` };
    const outcome = await runInWorker(worker, request, limitMs, phases);
    if (outcome.type === 'timeout' || outcome.type === 'crashed') drop(worker);
    else idle.push(worker);
    if (outcome.type !== 'crashed' || !outcome.outOfMemory || heapLimitMb === null) return outcome;
    // The page needs more heap than a pooled worker has: once more, in a worker of its own with V8's own bound.
    const roomy = await start(null);
    if (typeof roomy === 'string') return { type: 'crashed', error: `the dom engine's worker did not start: ${roomy}` };
    const again = await runInWorker(roomy, request, limitMs, phases);
    drop(roomy);
    return again.type === 'done' ? { ...again, heapRetryMb: heapLimitMb } : again;
  };
  const extractPage = async (page: PageInput, options: PartialOptions, training?: TrainingRequest): Promise<EngineResult> => {
    const start = performance.now();
    const outcome = await runOnWorker({ type: 'extract', page, options, ...(training ? { training } : {}) }, EXTRACT_PHASES);
    const ms = performance.now() - start;
    switch (outcome.type) {
      case 'done': {
        const { article, dateSamples, bodySamples, fieldSamples } = outcome;
        const issues =
          outcome.heapRetryMb === undefined
            ? outcome.issues
            : [
                ...outcome.issues,
                {
                  kind: 'memory' as const,
                  message: `the page needed more than ${outcome.heapRetryMb} MB of heap: extracted in a worker of its own`,
                },
              ];
        return {
          ok: true,
          article,
          ...(dateSamples ? { dateSamples } : {}),
          ...(bodySamples ? { bodySamples } : {}),
          ...(fieldSamples ? { fieldSamples } : {}),
          ...(issues.length ? { issues } : {}),
          ms,
        };
      }
      case 'failed':
        return { ok: false, kind: 'extraction', error: outcome.error, ms };
      case 'timeout':
        return { ok: false, kind: 'time-limit', error: timeLimitMessage(timeLimitMs, outcome.during), ms };
      case 'crashed':
        return { ok: false, kind: 'extraction', error: outcome.error, ms };
      case 'readability':
      case 'variants':
        return { ok: false, kind: 'extraction', error: `the dom engine's worker answered ${outcome.type} to extract`, ms };
    }
  };
  /** The page parsed once and extracted under each options object; the time limit is one page's per variant. */
  const extractVariants = async (page: PageInput, variants: readonly PartialOptions[]): Promise<EngineResult[]> => {
    const start = performance.now();
    const limitMs = timeLimitMs * Math.max(1, variants.length);
    const outcome = await runOnWorker({ type: 'extract-variants', page, variants }, EXTRACT_PHASES, limitMs);
    // The page's time is shared out evenly: one parse, then one extraction per variant.
    const ms = (performance.now() - start) / Math.max(1, variants.length);
    const all = (error: string, kind: 'time-limit' | 'extraction'): EngineResult[] => variants.map(() => ({ ok: false, kind, error, ms }));
    switch (outcome.type) {
      case 'variants':
        return outcome.results.map((r): EngineResult =>
          r.ok
            ? { ok: true, article: r.article, ...(r.issues.length ? { issues: r.issues } : {}), ms }
            : { ok: false, kind: 'extraction', error: r.error, ms },
        );
      case 'timeout':
        return all(timeLimitMessage(limitMs, outcome.during), 'time-limit');
      case 'failed':
      case 'crashed':
        return all(outcome.error, 'extraction');
      default:
        return all(`the dom engine's worker answered ${outcome.type} to extract-variants`, 'extraction');
    }
  };
  /** Readability on its own fresh parse, with the same time limit as the core's (its own clock). */
  const readabilityOf = async (page: PageInput): Promise<ReadabilityOutcome> => {
    const start = performance.now();
    const outcome = await runOnWorker({ type: 'readability', page }, READABILITY_PHASES);
    const ms = performance.now() - start;
    switch (outcome.type) {
      case 'readability':
        return { ok: true, found: outcome.summary.found, text: outcome.summary.text, ms };
      case 'timeout':
        return { ok: false, kind: 'time-limit', error: timeLimitMessage(timeLimitMs, outcome.during), ms };
      case 'crashed':
        return { ok: false, kind: 'error', error: outcome.error, ms };
      case 'failed':
        return { ok: false, kind: 'error', error: firstLine(outcome.error), ms };
      case 'done':
      case 'variants':
        return { ok: false, kind: 'error', error: "the dom engine's worker answered with an extraction", ms };
    }
  };
  return {
    name: 'dom',
    async extract(page: PageInput, options: PartialOptions, training?: TrainingRequest): Promise<EngineResult> {
      const result = await extractPage(page, options, training);
      return page.readability ? { ...result, readability: await readabilityOf(page) } : result;
    },
    extractVariants,
    async close() {
      idle.length = 0;
      await Promise.all([...all].map((w) => w.terminate()));
      all.clear();
    },
  };
}

/** What the time limit names as the step it stopped, before and after the worker says the page is parsed. */
type Phases = readonly [beforeParsed: string, afterParsed: string];
const EXTRACT_PHASES: Phases = ['parsing the page', 'extraction'];
const READABILITY_PHASES: Phases = ['parsing the page for Readability', 'Readability'];

/** Resolves with null once the worker says it is ready, or with why it stopped first. */
function whenReady(worker: Worker): Promise<string | null> {
  return new Promise((resolve) => {
    const stop = follow(worker, {
      message: (reply) => {
        if (reply.type === 'ready') done(null);
      },
      error: (err) => done(firstLine(err.message)),
      exit: (code) => done(`exit code ${code}`),
    });
    const done = (problem: string | null): void => {
      stop();
      resolve(problem);
    };
  });
}

type Outcome =
  | (Extract<DomReply, { type: 'done' }> & { readonly heapRetryMb?: number })
  | Extract<DomReply, { type: 'variants' }>
  | Extract<DomReply, { type: 'readability' }>
  | Extract<DomReply, { type: 'failed' }>
  | { readonly type: 'timeout'; readonly during: string }
  /** The worker did not start, or stopped (its one-line reason, said in full; whether it ran out of heap). */
  | { readonly type: 'crashed'; readonly error: string; readonly outOfMemory?: boolean };

/** Posts one request to the worker and waits for its reply, the time limit, or the worker's end. */
function runInWorker(worker: Worker, request: DomRequest, timeLimitMs: number, phases: Phases): Promise<Outcome> {
  return new Promise((resolve) => {
    let during = phases[0];
    const stop = follow(worker, {
      message: (reply) => {
        if (reply.type === 'parsed') during = phases[1];
        else if (reply.type !== 'ready') finish(reply);
      },
      error: (err) =>
        finish({
          type: 'crashed',
          error: `the dom engine's worker stopped: ${firstLine(err.message)}`,
          outOfMemory: (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY',
        }),
      exit: (code) => finish({ type: 'crashed', error: `the dom engine's worker stopped: exit code ${code}` }),
    });
    const timer = setTimeout(() => finish({ type: 'timeout', during }), timeLimitMs);
    const finish = (outcome: Outcome): void => {
      clearTimeout(timer);
      stop();
      resolve(outcome);
    };
    worker.postMessage(request);
  });
}

interface WorkerListeners {
  readonly message: (reply: DomReply) => void;
  readonly error: (err: Error) => void;
  readonly exit: (code: number) => void;
}

/** Listens to the worker's replies, errors and exit; returns what stops listening. */
function follow(worker: Worker, on: WorkerListeners): () => void {
  worker.on('message', on.message);
  worker.on('error', on.error);
  worker.on('exit', on.exit);
  return () => {
    worker.off('message', on.message);
    worker.off('error', on.error);
    worker.off('exit', on.exit);
  };
}
