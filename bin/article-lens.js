#!/usr/bin/env node
// The `article-lens` command: runs the built CLI (build/cli.js, made by `npm run build`).
import { existsSync } from 'node:fs';

const cli = new URL('../build/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('article-lens: not built yet: run `npm run build` first\n');
  process.exit(2);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
