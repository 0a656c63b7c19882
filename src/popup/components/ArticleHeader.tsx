/** Title and metadata: author, source, publication time, reading time, and the link title used. */
import type { Article } from '../../core/types.ts';
import { t } from '../i18n.ts';
import { readingMinutes } from '../reading-time.ts';
import { PublishedTime } from './PublishedTime.tsx';

function Value({ value }: { readonly value: string | null }) {
  return value ? <>{value}</> : <span class="missing">{t('notFound')}</span>;
}

export function ArticleHeader({ article, linkTitle }: { readonly article: Article; readonly linkTitle: string | null }) {
  return (
    <header class="article-header">
      <h1 class="article-title" lang={article.lang ?? undefined}>
        {article.title ?? t('untitled')}
      </h1>
      <dl class="meta">
        <div class="meta-row" data-field="author">
          <dt>{t('labelAuthor')}</dt>
          <dd>
            <Value value={article.author} />
          </dd>
        </div>
        <div class="meta-row" data-field="source">
          <dt>{t('labelSource')}</dt>
          <dd>
            <Value value={article.source} />
          </dd>
        </div>
        <div class="meta-row" data-field="published">
          <dt>{t('labelPublished')}</dt>
          <dd>
            <PublishedTime time={article.publishedTime} />
          </dd>
        </div>
        {article.body.text && (
          <div class="meta-row" data-field="reading-time">
            <dt>{t('labelReadingTime')}</dt>
            <dd>{t('readingTime', readingMinutes(article.body.text))}</dd>
          </div>
        )}
      </dl>
      {linkTitle && (
        <p class="link-title">{t(article.anchors.query?.from === 'link-title' ? 'linkTitleUsed' : 'linkTitleUnused', linkTitle)}</p>
      )}
    </header>
  );
}
