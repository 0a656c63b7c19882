/**
 * Background service worker: stores and serves the recorded link titles, and answers the context menu
 * (context-menu.ts). No network, no extraction of its own. A title is filed under the origin of the page
 * that sent it, taken from the browser's `sender` (the store limits what one origin may add).
 */
import { browser } from '../shared/browser.ts';
import type { BackgroundRequest, Handlers, SenderCheck } from '../shared/messages.ts';
import { listen } from '../shared/messages.ts';
import { isFromExtensionPage, isFromTopFrameContentScript, senderOrigin } from '../shared/senders.ts';
import { createMenus, onMenuClick } from './context-menu.ts';
import { createLinkTitleStore } from './link-title-store.ts';

const store = createLinkTitleStore(browser.storage.session);

const handlers: Handlers<BackgroundRequest> = {
  'link-title:record': async ({ url, text }, sender) => {
    const from = senderOrigin(sender);
    return { stored: from !== null && (await store.record(url, text, from)) };
  },
  'link-title:lookup': async ({ url }) => ({ text: await store.lookup(url) }),
};

/** Only content scripts record; content scripts and extension pages may look up. */
const acceptSender: SenderCheck<BackgroundRequest> = (type, sender) =>
  type === 'link-title:record' ? isFromTopFrameContentScript(sender) : isFromTopFrameContentScript(sender) || isFromExtensionPage(sender);

browser.runtime.onMessage.addListener(listen(handlers, acceptSender));

browser.runtime.onInstalled.addListener(() => void createMenus());
browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClick(info, tab));
