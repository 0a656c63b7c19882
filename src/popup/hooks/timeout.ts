/** Deadlines for answers from the page, which may hang or never have a listener. */

export class TimeoutError extends Error {}

/** The reader cancelled the request. */
export class CancelledError extends Error {}

/** `p`, or a TimeoutError after `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(`no answer in ${ms} ms`)), ms);
    p.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export interface Watch {
  /** Asked every `pollMs` (first after `pollMs`) while `p` is pending; resolves to a token that changes while progress is made. */
  readonly poll: () => Promise<unknown>;
  readonly pollMs: number;
  /** A TimeoutError when `poll` has shown no progress (its token has not changed) for this long. */
  readonly idleMs: number;
  /** A CancelledError at once when it aborts; `onCancel` tells the other side. */
  readonly signal?: AbortSignal | undefined;
  readonly onCancel?: () => void;
}

/**
 * `p`, watched: it may take as long as it needs while the other side keeps making progress, but fails
 * after `idleMs` without progress (a frozen page answers no poll) or when `signal` aborts.
 */
export function withProgressTimeout<T>(p: Promise<T>, watch: Watch): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onIdle = (): void => {
      stop();
      reject(new TimeoutError(`no progress in ${watch.idleMs} ms`));
    };
    let idle = setTimeout(onIdle, watch.idleMs);
    let token: unknown = undefined;
    const poller = setInterval(() => {
      watch.poll().then(
        (next) => {
          if (Object.is(next, token)) return;
          token = next;
          clearTimeout(idle);
          idle = setTimeout(onIdle, watch.idleMs);
        },
        () => undefined, // No answer yet (a content script still being injected): the deadline decides.
      );
    }, watch.pollMs);
    const onAbort = (): void => {
      stop();
      watch.onCancel?.();
      reject(new CancelledError('cancelled'));
    };
    const stop = (): void => {
      clearTimeout(idle);
      clearInterval(poller);
      watch.signal?.removeEventListener('abort', onAbort);
    };
    if (watch.signal?.aborted) {
      onAbort();
      return;
    }
    watch.signal?.addEventListener('abort', onAbort, { once: true });
    p.then(
      (value) => {
        stop();
        resolve(value);
      },
      (e: unknown) => {
        stop();
        reject(e);
      },
    );
  });
}
