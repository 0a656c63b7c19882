/**
 * Builds the unpacked extension into dist/ (load it from chrome://extensions): @crxjs/vite-plugin reads the
 * top-level manifest.json, bundles the popup, the service worker and the content script, and writes the
 * final manifest (content-script loader, web-accessible chunks). The version comes from package.json.
 *
 * `vite build --mode firefox` (npm run build:firefox) builds the same sources into dist-firefox/ (load it
 * from about:debugging) with the manifest scripts/firefox-manifest.ts derives from the same manifest.json.
 */
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };
import pkg from './package.json' with { type: 'json' };
import { GECKO_MIN_VERSION, toFirefoxManifest } from './scripts/firefox-manifest.ts';

const FIREFOX = 'firefox';
const chromeManifest = { ...manifest, version: pkg.version };
const browserPlugin = (mode: string) =>
  mode === FIREFOX
    ? crx({ manifest: toFirefoxManifest(chromeManifest), browser: 'firefox' })
    : crx({ manifest: chromeManifest, browser: 'chrome' });

export default defineConfig(({ mode }) => ({
  plugins: [preact(), browserPlugin(mode)],
  define: { __DEV__: JSON.stringify(mode === 'development') },
  build: {
    outDir: mode === FIREFOX ? 'dist-firefox' : 'dist',
    emptyOutDir: true,
    target: mode === FIREFOX ? `firefox${Number.parseInt(GECKO_MIN_VERSION, 10)}` : 'chrome120',
    sourcemap: false,
    // No <link rel=modulepreload> for lazy chunks: in a content script it would be added to the reader's page.
    modulePreload: false,
    chunkSizeWarningLimit: 600,
  },
}));
