import { defineConfig } from 'vitest/config';

// Real-browser tests: the built extension and core in Debian's Chromium (needs `npm run build`).
process.env['TZ'] = 'UTC';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
