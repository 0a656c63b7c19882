/**
 * Runs one extraction when the popup opens (and again on retry); exposes its state to the UI: loading (with
 * the page's progress once it reports some), then the outcome. `cancel` stops the page's extraction.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ExtractStatus } from '../../shared/messages.ts';
import type { ExtractionOutcome } from './extraction-client.ts';
import { requestExtraction } from './extraction-client.ts';

export type ExtractionState = { readonly kind: 'loading'; readonly progress: ExtractStatus | null } | ExtractionOutcome;

export function useExtraction(search: string): {
  readonly state: ExtractionState;
  readonly retry: () => void;
  readonly cancel: () => void;
} {
  const [state, setState] = useState<ExtractionState>({ kind: 'loading', progress: null });
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    let live = true;
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'loading', progress: null });
    requestExtraction(search, {
      signal: abort.signal,
      onProgress: (progress) => {
        if (live) setState((s) => (s.kind === 'loading' ? { kind: 'loading', progress } : s));
      },
    })
      .catch((e: unknown): ExtractionOutcome => ({ kind: 'error', error: 'failed', detail: e instanceof Error ? e.message : String(e) }))
      .then((outcome) => {
        if (live) setState(outcome);
      });
    return () => {
      live = false;
    };
  }, [search, attempt]);
  // The spinner at once, in the same render as the click: the effect that starts the new attempt runs only
  // after the next frame, and until then the popup went on showing the old outcome (a test that read the
  // state right after clicking "Try again" saw "restricted" about one run in four).
  const retry = useCallback(() => {
    setState({ kind: 'loading', progress: null });
    setAttempt((n) => n + 1);
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, retry, cancel };
}
