// Builds the Node CLI (build/cli.js) and the core as one injectable page script (build/core-page.js),
// the bundle the chromium engine and the benchmark inject into headless Chromium; and
// @mozilla/readability as one page script (build/readability-page.js), which `bench` runs side by side.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/cli/main.ts'],
  outfile: 'build/cli.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
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
