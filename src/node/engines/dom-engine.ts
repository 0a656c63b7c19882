/**
 * The `dom` engine: the core in Node over happy-dom, without layout (dom-extract.ts does one page). Each
 * page runs in a worker thread (dom-worker.ts) with a time limit: the core is synchronous, so a page that
 * outlives its limit is stopped by terminating the thread, and its result says so ("skipped: time limit
 * reached … during parsing the page / extraction") instead of holding up the batch. Threads are reused
 * from page to page; a stopped or crashed one is replaced. For `eval --compare readability` the engine
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
}

export const DEFAULT_DOM_OPTIONS: DomEngineOptions = { timeLimitMs: DEFAULT_PAGE_TIME_LIMIT_MS };

export function createDomEngine(opts: DomEngineOptions = DEFAULT_DOM_OPTIONS): Engine {
  const workerPath = pageBundlePath('dom-worker.js');
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  /** A worker that has loaded (its 'ready' message), or the reason it could not start. */
  const take = async (): Promise<Worker | string> => {
    const reused = idle.pop();
    if (reused) return reused;
    const worker = new Worker(workerPath);
    all.add(worker);
    const problem = await whenReady(worker);
    if (problem === null) return worker;
    drop(worker);
    return problem;
  };
  const drop = (worker: Worker): void => {
    all.delete(worker);
    void worker.terminate();
  };
  /** Runs one request on a worker within the time limit; a worker that was stopped or crashed is dropped. */
  const runOnWorker = async (request: DomRequest, phases: Phases, limitMs = opts.timeLimitMs): Promise<Outcome> => {
    const worker = await take();
    if (typeof worker === 'string') return { type: 'crashed', error: `the dom engine's worker did not start: ${worker}` };
    const outcome = await runInWorker(worker, request, limitMs, phases);
    if (outcome.type === 'timeout' || outcome.type === 'crashed') drop(worker);
    else idle.push(worker);
    return outcome;
  };
  const extractPage = async (page: PageInput, options: PartialOptions, training?: TrainingRequest): Promise<EngineResult> => {
    const start = performance.now();
    const outcome = await runOnWorker({ type: 'extract', page, options, ...(training ? { training } : {}) }, EXTRACT_PHASES);
    const ms = performance.now() - start;
    switch (outcome.type) {
      case 'done': {
        const { article, dateSamples, bodySamples, issues } = outcome;
        return {
          ok: true,
          article,
          ...(dateSamples ? { dateSamples } : {}),
          ...(bodySamples ? { bodySamples } : {}),
          ...(issues.length ? { issues } : {}),
          ms,
        };
      }
      case 'failed':
        return { ok: false, kind: 'extraction', error: outcome.error, ms };
      case 'timeout':
        return { ok: false, kind: 'time-limit', error: timeLimitMessage(opts.timeLimitMs, outcome.during), ms };
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
    const limitMs = opts.timeLimitMs * Math.max(1, variants.length);
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
        return { ok: false, kind: 'time-limit', error: timeLimitMessage(opts.timeLimitMs, outcome.during), ms };
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
  | Extract<DomReply, { type: 'done' }>
  | Extract<DomReply, { type: 'variants' }>
  | Extract<DomReply, { type: 'readability' }>
  | Extract<DomReply, { type: 'failed' }>
  | { readonly type: 'timeout'; readonly during: string }
  /** The worker did not start, or stopped (its one-line reason, said in full). */
  | { readonly type: 'crashed'; readonly error: string };

/** Posts one request to the worker and waits for its reply, the time limit, or the worker's end. */
function runInWorker(worker: Worker, request: DomRequest, timeLimitMs: number, phases: Phases): Promise<Outcome> {
  return new Promise((resolve) => {
    let during = phases[0];
    const stop = follow(worker, {
      message: (reply) => {
        if (reply.type === 'parsed') during = phases[1];
        else if (reply.type !== 'ready') finish(reply);
      },
      error: (err) => finish({ type: 'crashed', error: `the dom engine's worker stopped: ${firstLine(err.message)}` }),
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
