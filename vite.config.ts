/**
 * Builds the unpacked extension into dist/ (load it from chrome://extensions): @crxjs/vite-plugin reads the
 * top-level manifest.json, bundles the popup, the service worker and the content script, and writes the
 * final manifest (content-script loader, web-accessible chunks). The version comes from package.json.
 */
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };
import pkg from './package.json' with { type: 'json' };

export default defineConfig(({ mode }) => ({
  plugins: [preact(), crx({ manifest: { ...manifest, version: pkg.version }, browser: 'chrome' })],
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
