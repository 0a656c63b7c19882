/**
 * Which of the article's images the page itself has loaded: the popup shows those, and fetches no other
 * image (a lazy `data-src`, the largest `srcset` candidate, an image below the fold the page never asked
 * for) until the reader asks, since that fetch would tell the image's server something the page did not.
 *
 * Loaded means: an `<img>` of the page showing it (complete, with a size, as its `currentSrc`), or a
 * request the page made for it (the Resource Timing entries, which also cover CSS and preloads). The
 * document is read through the prototype's method, which a named `<img>` or `<form>` cannot shadow.
 */
export function loadedByPage(doc: Document, candidates: readonly string[]): string[] {
  const loaded = new Set<string>();
  const images = Document.prototype.querySelectorAll.call(doc, 'img');
  for (const img of images) {
    if (img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0 && img.currentSrc) loaded.add(img.currentSrc);
  }
  for (const entry of performance.getEntriesByType('resource')) loaded.add(entry.name);
  return [...new Set(candidates)].filter((src) => loaded.has(src));
}

/**
 * The images of the body's HTML (the core writes absolute `src`s), decorative ones and those past
 * `output.maxImages` included, which `Article.images` leaves out: the popup shows them in place too.
 */
export function bodyImageSources(html: string): string[] {
  if (!html.includes('<img')) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('img[src]')].map((img) => img.getAttribute('src') ?? '').filter((src) => src !== '');
}
