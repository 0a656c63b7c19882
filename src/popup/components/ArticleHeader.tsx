/**
 * Title and metadata: author, source (or, when the page names none, the site's own name, marked as such),
 * publication time, reading time, and the link title used.
 */
import type { Article } from '../../core/types.ts';
import { clipAuthor, clipLabel, clipSource, clipTitle } from '../clip.ts';
import { t } from '../i18n.ts';
import { readingMinutes } from '../reading-time.ts';
import { PublishedTime } from './PublishedTime.tsx';

function Value({ value, clip }: { readonly value: string | null; readonly clip: (text: string) => string }) {
  return value ? <>{clip(value)}</> : <span class="missing">{t('notFound')}</span>;
}

/** The site's name in the source row: the page names no source, so the reader is told whose name this is. */
function SiteName({ article, name }: { readonly article: Article; readonly name: string }) {
  const where = article.provenance.site?.detail ?? '';
  return (
    <span data-site title={t('siteNameWhy', where)}>
      {clipSource(name)} <span class="missing">{t('siteNameNote')}</span>
    </span>
  );
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
            {article.source === null && article.site !== null ? (
              <SiteName article={article} name={article.site} />
            ) : (
              <Value value={article.source} clip={clipSource} />
            )}
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
