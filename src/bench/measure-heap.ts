/**
 * The JS heap of the page after one extraction of ours: Chromium's `JSHeapUsedSize` through CDP
 * (`Performance.getMetrics`, after `HeapProfiler.collectGarbage`), or `performance.memory` when CDP is
 * unavailable.
 */
import type { CDPSession, Page } from 'playwright-core';
import type { HeapReading } from './types.ts';

/**
 * The JS heap used right after one extraction of ours, and its growth over that extraction, with a
 * garbage collection just before so that the earlier runs' garbage is not counted.
 */
export async function measureHeap(tab: Page, cdp: CDPSession | null, extractOnce: () => Promise<unknown>): Promise<HeapReading | null> {
  if (cdp) {
    try {
      await cdp.send('Performance.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      const before = await cdpHeapUsed(cdp);
      await extractOnce();
      const after = await cdpHeapUsed(cdp);
      if (before !== null && after !== null) return { used: after, growth: after - before, source: 'cdp' };
    } catch {
      // fall through to performance.memory
    }
  }
  const readMemory = (): Promise<number | null> =>
    tab.evaluate(() => (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null);
  const before = await readMemory();
  await extractOnce();
  const after = await readMemory();
  return before !== null && after !== null ? { used: after, growth: after - before, source: 'performance.memory' } : null;
}

async function cdpHeapUsed(cdp: CDPSession): Promise<number | null> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? null;
}
