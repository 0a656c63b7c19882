import { defineConfig } from 'vitest/config';

// Unit and integration tests (happy-dom / linkedom documents, the CLI in Node). Real-browser tests live
// in vitest.e2e.config.ts. TZ=UTC keeps date tests independent of the machine.
process.env['TZ'] = 'UTC';

/**
 * Files that replace modules or globals (`vi.mock`, `vi.stubGlobal`, spies on prototypes and on
 * process.stdout, fake timers, a stubbed navigator): each keeps a fresh module graph of its own.
 */
const ISOLATED = [
  'test/extension/**/*.test.{ts,tsx}',
  'test/annotations/**/*.test.{ts,tsx}',
  'test/overlay/**/*.test.ts',
  'test/cli/cli-usage.test.ts',
];

/** What every unit project shares (projects do not inherit the root's `test`, so it is spelled out here). */
const COMMON = { environment: 'node', testTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    projects: [
      {
        // The rest keep no state between files: one worker runs them one after another (vitest's default on
        // a 2-core machine) and keeps its imported modules from file to file instead of starting afresh for
        // each. The unit suite took 442 s instead of 534 s with every file shared, the core tests alone 35 s
        // instead of 103 s.
        test: {
          ...COMMON,
          name: 'shared',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**', ...ISOLATED],
          isolate: false,
        },
      },
      { test: { ...COMMON, name: 'isolated', include: ISOLATED } },
    ],
  },
});
