// Builds the Node CLI (build/cli.js), the dom engine's worker thread (build/dom-worker.js), and the core
// as one injectable page script (build/core-page.js), the bundle the chromium engine and the benchmark
// inject into headless Chromium; and
// @mozilla/readability as one page script (build/readability-page.js), which `bench` and `eval --compare readability`
// run side by side with the core.
import { build } from 'esbuild';

/** One Node bundle; `extra` adds to the shared settings (by default the packages stay in node_modules). */
const nodeBundle = (entry, outfile, extra = { packages: 'external' }) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    ...extra,
  });

await nodeBundle('src/cli/main.ts', 'build/cli.js');

/**
 * The dom engine's worker with its packages inside (happy-dom, linkedom, parse5, turndown, DOMPurify):
 * every `extract --engine dom` starts one, and resolving and loading happy-dom's hundreds of modules one
 * by one was most of its start (a one-page extract took 1.5 s, 1.1 s with the packages bundled). The
 * packages' CommonJS parts get a `require` of their own.
 */
await nodeBundle('src/node/engines/dom-worker.ts', 'build/dom-worker.js', {
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});

/** One self-contained script to inject into a page. */
const pageScript = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });

await pageScript('src/platform/page-entry.ts', 'build/core-page.js');
await pageScript('src/platform/readability-page-entry.ts', 'build/readability-page.js');
