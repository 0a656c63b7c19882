/**
 * Per-file setup for the real-browser tests: one page server and one Chromium with the extension, shared
 * by the tests of a file and closed after them; plus helpers that read the popup.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { ExtensionSession } from './extension.ts';
import { launchWithExtension } from './extension.ts';
import type { PageServer } from './server.ts';
import { startPageServer } from './server.ts';

export const RESULTS = fileURLToPath(new URL('../../../test-results/', import.meta.url));

export interface Fixture {
  readonly session: ExtensionSession;
  readonly server: PageServer;
}

/** Starts the server and the browser before the file's tests and stops them after. */
export function useExtension(options: { readonly locale?: string; readonly alsoLoad?: readonly string[] } = {}): Fixture {
  let session: ExtensionSession | null = null;
  let server: PageServer | null = null;
  beforeAll(async () => {
    await mkdir(RESULTS, { recursive: true });
    server = await startPageServer();
    session = await launchWithExtension(options);
  });
  afterAll(async () => {
    await session?.close();
    await server?.close();
  });
  return {
    get session() {
      if (!session) throw new Error('browser not started');
      return session;
    },
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
  };
}

/** Waits until the popup has left its loading state; returns that state ("ready", "restricted", "error"). */
export async function settledState(popup: Page, timeoutMs = 20_000): Promise<string> {
  const root = popup.locator('.popup:not([data-state="loading"])');
  await root.waitFor({ timeout: timeoutMs });
  return (await root.getAttribute('data-state')) ?? '';
}

/** Opens the popup for a sample page and waits for its article. */
export async function popupFor(fixture: Fixture, path: string): Promise<{ readonly popup: Page; readonly page: Page }> {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}${path}`);
  const popup = await fixture.session.openPopup(tabId);
  const state = await settledState(popup);
  if (state !== 'ready') throw new Error(`popup state ${state}: ${await popup.locator('.popup').innerText()}`);
  return { popup, page };
}

/**
 * The text of one metadata field of the popup ("author", "source", "published", "reading-time"): the value
 * alone, without the field's "Why?" button and what it opened.
 */
export function metaValue(popup: Page, field: string): Promise<string> {
  return popup.locator(`.meta-row[data-field="${field}"] dd`).evaluate((dd) => {
    const copy = dd.cloneNode(true) as HTMLElement;
    for (const el of copy.querySelectorAll('button, .why')) el.remove();
    return (copy.textContent ?? '').trim();
  });
}

/** The "Why?" button of one metadata field of the popup (author, source and the time each have one). */
export function whyButton(popup: Page, field: string, name: string): ReturnType<Page['getByRole']> {
  return popup.locator(`.meta-row[data-field="${field}"]`).getByRole('button', { name });
}
