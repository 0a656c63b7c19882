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

/**
 * `measureHeap`, and also the growth of the array buffers' backing stores over the same extraction (CDP
 * `Runtime.getHeapUsage` backingStorageSize): typed arrays such as the LCS tables live there, outside
 * JSHeapUsedSize. `arrayBuffers` is null without CDP or when Chromium does not report it.
 */
export async function measureHeapWithBuffers(
  tab: Page,
  cdp: CDPSession | null,
  extractOnce: () => Promise<unknown>,
): Promise<(HeapReading & { readonly arrayBuffers: number | null }) | null> {
  let arrayBuffers: number | null = null;
  const reading = await measureHeap(tab, cdp, async () => {
    const before = await backingStoreBytes(cdp);
    await extractOnce();
    const after = await backingStoreBytes(cdp);
    arrayBuffers = before !== null && after !== null ? after - before : null;
  });
  return reading && { ...reading, arrayBuffers };
}

async function backingStoreBytes(cdp: CDPSession | null): Promise<number | null> {
  if (!cdp) return null;
  try {
    const usage = await cdp.send('Runtime.getHeapUsage');
    return typeof usage.backingStorageSize === 'number' ? usage.backingStorageSize : null;
  } catch {
    return null;
  }
}
