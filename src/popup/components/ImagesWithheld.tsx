/** "3 images not loaded: the page has not loaded them itself. [Load images]" (hooks/use-image-consent.ts). */
import type { ImageConsent } from '../hooks/use-image-consent.ts';
import { t } from '../i18n.ts';

export function ImagesWithheld({ count, consent }: { readonly count: number; readonly consent: ImageConsent }) {
  if (!count || consent.all) return null;
  return (
    <p class="images-withheld" role="note">
      <span>{t('imagesWithheld', count)}</span>{' '}
      <button type="button" class="link-button" data-action="load-images" onClick={consent.allowAll}>
        {t('loadImages')}
      </button>
    </p>
  );
}
