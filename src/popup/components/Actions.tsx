/**
 * The actions row: copy the article as plain text or Markdown (the same exports as the CLI), then `children`.
 * A page with no article body has nothing to copy: the buttons are off and say why.
 */
import type { ComponentChildren } from 'preact';
import { articleToMarkdown, articleToText } from '../../core/output/export.ts';
import type { Article } from '../../core/types.ts';
import { useCopy } from '../hooks/use-copy.ts';
import { t } from '../i18n.ts';

type CopyKind = 'text' | 'markdown';

export function Actions({ article, children }: { readonly article: Article; readonly children?: ComponentChildren }) {
  const { status, copy } = useCopy<CopyKind>();
  const label = (kind: CopyKind, text: string) => (status?.key === kind ? t(status.ok ? 'copied' : 'copyFailed') : text);
  const empty = !article.body.text;
  const off = empty ? { disabled: true, title: t('noBody') } : {};
  return (
    <div class="actions">
      <button type="button" class="button" data-action="copy-text" {...off} onClick={() => void copy('text', articleToText(article))}>
        {label('text', t('copyText'))}
      </button>
      <button
        type="button"
        class="button"
        data-action="copy-markdown"
        {...off}
        onClick={() => void copy('markdown', articleToMarkdown(article))}
      >
        {label('markdown', t('copyMarkdown'))}
      </button>
      {children}
      <span class="visually-hidden" role="status" aria-live="polite">
        {status ? t(status.ok ? 'copied' : 'copyFailed') : ''}
      </span>
    </div>
  );
}
