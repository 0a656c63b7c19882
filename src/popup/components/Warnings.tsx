/** Problems the extractor reported for this page. */
import { t } from '../i18n.ts';

export function Warnings({ warnings }: { readonly warnings: readonly string[] }) {
  if (!warnings.length) return null;
  return (
    <section class="warnings" aria-labelledby="warnings-heading">
      <h2 id="warnings-heading" class="section-title">
        {t('warningsHeading')}
      </h2>
      <ul>
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </section>
  );
}
