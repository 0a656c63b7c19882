/** Title and metadata: author, source, publication time, reading time, and the link title used. */
import type { Article } from '../../core/types.ts';
import { clipAuthor, clipLabel, clipSource, clipTitle } from '../clip.ts';
import { t } from '../i18n.ts';
import { readingMinutes } from '../reading-time.ts';
import { PublishedTime } from './PublishedTime.tsx';

function Value({ value, clip }: { readonly value: string | null; readonly clip: (text: string) => string }) {
  return value ? <>{clip(value)}</> : <span class="missing">{t('notFound')}</span>;
}

export function ArticleHeader({ article, linkTitle }: { readonly article: Article; readonly linkTitle: string | null }) {
  return (
    <header class="article-header">
      <h1 class="article-title" lang={article.lang ?? undefined}>
        {article.title === null ? t('untitled') : clipTitle(article.title)}
      </h1>
      <dl class="meta">
        <div class="meta-row" data-field="author">
          <dt>{t('labelAuthor')}</dt>
          <dd>
            <Value value={article.author} clip={clipAuthor} />
          </dd>
        </div>
        <div class="meta-row" data-field="source">
          <dt>{t('labelSource')}</dt>
          <dd>
            <Value value={article.source} clip={clipSource} />
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
        <p class="link-title">
          {t(article.anchors.query?.from === 'link-title' ? 'linkTitleUsed' : 'linkTitleUnused', clipLabel(linkTitle))}
        </p>
      )}
    </header>
  );
}
