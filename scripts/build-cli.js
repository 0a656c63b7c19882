// Builds the Node CLI (build/cli.js), the dom engine's worker thread (build/dom-worker.js), and the core
// as one injectable page script (build/core-page.js), the bundle the chromium engine and the benchmark
// inject into headless Chromium; and
// @mozilla/readability as one page script (build/readability-page.js), which `bench` and `eval --compare readability`
// run side by side with the core.
import { rmSync } from 'node:fs';
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
 * The dom engine's worker with its packages inside (parse5, turndown; and, in a chunk loaded only for
 * `--compare readability`, happy-dom, linkedom and Readability): every `extract --engine dom` starts one, and
 * resolving and loading packages' modules one by one was most of its start (a one-page extract took 1.5 s,
 * 1.1 s with the packages bundled). The packages' CommonJS parts get a `require` of their own. The chunks'
 * names carry a hash: the folder is emptied first, so that old chunks do not pile up.
 */
rmSync('build/chunks', { recursive: true, force: true });
await nodeBundle('src/node/engines/dom-worker.ts', undefined, {
  // Split, so that what the worker imports on demand (Readability on happy-dom, for `--compare readability`)
  // is a chunk of its own that an extracting worker never loads.
  outfile: undefined,
  outdir: 'build',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
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
