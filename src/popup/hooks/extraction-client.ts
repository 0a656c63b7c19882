/**
 * The popup's way to an extraction: find the target tab, refuse pages extensions cannot read, ask the tab's
 * content script to extract, and for tabs opened before the extension was installed (nobody answers),
 * inject the content script with `scripting.executeScript` (activeTab) and ask again. While the page
 * extracts (in time slices: a huge page takes seconds), the popup asks it how far it is, and may cancel.
 */
import { browser } from '../../shared/browser.ts';
import type { Tabs } from '../../shared/browser.ts';
import type { ExtractResult, ExtractStatus } from '../../shared/messages.ts';
import { sendToTab } from '../../shared/message-client.ts';
import { injectContentScript, isNoReceiver } from '../../shared/inject-content-script.ts';
import type { Restriction } from '../../shared/restricted.ts';
import { restrictionOf } from '../../shared/restricted.ts';
import { CancelledError, TimeoutError, withProgressTimeout } from './timeout.ts';

export type ExtractionOutcome =
  | { readonly kind: 'ready'; readonly result: ExtractResult; readonly tabId: number }
  | { readonly kind: 'restricted'; readonly reason: Restriction | 'no-access' }
  | { readonly kind: 'error'; readonly error: 'no-tab' | 'timeout' | 'failed'; readonly detail: string }
  | { readonly kind: 'cancelled' };

/** How long the page may go without progress (or without answering at all) before the popup gives up. */
export const EXTRACT_TIMEOUT_MS = 30_000;
/** How often the popup asks the page how far its extraction is; a quicker extraction is never asked. */
export const PROGRESS_POLL_MS = 150;

/** What the caller of `requestExtraction` follows and controls. */
export interface ExtractionWatch {
  /** Where the page's extraction is, while it runs. */
  readonly onProgress?: (status: ExtractStatus) => void;
  /** Cancels the extraction in the page; the outcome is then `cancelled`. */
  readonly signal?: AbortSignal;
}
/** The tab named by `?tab=<id>` (used by tests and future callers), else the active tab of this window. */
async function findTargetTab(search: string): Promise<Tabs.Tab | null> {
  const id = Number.parseInt(new URLSearchParams(search).get('tab') ?? '', 10);
  if (Number.isInteger(id) && id >= 0) return browser.tabs.get(id).catch(() => null);
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab ?? null;
}

/** One `page:extract`, polled for progress (which keeps the deadline off) and cancellable. */
function watchedExtract(tabId: number, watch: ExtractionWatch): Promise<ExtractResult> {
  return withProgressTimeout(sendToTab(tabId, { type: 'page:extract' }), {
    pollMs: PROGRESS_POLL_MS,
    idleMs: EXTRACT_TIMEOUT_MS,
    signal: watch.signal,
    poll: async () => {
      const status = await sendToTab(tabId, { type: 'page:progress' });
      if (status.running) watch.onProgress?.(status);
      return status.slices;
    },
    onCancel: () => {
      sendToTab(tabId, { type: 'page:cancel' }).catch(() => undefined);
    },
  });
}

async function extractFromTab(tabId: number, watch: ExtractionWatch): Promise<ExtractResult> {
  try {
    return await watchedExtract(tabId, watch);
  } catch (e) {
    if (!isNoReceiver(e)) throw e;
  }
  await injectContentScript(tabId);
  return watchedExtract(tabId, watch);
}

/**
 * What a refused injection says about the page. Chrome names the URL ('Cannot access contents of url
 * "about:blank"', 'Cannot access a chrome:// URL') or the store ('The extensions gallery cannot be
 * scripted'); anything else that refuses access is reported as "no access".
 */
export function restrictionFromError(message: string, fileAccess: boolean): Restriction | 'no-access' | null {
  if (/gallery cannot be scripted/i.test(message)) return 'web-store';
  const scheme = /access an? ([a-z-]+:)\/\/ url/i.exec(message)?.[1];
  const named = /url "([^"]+)"/i.exec(message)?.[1] ?? (scheme ? `${scheme}//page` : null);
  const reason = named ? restrictionOf(named, fileAccess) : null;
  if (reason) return reason;
  return /cannot access|cannot be scripted|missing host permission|permission to access/i.test(message) ? 'no-access' : null;
}

export async function requestExtraction(search: string, watch: ExtractionWatch = {}): Promise<ExtractionOutcome> {
  const tab = await findTargetTab(search);
  if (!tab || tab.id === undefined) return { kind: 'error', error: 'no-tab', detail: '' };
  const fileAccess = await browser.extension.isAllowedFileSchemeAccess();
  // The URL is known when the user opened the popup on this tab (activeTab); tests pass ?tab= without it.
  const url = tab.url ?? tab.pendingUrl;
  if (url) {
    const reason = restrictionOf(url, fileAccess);
    if (reason) return { kind: 'restricted', reason };
  }
  try {
    const result = await extractFromTab(tab.id, watch);
    // The URL said nothing (or was not known), but the page is the PDF viewer.
    if (result.contentType === 'application/pdf') return { kind: 'restricted', reason: 'pdf' };
    return { kind: 'ready', result, tabId: tab.id };
  } catch (e) {
    if (e instanceof CancelledError) return { kind: 'cancelled' };
    const detail = e instanceof Error ? e.message : String(e);
    if (e instanceof TimeoutError) return { kind: 'error', error: 'timeout', detail };
    const reason = restrictionFromError(detail, fileAccess);
    return reason ? { kind: 'restricted', reason } : { kind: 'error', error: 'failed', detail };
  }
}
