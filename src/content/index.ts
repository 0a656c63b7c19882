/**
 * Content script, declared for http(s) pages and injected on demand by the popup for tabs opened before
 * install. It records the link titles the reader clicks and answers the popup's `page:extract`; the core
 * itself is a lazily imported chunk (extract-page.ts), so pages that are never extracted do not load it.
 *
 * @crxjs/vite-plugin loads this module through a small loader script and calls `onExecute` after every
 * injection (the module itself is evaluated once per world), so starting here makes re-injection work.
 */
import { browser } from '../shared/browser.ts';
import type { PageRequest, SenderCheck } from '../shared/messages.ts';
import { listen } from '../shared/messages.ts';
import { sendToBackground } from '../shared/message-client.ts';
import { isFromExtensionPage } from '../shared/senders.ts';
import { claimInjection } from './injection-guard.ts';
import { recordLinkClicks } from './link-recorder.ts';
import { pageHandlers } from './page-handlers.ts';

const fromPopup: SenderCheck<PageRequest> = (_type, sender) => isFromExtensionPage(sender);

function start(generation: number): () => void {
  const stopRecording = recordLinkClicks(document, (url, text) => {
    sendToBackground({ type: 'link-title:record', url, text }).catch((e: unknown) => {
      if (__DEV__) console.debug('[article-lens] link title not recorded', e);
    });
  });
  const onMessage = listen(pageHandlers(generation), fromPopup);
  browser.runtime.onMessage.addListener(onMessage);
  return () => {
    stopRecording();
    browser.runtime.onMessage.removeListener(onMessage);
  };
}

export function onExecute(): void {
  claimInjection(start);
}
