// Lint rules, including the dependency rules of STYLE.md §8.2: the core stays pure and DOM-standard.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
);
