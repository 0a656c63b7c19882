/**
 * The dom engine's worker thread (built as `build/dom-worker.js`): takes one page at a time from the
 * engine (dom-engine.ts), extracts it with `extractInDom` (under several options from one parse with
 * `extractVariantsInDom`, for the report's ablations; or runs Readability on it with `readabilityInDom`,
 * for `eval --compare readability`) and posts the result back. It runs in a thread
 * so that the engine can stop a page that outlives its time limit: the core is synchronous, and only
 * terminating the thread ends it.
 *
 * Readability runs on happy-dom (readability-in-dom.ts), which the core never needs: it is imported on the
 * first comparison only (its own chunk of the build), so that a worker that only extracts loads no DOM
 * (the worker started in 244–308 ms with 116 MB resident with happy-dom loaded up front).
 */
import { parentPort } from 'node:worker_threads';
import { extractInDom, extractVariantsInDom } from './dom-extract.ts';
import type { DomRequest, DomReply } from './dom-protocol.ts';

const port = parentPort;
if (!port) throw new Error('dom-worker.js runs as a worker thread of the dom engine');

// Loaded: the engine starts a page's clock only now, so that loading the worker is not charged to a page.
port.postMessage({ type: 'ready' } satisfies DomReply);

port.on('message', (req: DomRequest) => {
  const reply = (message: DomReply): void => port.postMessage(message);
  const parsed = (): void => reply({ type: 'parsed' });
  const work: Promise<DomReply> =
    req.type === 'readability'
      ? import('./readability-in-dom.ts')
          .then(({ readabilityInDom }) => readabilityInDom(req.page, parsed))
          .then((summary) => ({ type: 'readability', summary }))
      : req.type === 'extract-variants'
        ? extractVariantsInDom(req.page, req.variants, parsed).then((results) => ({ type: 'variants', results }))
        : extractInDom(req.page, req.options, req.training, parsed).then((done) => ({ type: 'done', ...done }));
  work.then(reply, (err: unknown) => reply({ type: 'failed', error: err instanceof Error ? err.message : String(err) }));
});
