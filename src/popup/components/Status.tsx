/** The states before an article is shown: loading, a page extensions cannot read, and errors. */
import type { Restriction } from '../../shared/restricted.ts';
import type { MessageKey } from '../i18n.ts';
import { t } from '../i18n.ts';

export function Loading() {
  return (
    <div class="status status-loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}

const RESTRICTION_TEXT: Readonly<Record<Restriction | 'no-access', MessageKey>> = {
  'browser-page': 'restrictedBrowserPage',
  'web-store': 'restrictedWebStore',
  pdf: 'restrictedPdf',
  'file-access': 'restrictedFileAccess',
  unsupported: 'restrictedUnsupported',
  'no-access': 'restrictedNoAccess',
};

export function Restricted({ reason }: { readonly reason: Restriction | 'no-access' }) {
  return (
    <div class="status status-restricted" role="alert" data-reason={reason}>
      <h2 class="status-title">{t('restrictedTitle')}</h2>
      <p>{t(RESTRICTION_TEXT[reason])}</p>
    </div>
  );
}

const ERROR_TEXT: Readonly<Record<'no-tab' | 'timeout' | 'failed', MessageKey | null>> = {
  'no-tab': 'errorNoTab',
  timeout: 'errorTimeout',
  failed: null,
};

export function ErrorView({
  error,
  detail,
  onRetry,
}: {
  readonly error: 'no-tab' | 'timeout' | 'failed';
  readonly detail: string;
  readonly onRetry: () => void;
}) {
  const key = ERROR_TEXT[error];
  return (
    <div class="status status-error" role="alert">
      <h2 class="status-title">{t('errorTitle')}</h2>
      {key && <p>{t(key)}</p>}
      {detail && <p class="status-detail">{detail}</p>}
      <button type="button" class="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
