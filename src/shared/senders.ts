/**
 * Sender checks for the message boundary: who may ask what. Messages from other extensions or web pages
 * never reach `runtime.onMessage`, but the checks also keep a content script from posing as the popup.
 */
import { browser } from './browser.ts';
import type { Runtime } from './browser.ts';

/** Sent by one of this extension's own pages (popup, options), not by a content script. */
export function isFromExtensionPage(sender: Runtime.MessageSender): boolean {
  const root = browser.runtime.getURL('');
  return sender.id === browser.runtime.id && typeof sender.url === 'string' && sender.url.startsWith(root);
}

/** Sent by this extension's content script in the top frame of an http(s) page. */
export function isFromTopFrameContentScript(sender: Runtime.MessageSender): boolean {
  return (
    sender.id === browser.runtime.id &&
    sender.tab !== undefined &&
    sender.frameId === 0 &&
    typeof sender.url === 'string' &&
    /^https?:/i.test(sender.url)
  );
}

/**
 * The origin of the page a content script's message came from, as the browser reports the sender (the
 * frame's URL, else its tab's), never as the message claims; null unless it is an http(s) origin.
 */
export function senderOrigin(sender: Runtime.MessageSender): string | null {
  const url = sender.url ?? sender.tab?.url;
  if (typeof url !== 'string') return null;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
}
