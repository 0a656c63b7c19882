/** The article's images with their captions; loaded lazily and without a referrer. */
import type { ArticleImage } from '../../core/types.ts';
import { clipLabel } from '../clip.ts';
import { t } from '../i18n.ts';

/** Only web images are shown (no javascript:, no extension or file URLs). */
function isWebImage(src: string): boolean {
  return /^https?:\/\//i.test(src) || /^data:image\/(png|jpe?g|gif|webp|avif);/i.test(src);
}

export function ImageGallery({ images }: { readonly images: readonly ArticleImage[] }) {
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
              <img src={img.src} alt={clipLabel(img.alt)} loading="lazy" decoding="async" referrerpolicy="no-referrer" />
              {(img.caption || img.alt) && <figcaption>{clipLabel(img.caption || img.alt)}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
