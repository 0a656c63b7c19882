/**
 * The article body as sanitised HTML or as plain text, with a switch between the two. The view is the
 * caller's (the image gallery lists what the formatted view does not already show).
 */
import type { ArticleBody } from '../../core/types.ts';
import { t } from '../i18n.ts';

export type BodyViewKind = 'html' | 'text';

/** `clean` is the body's HTML as sanitize.ts returned it ('' when the sanitiser does not work). */
export function BodyView({
  body,
  clean,
  lang,
  view,
  setView,
}: {
  readonly body: ArticleBody;
  readonly clean: string;
  readonly lang: string | null;
  readonly view: BodyViewKind;
  readonly setView: (view: BodyViewKind) => void;
}) {
  if (!body.text) return <p class="empty">{t('noBody')}</p>;
  return (
    <section class="body" aria-label={t('bodyView')}>
      <div class="toggle" role="group" aria-label={t('bodyView')}>
        {(['html', 'text'] as const).map((v) => (
          <button
            key={v}
            type="button"
            class="toggle-button"
            aria-pressed={view === v}
            disabled={v === 'html' && !clean}
            onClick={() => setView(v)}
          >
            {t(v === 'html' ? 'viewHtml' : 'viewText')}
          </button>
        ))}
      </div>
      {view === 'html' && clean ? (
        <div class="body-html" lang={lang ?? undefined} data-view="html" dangerouslySetInnerHTML={{ __html: clean }} />
      ) : (
        <div class="body-text" lang={lang ?? undefined} data-view="text">
          {body.text.split('\n').map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      )}
    </section>
  );
}
