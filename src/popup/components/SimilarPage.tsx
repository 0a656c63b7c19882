/**
 * The switch "Compare with another page of this site" (method 4, off by default: it fetches a page the
 * reader did not open), remembered in the extension's storage and read by the content script before each
 * extraction; turning it on or off extracts the page again. While on, one line says which page the article
 * was compared with and what that found, or why it was not compared (similar-line.ts).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Article } from '../../core/types.ts';
import type { SimilarPageFailure } from '../../shared/messages.ts';
import { readCompareSimilarPage, writeCompareSimilarPage } from '../../shared/user-options.ts';
import { t } from '../i18n.ts';
import { similarLine } from '../similar-line.ts';

export function SimilarPage({
  article,
  failure,
  onChange,
}: {
  readonly article: Article;
  readonly failure: SimilarPageFailure | undefined;
  /** Called once the new state is stored: the popup extracts again. */
  readonly onChange: () => void;
}) {
  const [on, setOn] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void readCompareSimilarPage().then(setOn);
  }, []);
  if (on === null) return null;
  const toggle = async (next: boolean): Promise<void> => {
    setOn(next);
    try {
      await writeCompareSimilarPage(next);
      onChange();
    } catch (e) {
      setOn(!next);
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const line = on ? similarLine(article, failure) : null;
  return (
    <div class="similar-page">
      <label class="similar-page-switch">
        <input type="checkbox" data-action="similar-page" checked={on} onChange={(e) => void toggle(e.currentTarget.checked)} />
        {t('similarPageSwitch')}
      </label>
      {line && (
        <p class="similar-page-line" data-status={article.similarPage.status} title={line.url ?? undefined}>
          {line.text}
        </p>
      )}
      {error && (
        <p class="action-error" role="alert">
          {t('similarPageSaveFailed', error)}
        </p>
      )}
    </div>
  );
}
