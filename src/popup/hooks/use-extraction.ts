/** Runs one extraction when the popup opens (and again on retry); exposes its state to the UI. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ExtractionOutcome } from './extraction-client.ts';
import { requestExtraction } from './extraction-client.ts';

export type ExtractionState = { readonly kind: 'loading' } | ExtractionOutcome;

export function useExtraction(search: string): { readonly state: ExtractionState; readonly retry: () => void } {
  const [state, setState] = useState<ExtractionState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    requestExtraction(search)
      .catch((e: unknown): ExtractionOutcome => ({ kind: 'error', error: 'failed', detail: e instanceof Error ? e.message : String(e) }))
      .then((outcome) => {
        if (live) setState(outcome);
      });
    return () => {
      live = false;
    };
  }, [search, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
