/**
 * The actions: copy the article as plain text or Markdown (the same exports as the CLI), then `children`;
 * and download it as Markdown (with front matter), plain text, a standalone sanitised HTML page, or the
 * whole Article as JSON, in files named by its day and title. A page with no article body has nothing to
 * copy or download: the buttons are off and say why.
 */
import type { ComponentChildren } from 'preact';
import {
  articleToHtmlDocument,
  articleToMarkdown,
  articleToMarkdownFile,
  articleToText,
  exportFileName,
} from '../../core/output/export.ts';
import type { Article } from '../../core/types.ts';
import { downloadText } from '../download.ts';
import { useCopy } from '../hooks/use-copy.ts';
import type { MessageKey } from '../i18n.ts';
import { t } from '../i18n.ts';
import { sanitizeHtml } from '../sanitize.ts';

/** Each download: the file's extension, its type, its contents, and how the button names it. */
const DOWNLOADS: readonly {
  readonly ext: string;
  readonly mime: string;
  readonly label: MessageKey;
  readonly make: (a: Article) => string;
}[] = [
  { ext: 'md', mime: 'text/markdown', label: 'downloadMarkdown', make: articleToMarkdownFile },
  { ext: 'txt', mime: 'text/plain', label: 'downloadText', make: articleToText },
  { ext: 'html', mime: 'text/html', label: 'downloadHtml', make: (a) => articleToHtmlDocument(a, (html) => sanitizeHtml(html).html) },
  { ext: 'json', mime: 'application/json', label: 'downloadJson', make: (a) => `${JSON.stringify(a, null, 2)}\n` },
];

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
      <div class="downloads" role="group" aria-label={t('download')}>
        <span class="downloads-label">{t('download')}</span>
        {DOWNLOADS.map((d) => (
          <button
            key={d.ext}
            type="button"
            class="link-button"
            data-action={`download-${d.ext}`}
            aria-label={t(d.label)}
            {...off}
            onClick={() => downloadText(document, exportFileName(article, d.ext), d.mime, d.make(article))}
          >
            .{d.ext}
          </button>
        ))}
      </div>
      <span class="visually-hidden" role="status" aria-live="polite">
        {status ? t(status.ok ? 'copied' : 'copyFailed') : ''}
      </span>
    </div>
  );
}
