import { defineConfig } from 'vitest/config';

// Real-browser tests: the built extension and core in Debian's Chromium (needs `npm run build`).
process.env['TZ'] = 'UTC';

/**
 * Files that measure time in the browser (long tasks and GC pauses, the content script's cost, how fast a
 * clobbered page still answers, whether a large export keeps the annotations page responsive): they run on their own, one after another, after the rest (`npm run
 * test:e2e` runs the two projects in turn), so that a second browser busy with another file cannot make
 * their figures noisy or their bounds flaky.
 */
const TIMED = [
  'test/e2e/long-tasks.test.ts',
  'test/e2e/content-script-cost.test.ts',
  'test/e2e/clobber.test.ts',
  'test/e2e/annotations-export.test.ts',
  'test/e2e/popup-time.test.ts',
];

/** What both projects share (projects do not inherit the root's `test`). */
const COMMON = { environment: 'node', testTimeout: 120_000, hookTimeout: 120_000 } as const;

export default defineConfig({
  test: {
    // The other files run two at a time: with the timed files after them on their own, the suite took
    // 237–247 s instead of 264 s here (the machine is CPU-bound during the run, so more would not help).
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      { test: { ...COMMON, name: 'browser', include: ['test/e2e/**/*.test.ts'], exclude: TIMED } },
      { test: { ...COMMON, name: 'timed', include: TIMED } },
    ],
  },
});
