/** Copies text to the clipboard and reports, for a moment, which copy succeeded or failed. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface CopyStatus<K extends string> {
  readonly key: K;
  readonly ok: boolean;
}

const STATUS_MS = 2_000;

export function useCopy<K extends string>(): {
  readonly status: CopyStatus<K> | null;
  readonly copy: (key: K, text: string) => Promise<void>;
} {
  const [status, setStatus] = useState<CopyStatus<K> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(async (key: K, text: string) => {
    let ok = true;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      ok = false;
    }
    setStatus({ key, ok });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus(null), STATUS_MS);
  }, []);
  return { status, copy };
}
