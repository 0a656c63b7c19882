/**
 * What a newcomer reads first (issue 40, item 19): the README's command-line synopsis names every command
 * and every flag of `extract` the CLI's own usage names, `npm run sample` gives the bundled file a URL (its
 * relative image and PDF links were dropped without one), and the set-up names the CJK font package.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './run-cli.ts';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const MAIN = readFileSync(join(ROOT, 'src', 'cli', 'main.ts'), 'utf8');
const USAGE = MAIN.slice(MAIN.indexOf('const USAGE = `'), MAIN.indexOf('`;', MAIN.indexOf('const USAGE = `')));
const SYNOPSIS = /## The command line\n+```\n([\s\S]*?)```/.exec(README)?.[1] ?? '';

describe('README for a newcomer', () => {
  it('the synopsis has every command of the usage but the maintainers’ pack-models', () => {
    const commands = [...USAGE.matchAll(/^ {2}article-lens ([\w-]+)/gm)].map((m) => m[1]).filter((c) => c !== 'pack-models');
    expect(commands).toContain('train-body');
    for (const c of new Set(commands)) expect(SYNOPSIS).toContain(`article-lens ${c} `);
  });

  it("the synopsis has every flag of extract's usage", () => {
    const extract = /article-lens extract[\s\S]*?(?=\n {2}article-lens )/.exec(USAGE)?.[0] ?? '';
    const flags = new Set([...extract.matchAll(/--[\w-]+/g)].map((m) => m[0]));
    expect(flags).toContain('--similar');
    for (const f of flags) expect(SYNOPSIS).toContain(f);
  });

  it('npm run sample gives the sample a URL, and the README says why', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['sample']).toMatch(/extract samples\/en-solar-library\.html --url https:\/\//);
    expect(README).toMatch(/`npm run sample` prints[\s\S]{0,120}`--url`/);
  });

  it('the set-up names the CJK fonts, and the specifications a clone lacks are said to be elsewhere', () => {
    expect(README).toContain('fonts-noto-cjk');
    expect(README).toMatch(/`ALGORITHMS\.md`[^\n]*\n?[^\n]*`DESIGN\.md`[\s\S]{0,200}not in a clone/);
  });
});
