// Lint rules, including the dependency rules of STYLE.md §8.2: the core stays pure and DOM-standard.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import articleLens from './scripts/eslint/no-clobberable-dom-read.js';

export default tseslint.config(
  { ignores: ['dist/', 'dist-firefox/', 'build/', 'node_modules/', 'samples/', 'test/fixtures/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'getComputedStyle',
        'chrome',
        'browser',
        'process',
        'navigator',
        'location',
        'fetch',
        'localStorage',
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'child_process'], message: 'src/core is pure: no Node APIs.' },
            {
              group: ['preact', 'preact/*', 'happy-dom', 'linkedom', 'webextension-polyfill', 'playwright-core'],
              message: 'src/core must not import hosts or UI.',
            },
            {
              group: ['../cli/*', '../platform/*', '../popup/*', '../content/*', '../background/*', '../shared/*'],
              message: 'src/core imports only from src/core.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 40: text from pages and sets reaches the terminal only through src/node/terminal-text.ts,
    // which makes its control characters visible.
    files: ['src/**/*.ts'],
    ignores: ['src/node/terminal-text.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression > MemberExpression[property.name='write'] > MemberExpression[object.name='process'][property.name=/^std(out|err)$/]",
          message: 'Print with writeOut / writeErr (src/node/terminal-text.ts): they make control characters visible.',
        },
      ],
    },
  },
  {
    // DOM clobbering (issue 16): the core and the render probes read nodes only through src/core/dom/dom-read.ts.
    files: ['src/core/**/*.ts', 'src/platform/live-probe.ts', 'src/platform/static-probe.ts', 'src/platform/overlay-host.ts'],
    ignores: ['src/core/dom/dom-read.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.extension.json', tsconfigRootDir: import.meta.dirname } },
    plugins: { 'article-lens': articleLens },
    rules: { 'article-lens/no-clobberable-dom-read': 'error' },
  },
);
