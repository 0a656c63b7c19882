/**
 * Builds the unpacked extension into dist/ (load it from chrome://extensions): @crxjs/vite-plugin reads the
 * top-level manifest.json, bundles the popup, the service worker and the content script, and writes the
 * final manifest. The version comes from package.json.
 *
 * The content script is one classic script (`standaloneFiles`: no loader, no web-accessible chunks), and
 * its lazy parts (extraction, overlay) are self-contained modules reachable only through the dynamic URL
 * (scripts/lazy-content-modules.ts), so that no file has a fixed URL a page could probe for.
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
import { lazyContentModules } from './scripts/lazy-content-modules.ts';
import { LAZY_MODULE_FILES } from './src/shared/lazy-modules.ts';

const FIREFOX = 'firefox';
const chromeManifest = { ...manifest, version: pkg.version };
const contentScripts = { standaloneFiles: ['src/content/index.ts'] };
const browserPlugins = (mode: string) => {
  const browser = mode === FIREFOX ? FIREFOX : 'chrome';
  return [
    browser === FIREFOX
      ? crx({ manifest: toFirefoxManifest(chromeManifest), browser, contentScripts })
      : crx({ manifest: chromeManifest, browser, contentScripts }),
    lazyContentModules({
      modules: {
        [LAZY_MODULE_FILES.extract]: 'src/content/extract-page.ts',
        [LAZY_MODULE_FILES.overlay]: 'src/overlay/index.ts',
        [LAZY_MODULE_FILES.annotate]: 'src/content/annotate-page.ts',
      },
      browser,
    }),
  ];
};

export default defineConfig(({ mode }) => ({
  plugins: [preact(), ...browserPlugins(mode)],
  define: { __DEV__: JSON.stringify(mode === 'development') },
  build: {
    outDir: mode === FIREFOX ? 'dist-firefox' : 'dist',
    emptyOutDir: true,
    target: mode === FIREFOX ? `firefox${Number.parseInt(GECKO_MIN_VERSION, 10)}` : 'chrome120',
    sourcemap: false,
    // No <link rel=modulepreload> for lazy chunks: in a content script it would be added to the reader's page.
    modulePreload: false,
    chunkSizeWarningLimit: 600,
    // Pages not named in the manifest: crx builds only those it names, and merges these inputs in. Each
    // keeps its source path in dist/ (like the options page), which is the URL the extension opens it at.
    rollupOptions: { input: { annotations: 'src/annotations/index.html' } },
  },
}));
