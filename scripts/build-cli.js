// Builds the Node CLI (build/cli.js), the dom engine's worker thread (build/dom-worker.js), and the core
// as one injectable page script (build/core-page.js), the bundle the chromium engine and the benchmark
// inject into headless Chromium; and
// @mozilla/readability as one page script (build/readability-page.js), which `bench` and `eval --compare readability`
// run side by side with the core.
import { build } from 'esbuild';

/** One Node bundle; the packages stay in node_modules. */
const nodeBundle = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });

await nodeBundle('src/cli/main.ts', 'build/cli.js');
await nodeBundle('src/node/engines/dom-worker.ts', 'build/dom-worker.js');

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
