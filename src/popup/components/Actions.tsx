/**
 * The actions: copy the article as plain text or Markdown (the same exports as the CLI), then `children`;
 * and download it as Markdown (with front matter), plain text, a standalone sanitised HTML page, or the
 * whole Article as JSON, in files named by its day and title; the Markdown optionally with its images
 * embedded (fetched by the page, as `data:` URLs) for reading offline, saying which stayed links and why.
 * A page with no article body has nothing to copy or download: the buttons are off and say why.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import {
  articleToHtmlDocument,
  articleToMarkdown,
  articleToMarkdownFile,
  articleToText,
  exportFileName,
} from '../../core/output/export.ts';
import type { Article } from '../../core/types.ts';
import { bodyMarkdown } from '../../core/output/markdown.ts';
import { inertHtmlParser } from '../../platform/inert-html.ts';
import { EMBED_LIMITS, embedImages, imageUrls } from '../../shared/embed-images.ts';
import { sendToTab } from '../../shared/message-client.ts';
import { downloadText } from '../download.ts';
import type { EmbedResult } from '../embed-summary.ts';
import { embedSummary } from '../embed-summary.ts';
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
  { ext: 'md', mime: 'text/markdown', label: 'downloadMarkdown', make: (a) => articleToMarkdownFile(a, inertHtmlParser) },
  { ext: 'txt', mime: 'text/plain', label: 'downloadText', make: articleToText },
  { ext: 'html', mime: 'text/html', label: 'downloadHtml', make: (a) => articleToHtmlDocument(a, (html) => sanitizeHtml(html).html) },
  {
    ext: 'json',
    mime: 'application/json',
    label: 'downloadJson',
    // The Article with the Markdown of its body, as the CLI's JSON output has it.
    make: (a) => `${JSON.stringify({ ...a, body: { ...a.body, markdown: bodyMarkdown(a.body.html, inertHtmlParser) } }, null, 2)}\n`,
  },
];

type CopyKind = 'text' | 'markdown';

/** The Markdown file with the images the page could fetch embedded; how many were, and why the others were not. */
async function markdownWithImages(tabId: number, article: Article): Promise<EmbedResult & { readonly text: string }> {
  const text = articleToMarkdownFile(article, inertHtmlParser);
  const urls = imageUrls(text, EMBED_LIMITS.maxImages);
  if (!urls.length) return { text, embedded: 0, failed: [] };
  const fetched = await sendToTab(tabId, { type: 'page:fetch-images', urls });
  const data = new Map(fetched.filter((f) => f.dataUri).map((f) => [f.url, f.dataUri as string]));
  return {
    text: embedImages(text, data),
    embedded: data.size,
    failed: fetched.filter((f) => !f.dataUri).map((f) => ({ url: f.url, reason: f.reason ?? '' })),
  };
}

type EmbedStatus =
  { readonly kind: 'busy' } | ({ readonly kind: 'done' } & EmbedResult) | { readonly kind: 'failed'; readonly error: string };

/** What happened to the images, in a reader's words; the counts and each image's reason on hover. */
function EmbedStatusLine({ summary }: { readonly summary: ReturnType<typeof embedSummary> }) {
  return (
    <p class="embed-status" role="status" title={summary.figures}>
      {summary.text}
    </p>
  );
}

export function Actions({
  article,
  tabId,
  children,
}: {
  readonly article: Article;
  readonly tabId: number;
  readonly children?: ComponentChildren;
}) {
  const { status, copy } = useCopy<CopyKind>();
  const [embed, setEmbed] = useState(false);
  const [embedStatus, setEmbedStatus] = useState<EmbedStatus | null>(null);
  const download = async (d: (typeof DOWNLOADS)[number]): Promise<void> => {
    const name = exportFileName(article, d.ext);
    if (d.ext !== 'md' || !embed) {
      downloadText(document, name, d.mime, d.make(article));
      return;
    }
    setEmbedStatus({ kind: 'busy' });
    try {
      const md = await markdownWithImages(tabId, article);
      downloadText(document, name, d.mime, md.text);
      setEmbedStatus({ kind: 'done', embedded: md.embedded, failed: md.failed });
    } catch (e) {
      // The page could not be asked (closed, navigated): the file still comes, with its images as links.
      downloadText(document, name, d.mime, d.make(article));
      setEmbedStatus({ kind: 'failed', error: e instanceof Error ? e.message : String(e) });
    }
  };
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
        onClick={() => void copy('markdown', articleToMarkdown(article, inertHtmlParser))}
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
            aria-busy={d.ext === 'md' && embedStatus?.kind === 'busy'}
            onClick={() => void download(d)}
          >
            .{d.ext}
          </button>
        ))}
        <label class="embed-images">
          <input type="checkbox" data-action="embed-images" checked={embed} onChange={(e) => setEmbed(e.currentTarget.checked)} />
          {t('embedImages')}
        </label>
      </div>
      {embedStatus?.kind === 'failed' && (
        <p class="embed-status" role="status">
          {t('embedFailed', embedStatus.error)}
        </p>
      )}
      {embedStatus?.kind === 'done' && <EmbedStatusLine summary={embedSummary(embedStatus)} />}
      <span class="visually-hidden" role="status" aria-live="polite">
        {status ? t(status.ok ? 'copied' : 'copyFailed') : ''}
      </span>
    </div>
  );
}
