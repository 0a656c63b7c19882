/** Documents the article links to (PDF, Word, spreadsheets…). */
import type { ArticleDocument } from '../../core/types.ts';
import { clipLabel } from '../clip.ts';
import { t } from '../i18n.ts';

export function DocumentList({ documents }: { readonly documents: readonly ArticleDocument[] }) {
  const shown = documents.filter((d) => /^https?:\/\//i.test(d.href));
  if (!shown.length) return null;
  return (
    <section class="documents" aria-labelledby="documents-heading">
      <h2 id="documents-heading" class="section-title">
        {t('documentsHeading', shown.length)}
      </h2>
      <ul>
        {shown.map((d) => (
          <li key={d.href}>
            <span class="doc-type">{d.type.toUpperCase()}</span>{' '}
            <a href={d.href} target="_blank" rel="noopener noreferrer">
              {clipLabel(d.text || d.href)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
