/** The states before an article is shown: loading (with the page's progress), a page extensions cannot read, errors, cancelled. */
import type { ArticlePreview } from '../../core/types.ts';
import type { ExtractStatus } from '../../shared/messages.ts';
import { SIMILAR_PAGE_STAGE } from '../../shared/messages.ts';
import { clipAuthor, clipSource, clipTitle } from '../clip.ts';
import { MetaRow } from './ArticleHeader.tsx';
import { PublishedTime } from './PublishedTime.tsx';
import type { Restriction } from '../../shared/restricted.ts';
import type { MessageKey } from '../i18n.ts';
import { t } from '../i18n.ts';

/** The pipeline's stages (core PIPELINE_STAGES), and the similar page's fetch, in the reader's words. */
const STAGE_TEXT: Readonly<Record<string, MessageKey>> = {
  preprocess: 'stagePreprocess',
  'title-anchor': 'stageTitleAnchor',
  metadata: 'stageMetadata',
  'date-svm': 'stageDateSvm',
  serialize: 'stageSerialize',
  'link-blocks': 'stageLinkBlocks',
  'lcs-diff': 'stageLcsDiff',
  [SIMILAR_PAGE_STAGE]: 'stageSimilarPage',
  combine: 'stageCombine',
  output: 'stageOutput',
};

/**
 * The title, author, source and time of an extraction still working on the body: a long page shows what it
 * knows while the rest goes on, instead of a spinner alone.
 */
function Preview({ preview }: { readonly preview: ArticlePreview }) {
  const source = preview.source ?? preview.site;
  return (
    <header class="article-header article-preview" data-state="preview">
      <h1 class="article-title">{preview.title === null ? t('untitled') : clipTitle(preview.title)}</h1>
      <dl class="meta">
        {preview.author && (
          <MetaRow field="author" label="labelAuthor">
            {clipAuthor(preview.author)}
          </MetaRow>
        )}
        {source && (
          <MetaRow field="source" label="labelSource">
            {clipSource(source)}
          </MetaRow>
        )}
        {preview.publishedTime.iso && (
          <MetaRow field="published" label="labelPublished">
            <PublishedTime time={preview.publishedTime} />
          </MetaRow>
        )}
      </dl>
    </header>
  );
}

export function Loading({ progress, onCancel }: { readonly progress: ExtractStatus | null; readonly onCancel: () => void }) {
  const key = progress?.stage ? STAGE_TEXT[progress.stage] : undefined;
  return (
    <>
      {progress?.preview && <Preview preview={progress.preview} />}
      <div class="status status-loading" role="status" aria-live="polite">
        <div class="status-line">
          <span class="spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
        {progress && key && (
          <div class="progress" data-stage={progress.stage}>
            <span class="progress-text">{t('progressStage', progress.done + 1, progress.total, t(key))}</span>
            <progress max={progress.total} value={progress.done} />
          </div>
        )}
        <button type="button" class="button" data-action="cancel" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </>
  );
}

export function Cancelled({ onRetry }: { readonly onRetry: () => void }) {
  return (
    <div class="status status-cancelled" role="alert">
      <h2 class="status-title">{t('cancelledTitle')}</h2>
      <button type="button" class="button" onClick={onRetry}>
        {t('retry')}
      </button>
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

/**
 * Pages that may be readable on a second try: one still loading (or one the browser had not let the
 * extension into yet), and a local file once the user has allowed file access.
 */
const RETRYABLE: ReadonlySet<Restriction | 'no-access'> = new Set(['no-access', 'file-access']);

export function Restricted({ reason, onRetry }: { readonly reason: Restriction | 'no-access'; readonly onRetry: () => void }) {
  return (
    <div class="status status-restricted" role="alert" data-reason={reason}>
      <h2 class="status-title">{t('restrictedTitle')}</h2>
      <p>{t(RESTRICTION_TEXT[reason])}</p>
      {RETRYABLE.has(reason) && (
        <button type="button" class="button" data-action="retry" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
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
