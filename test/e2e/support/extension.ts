/// <reference types="chrome" />
/**
 * Launches Debian's Chromium with the built extension (dist/) in a fresh profile, with every request that
 * does not go to 127.0.0.1 blocked, and gives the tests typed access to the service worker and the popup.
 * `alsoLoad` loads a second build beside it (another unpacked extension with its own id), so that a
 * measurement can compare an earlier build with this one in the same browser.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page, Worker } from 'playwright-core';

export const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url)).replace(/\/$/, '');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export interface ExtensionSession {
  readonly context: BrowserContext;
  readonly worker: Worker;
  readonly extensionId: string;
  /** Requests the route blocked (anything not to 127.0.0.1). */
  readonly blocked: readonly string[];
  /** Ids of the builds loaded with `alsoLoad`, in order. */
  readonly alsoLoaded: readonly string[];
  /** Opens the popup page for tab `tabId`, as a tab, sized like the real popup (of another loaded build with `extensionId`). */
  openPopup(tabId: number, extensionId?: string): Promise<Page>;
  /** Opens `url` in a new tab (waiting up to `timeoutMs` for it to load); returns the page and the extension's id for that tab. */
  openTab(url: string, timeoutMs?: number): Promise<{ readonly page: Page; readonly tabId: number }>;
  close(): Promise<void>;
}

/** The id Chromium gives an unpacked extension: its absolute path's SHA-256, the first 32 hex digits written a–p. */
export function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 32);
  return [...hex].map((d) => String.fromCharCode(97 + Number.parseInt(d, 16))).join('');
}

export interface LaunchOptions {
  readonly locale?: string;
  readonly alsoLoad?: readonly string[];
  /** A profile directory to use and keep (a browser restart: launch again with the same one); else a fresh one, removed on close. */
  readonly profile?: string;
}

export async function launchWithExtension(options: LaunchOptions = {}): Promise<ExtensionSession> {
  if (!existsSync(join(DIST, 'manifest.json'))) throw new Error(`no built extension in ${DIST}: run \`npm run build\` first`);
  const dirs = [DIST, ...(options.alsoLoad ?? []).map((d) => resolve(d))];
  const locale = options.locale ?? 'en-US';
  const profile = options.profile ?? (await mkdtemp(join(tmpdir(), 'article-lens-e2e-')));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false,
    locale,
    // chrome.i18n follows the browser's UI language, which Chromium on Linux takes from LANGUAGE / --lang.
    env: { ...process.env, LANGUAGE: locale.replace('-', '_') },
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--lang=${locale}`,
      `--disable-extensions-except=${dirs.join(',')}`,
      `--load-extension=${dirs.join(',')}`,
    ],
  });
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const remote = (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol.startsWith('ws')) && url.hostname !== '127.0.0.1';
    if (remote) {
      blocked.push(url.href);
      return route.abort('blockedbyclient');
    }
    return route.continue();
  });
  const extensionId = unpackedExtensionId(DIST);
  const ours = (w: Worker) => new URL(w.url()).host === extensionId;
  const worker = context.serviceWorkers().find(ours) ?? (await context.waitForEvent('serviceworker', { predicate: ours, timeout: 30_000 }));
  const popupPath = await worker.evaluate(() => chrome.runtime.getManifest().action?.default_popup ?? '');

  return {
    context,
    worker,
    extensionId,
    blocked,
    alsoLoaded: dirs.slice(1).map(unpackedExtensionId),
    async openPopup(tabId, id = extensionId) {
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 420, height: 600 });
      await popup.goto(`chrome-extension://${id}/${popupPath}?tab=${tabId}`);
      return popup;
    },
    async openTab(url, timeoutMs) {
      // Without the "tabs" permission the extension cannot see tab URLs, so the new tab is found as the one
      // tab id that was not there before.
      const tabIds = () => worker.evaluate(async () => (await chrome.tabs.query({})).map((t) => t.id ?? -1));
      const before = new Set(await tabIds());
      const page = await context.newPage();
      await page.goto(url, timeoutMs === undefined ? {} : { timeout: timeoutMs });
      const added = (await tabIds()).filter((id) => !before.has(id));
      if (added.length !== 1 || added[0] === undefined) throw new Error(`expected one new tab, found ${added.length}`);
      return { page, tabId: added[0] };
    },
    async close() {
      await context.close();
      if (!options.profile) await rm(profile, { recursive: true, force: true });
    },
  };
}
