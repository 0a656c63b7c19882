/** The overlay switch's state: shown or not (as the page last said), a request under way, the last error. */
import { useCallback, useState } from 'preact/hooks';
import { switchOverlay } from './overlay-client.ts';

export interface OverlaySwitchState {
  readonly shown: boolean;
  readonly busy: boolean;
  readonly error: string | null;
}

export function useOverlay(tabId: number, initiallyShown: boolean): OverlaySwitchState & { readonly toggle: () => void } {
  const [state, setState] = useState<OverlaySwitchState>({ shown: initiallyShown, busy: false, error: null });
  const toggle = useCallback(() => {
    if (state.busy) return;
    setState({ ...state, busy: true, error: null });
    switchOverlay(tabId, !state.shown).then(
      ({ shown }) => setState({ shown, busy: false, error: null }),
      (e: unknown) => setState({ shown: state.shown, busy: false, error: e instanceof Error ? e.message : String(e) }),
    );
  }, [tabId, state]);
  return { ...state, toggle };
}
