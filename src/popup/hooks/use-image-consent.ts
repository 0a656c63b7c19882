/**
 * Which images the popup may fetch: those the page itself has loaded (the extraction says which), and
 * those the reader asked for, one by one or all at once. Any other fetch would tell an image's server that
 * the page was read, when the page itself never asked for that image (a lazy `data-src`, the largest
 * `srcset` candidate, an image below the fold).
 */
import { useCallback, useMemo, useState } from 'preact/hooks';

export interface ImageConsent {
  /** Whether the popup may load `src`. */
  readonly allowed: (src: string) => boolean;
  /** The reader asked for this image. */
  readonly allow: (src: string) => void;
  /** The reader asked for every image. */
  readonly allowAll: () => void;
  /** True once the reader asked for every image. */
  readonly all: boolean;
}

export function useImageConsent(loadedByPage: readonly string[] | undefined): ImageConsent {
  const [asked, setAsked] = useState<ReadonlySet<string>>(new Set());
  const [all, setAll] = useState(false);
  const loaded = useMemo(() => new Set(loadedByPage ?? []), [loadedByPage]);
  const allowed = useCallback((src: string) => all || loaded.has(src) || asked.has(src), [all, loaded, asked]);
  const allow = useCallback((src: string) => setAsked((prev) => new Set(prev).add(src)), []);
  const allowAll = useCallback(() => setAll(true), []);
  return { allowed, allow, allowAll, all };
}
