/**
 * A Vite plugin (build only) that writes the content script's lazily loaded parts as self-contained ES
 * modules and declares them web-accessible through the dynamic URL only.
 *
 * Why not chunks of the main build: every web-accessible file with a fixed URL
 * (`chrome-extension://<id>/assets/…`) lets any page detect the extension by fetching it, and
 * `use_dynamic_url` closes that only for files that load no relative imports — Chromium resolves a
 * dynamic-URL module's `./chunk.js` against the fixed ID and refuses it. So each part is one file with its
 * imports inlined, loaded by its absolute `runtime.getURL` URL (src/content/lazy-modules.ts).
 *
 * Firefox has no `use_dynamic_url` (its moz-extension:// host is already random per install), so the key
 * is left out there.
 */
import type { CrxPlugin } from '@crxjs/vite-plugin';
import { build } from 'vite';
import type { ResolvedConfig } from 'vite';

export interface LazyContentModulesOptions {
  /** Output file (relative to the build folder) → source entry (relative to the project root). */
  readonly modules: Readonly<Record<string, string>>;
  readonly browser: 'chrome' | 'firefox';
}

interface BuiltChunk {
  readonly type: 'chunk';
  readonly isEntry: boolean;
  readonly code: string;
}

function entryCode(result: unknown, entry: string): string {
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r: { output?: readonly unknown[] }) => r.output ?? []);
  const chunks = outputs.filter((o): o is BuiltChunk => (o as BuiltChunk).type === 'chunk');
  const [chunk, ...more] = chunks;
  // One chunk or nothing: a second chunk would be a relative import, which the dynamic URL cannot serve.
  if (!chunk?.isEntry || more.length) throw new Error(`${entry} did not build to one self-contained module (${chunks.length} chunks)`);
  return chunk.code;
}

export function lazyContentModules(options: LazyContentModulesOptions): CrxPlugin {
  let config: ResolvedConfig;
  return {
    name: 'article-lens:lazy-content-modules',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle() {
      for (const [fileName, entry] of Object.entries(options.modules)) {
        const result = await build({
          configFile: false,
          logLevel: 'warn',
          root: config.root,
          mode: config.mode,
          define: config.define ?? {},
          resolve: { alias: config.resolve.alias },
          publicDir: false,
          build: {
            write: false,
            emptyOutDir: false,
            copyPublicDir: false,
            target: config.build.target,
            minify: config.build.minify,
            sourcemap: false,
            modulePreload: false,
            lib: { entry, formats: ['es'], fileName: () => fileName },
            // Lib mode keeps whitespace in an ES module (for pure annotations a bundler downstream would read);
            // these modules are loaded as they are, so they are minified fully.
            rolldownOptions: { output: { codeSplitting: false, minify: config.build.minify !== false } },
          },
        });
        this.emitFile({ type: 'asset', fileName, source: entryCode(result, entry) });
      }
    },
    renderCrxManifest(manifest) {
      const matches = [...new Set((manifest.content_scripts ?? []).flatMap((cs) => cs.matches ?? []))];
      const resources = Object.keys(options.modules);
      const war = options.browser === 'chrome' ? { matches, resources, use_dynamic_url: true } : { matches, resources };
      return { ...manifest, web_accessible_resources: [...(manifest.web_accessible_resources ?? []), war] };
    },
  };
}
