import { defineConfig } from 'vitest/config';

// Unit and integration tests (happy-dom / linkedom documents, the CLI in Node). Real-browser tests live
// in vitest.e2e.config.ts. TZ=UTC keeps date tests independent of the machine.
process.env['TZ'] = 'UTC';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
