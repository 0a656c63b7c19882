/**
 * Typed senders for the protocol in messages.ts: the reply type follows from the request type.
 */
import { browser } from './browser.ts';
import type { BackgroundRequest, PageRequest, ResponseMap } from './messages.ts';
import { unwrapReply } from './messages.ts';

/** Sends a request to the background service worker. */
export async function sendToBackground<R extends BackgroundRequest>(request: R): Promise<ResponseMap[R['type']]> {
  return unwrapReply<R['type']>(await browser.runtime.sendMessage(request), request.type);
}

/** Sends a request to this extension's content script in the top frame of tab `tabId`. */
export async function sendToTab<R extends PageRequest>(tabId: number, request: R): Promise<ResponseMap[R['type']]> {
  return unwrapReply<R['type']>(await browser.tabs.sendMessage(tabId, request, { frameId: 0 }), request.type);
}
