/**
 * Shows or hides the overlay on the page (outlines of the title, body and noise blocks, with their
 * reasons), without reloading it; says so when the page refuses.
 */
import { useOverlay } from '../hooks/use-overlay.ts';
import { t } from '../i18n.ts';

export function OverlaySwitch({ tabId, shown }: { readonly tabId: number; readonly shown: boolean }) {
  const overlay = useOverlay(tabId, shown);
  return (
    <>
      <button
        type="button"
        class="button button-switch"
        data-action="overlay"
        aria-pressed={overlay.shown}
        aria-busy={overlay.busy}
        onClick={overlay.toggle}
      >
        {t(overlay.shown ? 'hideOverlay' : 'showOverlay')}
      </button>
      {overlay.error && (
        <p class="action-error" role="alert">
          {t('overlayFailed', overlay.error)}
        </p>
      )}
    </>
  );
}
