/** Where the bundles of scripts/build-cli.js are, for the engines that load them (page scripts, the dom worker). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A bundle's path: next to the CLI bundle, or in build/ when running from source. */
export function pageBundlePath(file: string): string {
  const candidates = [new URL(`./${file}`, import.meta.url), new URL(`../../../build/${file}`, import.meta.url)];
  for (const c of candidates) {
    const path = fileURLToPath(c);
    if (existsSync(path)) return path;
  }
  throw new Error(`build/${file} is missing: run \`npm run build\` first`);
}
