/**
 * The popup's deadline for an extraction (src/popup/hooks/timeout.ts): a sliced extraction of a huge page may
 * take longer than the deadline as long as it keeps making progress; a page that stops answering (a frozen
 * tab) or stops progressing fails after the deadline; cancelling fails at once and tells the page.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CancelledError, TimeoutError, withProgressTimeout } from '../../src/popup/hooks/timeout.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A promise and its resolver. */
function pending<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve: (v: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('withProgressTimeout', () => {
  test('outlives the deadline while every poll shows progress, and resolves with the answer', async () => {
    const answer = pending<string>();
    let slices = 0;
    const watched = withProgressTimeout(answer.promise, { poll: async () => slices++, pollMs: 100, idleMs: 1000 });
    await vi.advanceTimersByTimeAsync(5000);
    answer.resolve('article');
    await expect(watched).resolves.toBe('article');
    expect(slices).toBe(50);
  });

  test('fails after the deadline when the polls show no progress', async () => {
    const watched = withProgressTimeout(new Promise<string>(() => undefined), { poll: async () => 7, pollMs: 100, idleMs: 1000 });
    const failed = expect(watched).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(1200);
    await failed;
  });

  test('fails after the deadline when the page answers no poll at all (a frozen tab)', async () => {
    const poll = vi.fn(() => new Promise<number>(() => undefined));
    const watched = withProgressTimeout(new Promise<string>(() => undefined), { poll, pollMs: 100, idleMs: 1000 });
    const failed = expect(watched).rejects.toThrow('no progress in 1000 ms');
    await vi.advanceTimersByTimeAsync(1000);
    await failed;
    const polls = poll.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(poll.mock.calls.length).toBe(polls);
  });

  test('a cancel fails at once and tells the other side; an early answer never polls', async () => {
    const controller = new AbortController();
    const onCancel = vi.fn();
    const poll = vi.fn(async () => 1);
    const watched = withProgressTimeout(new Promise<string>(() => undefined), {
      poll,
      pollMs: 100,
      idleMs: 1000,
      signal: controller.signal,
      onCancel,
    });
    controller.abort();
    await expect(watched).rejects.toBeInstanceOf(CancelledError);
    expect(onCancel).toHaveBeenCalledTimes(1);
    await expect(withProgressTimeout(Promise.resolve('quick'), { poll, pollMs: 100, idleMs: 1000 })).resolves.toBe('quick');
    await vi.advanceTimersByTimeAsync(500);
    expect(poll).not.toHaveBeenCalled();
  });
});
