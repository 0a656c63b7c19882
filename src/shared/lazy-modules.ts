/**
 * Where the build puts the content script's lazily loaded parts (the extraction, the overlay and annotation mode's storage): each a
 * self-contained ES module, web-accessible only through the per-session dynamic URL. The build
 * (scripts/lazy-content-modules.ts, via vite.config.ts) writes them, the content script imports them
 * (src/content/lazy-modules.ts); this file has no imports so that both can read it.
 */
export const LAZY_MODULE_FILES = {
  extract: 'assets/content-extract.js',
  overlay: 'assets/content-overlay.js',
  annotate: 'assets/content-annotate.js',
} as const;
