/**
 * Builds the unpacked extension into dist/ (load it from chrome://extensions): @crxjs/vite-plugin reads the
 * top-level manifest.json, bundles the popup, the service worker and the content script, and writes the
 * final manifest. The version comes from package.json.
 *
 * The content script is one classic script (`standaloneFiles`: no loader, no web-accessible chunks), and
 * its lazy parts (extraction, overlay) are self-contained modules reachable only through the dynamic URL
 * (scripts/lazy-content-modules.ts), so that no file has a fixed URL a page could probe for.
 */
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };
import pkg from './package.json' with { type: 'json' };
import { lazyContentModules } from './scripts/lazy-content-modules.ts';
import { LAZY_MODULE_FILES } from './src/shared/lazy-modules.ts';

export default defineConfig(({ mode }) => ({
  plugins: [
    preact(),
    crx({
      manifest: { ...manifest, version: pkg.version },
      browser: 'chrome',
      contentScripts: { standaloneFiles: ['src/content/index.ts'] },
    }),
    lazyContentModules({
      modules: { [LAZY_MODULE_FILES.extract]: 'src/content/extract-page.ts', [LAZY_MODULE_FILES.overlay]: 'src/overlay/index.ts' },
      browser: 'chrome',
    }),
  ],
  define: { __DEV__: JSON.stringify(mode === 'development') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: false,
    // No <link rel=modulepreload> for lazy chunks: in a content script it would be added to the reader's page.
    modulePreload: false,
    chunkSizeWarningLimit: 600,
  },
}));
