/**
 * What the content script costs every http(s) page the reader opens (it is declared for all of them, for
 * the link-title recorder): the bytes the browser loads for it (the manifest's files and everything they
 * import statically), and the page's time from navigation to `load` and main-thread script time, with and
 * without the extension. The two browsers run side by side and take turns on the same pages, so that
 * machine load hits both alike; the figures are printed, and the bytes held to a budget.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIST, launchWithExtension } from './support/extension.ts';
import type { ExtensionSession } from './support/extension.ts';
import { startPageServer } from './support/server.ts';
import type { PageServer } from './support/server.ts';

/** The every-page content script's budget: the recorder and the message listener, nothing of the core. */
const BUDGET_BYTES = 20 * 1024;
/** Rounds of the side-by-side load-time comparison (printed only): few in CI, CONTENT_SCRIPT_ROUNDS=8 to measure. */
const ROUNDS = Number(process.env['CONTENT_SCRIPT_ROUNDS'] ?? 3);
const PAGES = ['/local/2019/03/riverton-library.html', '/overlay/flood-wall.html', '/images/lazy.html'];

/** A file of dist/ and, recursively, the files it imports statically (`import … from "./x.js"`). */
async function withStaticImports(file: string, seen = new Map<string, number>()): Promise<Map<string, number>> {
  if (seen.has(file)) return seen;
  const code = await readFile(join(DIST, file), 'utf8');
  seen.set(file, Buffer.byteLength(code));
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    await withStaticImports(normalize(join(dirname(file), m[1] ?? '')), seen);
  }
  return seen;
}

let server: PageServer | null = null;
let withExtension: ExtensionSession | null = null;
let plain: BrowserContext | null = null;

beforeAll(async () => {
  server = await startPageServer();
  withExtension = await launchWithExtension();
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  plain = await browser.newContext();
});

afterAll(async () => {
  await withExtension?.close();
  await plain?.browser()?.close();
  await server?.close();
});

test('the content script every http(s) page loads is one small file', async () => {
  const manifest = JSON.parse(await readFile(join(DIST, 'manifest.json'), 'utf8')) as { content_scripts?: { js?: string[] }[] };
  const entries = (manifest.content_scripts ?? []).flatMap((cs) => cs.js ?? []);
  const files = new Map<string, number>();
  for (const entry of entries) await withStaticImports(entry, files);
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  console.log(`content script: ${[...files].map(([f, n]) => `${f} ${n} B`).join(', ')}; total ${total} B in ${files.size} file(s)`);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});

interface Sample {
  readonly loadMs: number;
  readonly scriptMs: number;
}

async function sample(context: BrowserContext, url: string): Promise<Sample> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url, { waitUntil: 'load' });
  // The content script runs at document_idle, which may come after load: give it time to run.
  await page.waitForTimeout(400);
  const loadMs = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return nav ? nav.loadEventEnd - nav.startTime : NaN;
  });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const scriptMs = (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? NaN) * 1000;
  await page.close();
  return { loadMs, scriptMs };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

test('time from navigation to load, and main-thread script time, with and without the extension', async () => {
  if (!server || !withExtension || !plain) throw new Error('not started');
  const results = { with: [] as Sample[], without: [] as Sample[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of PAGES) {
      const url = `${server.origin}${path}?round=${round}`;
      // Alternate which browser goes first, so that neither always meets a warmer machine.
      const order = round % 2 ? (['without', 'with'] as const) : (['with', 'without'] as const);
      for (const which of order) results[which].push(await sample(which === 'with' ? withExtension.context : plain, url));
    }
  }
  const line = (name: string, xs: readonly Sample[]) =>
    `${name}: load median ${median(xs.map((s) => s.loadMs)).toFixed(1)} ms, script median ${median(xs.map((s) => s.scriptMs)).toFixed(1)} ms`;
  console.log(
    `${ROUNDS} rounds × ${PAGES.length} pages, same Chromium build, side by side:\n  ${line('with the extension', results.with)}\n  ${line('without', results.without)}`,
  );
  expect(results.with.every((s) => Number.isFinite(s.loadMs) && Number.isFinite(s.scriptMs))).toBe(true);
  // The extension's pages did have the content script (it answers the popup's ping).
  const { page, tabId } = await withExtension.openTab(`${server.origin}${PAGES[0]}`);
  const ping = () =>
    withExtension?.worker.evaluate(async (id) => {
      const reply = (await chrome.tabs.sendMessage(id, { type: 'page:ping' }).catch(() => null)) as { ok?: boolean } | null;
      return reply?.ok === true;
    }, tabId);
  await expect.poll(ping).toBe(true);
  await page.close();
}, 300_000);
