// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest';
import { bodyImageSources, loadedByPage } from '../../src/content/loaded-images.ts';

afterEach(() => vi.restoreAllMocks());

/** An <img> as a browser shows it: `complete`, with a natural size, and its chosen source. */
function shown(src: string, natural = 640): HTMLImageElement {
  const img = document.createElement('img');
  Object.defineProperties(img, {
    complete: { value: true },
    naturalWidth: { value: natural },
    currentSrc: { value: src },
  });
  return img;
}

test("the article's images the page shows or has requested; not lazy, larger or unrequested ones", () => {
  document.body.replaceChildren(
    shown('https://news.example/img/lead.jpg'),
    shown('https://news.example/img/small-480.jpg'),
    shown('https://news.example/img/broken.jpg', 0),
    // A form named like a document method does not stop the lookup (it is read through the prototype).
    Object.assign(document.createElement('form'), { name: 'querySelectorAll' }),
  );
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ name: 'https://cdn.example/css/hero.jpg' } as PerformanceEntry]);
  const candidates = [
    'https://news.example/img/lead.jpg',
    'https://news.example/img/large-1280.jpg',
    'https://cdn.example/css/hero.jpg',
    'https://news.example/lazy/river.jpg',
    'https://news.example/img/broken.jpg',
    'https://news.example/img/lead.jpg',
  ];
  expect(loadedByPage(document, candidates)).toEqual(['https://news.example/img/lead.jpg', 'https://cdn.example/css/hero.jpg']);
});

test("the body's image sources, those Article.images leaves out (an icon) included; none for a body without images", () => {
  const html =
    '<p><img src="https://news.example/icons/share.png" alt="Share"> Share</p>' +
    '<figure><img src="https://news.example/img/lead.jpg" alt="Lead"></figure><p><img alt="no source"></p>';
  expect(bodyImageSources(html)).toEqual(['https://news.example/icons/share.png', 'https://news.example/img/lead.jpg']);
  expect(bodyImageSources('<p>Text only</p>')).toEqual([]);
});
