/**
 * "Annotate this page": opens annotation mode on the page (the panel lives on the page, since the popup
 * closes as soon as the page is clicked) and closes the popup; a page that refuses says why. "All
 * annotations" opens the annotations page (list, export, import).
 */
import { useState } from 'preact/hooks';
import { browser } from '../../shared/browser.ts';
import { sendToTab } from '../../shared/message-client.ts';
import { t } from '../i18n.ts';

export const ANNOTATIONS_PAGE = 'src/annotations/index.html';

export function AnnotateButton({ tabId }: { readonly tabId: number }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const annotate = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await sendToTab(tabId, { type: 'page:annotate' });
      // The annotator works on the page now (a popup shown as a tab closes too).
      window.close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class="button" data-action="annotate" aria-busy={busy} onClick={() => void annotate()}>
        {t('annotateThisPage')}
      </button>
      <a class="button" href={browser.runtime.getURL(ANNOTATIONS_PAGE)} target="_blank" rel="noopener">
        {t('allAnnotations')}
      </a>
      {error && (
        <p class="action-error" role="alert">
          {t('annotateFailed', error)}
        </p>
      )}
    </>
  );
}
