/**
 * Background service worker: stores and serves the recorded link titles. No network, no extraction.
 */
import { browser } from '../shared/browser.ts';
import type { BackgroundRequest, Handlers, SenderCheck } from '../shared/messages.ts';
import { listen } from '../shared/messages.ts';
import { isFromExtensionPage, isFromTopFrameContentScript } from '../shared/senders.ts';
import { createLinkTitleStore } from './link-title-store.ts';

const store = createLinkTitleStore(browser.storage.session);

const handlers: Handlers<BackgroundRequest> = {
  'link-title:record': async ({ url, text }) => {
    await store.record(url, text);
    return { stored: true };
  },
  'link-title:lookup': async ({ url }) => ({ text: await store.lookup(url) }),
};

/** Only content scripts record; content scripts and extension pages may look up. */
const acceptSender: SenderCheck<BackgroundRequest> = (type, sender) =>
  type === 'link-title:record' ? isFromTopFrameContentScript(sender) : isFromTopFrameContentScript(sender) || isFromExtensionPage(sender);

browser.runtime.onMessage.addListener(listen(handlers, acceptSender));
