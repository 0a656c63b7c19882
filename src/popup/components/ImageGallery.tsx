/**
 * The article's images with their captions; loaded lazily and without a referrer. An image the page has
 * not loaded itself is a button that loads it (hooks/use-image-consent.ts).
 */
import type { ArticleImage } from '../../core/types.ts';
import type { ImageConsent } from '../hooks/use-image-consent.ts';
import { clipLabel } from '../clip.ts';
import { t } from '../i18n.ts';

/** Only web images are shown (no javascript:, no extension or file URLs). */
function isWebImage(src: string): boolean {
  return /^https?:\/\//i.test(src) || /^data:image\/(png|jpe?g|gif|webp|avif);/i.test(src);
}

function Picture({ img, consent }: { readonly img: ArticleImage; readonly consent: ImageConsent }) {
  if (img.src.startsWith('data:') || consent.allowed(img.src)) {
    return <img src={img.src} alt={clipLabel(img.alt)} loading="lazy" decoding="async" referrerpolicy="no-referrer" />;
  }
  return (
    <button type="button" class="image-withheld" data-action="load-image" title={img.src} onClick={() => consent.allow(img.src)}>
      <span class="image-withheld-label">{t('loadImage')}</span>
      {img.alt && <span class="image-withheld-alt">{clipLabel(img.alt)}</span>}
    </button>
  );
}

export function ImageGallery({ images, consent }: { readonly images: readonly ArticleImage[]; readonly consent: ImageConsent }) {
  const shown = images.filter((img) => isWebImage(img.src));
  if (!shown.length) return null;
  return (
    <section class="gallery" aria-labelledby="gallery-heading">
      <h2 id="gallery-heading" class="section-title">
        {t('imagesHeading', shown.length)}
      </h2>
      <ul class="gallery-list">
        {shown.map((img) => (
          <li key={img.src}>
            <figure>
              <Picture img={img} consent={consent} />
              {(img.caption || img.alt) && <figcaption>{clipLabel(img.caption || img.alt)}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
