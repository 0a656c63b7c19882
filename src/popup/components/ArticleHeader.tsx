/**
 * Title and metadata: author, source (or, when the page names none, the site's own name, marked as such),
 * publication time, reading time, and the link title used.
 */
import type { ComponentChildren } from 'preact';
import type { Article, PageType } from '../../core/types.ts';
import { clipAuthor, clipLabel, clipSource, clipTitle } from '../clip.ts';
import type { MessageKey } from '../i18n.ts';
import { t } from '../i18n.ts';
import { readingMinutes } from '../reading-time.ts';
import { explainField } from '../field-why.ts';
import { PublishedTime, WhyButton } from './PublishedTime.tsx';

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

/** One row of the metadata list: its label and its value, named by `field` for tests and styles. */
export function MetaRow({
  field,
  label,
  children,
}: {
  readonly field: string;
  readonly label: MessageKey;
  readonly children: ComponentChildren;
}) {
  return (
    <div class="meta-row" data-field={field}>
      <dt>{t(label)}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The page type's label key (issue 42): `definition-list` → `pageType_definition_list`. */
function pageTypeKey(type: PageType): MessageKey {
  return `pageType_${type.replace('-', '_')}` as MessageKey;
}

/** A small label with the page type when the page is not an article (a table, a recipe, a thread…): its body was read as such. */
function PageTypeLabel({ article }: { readonly article: Article }) {
  const type = article.pageType.type;
  if (type === 'article') return null;
  return (
    <p class="page-type" data-page-type={type} title={t('pageTypeWhy', article.pageType.detail)}>
      {t(pageTypeKey(type))}
    </p>
  );
}

export function ArticleHeader({ article, linkTitle }: { readonly article: Article; readonly linkTitle: string | null }) {
  return (
    <header class="article-header">
      <h1 class="article-title" lang={article.lang ?? undefined}>
        {article.title === null ? t('untitled') : clipTitle(article.title)}
      </h1>
      <PageTypeLabel article={article} />
      <dl class="meta">
        <MetaRow field="author" label="labelAuthor">
          <Value value={article.author} clip={clipAuthor} />
          {article.provenance.choices && <WhyButton why={explainField(article.provenance.author, article.provenance.choices.author)} />}
        </MetaRow>
        <MetaRow field="source" label="labelSource">
          {article.source === null && article.site !== null ? (
            <SiteName article={article} name={article.site} />
          ) : (
            <Value value={article.source} clip={clipSource} />
          )}
          {article.provenance.choices && <WhyButton why={explainField(article.provenance.source, article.provenance.choices.source)} />}
        </MetaRow>
        <MetaRow field="published" label="labelPublished">
          <PublishedTime time={article.publishedTime} />
        </MetaRow>
        {article.body.text && (
          <MetaRow field="reading-time" label="labelReadingTime">
            {t('readingTime', readingMinutes(article.body.text))}
          </MetaRow>
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
