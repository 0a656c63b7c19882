/**
 * The `dom` engine: the core in Node over happy-dom, without layout (dom-extract.ts does one page). Each
 * page runs in a worker thread (dom-worker.ts) with a time limit: the core is synchronous, so a page that
 * outlives its limit is stopped by terminating the thread, and its result says so ("skipped: time limit
 * reached … during parsing the page / extraction") instead of holding up the batch. Threads are reused
 * from page to page; a stopped or crashed one is replaced.
 */
import { Worker } from 'node:worker_threads';
import { pageBundlePath } from './bundle-path.ts';
import type { DomReply, DomRequest } from './dom-protocol.ts';
import type { Engine, EngineResult, PageInput, TrainingRequest } from './engine.ts';
import { DEFAULT_PAGE_TIME_LIMIT_MS, timeLimitMessage } from './engine.ts';
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
  return {
    name: 'dom',
    async extract(page: PageInput, options: PartialOptions, training?: TrainingRequest): Promise<EngineResult> {
      const start = performance.now();
      const worker = await take();
      if (typeof worker === 'string')
        return { ok: false, kind: 'extraction', error: `the dom engine's worker did not start: ${worker}`, ms: 0 };
      const outcome = await runInWorker(worker, { page, options, ...(training ? { training } : {}) }, opts.timeLimitMs);
      const ms = performance.now() - start;
      if (outcome.type === 'done') {
        idle.push(worker);
        const { article, dateSamples, issues } = outcome;
        return { ok: true, article, ...(dateSamples ? { dateSamples } : {}), ...(issues.length ? { issues } : {}), ms };
      }
      if (outcome.type === 'failed') {
        idle.push(worker);
        return { ok: false, kind: 'extraction', error: outcome.error, ms };
      }
      drop(worker);
      if (outcome.type === 'timeout')
        return { ok: false, kind: 'time-limit', error: timeLimitMessage(opts.timeLimitMs, outcome.during), ms };
      return { ok: false, kind: 'extraction', error: `the dom engine's worker stopped: ${outcome.error}`, ms };
    },
    async close() {
      idle.length = 0;
      await Promise.all([...all].map((w) => w.terminate()));
      all.clear();
    },
  };
}

/** Resolves with null once the worker says it is ready, or with why it stopped first. */
function whenReady(worker: Worker): Promise<string | null> {
  return new Promise((resolve) => {
    const stop = follow(worker, {
      message: (reply) => {
        if (reply.type === 'ready') done(null);
      },
      error: (err) => done(firstLine(err)),
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
  | Extract<DomReply, { type: 'failed' }>
  | { readonly type: 'timeout'; readonly during: string }
  | { readonly type: 'crashed'; readonly error: string };

/** Posts one page to the worker and waits for its reply, the time limit, or the worker's end. */
function runInWorker(worker: Worker, request: DomRequest, timeLimitMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let during = 'parsing the page';
    const stop = follow(worker, {
      message: (reply) => {
        if (reply.type === 'parsed') during = 'extraction';
        else if (reply.type !== 'ready') finish(reply);
      },
      error: (err) => finish({ type: 'crashed', error: firstLine(err) }),
      exit: (code) => finish({ type: 'crashed', error: `exit code ${code}` }),
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

function firstLine(err: Error): string {
  return err.message.split('\n')[0] ?? err.message;
}
