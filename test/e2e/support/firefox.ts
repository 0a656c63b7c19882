/// <reference types="chrome" />
/**
 * Launches Debian's Firefox ESR through WebDriver BiDi (puppeteer-core, which downloads no browser) with a
 * fresh profile, installs the Firefox build (dist-firefox/) as a temporary add-on, and opens the popup page
 * as a tab, as the Chromium harness (extension.ts) does.
 *
 * Two Firefox specifics: the add-on's moz-extension:// UUID is random per profile, so it is fixed through
 * the `extensions.webextensions.uuids` pref before launch; and BiDi refuses to navigate a tab to a
 * moz-extension:// URL unless Firefox runs with `--remote-allow-system-access`, after which it navigates but
 * never reports the load (nor that of Firefox's own about: pages), so such pages are waited for by polling
 * their location and readyState instead.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import type { Browser, Page } from 'puppeteer-core';
import { GECKO_ID } from '../../../scripts/firefox-manifest.ts';

export const DIST_FIREFOX = fileURLToPath(new URL('../../../dist-firefox/', import.meta.url)).replace(/\/$/, '');
const FIREFOX = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';
const PAGE_LOAD_MS = 30_000;

export interface FirefoxSession {
  readonly browser: Browser;
  /** The moz-extension:// origin of the installed add-on. */
  readonly origin: string;
  /** An extension page kept open to call extension APIs from (the popup page without a target tab). */
  readonly probe: Page;
  /** Opens `url` in a new tab; returns the page and the extension's id for that tab. */
  openTab(url: string): Promise<{ readonly page: Page; readonly tabId: number }>;
  /** Opens the popup page for tab `tabId`, as a tab, sized like the real popup. */
  openPopup(tabId: number): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Loads `url` in `page` and waits until its document is complete, for pages whose load BiDi does not report
 * (extension pages, and Firefox's own about: pages): see the header.
 */
async function openUnreportedPage(page: Page, url: string): Promise<void> {
  page.goto(url, { timeout: PAGE_LOAD_MS }).catch(() => undefined);
  const deadline = Date.now() + PAGE_LOAD_MS;
  for (;;) {
    const [href, state] = await page.evaluate(() => [location.href, document.readyState]).catch(() => ['', '']);
    if (href === url && state === 'complete') return;
    if (Date.now() > deadline) throw new Error(`${url} did not load (at ${href || 'unknown'}, ${state || 'no document'})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Sizes `page` like the real popup. Puppeteer sends the viewport and a screen-orientation override together;
 * Firefox ESR 140 knows the first but not the second (`unknown command`), so that refusal alone is tolerated
 * and the width is waited for instead.
 */
async function sizeLikePopup(page: Page): Promise<void> {
  try {
    await page.setViewport({ width: 420, height: 600 });
  } catch (e) {
    if (!(e instanceof Error && /unknown command emulation\.setScreenOrientationOverride/.test(e.message))) throw e;
  }
  // The viewport command may still be in flight when the refused one rejects: wait for it to apply.
  const deadline = Date.now() + 5_000;
  for (;;) {
    const width = await page.evaluate(() => window.innerWidth);
    if (width === 420) return;
    if (Date.now() > deadline) throw new Error(`the popup tab is ${width} px wide, not 420`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function launchFirefoxWithExtension(): Promise<FirefoxSession> {
  if (!existsSync(join(DIST_FIREFOX, 'manifest.json')))
    throw new Error(`no Firefox build in ${DIST_FIREFOX}: run \`npm run build:firefox\` first`);
  if (!existsSync(FIREFOX)) throw new Error(`no Firefox at ${FIREFOX}: apt-get install firefox-esr (or set FIREFOX_PATH)`);
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }) },
  });
  try {
    const id = await browser.installExtension(DIST_FIREFOX);
    if (id !== GECKO_ID) throw new Error(`installed add-on has id ${id}, expected ${GECKO_ID}`);
    const origin = `moz-extension://${uuid}`;
    const popupPath = 'src/popup/index.html';
    const probe = await browser.newPage();
    await openUnreportedPage(probe, `${origin}/${popupPath}`);
    const tabIds = () => probe.evaluate(async () => (await chrome.tabs.query({})).map((t) => t.id ?? -1));

    return {
      browser,
      origin,
      probe,
      async openTab(url) {
        const before = new Set(await tabIds());
        const page = await browser.newPage();
        if (/^https?:/.test(url)) await page.goto(url);
        else await openUnreportedPage(page, url);
        const added = (await tabIds()).filter((id) => !before.has(id));
        if (added.length !== 1 || added[0] === undefined) throw new Error(`expected one new tab, found ${added.length}`);
        return { page, tabId: added[0] };
      },
      async openPopup(tabId) {
        const popup = await browser.newPage();
        await sizeLikePopup(popup);
        await openUnreportedPage(popup, `${origin}/${popupPath}?tab=${tabId}`);
        return popup;
      },
      close: () => browser.close(),
    };
  } catch (e) {
    await browser.close();
    throw e;
  }
}
