/**
 * Injecting the content script into a tab where none answers (a tab opened before the extension was
 * installed or updated), under the activeTab grant of the popup or a context-menu click: the popup's
 * extraction and the context menu's copy both ask the tab again once it listens.
 */
import { browser } from './browser.ts';
import { sendToTab } from './message-client.ts';

/** How long an injected content script may take to start listening. */
const INJECT_READY_TIMEOUT_MS = 3_000;
const INJECT_POLL_MS = 50;
/** The error for an injection the browser accepted but did not carry out; restrictionFromError reads it. */
const NOT_INJECTED = 'Cannot access contents of the page: the browser injected nothing.';

/** "No content script answered" as Chrome and Firefox word it. */
export function isNoReceiver(e: unknown): boolean {
  return e instanceof Error && /receiving end does not exist|could not establish connection/i.test(e.message);
}

export async function injectContentScript(tabId: number): Promise<void> {
  const files = browser.runtime.getManifest().content_scripts?.[0]?.js ?? [];
  const injected = await browser.scripting.executeScript({ target: { tabId, frameIds: [0] }, files });
  // Chrome refuses a page it keeps from extensions with an error; Firefox resolves, having injected nothing,
  // on its own privileged pages (about:addons, about:debugging…): the frame's result is null, not an object.
  if (injected.length > 0 && injected.every((result) => result == null)) throw new Error(NOT_INJECTED);
  const deadline = Date.now() + INJECT_READY_TIMEOUT_MS;
  for (;;) {
    try {
      await sendToTab(tabId, { type: 'page:ping' });
      return;
    } catch (e) {
      if (!isNoReceiver(e) || Date.now() > deadline) throw e;
      await new Promise((resolve) => setTimeout(resolve, INJECT_POLL_MS));
    }
  }
}
