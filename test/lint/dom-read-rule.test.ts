/**
 * The rule that keeps DOM clobbering out of the core (scripts/eslint/no-clobberable-dom-read.js): it must
 * report every direct read of a node's or document's property in a fixture written to hold each kind once
 * (member, computed member, optional chain, destructuring, a Text node's tree properties) and nothing else
 * (Text data, collections, the `dom` reader, plain objects with DOM-like names); and the repository's
 * ESLint config must apply it to src/core and the render probes, but not to the reader itself.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import ts from 'typescript';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../scripts/eslint/no-clobberable-dom-read.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/dom-read-lint/sample.ts', import.meta.url));
const RULE = 'article-lens/no-clobberable-dom-read';

describe('no-clobberable-dom-read', () => {
  it('reports each direct read of a node or document, on exactly the lines marked "flagged"', () => {
    const source = readFileSync(FIXTURE, 'utf8');
    const program = ts.createProgram([FIXTURE], {
      lib: ['lib.es2024.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      strict: true,
      noEmit: true,
    });
    const messages = new Linter().verify(
      source,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser, parserOptions: { programs: [program] } },
          plugins: { 'article-lens': plugin },
          rules: { [RULE]: 'error' },
        },
      ],
      FIXTURE,
    );
    expect(messages.filter((m) => m.ruleId !== RULE)).toEqual([]);
    const reported = [...new Set(messages.map((m) => m.line))].sort((a, b) => a - b);
    const marked = source
      .split('\n')
      .flatMap((line, i) => (line.includes('// flagged') ? [i + 1] : []))
      .sort((a, b) => a - b);
    expect(reported).toEqual(marked);
    expect(messages.map((m) => m.message)).toContain(
      "'parentElement' of a DOM Node is read directly: a form control or named element of the page can shadow it (DOM clobbering). Use dom.parentElement(…) from src/core/dom/dom-read.ts.",
    );
    // Both names of the destructuring line.
    const destructuring = source.split('\n').findIndex((l) => l.includes('const { children, firstChild } = el')) + 1;
    expect(messages.filter((m) => m.line === destructuring).map((m) => m.message.split("'")[1])).toEqual(['children', 'firstChild']);
  });

  it('is on for src/core and the render probes in eslint.config.js, and off for dom-read.ts', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const severity = async (file: string): Promise<unknown> => {
      const config = (await eslint.calculateConfigForFile(`${ROOT}${file}`)) as { rules?: Record<string, unknown> };
      const setting = config.rules?.[RULE];
      return Array.isArray(setting) ? setting[0] : setting;
    };
    for (const file of [
      'src/core/dom/page-model.ts',
      'src/core/output/clean-html.ts',
      'src/platform/live-probe.ts',
      'src/platform/static-probe.ts',
    ])
      expect([file, await severity(file)]).toEqual([file, 2]);
    expect(await severity('src/core/dom/dom-read.ts')).toBeUndefined();
  });
});
